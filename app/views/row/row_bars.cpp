// row_bars.cpp — one query's attention weights as bars, sorted or in sentence order (GL-free)
// (implementation; the interface and its contract are in row_bars.h)
#include "app/views/row/row_bars.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace attn::app {

int row_for_selection(const Trace& trace, int sel_query) {
    const int tq = int(trace.q_tokens.size());
    return sel_query >= 0 && sel_query < tq ? sel_query : std::max(tq - 1, 0);
}

RowBars make_row_bars(const Trace& trace, int layer, int head, int row, bool sorted) {
    assert(layer >= 0 && layer < int(trace.layers.size()) && "layer out of range");
    const LayerTrace& L = trace.layers[size_t(layer)];
    assert(head >= 0 && head < L.n_heads && "head out of range");
    const Mat& w = L.heads[size_t(head)].weights;  // (T_q, T_k)
    RowBars b;
    b.row = row_for_selection(trace, row);
    const int tk = int(w.cols());
    if (b.row < int(trace.q_tokens.size())) b.query = trace.q_tokens[size_t(b.row)].text;
    std::vector<int> order(static_cast<size_t>(tk));
    std::iota(order.begin(), order.end(), 0);
    if (sorted) {
        std::stable_sort(order.begin(), order.end(),
                         [&](int x, int y) { return w(b.row, x) > w(b.row, y); });
    }
    float best = -1.0f;
    for (int j = 0; j < tk; ++j) {
        const float a = w(b.row, j);
        const bool hidden = L.blocked.size() > 0 && L.blocked(b.row, j) != 0;
        b.sum += a;
        if (a > 0.0f) b.entropy -= a * std::log(a);
        if (!hidden && a > best) {
            best = a;
            b.argmax = j;
        }
    }
    if (b.sum == 0.0f) b.argmax = -1;  // fully masked row: all zeros
    for (int j : order) {
        b.keys.push_back(j);
        b.labels.push_back(j < int(trace.k_tokens.size()) ? trace.k_tokens[size_t(j)].text : std::to_string(j));
        b.weights.push_back(w(b.row, j));
        b.masked.push_back(L.blocked.size() > 0 && L.blocked(b.row, j) != 0 ? 1 : 0);
    }
    return b;
}

}  // namespace attn::app
