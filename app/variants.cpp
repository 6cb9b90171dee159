#include "app/variants.h"

#include <cassert>
#include <cstdlib>

#include "core/linear_attention.h"
#include "core/softmax.h"

namespace attn::app {

static Vec row_max_abs_diff(const Mat& a, const Mat& b) {
    return (a - b).cwiseAbs().rowwise().maxCoeff();
}

VariantsResult compute_variants(const Trace& trace, int head, int window, int tile) {
    assert(!trace.layers.empty() && head >= 0 && head < trace.layers[0].n_heads && window >= 0 && tile >= 1);
    const LayerTrace& L = trace.layers[0];
    VariantsResult r;
    r.head = head;
    r.window = window;
    r.tile = tile;
    const Mat q = L.q_head(head), k = L.k_head(head), v = L.v_head(head);  // (T, d_k)
    r.softmax_out = L.out_head(head);

    r.linear_out = linear_attention(q, k, v, trace.run.mask.causal);
    r.linear_err = row_max_abs_diff(r.linear_out, r.softmax_out);

    BoolMat windowed = L.blocked.size() > 0 ? L.blocked : BoolMat(BoolMat::Zero(L.t_q(), L.t_k()));
    for (int i = 0; i < L.t_q(); ++i)
        for (int j = 0; j < L.t_k(); ++j)
            if (std::abs(i - j) > window) windowed(i, j) = 1;
    r.window_out = masked_softmax(L.heads[head].scores, L.factor, &windowed) * v;
    r.window_err = row_max_abs_diff(r.window_out, r.softmax_out);

    r.online = online_softmax_attention(q, k, v, L.factor, L.blocked.size() > 0 ? &L.blocked : nullptr,
                                        tile, /*keep_tiles=*/true);
    r.online_err = L.t_q() > 0 ? (r.online.output - r.softmax_out).cwiseAbs().maxCoeff() : 0.0f;
    return r;
}

}  // namespace attn::app
