// panel.h — the Row view: pick a query (the selected heatmap row, or the arrows) and see its
// attention weights as a labelled bar chart, sorted or in sentence order, beside the heatmap
// (the shell draws the heatmap on the left). Reads the trace; writes the selected query. Image runs
// show the patches themselves under the bars (patch_thumbs.h).
#pragma once

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/widgets/patch_thumbs.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct RowPanel {
    bool sorted = false;  // bars by weight, largest first
    LabelBuf label;
    // Image runs: the keys under the bars as patch pictures when a bar's slot is ≥ kMinThumbPx
    // wide, and the query's patch beside its name.
    PictureTexture picture;
};

void draw_row_panel(RowPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
