// attention.h — one multi-head scaled dot-product attention layer, every intermediate kept.
//
//   Q = X_q W_Q + b_Q        (T_q, d_model)    head h = columns [h·d_k, (h+1)·d_k)
//   K = X_kv W_K + b_K       (T_k, d_model)
//   V = X_kv W_V + b_V       (T_k, d_model)
//   S_h = Q_h K_hᵀ           (T_q, T_k) per head   raw scores, kept
//   Z_h = factor · S_h       factor = (scale ? 1/√d_k : 1) / temperature   derived, not stored
//   Z_h[blocked] = −∞        derived from S_h and the mask
//   A_h = softmax_rows(Z_h)  (T_q, T_k) per head   weights, kept
//   O_h = A_h V_h            (T_q, d_k)  stored side by side in concat (T_q, d_model)
//   Y   = concat W_O + b_O   (T_q, d_model)
//
// Weights use the x·W convention (d_in, d_out). PyTorch's nn.Linear / in_proj_weight store
// (d_out, d_in): transpose at the boundary. d_k = d_v = d_model / n_heads.
//
// Decoder families with rotary positions and grouped-query attention (Llama, Qwen, Mistral) make
// Q, K and V themselves and call finish_attention_heads: there d_k is the checkpoint's head_dim
// (H·d_k may differ from d_model), and K and V hold one d_k block per QUERY head, the block of the
// K/V head it shares with its group (LayerTrace::kv_head says which).
#pragma once

#include <memory>
#include <vector>

#include "core/attention/mask.h"
#include "core/base/matrix.h"
#include "core/attention/stats.h"
#include "core/base/status.h"

namespace attn {

struct AttentionWeights {
    int n_heads = 1;
    Mat w_q, w_k, w_v, w_o;      // (d_model, d_model) each
    RowVec b_q, b_k, b_v, b_o;   // (d_model) each, or empty = no bias

    int d_model() const { return int(w_q.rows()); }
    int d_head() const { return d_model() / n_heads; }
};

struct AttentionOptions {
    bool scale = true;          // divide scores by √d_k
    float temperature = 1.0f;   // further divide by this (> 0)
    bool compute_stats = true;  // per-row stats for this setting and for the other scaling
};
bool operator==(const AttentionOptions& a, const AttentionOptions& b);
inline bool operator!=(const AttentionOptions& a, const AttentionOptions& b) { return !(a == b); }

// The softmax input factor for a setting: (scale ? 1/√d_k : 1) / temperature.
float logit_factor(bool scale, float temperature, int d_k);

struct HeadTrace {
    Mat scores;   // (T_q, T_k) raw Q_h K_hᵀ
    Mat weights;  // (T_q, T_k) softmax rows; 0 exactly where blocked
    RowStats stats;           // for this layer's setting (empty vectors if stats are off)
    RowStats stats_flipped;   // same head with √d_k scaling toggled (the scaling lab's comparison)
};

// Each head's bias [H] (T_q, T_k), read-only and shared: T5 adds one table to every block of a
// stack, so the blocks' traces hold one copy between them (a copy of a HeadBias copies a pointer).
class HeadBias {
public:
    HeadBias() = default;
    HeadBias(std::vector<Mat> per_head)  // NOLINT: implicit, as a layer's own
        : heads_(per_head.empty() ? nullptr : std::make_shared<const std::vector<Mat>>(std::move(per_head))) {}
    bool empty() const { return !heads_; }
    std::size_t size() const { return heads_ ? heads_->size() : 0; }
    const Mat& operator[](std::size_t h) const { return (*heads_)[h]; }
    const Mat& front() const { return heads_->front(); }
    std::vector<Mat>::const_iterator begin() const { return heads_ ? heads_->begin() : kNone.begin(); }
    std::vector<Mat>::const_iterator end() const { return heads_ ? heads_->end() : kNone.end(); }
    // Whether two layers share one table (for tests and memory accounting).
    bool shares(const HeadBias& o) const { return heads_ && heads_ == o.heads_; }

private:
    static inline const std::vector<Mat> kNone{};
    std::shared_ptr<const std::vector<Mat>> heads_;
};

struct LayerTrace {
    int n_heads = 0;
    int d_k = 0;                 // = d_v = d_model / n_heads
    bool scale = true;
    float temperature = 1.0f;
    float factor = 1.0f;         // logit_factor(scale, temperature, d_k)
    float factor_flipped = 1.0f; // logit_factor(!scale, temperature, d_k)

    Mat x_q;    // (T_q, d_model) layer input for queries
    Mat x_kv;   // (T_k, d_model) layer input for keys/values (equal to x_q for self-attention)
    Mat q;      // (T_q, H·d_k) all heads (H·d_k = d_model except for some decoder checkpoints)
    Mat k;      // (T_k, H·d_k) one block per query head: its K/V head's keys under grouped-query attention
    Mat v;      // (T_k, H·d_k)
    // Grouped-query attention: kv_head[h] is the K/V head query head h reads (n_heads entries in
    // [0, n_kv_heads)); empty = multi-head attention, head h reads its own.
    std::vector<int> kv_head;
    int n_kv_heads = 0;  // 0 = n_heads
    // Rotary positions (Llama, Qwen, Mistral): q and k before the rotation, shaped as q and k;
    // empty for models without rotary positions.
    Mat q_unrotated, k_unrotated;
    // A learned bias per head added to the softmax input (T5's relative positions): [h] (T_q, T_k),
    // divided by the temperature like the rest but never by √d_k; empty = none. The softmax input
    // is then z = factor · scores + bias / temperature. Shared by the layers that add the same one.
    HeadBias position_bias;
    BoolMat blocked;                        // (T_q, T_k) 1 = hidden; empty = nothing hidden
    std::vector<std::uint8_t> fully_masked; // (T_q) 1 = every key hidden: weights and output 0
    std::vector<HeadTrace> heads;           // n_heads
    Mat concat;  // (T_q, H·d_k) [O_1 … O_h]
    Mat output;  // (T_q, d_model) concat W_O + b_O

    int t_q() const { return int(q.rows()); }
    int kv_heads() const { return n_kv_heads > 0 ? n_kv_heads : n_heads; }
    int kv_head_of(int h) const { return kv_head.empty() ? h : kv_head[std::size_t(h)]; }
    int t_k() const { return int(k.rows()); }
    // Views of one head's slice (no copies).
    auto q_head(int h) const { return q.middleCols(h * d_k, d_k); }  // (T_q, d_k)
    auto k_head(int h) const { return k.middleCols(h * d_k, d_k); }  // (T_k, d_k)
    auto v_head(int h) const { return v.middleCols(h * d_k, d_k); }  // (T_k, d_k)
    auto out_head(int h) const { return concat.middleCols(h * d_k, d_k); }  // (T_q, d_k)
    bool is_blocked(int i, int j) const { return blocked.size() > 0 && blocked(i, j) != 0; }
    bool has_position_bias() const { return !position_bias.empty(); }
    // Derived on demand (not stored): the softmax input, −∞ where blocked.
    float logit(int h, int i, int j) const;
    Mat logits(int h) const;  // (T_q, T_k)
    // The same before the mask: factor · scores (+ position bias ÷ temperature).
    float scaled_score(int h, int i, int j) const;
    Mat scaled_scores(int h) const;  // (T_q, T_k)
};

// Checks shapes and options; the message names what is wrong.
Status validate_attention(const AttentionWeights& w, const AttentionOptions& opt, int d_in_q,
                          int d_in_kv);

// The options alone (the temperature's range): for layers whose weights are checked elsewhere.
Status validate_attention_options(const AttentionOptions& opt);

// Runs one layer. `blocked` is (T_q, T_k) or empty. Inputs must pass validate_attention (asserted).
LayerTrace run_attention_layer(const Mat& x_q, const Mat& x_kv, const AttentionWeights& w,
                               const BoolMat& blocked, const AttentionOptions& opt);

// The heads of a layer whose projections the caller made (rotary positions, per-head norms,
// grouped K/V): L arrives with n_heads, d_k, x_q, x_kv, q, k, v (shapes as in LayerTrace), blocked
// (T_q, T_k) or empty, and optionally kv_head / n_kv_heads / q_unrotated / k_unrotated; this fills
// the scores, weights, stats and concat (T_q, H·d_k). The caller sets L.output = concat · W_O + b_O
// itself, with W_O as it keeps it (a 16-bit checkpoint's stays 16-bit: no float copy per layer).
void finish_attention_heads(LayerTrace& L, const AttentionOptions& opt);

// Re-runs only what depends on the options and the mask (softmax, ·V, stats, W_O), reusing the
// inputs, projections and raw scores of `prev` (computed with the same weights). This is what
// toggling the scaling, the temperature or a mask costs.
LayerTrace reattend_layer(const LayerTrace& prev, const AttentionWeights& w, const BoolMat& blocked,
                          const AttentionOptions& opt);

// The layer as it would attend with √d_k scaling toggled and nothing else changed: the same raw
// scores (the same Q and K), T5's position bias and mask, the other factor. Its heads hold the
// scores, the weights softmax(factor_flipped · S (+ bias / τ)), stats and stats_flipped swapped (both
// were computed with the layer); with `only_head` ≥ 0 only that head is filled (the others stay
// empty: a view of one head copies one head's scores, not the layer's). Q, K and V are shared in
// shape (t_q(), t_k() answer), the heads' outputs are not recomputed, and later layers are not run
// again: this is the one layer's softmax under the other scaling, which is what the scaling lab
// compares.
LayerTrace other_scaling_layer(const LayerTrace& L, int only_head = -1);

// Keeps the first `rows` queries and the first `cols` keys of a computed layer (a speech model's
// frames that hold sound): every per-query and per-key matrix cut, nothing recomputed, so each
// kept weight is still its share of the softmax over all the keys the layer had.
void trim_layer_trace(LayerTrace& L, int rows, int cols);

}  // namespace attn
