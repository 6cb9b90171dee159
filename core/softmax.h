// softmax.h — numerically stable softmax along keys, with masking.
//
//   logits = factor · scores            (factor = 1/√d_k / temperature, or 1/temperature unscaled)
//   w_j    = exp(logit_j − max) / Σ_visible exp(logit_i − max)     for visible keys
//   w_j    = 0 exactly                                              for blocked keys
//
// A row whose keys are all blocked has no defined softmax; we define it as all zeros and report
// it (returns false), never NaN.
#pragma once

#include <cstdint>

#include "core/matrix.h"

namespace attn {

// One row of n keys. `blocked` may be null (nothing hidden). Returns false for a fully masked row.
// `p` receives n weights; it may alias nothing else.
bool softmax_row(const float* scores, const std::uint8_t* blocked, int n, float factor, float* p);

// Row-wise over a (T_q, T_k) matrix; `blocked` is (T_q, T_k) or null. Returns weights (T_q, T_k).
Mat masked_softmax(const Mat& scores, float factor, const BoolMat* blocked);

}  // namespace attn
