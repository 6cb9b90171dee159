// online_softmax.h — attention computed tile by tile over the keys with a running max and sum,
// as FlashAttention does, so the (T_q, T_k) weight matrix never exists in full.
//
// For each query row, after each tile of keys [j0, j1):
//   m' = max(m, max_j z_j)                 running max of the logits z = factor · q·k
//   l' = e^(m − m') · l + Σ_j e^(z_j − m')  running softmax denominator
//   a' = e^(m − m') · a + Σ_j e^(z_j − m') v_j   running unnormalised output
// and at the end out = a / l. It equals softmax(z)·V exactly in exact arithmetic.
#pragma once

#include <vector>

#include "core/base/matrix.h"

namespace attn {

struct OnlineSoftmaxTile {
    int key_begin = 0, key_end = 0;  // keys [key_begin, key_end) of this tile
    Vec running_max;  // (T_q) m after this tile (−∞ while a row has seen no visible key)
    Vec running_sum;  // (T_q) l after this tile
    Mat running_acc;  // (T_q, d_v) a after this tile (unnormalised)
};

struct OnlineSoftmaxResult {
    int tile_size = 0;
    std::vector<OnlineSoftmaxTile> tiles;  // one per tile, if kept
    Mat output;                            // (T_q, d_v)
};

// q (T_q, d_k), k (T_k, d_k), v (T_k, d_v); blocked (T_q, T_k) or null. keep_tiles records the
// state after every tile (for stepping through it in the UI).
OnlineSoftmaxResult online_softmax_attention(const Mat& q, const Mat& k, const Mat& v, float factor,
                                             const BoolMat* blocked, int tile_size, bool keep_tiles);

}  // namespace attn
