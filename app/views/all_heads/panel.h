// panel.h — small multiples: every head's weights (T_q × T_k) plus their average, each a
// texture drawn by its own HeatmapRenderer; a click focuses that head in the heatmap.
// The average is computed once per trace (make_head_average_data), never per frame. Image runs
// label the maps' edges with patch pictures where the cells are large enough (patch_thumbs.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/matrix/heatmap_data.h"
#include "app/matrix/heatmap_texture.h"
#include "app/widgets/patch_thumbs.h"

namespace attn::app {

inline constexpr int kMaxHeadThumbnails = 16;  // more heads: the first 16 (and the average)

struct AllHeadsPanel {
    // renderers[h] for head h < shown heads, then one for the average. Created on first need.
    std::vector<HeatmapRenderer> renderers;
    std::string renderer_error;
    std::weak_ptr<const Trace> uploaded_trace;    // what the renderers hold (this layer of it; weakly)
    int uploaded_layer = -1;
    HeatmapData average;                          // (T_q, T_k) mean weights of uploaded_trace
    std::vector<float> max_weight;                // per renderer: 99th percentile of its values
    bool auto_scale = false;  // colour each map 0..that instead of 0..1 (long texts look dark)
    // Image runs: the patches along each map's edges when its cells are at least kMinThumbPx
    // (queries left, keys on top), and the hovered cell's two patches in the tooltip.
    PictureTexture picture;
};

void draw_all_heads_panel(AllHeadsPanel& panel, AppState& state, const ComputeView& view);
void all_heads_panel_destroy(AllHeadsPanel& panel);  // GL context current

}  // namespace attn::app
