// panel.h — why scaled dot-product attention divides by √d_k.
//
//   [ A with ÷√d_k ] [ A without ] [ difference ]     one head, (T_q × T_k), same 0-1 scale
//   per-row entropy / max weight / ‖J‖ for both (trace stats and stats_flipped)
//   histograms of the softmax inputs, and the d_k demo with random vectors (scaling_lab.h)
// The other setting's weights are the same scores' softmax with the other factor (core's
// other_scaling_layer: this layer alone; the model is not run again). Everything derived is
// computed on two background jobs (latest request wins): the maps and histograms per (trace,
// layer, head), the d_k demo once. Until they
// arrive, the previous maps stay on screen (with their own trace's shape) under "computing…";
// the UI thread only uploads textures.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/state/app_state.h"
#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/matrix/heatmap_texture.h"
#include "app/views/scaling_lab/scaling_lab.h"
#include "app/widgets/patch_thumbs.h"

namespace attn::app {

using ScalingMapsJob = LatestJob<ScalingRequest, ScalingMaps>;
using DkCurveJob = LatestJob<std::uint64_t, DkCurve>;  // request: the demo's seed

struct ScalingLabPanel {
    HeatmapRenderer scaled, unscaled;  // created on first draw
    bool renderers_ready = false;
    std::string renderer_error;
    unsigned diff_tex = 0;  // RGBA8 (T_k × T_q)

    std::optional<ScalingRequest> posted;  // the last request given to maps_job
    std::optional<ScalingRequest> shown;   // what the textures, diff and histograms below are for
    DifferenceMap diff;
    Histogram hist_scaled, hist_unscaled;
    LayerTrace other;  // the shown layer with the other scaling (its head's weights; the tooltips)

    int dk_index = 4;  // into kDkDemoValues (64)
    bool dk_posted = false;
    std::optional<DkCurve> dk;
    std::array<float, kDkDemoCount> curve_raw{}, curve_scaled{};  // entropy per d_k

    // Image runs: the stats table's token column and the maps' tooltip show the patches.
    PictureTexture picture;

    ScalingMapsJob maps_job{run_scaling_request, "attn-scaling"};
    DkCurveJob dk_job{[](const std::uint64_t& seed) { return run_dk_curve(seed); }, "attn-dk-curve"};
};

void draw_scaling_lab_panel(ScalingLabPanel& panel, const AppState& state, const ComputeView& view);
void scaling_lab_panel_destroy(ScalingLabPanel& panel);  // GL context current; the jobs stay
void scaling_lab_panel_set_wakeup(ScalingLabPanel& panel, std::function<void()> wakeup);  // see LatestJob
bool scaling_lab_panel_wait_idle(ScalingLabPanel& panel, std::chrono::milliseconds timeout);

}  // namespace attn::app
