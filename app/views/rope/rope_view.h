// rope_view.h — the numbers of the RoPE view, GL-free: one dimension pair of q and k as 2-D vectors
// before and after the rotation, the frequency of every pair, the shift test, the KV-cache sizes.
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
#include "core/pretrained/model_config.h"

namespace attn::pretrained {
struct PretrainedModel;
}

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
RopeSpectrum rope_spectrum(const pretrained::RopeConfig& rope);

// The largest |S_a − S_b| over every (query, key) cell of each layer and head of two runs of the
// same tokens (same shapes: asserted): (layers · heads) row by row.
std::vector<float> score_changes(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b);

// Runs a rotary model over `ids` twice, the first token at position 0 and at position `shift`
// (the model's own computation, no extra mask), and compares every raw score. The model is a
// rotary one with llama_weights, 1 ≤ T and shift + T ≤ max_positions (asserted: the panel offers
// only shifts up to max_shift).
struct ShiftResult {
    int shift = 0;
    int layers = 0, heads = 0;
    std::vector<float> change;  // (layers · heads) max |Δ score| of each head
    float max_change = 0.0f;    // over all of them
    double ms = 0.0;            // both runs
    float of(int layer, int head) const { return change[std::size_t(layer * heads + head)]; }
};
ShiftResult run_shift_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int shift);
// The largest shift a sentence of n tokens allows (max_positions − n, at least 0).
int max_shift(const pretrained::PretrainedConfig& config, int n);

// "Or pad in front": prepends `pad` copies of token `pad_id` to `ids` (the sentence then starts at
// position `pad`) and runs the rotary model twice more, comparing the original tokens only — rows
// and columns pad … pad + T − 1 against the unpadded run:
//   hidden  the padding keys hidden from every query by the mask, as batched generation hides left
//           padding (positions not reset): RoPE sees distances only, so every score, weight and
//           the next-token logits stay the same in every layer.
//   visible the padding an ordinary part of the text: layer 1's raw scores among the original
//           tokens are the same, and so are its weights renormalised over the original keys
//           (A_ij / Σ_j' A_ij', j' original); but every query also took some of the padding's
//           values into its output, so from layer 2 on the inputs, scores and logits differ.
// The model is a rotary one with llama_weights, 1 ≤ T, pad ≥ 1, pad + T ≤ max_positions and
// 0 ≤ pad_id < vocab (asserted).
struct PadResult {
    int pad = 0, pad_id = -1;
    int layers = 0, heads = 0;
    std::vector<float> hidden_score, visible_score, visible_weight;  // (layers · heads) max |Δ| of each head
    float hidden_max_score = 0.0f, hidden_max_weight = 0.0f;  // over every layer and head
    float visible_first_score = 0.0f, visible_first_weight = 0.0f;  // layer 1
    float visible_later_score = 0.0f, visible_later_weight = 0.0f;  // layers 2 … (0 with one layer)
    float hidden_logits = 0.0f, visible_logits = 0.0f;  // max |Δ| of the last token's logits
    double ms = 0.0;                                     // all three runs
};
PadResult run_pad_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int pad_id, int pad);
// The filler the panel pads with: the model's end-of-text token (what Llama-style models pad with),
// else its beginning-of-text token, else id 0.
int pad_token_id(const pretrained::PretrainedConfig& config);

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
