// explainer.h — the numbers behind one heatmap cell (i, j) of one head, read from a trace (GL-free).
//
//   q_i, k_j            (d_k) rows of Q_h, K_h          shown as a preview + norm
//   s    = q_i · k_j    the trace's raw score S_h(i, j)
//   z_j' = factor · s (+ b)   softmax input of every key j' in row i (−∞ where masked); b is the
//                       head's learned bias for the distance j' − i where the model has one (T5)
//   e_j' = exp(z_j' − max z)   the row's shifted exponentials; Σe = row_sum
//   a_j  = e_j / Σe     must equal the trace weight A_h(i, j) (tests check this)
//   o_i  = Σ_j' a_j' v_j'   (d_k) the head's output row; keys ranked by a_j' · ‖v_j'‖
//   grouped-query attention: k_j and v_j come from the K/V head the query head shares with its group
// The exp / sum here is display arithmetic on stored logits, done once per selection change.
#pragma once

#include <vector>

#include "core/attention/attention.h"

namespace attn::app {

struct VecPreview {
    std::vector<float> first;  // the first min(n, limit) entries
    int size = 0;              // n
    float norm = 0.0f;         // Euclidean norm of the whole vector
    bool truncated() const { return int(first.size()) < size; }
};

struct KeyContribution {
    int key = 0;
    float weight = 0.0f;  // a_j
    float v_norm = 0.0f;  // ‖v_j‖ (head slice)
    float share = 0.0f;   // weight · v_norm
};

struct CellExplanation {
    int head = 0, i = 0, j = 0, d_k = 0;
    VecPreview q, k;            // q_i, k_j
    float dot = 0.0f;           // recomputed q_i · k_j
    float score = 0.0f;         // trace S_h(i, j)
    float factor = 1.0f;        // layer.factor (1/√d_k or 1, ÷ temperature)
    bool scale = true;
    float temperature = 1.0f;
    bool has_bias = false;      // a learned position bias joins the score (T5)
    float bias = 0.0f;          // b_h(j − i) ÷ temperature, or 0
    float logit = 0.0f;         // factor · score + bias (meaningless when masked)
    bool masked = false;
    bool row_fully_masked = false;
    float row_max = 0.0f;       // max visible logit of row i
    float exp_shifted = 0.0f;   // exp(logit − row_max); 0 when masked
    float row_sum = 0.0f;       // Σ over visible keys of exp(z − row_max)
    int visible = 0;            // keys not masked in row i
    float weight = 0.0f;        // exp_shifted / row_sum (recomputed)
    float trace_weight = 0.0f;  // A_h(i, j) from the trace
    std::vector<KeyContribution> top;  // largest share first, at most top_n
    VecPreview output;          // o_i of this head (row i of the head's slice of concat)
    // Grouped-query attention: the K/V head this query head reads, of n_kv_heads, shared by query
    // heads group_first … group_last; kv_head = -1 under multi-head attention.
    int kv_head = -1, n_kv_heads = 0, group_first = 0, group_last = 0;
};

// head, i, j must be in range (asserted). `preview`: vector entries to keep; `top_n`: keys listed.
CellExplanation explain_cell(const LayerTrace& layer, int head, int i, int j, int preview = 8,
                             int top_n = 5);

// A preview of any row vector (first `limit` entries + norm).
template <typename Row>
VecPreview preview_vector(const Row& row, int limit) {
    VecPreview p;
    p.size = int(row.size());
    for (int k = 0; k < p.size && k < limit; ++k) p.first.push_back(row(k));
    p.norm = row.norm();
    return p;
}

}  // namespace attn::app
