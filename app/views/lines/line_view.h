// line_view.h — geometry and selection of the line view (BertViz-style "head view"), GL-free.
//
//   query tokens (left)  ──── line (i, j), opacity = A_h(i, j) ────  key tokens (right)
// Hovering a query isolates its row i; hovering a key isolates its column j.
#pragma once

#include <vector>

#include "core/attention/attention.h"

namespace attn::app {

inline constexpr int kMaxLineTokens = 128;  // T² lines above this are unreadable and slow

struct AttentionLine {
    int i = 0, j = 0;     // query, key
    float alpha = 0.0f;   // 0..1 line opacity
};

// Lines of one head with weight ≥ min_weight (masked cells have weight 0 and never appear).
// focus_q ≥ 0: only row focus_q; focus_k ≥ 0: only column focus_k. Alpha is the weight,
// scaled by 1 / (row max) when a row is isolated so that its strongest key is opaque.
std::vector<AttentionLine> attention_lines(const LayerTrace& layer, int head, int focus_q, int focus_k,
                                           float min_weight = 0.01f);

// Vertical centre of token `index` of `count` spread evenly over [top, top + height].
float token_y(int index, int count, float top, float height);

// The token whose band contains y, or -1.
int token_at(float y, int count, float top, float height);

}  // namespace attn::app
