// variants.cpp — the Variants view's numbers (GL-free): one head of the trace computed three ways
// (implementation; the interface and its contract are in variants.h)
#include "app/views/variants/variants.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "core/attention/linear_attention.h"
#include "core/attention/softmax.h"

namespace attn::app {

static Vec row_max_abs_diff(const Mat& a, const Mat& b) {
    return (a - b).cwiseAbs().rowwise().maxCoeff();
}

VariantsResult compute_variants(const Trace& trace, int layer, int head, int window, int tile) {
    assert(layer >= 0 && layer < int(trace.layers.size()) && head >= 0 && head < trace.layers[size_t(layer)].n_heads &&
           window >= 0 && tile >= 1);
    const LayerTrace& L = trace.layers[size_t(layer)];
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

bool same_variants_request(const VariantsRequest& a, const VariantsRequest& b) {
    return a.trace == b.trace && a.layer == b.layer && a.head == b.head && a.window == b.window && a.tile == b.tile;
}

VariantsResult run_variants_request(const VariantsRequest& request) {
    assert(request.trace && !request.trace->layers.empty() && "post only a trace with a layer");
    const int layer = std::clamp(request.layer, 0, int(request.trace->layers.size()) - 1);
    const int heads = request.trace->layers[size_t(layer)].n_heads;
    return compute_variants(*request.trace, layer, std::clamp(request.head, 0, heads - 1), std::max(0, request.window),
                            std::max(1, request.tile));
}

}  // namespace attn::app
