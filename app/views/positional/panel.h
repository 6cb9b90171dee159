// panel.h — the positional-encoding view: the PE matrix (trace q_positions,
// T × d_model) as a heatmap next to the current head's weights, and the permutation demo: a
// button reverses the sentence and the panel reports max |A'(i, j) − A(T−1−i, T−1−j)| between the
// trace before and after (≈ 0 with PE off). See positional_demo.h.
#pragma once

#include <memory>
#include <string>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/matrix/heatmap_data.h"
#include "app/matrix/heatmap_texture.h"

namespace attn::app {

struct PositionalPanel {
    HeatmapRenderer pe, weights;
    bool renderers_ready = false;
    std::string renderer_error;
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1;
    HeatmapData pe_data;       // (T_q, d_model)
    HeatmapData weight_data;   // (T_q, T_k)

    std::shared_ptr<const Trace> before_reverse;  // the trace when "reverse" was pressed
    std::shared_ptr<const Trace> compared;        // the trace `mismatch` was computed for
    float mismatch = -1.0f;                       // −1: nothing to compare yet
};

void draw_positional_panel(PositionalPanel& panel, AppState& state, const ComputeView& view);
void positional_panel_destroy(PositionalPanel& panel);  // GL context current

}  // namespace attn::app
