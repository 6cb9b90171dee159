// panel.h — every matrix of one head's forward pass as a heatmap with its name, formula, shape
// (and, for an image run, the first step above them: patches → flattened vectors → E → + E_pos)
// ("T × d_k = 5 × 16") and colour range, token labels on its rows, the exact value on hover. All
// matrices share one cell size, so their shapes compare; "same colour scale" puts S, Z and Z_m on
// one range. Stage data comes from make_pipeline (pipeline.h); one HeatmapRenderer per stage.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/matrix/heatmap_texture.h"
#include "app/views/pipeline/pipeline.h"
#include "app/views/pipeline/pipeline_image.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct PipelinePanel {
    std::vector<HeatmapRenderer> renderers;  // kPipelineStages, created on first draw
    std::string renderer_error;
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1;
    bool cached_same_scale = false;
    std::vector<PipelineStage> stages;
    bool same_scale = true;  // S, Z, Z_m on one colour range (the checkbox)
    // Image runs: z₀ = [x_class; x_p E] + E_pos for a few tokens (pipeline_image.h), one texture
    // of strips and one of the picture (for the patch thumbnails), rebuilt per trace/query/colormap.
    bool show_z0 = true;
    bool show_bias = true;  // T5: the position bias by distance above the matrices
    std::weak_ptr<const Trace> z0_trace;  // the image run the strips show (weakly)
    int z0_query = -1;
    Colormap z0_map = Colormap::Viridis;
    std::vector<EmbedRow> z0_rows;
    StripImage z0_strips;
    unsigned z0_texture = 0, picture_texture = 0;
    LabelBuf label;
};

void draw_pipeline_panel(PipelinePanel& panel, const AppState& state, const ComputeView& view);
void pipeline_panel_destroy(PipelinePanel& panel);  // GL context current

}  // namespace attn::app
