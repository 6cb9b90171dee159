// position_bias.h — T5's relative position bias as a curve per head (GL-free): the bias b_h(d)
// each head adds to the score of a key d = j − i places from its query, read off the trace's
// (T_q, T_k) bias matrices (every (i, j) with the same j − i holds the same learned number, one per
// bucket: equal distances share a bucket, far ones share it with their neighbours).
#pragma once

#include <vector>

#include "core/attention/attention.h"

namespace attn::app {

struct BiasCurves {
    std::vector<int> distance;                // d = j − i, from the farthest key before to the farthest after
    std::vector<std::vector<float>> by_head;  // [h][d index] b_h(d) ÷ temperature, as added to the score
    bool causal = false;                      // keys after the query are masked (the decoder): d > 0 left out
};

// The layer's curves (empty when it has no position bias). Keys after the query are left out when
// the layer hides every one of them (a causal layer).
BiasCurves bias_curves(const LayerTrace& layer);

}  // namespace attn::app
