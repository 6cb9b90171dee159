// panel.h — the Cost view: press Measure and the engine is timed on sentences of 16 … 1024
// tokens with the current model and switches (on a background thread); time and trace memory
// are tabulated and plotted, with time / N² to show the quadratic term taking over.
#pragma once

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/views/cost/cost_probe.h"

namespace attn::app {

struct CostPanel {
    CostProbe probe;
};

void draw_cost_panel(CostPanel& panel, const AppState& state, const ComputeView& view);

}  // namespace attn::app
