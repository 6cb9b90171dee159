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

#include "core/matrix.h"

namespace attn {

struct RowStats {
    Vec entropy;        // (T_q)
    Vec max_weight;     // (T_q)
    Vec logit_mean;     // (T_q)
    Vec logit_var;      // (T_q)
    Vec jacobian_norm;  // (T_q)
};

// Stats of softmax(factor · scores) under `blocked` (may be null). When `weights` is given it must
// be that softmax already (saves recomputing it); otherwise rows are recomputed one at a time.
RowStats attention_row_stats(const Mat& scores, float factor, const BoolMat* blocked,
                             const Mat* weights = nullptr);

// Same quantities for a single probability row (used by tests and the cell explainer).
float softmax_jacobian_frobenius(const float* p, int n);

}  // namespace attn
