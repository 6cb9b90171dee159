// panel.h — the line view: query tokens left, key tokens right, one line per (i, j) with
// opacity = weight (ImDrawList lines, T ≤ kMaxLineTokens). Hovering a token isolates its lines.
// The line list is cached per (trace, layer, head, focus), not rebuilt every frame.
#pragma once

#include <memory>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/views/lines/line_view.h"

namespace attn::app {

struct LinesPanel {
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1, cached_q = -2, cached_k = -2;
    std::vector<AttentionLine> lines;
    int focus_q = -1, focus_k = -1;  // token under the pointer last frame (-1 = none)
};

void draw_lines_panel(LinesPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
