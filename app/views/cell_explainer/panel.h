// panel.h — the numbers behind the heatmap cell the user clicked, step by step:
// q_i, k_j → q·k → × factor → mask → exp(z − max) / Σ → weight → how the row mixes V.
// Reads the trace; the arithmetic is explain_cell (explainer.h), redone only when the trace,
// head or cell changes.
#pragma once

#include <memory>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/views/cell_explainer/explainer.h"

namespace attn::app {

struct CellExplainerPanel {
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1, cached_i = -1, cached_j = -1;
    CellExplanation expl;
};

void draw_cell_explainer_panel(CellExplainerPanel& panel, const AppState& state, const ComputeView& view);

}  // namespace attn::app
