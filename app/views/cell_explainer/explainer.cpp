// explainer.cpp — the numbers behind one heatmap cell (i, j) of one head, read from a trace (GL-free)
// (implementation; the interface and its contract are in explainer.h)
#include "app/views/cell_explainer/explainer.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace attn::app {

CellExplanation explain_cell(const LayerTrace& layer, int head, int i, int j, int preview, int top_n) {
    assert(head >= 0 && head < layer.n_heads && i >= 0 && i < layer.t_q() && j >= 0 && j < layer.t_k() &&
           "cell out of range");
    const HeadTrace& h = layer.heads[size_t(head)];
    CellExplanation e;
    e.head = head;
    e.i = i;
    e.j = j;
    e.d_k = layer.d_k;
    const auto q = layer.q_head(head).row(i);  // (d_k)
    const auto k = layer.k_head(head).row(j);  // (d_k)
    e.q = preview_vector(q, preview);
    e.k = preview_vector(k, preview);
    e.dot = q.dot(k);
    e.score = h.scores(i, j);
    e.factor = layer.factor;
    e.scale = layer.scale;
    e.temperature = layer.temperature;
    e.has_bias = layer.has_position_bias();
    e.bias = e.has_bias ? layer.position_bias[size_t(head)](i, j) / layer.temperature : 0.0f;
    e.logit = layer.factor * e.score + e.bias;
    e.masked = layer.is_blocked(i, j);
    e.row_fully_masked = i < int(layer.fully_masked.size()) && layer.fully_masked[size_t(i)] != 0;
    e.trace_weight = h.weights(i, j);
    if (!layer.kv_head.empty()) {
        e.kv_head = layer.kv_head_of(head);
        e.n_kv_heads = layer.kv_heads();
        e.group_first = e.group_last = head;
        while (e.group_first > 0 && layer.kv_head_of(e.group_first - 1) == e.kv_head) --e.group_first;
        while (e.group_last + 1 < layer.n_heads && layer.kv_head_of(e.group_last + 1) == e.kv_head) ++e.group_last;
    }

    // Row i: max, shifted exponentials and their sum over visible keys.
    const int t_k = layer.t_k();
    float row_max = -INFINITY;
    for (int c = 0; c < t_k; ++c) {
        if (!layer.is_blocked(i, c)) row_max = std::max(row_max, layer.logit(head, i, c));
    }
    double sum = 0.0;
    for (int c = 0; c < t_k; ++c) {
        if (layer.is_blocked(i, c)) continue;
        sum += std::exp(double(layer.logit(head, i, c)) - double(row_max));
        ++e.visible;
    }
    if (e.visible > 0) {
        e.row_max = row_max;
        e.row_sum = float(sum);
        if (!e.masked) {
            const double ex = std::exp(double(e.logit) - double(row_max));
            e.exp_shifted = float(ex);
            e.weight = float(ex / sum);
        }
    }

    // How the weights mix V: contribution size of each key = a_j · ‖v_j‖.
    const auto v = layer.v_head(head);  // (T_k, d_k)
    std::vector<KeyContribution> all;
    all.reserve(size_t(t_k));
    for (int c = 0; c < t_k; ++c) {
        KeyContribution kc;
        kc.key = c;
        kc.weight = h.weights(i, c);
        kc.v_norm = v.row(c).norm();
        kc.share = kc.weight * kc.v_norm;
        all.push_back(kc);
    }
    const size_t n = std::min(all.size(), size_t(std::max(top_n, 0)));
    std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(n), all.end(),
                      [](const KeyContribution& a, const KeyContribution& b) {
                          return a.share != b.share ? a.share > b.share : a.key < b.key;
                      });
    all.resize(n);
    e.top = std::move(all);
    e.output = preview_vector(layer.out_head(head).row(i), preview);
    return e;
}

}  // namespace attn::app
