// panel.h — every matrix of one head's forward pass as a small heatmap with its name,
// shape ("T × d_k = 5 × 16") and formula; the exact value on hover. Stage data comes from
// make_pipeline (pipeline.h), rebuilt when the trace or head changes; one HeatmapRenderer each.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/heatmap/heatmap_texture.h"
#include "app/views/pipeline/pipeline.h"

namespace attn::app {

struct PipelinePanel {
    std::vector<HeatmapRenderer> renderers;  // kPipelineStages, created on first draw
    std::string renderer_error;
    std::shared_ptr<const Trace> cached_trace;
    int cached_layer = -1, cached_head = -1;
    std::vector<PipelineStage> stages;
};

void draw_pipeline_panel(PipelinePanel& panel, const AppState& state, const ComputeView& view);
void pipeline_panel_destroy(PipelinePanel& panel);  // GL context current

}  // namespace attn::app
