// panel.h — the Position similarity view (View ▸ Position similarity (ViT)): the cosine similarity
// of each patch's position embedding with every other patch's, one small map per patch laid out as
// the grid (the ViT paper's Figure 7 centre). The maps are one GL texture, rebuilt when the trace
// or the colormap changes; hover reads one cell, a click chooses the map shown large beside.
#pragma once

#include <memory>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/pos_similarity/pos_similarity.h"

namespace attn::app {

struct PosSimilarityPanel {
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    Colormap cached_map = Colormap::Viridis;
    Mat similarity;          // (N, N)
    SimilarityTiles tiles;   // all maps
    SimilarityTiles single;  // the chosen map, one cell per pixel block (the large picture)
    int single_of = -1;      // `single` was made for this patch (AppState::pos_patch is the chosen one)
    unsigned texture = 0, single_texture = 0;
};

void draw_pos_similarity_panel(PosSimilarityPanel& panel, AppState& state, const ComputeView& view);
void pos_similarity_panel_destroy(PosSimilarityPanel& panel);  // GL: the textures (context current)

}  // namespace attn::app
