// rope.cpp — rotary position embeddings as the Llama / Qwen / Mistral checkpoints use them
// (implementation; the interface and its formulas are in rope.h)
#include "core/pretrained/families/rotary/rope.h"

#include <cassert>
#include <cmath>

namespace attn::pretrained {

std::vector<double> rope_inverse_frequencies(const RopeConfig& rope) {
    const int r = rope.rotary_dim;
    assert(r >= 2 && r % 2 == 0 && "rope: an even rotary_dim (parse_model_config checks)");
    std::vector<double> inv(std::size_t(r / 2));
    for (int i = 0; i < r / 2; ++i) inv[std::size_t(i)] = 1.0 / std::pow(rope.theta, double(2 * i) / double(r));
    if (rope.scaling == RopeScaling::Linear) {
        for (double& f : inv) f /= rope.factor;
    } else if (rope.scaling == RopeScaling::Llama3) {
        // Wavelengths longer than the old context / low_freq_factor are slowed by `factor`, those
        // shorter than old context / high_freq_factor kept, the ones between blended smoothly.
        const double pi = std::acos(-1.0);
        const double old_context = double(rope.original_max_positions);
        const double low_wavelen = old_context / rope.low_freq_factor;
        const double high_wavelen = old_context / rope.high_freq_factor;
        for (double& f : inv) {
            const double wavelen = 2.0 * pi / f;
            if (wavelen > low_wavelen) {
                f /= rope.factor;
            } else if (wavelen >= high_wavelen) {
                const double smooth =
                    (old_context / wavelen - rope.low_freq_factor) / (rope.high_freq_factor - rope.low_freq_factor);
                f = (1.0 - smooth) * f / rope.factor + smooth * f;
            }
        }
    }
    return inv;
}

RopeTable rope_table(const std::vector<double>& inv_freq, int first, int n) {
    RopeTable t;
    t.first = first;
    const int half = int(inv_freq.size());
    t.cos.resize(n, half);  // (n, r/2)
    t.sin.resize(n, half);
    for (int p = 0; p < n; ++p) {
        for (int i = 0; i < half; ++i) {
            const double angle = double(first + p) * inv_freq[std::size_t(i)];
            t.cos(p, i) = float(std::cos(angle));
            t.sin(p, i) = float(std::sin(angle));
        }
    }
    return t;
}

void apply_rope(Mat& x, int n_heads, int head_dim, const RopeTable& table) {
    const int half = int(table.cos.cols());
    assert(x.cols() == Eigen::Index(n_heads) * head_dim && "apply_rope: x (T, n_heads · head_dim)");
    assert(2 * half <= head_dim && x.rows() <= table.cos.rows() && "apply_rope: the table covers the rows");
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        const auto c = table.cos.row(t), s = table.sin.row(t);  // (r/2)
        for (int h = 0; h < n_heads; ++h) {
            float* head = x.row(t).data() + std::ptrdiff_t(h) * head_dim;
            for (int i = 0; i < half; ++i) {
                const float a = head[i], b = head[i + half];
                head[i] = a * c(i) - b * s(i);
                head[i + half] = b * c(i) + a * s(i);
            }
        }
    }
}

}  // namespace attn::pretrained
