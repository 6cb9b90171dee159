// panel_scaling_lab.h — why scaled dot-product attention divides by √d_k.
//
//   [ A with ÷√d_k ] [ A without ] [ difference ]     one head, (T_q × T_k), same 0-1 scale
//   per-row entropy / max weight / ‖J‖ for both (trace stats and stats_flipped)
//   histograms of the softmax inputs, and the d_k demo with random vectors (scaling_lab.h)
// The unscaled weights come from the worker's twin trace (ComputeView::flipped), requested
// while this view is open. Everything derived is cached per (trace, head); the d_k demo per
// slider value.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "app/app_state.h"
#include "app/compute_worker.h"
#include "app/heatmap_texture.h"
#include "app/scaling_lab.h"

namespace attn::app {

struct ScalingLabPanel {
    HeatmapRenderer scaled, unscaled;  // created on first draw
    bool renderers_ready = false;
    std::string renderer_error;
    unsigned diff_tex = 0;  // RGBA8 (T_k × T_q)

    std::shared_ptr<const Trace> cached_trace, cached_flipped;
    int cached_head = -1;
    DifferenceMap diff;
    Histogram hist_scaled, hist_unscaled;

    int dk_index = 4;  // into kDkDemoValues (64)
    std::array<std::optional<DkDemo>, kDkDemoCount> dk_cache;
    std::array<float, kDkDemoCount> curve_raw{}, curve_scaled{};  // entropy per d_k
};

void draw_scaling_lab_panel(ScalingLabPanel& panel, const AppState& state, const ComputeView& view);
void scaling_lab_panel_destroy(ScalingLabPanel& panel);  // GL context current

}  // namespace attn::app
