// linear_attention.h — kernelised attention with φ(x) = elu(x) + 1 (Katharopoulos et al. 2020).
//
//   out_i = φ(q_i)ᵀ (Σ_j φ(k_j) v_jᵀ) / φ(q_i)ᵀ (Σ_j φ(k_j))
//
// Computed right-to-left the products cost O(n·d²) instead of O(n²·d): the (d_k, d_v) summary
// Σ φ(k_j) v_jᵀ is built once. Causal: the sums run over j ≤ i (prefix sums). The quadratic form
// builds the (T_q, T_k) weights explicitly; both must agree.
#pragma once

#include "core/base/matrix.h"

namespace attn {

Mat elu_plus_one(const Mat& x);  // elementwise, > 0

// q (T_q, d_k), k (T_k, d_k), v (T_k, d_v) → (T_q, d_v).
Mat linear_attention(const Mat& q, const Mat& k, const Mat& v, bool causal);

// Same result through explicit weights A_ij = φ(q_i)·φ(k_j) / Σ_j' φ(q_i)·φ(k_j'): (T_q, T_k).
Mat linear_attention_weights(const Mat& q, const Mat& k, bool causal);

}  // namespace attn
