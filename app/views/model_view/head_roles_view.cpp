// head_roles_view.cpp — the Model view's head roles (GL-free)
// (implementation; the interface and its contract are in head_roles_view.h)
#include "app/views/model_view/head_roles_view.h"

#include <algorithm>
#include <cmath>

namespace attn::app {

RolesResult run_head_roles(const RolesRequest& request) {
    RolesResult out;
    if (!request.model) {
        out.error = "No model is open.";
        return out;
    }
    auto report = lm::head_role_report(*request.model, request.sentence, request.section);
    if (!report) {  // a sentence the model cannot read: still show the probe
        auto probe_only = lm::head_role_report(*request.model, "", request.section);
        out.error = report.error();
        if (probe_only) out.report = std::make_shared<const lm::HeadRoleReport>(std::move(*probe_only));
        return out;
    }
    out.report = std::make_shared<const lm::HeadRoleReport>(std::move(*report));
    return out;
}

RoleColour role_colour(int role) {
    // Okabe–Ito (as the plot palette), one per role.
    static constexpr RoleColour kColours[lm::kHeadRoleCount] = {
        {86, 180, 233},   // previous-token: sky blue
        {230, 159, 0},    // duplicate-token: orange
        {0, 200, 140},    // induction: bluish green
        {240, 228, 66},   // first-token: yellow
        {204, 121, 167},  // self: reddish purple
        {80, 140, 255},   // positional: blue (Okabe–Ito's, lightened to read on the dark theme)
        {213, 94, 0},     // broad: vermillion
    };
    if (role < 0 || role >= lm::kHeadRoleCount) return {130, 130, 130};
    return kColours[role];
}

const char* role_letter(int role) {
    static constexpr const char* kLetters[lm::kHeadRoleCount] = {"P", "D", "I", "F", "S", "@", "B"};
    return role < 0 || role >= lm::kHeadRoleCount ? "-" : kLetters[role];
}

Txt role_title(lm::HeadRole role) {
    switch (role) {
        case lm::HeadRole::PreviousToken: return Txt::RolePrevious;
        case lm::HeadRole::DuplicateToken: return Txt::RoleDuplicate;
        case lm::HeadRole::Induction: return Txt::RoleInduction;
        case lm::HeadRole::FirstToken: return Txt::RoleFirst;
        case lm::HeadRole::Self: return Txt::RoleSelf;
        case lm::HeadRole::Positional: return Txt::RolePositional;
        case lm::HeadRole::Broad: return Txt::RoleBroad;
    }
    return Txt::RolePrevious;
}

Txt role_tip(lm::HeadRole role) {
    switch (role) {
        case lm::HeadRole::PreviousToken: return Txt::RolePreviousTip;
        case lm::HeadRole::DuplicateToken: return Txt::RoleDuplicateTip;
        case lm::HeadRole::Induction: return Txt::RoleInductionTip;
        case lm::HeadRole::FirstToken: return Txt::RoleFirstTip;
        case lm::HeadRole::Self: return Txt::RoleSelfTip;
        case lm::HeadRole::Positional: return Txt::RolePositionalTip;
        case lm::HeadRole::Broad: return Txt::RoleBroadTip;
    }
    return Txt::RolePreviousTip;
}

const lm::HeadRoleTable& shown_roles(const lm::HeadRoleReport& report, bool on_sentence) {
    return on_sentence && report.sentence.n_layers > 0 ? report.sentence : report.probe;
}

std::vector<RoleRow> role_rows(const lm::HeadRoleScores& scores) {
    std::vector<RoleRow> rows;
    for (lm::HeadRole r : kRoleOrder) rows.push_back({r, scores[r]});
    std::stable_sort(rows.begin(), rows.end(), [](const RoleRow& a, const RoleRow& b) {
        if (std::isnan(a.score) || std::isnan(b.score)) return !std::isnan(a.score) && std::isnan(b.score);
        return a.score > b.score;
    });
    return rows;
}

std::vector<lm::HeadRef> role_ranking(const lm::HeadRoleTable& table, lm::HeadRole role, int max_rows) {
    std::vector<lm::HeadRef> out;
    for (const lm::HeadRef& h : lm::rank_heads(table, role)) {
        if (!std::isfinite(h.score)) break;  // NaN scores come last
        if (int(out.size()) >= max_rows) break;
        out.push_back(h);
    }
    return out;
}

void open_head(AppState& state, const lm::HeadRef& head) {
    state.layer = head.layer;
    state.head = head.head;
    state.view = View::Heatmap;
}

}  // namespace attn::app
