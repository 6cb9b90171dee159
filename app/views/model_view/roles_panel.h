// roles_panel.h — head roles in the Model view: every head scored on a job thread when a model
// is open (head_roles_view.h), a badge on each map for its strongest role, a legend, and a list
// ranking the heads for one role (a click opens the head in the heatmap).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <imgui.h>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/model_view/head_roles_view.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct RolesPanel {
    RolesPanel() : job(std::make_unique<LatestJob<RolesRequest, RolesResult>>(run_head_roles, "attn-roles")) {}
    std::unique_ptr<LatestJob<RolesRequest, RolesResult>> job;
    RolesRequest posted;
    bool posted_any = false;
    std::optional<RolesResult> result;  // for `posted.model` once in
    int role = int(lm::HeadRole::Induction);
    bool on_sentence = false;
    LabelBuf label;
};

// Posts the scoring when the model (or the sentence) changed and takes a finished result.
// Returns the table to show, or null (no model, not yet scored, failed).
const lm::HeadRoleTable* update_roles(RolesPanel& panel, const AppState& state, const ComputeView& view);

// The badge of head (layer, head) on a thumbnail at p0 of size (w, h): a coloured frame and the
// role's letter in the corner.
void draw_role_badge(const lm::HeadRoleTable& table, int layer, int head, ImDrawList* dl, ImVec2 p0, float w, float h);
// One tooltip line for the head under the pointer.
void role_tooltip_line(const lm::HeadRoleTable& table, int layer, int head, Lang lang);

// The side column: status, probe / sentence, legend, the role choice and its ranked list.
void draw_roles_column(RolesPanel& panel, AppState& state, const ComputeView& view);

void roles_panel_wait_idle(RolesPanel& panel, std::chrono::milliseconds timeout);
// The view's model changed: forgets the request and scores of another model (see lens_panel_release).
void roles_panel_release(RolesPanel& panel);
void roles_panel_set_wakeup(RolesPanel& panel, const std::function<void()>& wake);

}  // namespace attn::app
