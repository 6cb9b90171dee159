// panel.h — every matrix of one head's forward pass as a heatmap with its name, formula, shape
// ("T × d_k = 5 × 16") and colour range, token labels on its rows, the exact value on hover. All
// matrices share one cell size, so their shapes compare; "same colour scale" puts S, Z and Z_m on
// one range. Stage data comes from make_pipeline (pipeline.h); one HeatmapRenderer per stage.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/heatmap/heatmap_texture.h"
#include "app/views/pipeline/pipeline.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct PipelinePanel {
    std::vector<HeatmapRenderer> renderers;  // kPipelineStages, created on first draw
    std::string renderer_error;
    std::shared_ptr<const Trace> cached_trace;
    int cached_layer = -1, cached_head = -1;
    bool cached_same_scale = false;
    std::vector<PipelineStage> stages;
    bool same_scale = true;  // S, Z, Z_m on one colour range (the checkbox)
    LabelBuf label;
};

void draw_pipeline_panel(PipelinePanel& panel, const AppState& state, const ComputeView& view);
void pipeline_panel_destroy(PipelinePanel& panel);  // GL context current

}  // namespace attn::app
