// softmax.h — numerically stable softmax along keys, with masking.
//
//   logits = factor · scores            (factor = 1/√d_k / temperature, or 1/temperature unscaled)
//   w_j    = exp(logit_j − max) / Σ_visible exp(logit_i − max)     for visible keys
//   w_j    = 0 exactly                                              for blocked keys
//
// A row whose keys are all blocked has no defined softmax; we define it as all zeros and report
// it (returns false), never NaN.
//
// Computed as e_j = exp(factor · (s_j − m)), m = the largest visible raw score (factor > 0, so
// this is the same maximum), and w_j = e_j / Σe. The same pass can collect the sums the row
// stats need (RowSums below), so the stats cost no extra pass over the weights.
#pragma once

#include <cstdint>

#include "core/attention/fast_exp.h"  // exp_nonpositive, the exponential softmax uses
#include "core/base/matrix.h"

namespace attn {

// One row of n keys. `blocked` may be null (nothing hidden). Returns false for a fully masked row.
// `p` receives n weights; it may alias nothing else.
bool softmax_row(const float* scores, const std::uint8_t* blocked, int n, float factor, float* p);

// Row-wise over a (T_q, T_k) matrix; `blocked` is (T_q, T_k) or null. Returns weights (T_q, T_k).
Mat masked_softmax(const Mat& scores, float factor, const BoolMat* blocked);

// ---- The row kernel the softmax and the stats share (attention.cpp, stats.cpp) ----

// The raw scores of one row over its visible keys. n_visible = 0: fully masked, no keys, or only
// −∞ scores — nothing to normalise; then max = mean = var = 0.
struct RowMoments {
    int n_visible = 0;
    float max = 0.0f;   // m
    float mean = 0.0f;  // Σ s_j / n_visible
    float var = 0.0f;   // Σ (s_j − mean)² / n_visible (population); computed only when asked
};

// One exponential pass for one factor (> 0), over the visible keys, with d_j = s_j − m ≤ 0 and
// e_j = exp(factor · d_j): e_max = exp(0) = 1 exactly, so l ≥ 1 and the largest weight is 1 / l.
struct RowSums {
    float l = 0.0f;   // Σ e_j
    float ed = 0.0f;  // Σ e_j d_j        (≤ 0)
    float e2 = 0.0f;  // Σ e_j²  ┐ e_j below 2.6e−13 count as 2.6e−13 here: their cubes would be
    float e3 = 0.0f;  // Σ e_j³  ┘ subnormal, which is ~10× slower; it adds < 1e−22 to Σe² ≥ 1
};

// Rows of n keys, one after another; holds the scratch (one object per thread). Call
// moments() for a row, then exp() for the same row (with the same `blocked`) as often as needed.
class SoftmaxRows {
public:
    explicit SoftmaxRows(int n);
    RowMoments moments(const float* scores, const std::uint8_t* blocked, bool with_var);
    // Writes e_j to `e` (n floats, 0 exactly for blocked keys) or, when null, to scratch. Sums ed,
    // e2, e3 only when `with_moments`. Requires m.n_visible > 0.
    RowSums exp(const float* scores, const std::uint8_t* blocked, const RowMoments& m, float factor,
                float* e, bool with_moments);

private:
    int n_;
    Eigen::ArrayXf hide_;     // (n) −∞ for a blocked key, 0 for a visible one (masked rows only)
    Eigen::ArrayXf visible_;  // (n) 0 / 1
    Eigen::ArrayXf e_;        // (n) exponentials that are not kept
};

}  // namespace attn
