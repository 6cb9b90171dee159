// panel.h — the Model view (as BertViz's model view): a layers × heads grid of small
// attention maps, row labels (layers) and column labels (heads); hovering names the head, a click
// opens that layer and head in the heatmap. With a pretrained model each map carries a badge for
// its head's strongest role, and a column on the right ranks the heads by a chosen role.
//
// The pictures are one RGBA texture (model_thumbnails.h) made when the trace or the colormap
// changes, never per frame: a frame draws one ImGui image per head plus the labels.
#pragma once

#include <memory>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/views/model_view/model_thumbnails.h"
#include "app/views/model_view/roles_panel.h"
#include "app/widgets/patch_thumbs.h"

namespace attn::app {

struct ModelViewPanel {
    std::weak_ptr<const Trace> atlas_trace;  // what `texture` shows (weakly: an old trace is freed)
    Colormap atlas_map = Colormap::Viridis;
    ModelAtlas atlas;       // sizes of the uploaded atlas (its pixels are dropped after upload)
    unsigned texture = 0;   // GL name, 0 = none yet
    double build_ms = 0.0;  // last atlas build + upload (shown in the hover tooltip)
    RolesPanel roles;       // head roles: badges on the maps, legend and ranked list on the right
    // Image runs: the maps are too small for patch labels (≤ 64 texels, pooled), so the tooltip
    // names the hovered cell with its query and key patches as pictures.
    PictureTexture picture;
};

void draw_model_view_panel(ModelViewPanel& panel, AppState& state, const ComputeView& view);
void model_view_panel_destroy(ModelViewPanel& panel);  // GL context current

}  // namespace attn::app
