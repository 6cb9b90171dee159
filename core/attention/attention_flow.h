// attention_flow.h — quantities derived from a pass's attention for the heatmap: attention rollout
// across layers (Abnar & Zuidema 2020) and attention summed over a selection of tokens.
//
//   Ā_l = mean_h A_{l,h}                       (T, T) heads averaged
//   Â_l = rownorm(Ā_l + I)                     the residual stream's share, rows sum to 1
//   R_l = Â_l · Â_{l−1} · … · Â_1              (T, T) R[i, j]: how much output i draws on input j
//                                              through layers 1 … l
//
// For the app: attention_rollout(trace.layers)[layer] is one more matrix for the heatmap (same
// (T_q, T_k) shape as a head's weights; self-attention only). attention_from_rows /
// attention_to_columns give the bars for a shift-click selection.
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"

namespace attn {

// One matrix per layer: rollout through layers 0 … l. Empty when layers is empty. Layers must be
// self-attention of the same T (asserted).
std::vector<Mat> attention_rollout(const std::vector<LayerTrace>& layers);

// Heads averaged: mean_h A_h (T_q, T_k).
Mat mean_head_attention(const LayerTrace& layer);

// Σ over the selected query rows of a (T_q, T_k): where the selection looks, (T_k).
RowVec attention_from_rows(const Mat& a, const std::vector<int>& rows);
// Σ over the selected key columns of a (T_q, T_k): how much each query gives the selection, (T_q).
Vec attention_to_columns(const Mat& a, const std::vector<int>& cols);

}  // namespace attn
