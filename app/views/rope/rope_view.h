// rope_view.h — the numbers of the RoPE view, GL-free: one dimension pair of q and k as 2-D vectors
// before and after the rotation, the frequency of every pair, the KV-cache sizes (the shift and
// padding tests: core/lm/position_tests.h).
//
//   pair i of a head = coordinates (i, i + r/2) of its d_k block   (rotate-half, r = rotary_dim)
//   after rotation at position p:  (x, y) → (x cos pθ_i − y sin pθ_i,  y cos pθ_i + x sin pθ_i)
//   so q_p · k_s depends on p − s only: shifting the sentence by k positions leaves every score.
//   KV cache = 2 (K and V) · layers · kv_heads · head_dim · bytes · N
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/lm/position_tests.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::app {

struct Vec2f {
    float x = 0.0f, y = 0.0f;
};

// Whether the layer kept q and k before their rotation (a rotary model's trace).
bool has_rotary(const LayerTrace& layer);

// The 2-D vectors of pair `pair` (0 … rotary_dim/2 − 1) of query head `head`: q of every query
// token and k of every key token (the K/V head the query head reads), before and after rotation.
struct RopePairVectors {
    std::vector<Vec2f> q_before, q_after;  // (T_q)
    std::vector<Vec2f> k_before, k_after;  // (T_k)
    float extent = 0.0f;                   // the longest vector (all four lists): the plot's radius
};
RopePairVectors rope_pair_vectors(const LayerTrace& layer, int head, int pair, int rotary_dim);

// Rotates (x, y) by angle radians as rotate-half does: (x cos − y sin, y cos + x sin).
Vec2f rotate_pair(Vec2f v, double angle);

// The frequency of every pair (radians per position, highest first) and its wavelength 2π / θ_i
// in positions.
struct RopeSpectrum {
    std::vector<double> inv_freq;    // (r/2)
    std::vector<double> wavelength;  // (r/2)
};
RopeSpectrum rope_spectrum(std::vector<double> inv_freq);

// The shift and padding tests run through the model's family (core/lm/position_tests.h).
using lm::max_shift;
using lm::PadResult;
using lm::run_pad_test;
using lm::run_shift_test;
using lm::score_changes;
using lm::ShiftResult;

// Bytes of the K and V cache of `n` tokens: 2 · layers · kv_heads · head_dim · bytes_per_value · n.
double kv_cache_bytes(int layers, int kv_heads, int head_dim, int bytes_per_value, long long n);

// "512 KB", "3.1 MB", "1.25 GB" (1024-based, as memory is counted).
std::string format_bytes(double bytes);

// The three cache layouts the panel compares for one model: multi-head (kv = heads), this
// model's (kv_heads), multi-query (kv = 1).
struct KvCacheRow {
    int kv_heads = 0;
    double bytes = 0.0;
};
struct KvCacheCompare {
    KvCacheRow mha, model, mqa;
};
KvCacheCompare kv_cache_compare(int layers, int heads, int kv_heads, int head_dim, int bytes_per_value, long long n);

}  // namespace attn::app
