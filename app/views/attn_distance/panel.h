// panel.h — the Attention distance view (View ▸ Attention distance (ViT)): mean attention distance
// per head against depth, the ViT paper's Figure 7 right, for the image in use. A scatter plot
// (app/plot), one colour per head; hover a dot for its layer, head and value, click it to choose
// that layer and head everywhere. The numbers (a few ms for ViT-B/16) are cached per trace.
#pragma once

#include <memory>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/attn_distance/attn_distance.h"

namespace attn::app {

struct AttnDistancePanel {
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    DistancePlotData data;
};

void draw_attn_distance_panel(AttnDistancePanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
