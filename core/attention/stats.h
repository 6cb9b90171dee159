// stats.h — per-row diagnostics of one head's attention, the numbers behind "why scale by √d_k".
//
// For query row i with weights p (visible keys only) and softmax inputs z = factor · scores:
//   entropy        H = −Σ p log p (nats); log(T_visible) for uniform, 0 for one-hot
//   max_weight     max_j p_j
//   logit_mean/var mean and (population) variance of z over visible keys
//   jacobian_norm  ‖diag(p) − p pᵀ‖_F = sqrt(Σp² − 2Σp³ + (Σp²)²): how much gradient the softmax
//                  lets through; it collapses towards 0 as the softmax saturates (one-hot).
// A fully masked row has all five equal to 0.
#pragma once

#include "core/base/matrix.h"

namespace attn {

struct RowStats {
    Vec entropy;        // (T_q)
    Vec max_weight;     // (T_q)
    Vec logit_mean;     // (T_q)
    Vec logit_var;      // (T_q)
    Vec jacobian_norm;  // (T_q)

    static RowStats zeros(int t_q);  // every vector (T_q) of zeros
};

// Stats of softmax(factor · scores) under `blocked` (may be null). `weights` is accepted for
// compatibility (only its shape is checked): the stats come from the scores, in the one pass that
// computes the exponentials anyway (softmax.h).
RowStats attention_row_stats(const Mat& scores, float factor, const BoolMat* blocked,
                             const Mat* weights = nullptr);

// The engine's fused pass over rows [r0, r1) of one head (attention.cpp): `weights` rows get
// softmax(factor · scores), and when `stats` is non-null *stats gets the stats for `factor` and
// *stats_other those for `factor_other` — from the same row moments, with one more exponential per
// cell for the other factor (whose weights are not kept). Outputs must already have their full
// size (stats: RowStats::zeros); different row ranges may run in parallel. It is the row kernel
// of masked_softmax and attention_row_stats, so the results are theirs.
void softmax_rows_with_stats(const Mat& scores, const BoolMat* blocked, int r0, int r1, float factor,
                             Mat& weights, float factor_other, RowStats* stats, RowStats* stats_other);

// Same quantities for a single probability row (used by tests and the cell explainer).
float softmax_jacobian_frobenius(const float* p, int n);

}  // namespace attn
