// panel.h — the Row view: pick a query (the selected heatmap row, or the arrows) and see its
// attention weights as a labelled bar chart, sorted or in sentence order, beside the heatmap
// (the shell draws the heatmap on the left). Reads the trace; writes the selected query.
#pragma once

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct RowPanel {
    bool sorted = false;  // bars by weight, largest first
    LabelBuf label;
};

void draw_row_panel(RowPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
