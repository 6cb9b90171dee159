// panel.h — the Lens view: what the open next-token model (GPT-2, a rotary decoder) would predict after each layer, at every
// position (the logit lens), as a table: a row per layer (the embeddings first, the model's own
// prediction last), a column per token, each cell the top token coloured by its probability; the
// cell where each position's final answer first comes out on top is framed; hover for the top 5.
// Knocked-out heads (AppState::knocked_out) stay out. Computed on a job thread. Export figure…
// saves the table as a figure or CSV (lens_export.h).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/jobs/export_job.h"
#include "app/state/app_state.h"
#include "app/views/lens/lens.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct LensPanel {
    LensPanel();
    std::unique_ptr<LatestJob<LensRequest, LensResult>> job;
    LensRequest posted;
    bool posted_any = false;
    std::optional<LensResult> result;
    LabelBuf label;
    ViewExport figure_export;  // Export figure… (lens_export.h)
};

void draw_lens_panel(LensPanel& panel, AppState& state, const ComputeView& view);
void lens_panel_set_wakeup(LensPanel& panel, std::function<void()> wake);
void lens_panel_wait_idle(LensPanel& panel, std::chrono::milliseconds timeout);
// The view's model changed: forgets the request and result that hold another model (a closed one
// is freed even while this view is not drawn; the next draw posts again).
void lens_panel_release(LensPanel& panel);
// File ▸ Export and Ctrl+E in the Lens view: the lens figure's own popup.
void lens_panel_open_export(LensPanel& panel);

}  // namespace attn::app
