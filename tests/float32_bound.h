// float32_bound.h — what float32 can promise for a golden: the tolerance of a comparison between
// AttnLab's float32 pass and a float64 reference, derived from the computation's size and its values'
// range instead of the figure one machine printed (issue 54: a tolerance of 1e-5 met on AMD and
// missed by 1% on an Intel Xeon).
//
// The arithmetic. A float32 sum of n products carries a rounding error of at most γ_n·Σ|x_i·y_i|,
// γ_n ≈ n·u (Higham, Accuracy and Stability of Numerical Algorithms, §3.1), u = 2⁻²⁴ the unit
// roundoff. Rounding errors behave as independent random variables of mean zero, so in practice the
// error is at most λ·√n·u·Σ|x_i·y_i|, except with a probability under 2n·exp(−λ²/2) (Higham and Mary,
// "A new approach to probabilistic rounding error analysis", SIAM J. Sci. Comput. 41, 2019); λ = 6
// makes that 3e-8·n. Which kernel sums (OpenBLAS's core type, AttnLab's instruction-set level, FMA
// or not, the blocking of a product) changes which errors occur, never this bound.
//
// A pass is a chain of such sums. An attention block: its norm (two sums: a LayerNorm's mean and
// variance, an RMSNorm's mean square counted as two), the q/k/v projections, the scores, softmax's
// denominator, weights·V and W_O: 7. A feed-forward block: its norm (2) and two products: 4. So
// kSumsPerLayer = 11 for an encoder or decoder-only layer, 18 for a decoder layer with
// cross-attention, and 3 for the final norm and the output head. (Counting only the products, 6 per
// layer, left the rotary decoders' hidden states at 2.6× their bound: the norms and softmax's sums
// round too.) In a residual network each sum's error joins the stream and is
// carried on at the stream's scale (the norms rescale error and value alike), and the rounding errors
// of every sum along the way are as independent as those within one sum, so the chain's error is
// that of one sum of n·steps terms:
//
//     λ · u · √(n · steps) · range
//
//   n      the longest sum on the way (d_model, d_ff, the keys of a row …);
//   steps  the sums in sequence from the input to the value;
//   range  the size of the terms those sums add, Σ|x_i·y_i|, for the value compared: the largest
//          |hidden state| for hidden states; for an attention weight the largest ‖q‖·‖k‖·factor of
//          its head (Cauchy–Schwarz bounds Σ|q_i·k_i| by it, and the weights' error is at most the
//          softmax input's: every row of softmax's Jacobian has an ℓ1 norm of at most 1/2);
//          1 for a difference already taken relative to the values' own size (most hidden states),
//          and for logits the output head's terms against the logits' size (logit_range).
//
// A golden must sit under its bound on every kernel path (tests/golden_kernels_test.sh runs them all)
// and the bound must stay far below what a real bug moves (each family's perturbation test: > 1e-2).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/attention/trace.h"

namespace attn::test {

inline constexpr double kUnitRoundoff = 0x1p-24;  // float32's u
inline constexpr double kConfidence = 6;          // λ
inline constexpr int kSumsPerLayer = 11;          // a layer's sums in sequence: self-attention 7, feed-forward 4
inline constexpr int kSumsPerCrossLayer = 18;     // a decoder layer with cross-attention: 7 more
inline constexpr int kSumsAtTheEnd = 3;           // the final norm (2) and the output head (1)

struct Float32Sums {
    int longest = 1;     // n: the longest sum on the way
    double range = 1;    // the size of the terms each sum adds
    int steps = 1;       // the sums in sequence from the input to the value
};

inline double float32_bound(const Float32Sums& s) {
    return kConfidence * kUnitRoundoff * std::sqrt(double(std::max(1, s.longest)) * std::max(1, s.steps)) * s.range;
}

// The largest ‖q‖·‖k‖ · factor over every head of the layers: the size of the terms a softmax input
// adds (the range of the attention weights); T5's position bias adds its largest |entry|.
inline double attention_range(const std::vector<LayerTrace>& layers) {
    double worst = 0;
    for (const LayerTrace& L : layers) {
        if (L.q.size() == 0 || L.k.size() == 0 || L.d_k <= 0) continue;
        for (int h = 0; h < L.n_heads && (h + 1) * L.d_k <= int(L.q.cols()) && (h + 1) * L.d_k <= int(L.k.cols()); ++h) {
            const auto q = L.q.middleCols(Eigen::Index(h) * L.d_k, L.d_k);
            const auto k = L.k.middleCols(Eigen::Index(h) * L.d_k, L.d_k);
            double r = double(q.rowwise().norm().maxCoeff()) * double(k.rowwise().norm().maxCoeff()) * std::fabs(L.factor);
            if (h < int(L.position_bias.size())) r += double(L.position_bias[std::size_t(h)].cwiseAbs().maxCoeff());
            worst = std::max(worst, r);
        }
    }
    return std::max(worst, 1.0);
}
inline double attention_range(const Trace& t) { return attention_range(t.layers); }

// The size of the terms the output head adds, relative to the logits' own size (the logits are
// compared relative to max(1, max |logit|)): max over rows t and vocabulary entries j of
// Σ_i |h_ti·O_ji| / max(1, max |logit|), with O read off `unembed` (h (T, d) -> logits (T, V), linear
// up to a bias) as unembed(I) − unembed(0). Cancellation in those sums is why a logit's error can
// be several times float32's bound at the logits' own size.
template <class Unembed>
double logit_range(const Mat& h, const Unembed& unembed) {
    const Eigen::Index d = h.cols();
    const Mat zero = unembed(Mat::Zero(1, d));                                     // (1, V) the bias
    const Mat ot = unembed(Mat::Identity(d, d)).rowwise() - zero.row(0);           // (d, V) Oᵀ
    const Mat terms = h.cwiseAbs() * ot.cwiseAbs();                                // (T, V)
    const Mat logits = unembed(h);                                                 // (T, V)
    return std::max(1.0, double(terms.maxCoeff()) / std::max(1.0, double(logits.cwiseAbs().maxCoeff())));
}

// "max |diff| 1.2e-06 (float32's bound 3.4e-05: 28× margin)": what every golden prints.
inline std::string against_bound(double diff, double bound) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.2e (float32's bound %.2e: %.3g× margin)", diff, bound,
                  diff > 0 ? bound / diff : 99999.0);
    return buf;
}

}  // namespace attn::test
