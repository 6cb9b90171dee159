// rope.h — rotary position embeddings as the Llama / Qwen / Mistral checkpoints use them.
//
//   inv_freq_i = θ^(−2i / r)              i = 0 … r/2 − 1, r = rotary_dim (≤ head_dim)
//                (linear: ÷ factor; llama3: long wavelengths ÷ factor, short ones kept, a smooth
//                 blend between, as Hugging Face's _compute_llama3_parameters)
//   angle(p, i) = p · inv_freq_i          position p of the token
//   rotate-half pairs (i, i + r/2) of every head:
//     x'_i       = x_i cos − x_{i+r/2} sin
//     x'_{i+r/2} = x_{i+r/2} cos + x_i sin
//   dims r … head_dim − 1 pass unchanged (partial_rotary_factor < 1).
// So q_p · k_s depends on p − s only: the relative-position property the RoPE view shows.
#pragma once

#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/families/rotary/rotary_settings.h"

namespace attn::pretrained {

// (r/2) the frequencies of the pairs, highest first, in radians per position.
std::vector<double> rope_inverse_frequencies(const RopeConfig& rope);

// The cos and sin of every pair at positions first … first + n − 1.
struct RopeTable {
    int first = 0;
    Mat cos, sin;  // (n, r/2)
};
RopeTable rope_table(const std::vector<double>& inv_freq, int first, int n);

// Rotates x (T, n_heads · head_dim) in place, row t at position table.first + t (the table covers
// at least T rows from there; asserted).
void apply_rope(Mat& x, int n_heads, int head_dim, const RopeTable& table);

}  // namespace attn::pretrained
