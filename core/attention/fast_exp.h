// fast_exp.h — the exponential of softmax's scores (softmax.h) and of its vectorised row kernels
// (row_kernels.cpp): exp(x) for x ≤ 0, within about one ulp, in plain scalar code.
#pragma once

#include <cstdint>
#include <cstring>

namespace attn {

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
