// head_roles_view.h — the Model view's head roles (GL-free): every head scored by
// lm::head_role_report on a job thread, a colour and a letter per role for the grid's badges,
// the ranked list for one role, and what a click on a listed head opens.
//
//   badge(l, h) = the role that stands out for head (l, h) on the probe (or on the sentence), or
//                 none (lm::choose_role: ≥ kMinRoleScore and kMinMargin ahead of the runner-up)
//   list(role)  = lm::rank_heads(table, role) without the heads where the role had no rows
//   rows(l, h)  = every score of the head, highest first (the tooltip's table)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/i18n/ui_text.h"
#include "app/state/app_state.h"
#include "core/lm/head_roles_probe.h"

namespace attn::app {

inline constexpr lm::HeadRole kRoleOrder[lm::kHeadRoleCount] = {
    lm::HeadRole::PreviousToken, lm::HeadRole::DuplicateToken, lm::HeadRole::Induction,
    lm::HeadRole::FirstToken,    lm::HeadRole::Self,           lm::HeadRole::Positional,
    lm::HeadRole::Broad};

struct RolesRequest {
    PretrainedPtr model;
    std::string sentence;  // scored too when not empty
    std::string section;   // an encoder–decoder's section shown ("encoder", "decoder", "cross"); "" = one stack
};
struct RolesResult {
    std::string error;  // core English; "" = ok
    std::shared_ptr<const lm::HeadRoleReport> report;
};
// Runs on the job thread. A null model is an error (the built-in model has no vocabulary to probe).
RolesResult run_head_roles(const RolesRequest& request);

struct RoleColour {
    std::uint8_t r = 0, g = 0, b = 0;
};
RoleColour role_colour(int role);   // by lm::HeadRole; −1 (none) is grey
const char* role_letter(int role);  // "P", "D", "I", "F", "S", "@", "B"; "-" for none
Txt role_title(lm::HeadRole role);  // "previous-token" / "이전 토큰"
Txt role_tip(lm::HeadRole role);    // one line: what the head does

// The table a view shows: the sentence's when asked for and scored, else the probe's.
const lm::HeadRoleTable& shown_roles(const lm::HeadRoleReport& report, bool on_sentence);

// Every score of one head, highest first, undefined (NaN) ones last in role order.
struct RoleRow {
    lm::HeadRole role = lm::HeadRole::PreviousToken;
    float score = 0.0f;  // NaN: the role's pattern does not occur in the probe
};
std::vector<RoleRow> role_rows(const lm::HeadRoleScores& scores);

// Heads ranked for `role`, highest first, without NaN scores, at most `max_rows`.
std::vector<lm::HeadRef> role_ranking(const lm::HeadRoleTable& table, lm::HeadRole role, int max_rows);

// A listed (or badged) head was clicked: show it in the heatmap.
void open_head(AppState& state, const lm::HeadRef& head);

}  // namespace attn::app
