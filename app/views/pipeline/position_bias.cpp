// position_bias.cpp — T5's bias per distance from a trace (position_bias.h).
#include "app/views/pipeline/position_bias.h"

#include <algorithm>

namespace attn::app {

BiasCurves bias_curves(const LayerTrace& L) {
    BiasCurves c;
    if (!L.has_position_bias() || L.t_q() == 0 || L.t_k() == 0) return c;
    const int t_q = L.t_q(), t_k = L.t_k();
    // Causal: every key after its query is hidden.
    c.causal = L.blocked.size() > 0;
    for (int i = 0; i < t_q && c.causal; ++i)
        for (int j = i + 1; j < t_k; ++j)
            if (!L.is_blocked(i, j)) c.causal = false;
    const int last = c.causal ? 0 : t_k - 1;
    for (int d = -(t_q - 1); d <= last; ++d) c.distance.push_back(d);
    c.by_head.assign(size_t(L.n_heads), {});
    for (int h = 0; h < L.n_heads; ++h) {
        const Mat& b = L.position_bias[size_t(h)];  // (T_q, T_k)
        for (int d : c.distance) {
            // Any cell on the diagonal j − i = d; the first query that has one.
            const int i = std::max(0, -d), j = i + d;
            const bool inside = i < t_q && j >= 0 && j < t_k;
            c.by_head[size_t(h)].push_back(inside ? b(i, j) / L.temperature : 0.0f);
        }
    }
    return c;
}

}  // namespace attn::app
