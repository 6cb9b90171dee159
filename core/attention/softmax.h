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
#include <cstring>

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

// exp(x) for x ≤ 0 (NaN gives NaN): x = k·ln 2 + r with |r| ≤ ln2/2 (Cody–Waite), a degree-6
// polynomial for e^r (Cephes expf), times 2^k built in the exponent bits. Measured against double
// exp over every float in [−87, 0]: at most 1.01 ulp. exp(0) = 1 and exp(−∞) = 0 exactly; below
// −87 (where e^x < 1.7e−38, near the subnormals) it returns 0. Plain scalar code so that GCC
// vectorizes the loops that call it — no −ffast-math needed.
inline float exp_nonpositive(float x) {
    constexpr float kLowest = -87.0f;
    // Adding 1.5·2²³ rounds to an integer (to nearest) and leaves it in the low mantissa bits.
    // Below kLowest (−∞ included) k and 2^k are garbage, and the result is masked to 0 at the end.
    constexpr float kRound = 12582912.0f;
    constexpr std::uint32_t kRoundBits = 0x4B400000u;
    const float t = x * 1.44269504088896341f + kRound;
    const float k = t - kRound;                       // round(x / ln 2), in [−126, 0]
    float r = x - k * 0.693359375f;                   // ln 2 = C1 + C2, C1 exact in 9 bits
    r = r - k * -2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * (r * r) + r + 1.0f;
    std::uint32_t t_bits;
    std::memcpy(&t_bits, &t, sizeof t_bits);
    const std::uint32_t scale_bits = (t_bits - kRoundBits + 127u) << 23;  // 2^k, k ≥ −126: normal
    float scale;
    std::memcpy(&scale, &scale_bits, sizeof scale);
    // Zero below kLowest by masking the bits, not by a branch: GCC does not vectorize a branch
    // around floating-point work (it may not speculate it).
    const float y = p * scale;
    std::uint32_t bits;
    std::memcpy(&bits, &y, sizeof bits);
    bits &= x < kLowest ? 0u : ~0u;
    float out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
}

}  // namespace attn
