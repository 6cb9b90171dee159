// panel.h — the Cost view: press Measure and one head is timed four ways (softmax, local window,
// linear, online softmax) for n = 16 … 4096, plus AttnLab's own trace, on a background thread.
// Two log-log plots (time, memory) with n and n² reference slopes and each curve's fitted
// exponent, and the numbers in a table.
#pragma once

#include <chrono>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/cost/cost_probe.h"

namespace attn::app {

struct CostPanel {
    CostProbe probe;
    bool auto_start = false;  // --run: press Measure on the first frame with a trace
};

void draw_cost_panel(CostPanel& panel, const AppState& state, const ComputeView& view);

// Screenshot runs: waits until the measurement (if any) is finished.
bool cost_panel_wait_idle(const CostPanel& panel, std::chrono::milliseconds timeout);

}  // namespace attn::app
