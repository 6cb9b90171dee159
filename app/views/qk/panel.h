// panel.h — the query/key view (as AttentionViz): the current head's query and key vectors
// projected on the first two principal components of Q_h and K_h stacked
// (core/attention/qk_projection.h), queries and keys in two colours with token labels; the
// selected (or hovered) query's lines to the keys, opacity = attention weight. Image runs label the
// points with their patches (patch_thumbs.h).
#pragma once

#include <memory>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/widgets/patch_thumbs.h"
#include "core/attention/qk_projection.h"

namespace attn::app {

struct QkPanel {
    // The projection of (trace, layer, head): recomputed only when one changes (PCA of d_k × d_k).
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1;
    QkProjection projection;
    // Image runs: each point labelled with its patch's picture instead of its name (where names
    // would be written: ≤ 60 tokens), and the hovered point's patch in the tooltip.
    PictureTexture picture;
};

void draw_qk_panel(QkPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
