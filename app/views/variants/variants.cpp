// variants.cpp — the Variants view's numbers (GL-free): one head of the trace computed three ways
// (implementation; the interface and its contract are in variants.h)
#include "app/views/variants/variants.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>

#include "core/attention/linear_attention.h"
#include "core/attention/softmax.h"
#include "core/base/colormap.h"

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

    // Pictures: the three weight matrices on one scale, the differences on one diverging scale.
    r.softmax_w = L.heads[size_t(head)].weights;                          // (T_q, T_k)
    r.window_w = masked_softmax(L.heads[size_t(head)].scores, L.factor, &windowed);
    r.linear_w = linear_attention_weights(q, k, trace.run.mask.causal);  // (T_q, T_k)
    if (L.blocked.size() > 0) {  // the run's mask hides the same cells in the linear picture
        for (int i = 0; i < L.t_q(); ++i) {
            float sum = 0.0f;
            for (int j = 0; j < L.t_k(); ++j) {
                if (L.blocked(i, j)) r.linear_w(i, j) = 0.0f;
                sum += r.linear_w(i, j);
            }
            if (sum > 0.0f) r.linear_w.row(i) /= sum;
        }
    }
    r.weight_max = std::max({r.softmax_w.size() ? r.softmax_w.maxCoeff() : 0.0f,
                             r.window_w.size() ? r.window_w.maxCoeff() : 0.0f,
                             r.linear_w.size() ? r.linear_w.maxCoeff() : 0.0f, 1e-6f});
    r.softmax_map = weights_map(r.softmax_w, L.blocked, r.weight_max);
    r.window_map = weights_map(r.window_w, windowed, r.weight_max);
    r.linear_map = weights_map(r.linear_w, L.blocked, r.weight_max);
    if (r.softmax_w.size() > 0) {
        r.diff_max = std::max({(r.window_w - r.softmax_w).cwiseAbs().maxCoeff(),
                               (r.linear_w - r.softmax_w).cwiseAbs().maxCoeff(), 1e-6f});
    }
    r.window_diff_rgba = difference_rgba(r.window_w, r.softmax_w, r.diff_max);
    r.linear_diff_rgba = difference_rgba(r.linear_w, r.softmax_w, r.diff_max);
    return r;
}

HeatmapData weights_map(const Mat& w, const BoolMat& blocked, float vmax) {
    HeatmapData d;
    d.rows = int(w.rows());
    d.cols = int(w.cols());
    d.values.assign(w.data(), w.data() + w.size());
    d.masked.assign(d.values.size(), 0);
    if (blocked.rows() == w.rows() && blocked.cols() == w.cols())
        for (size_t k = 0; k < d.masked.size(); ++k) d.masked[k] = blocked.data()[k] ? 1 : 0;
    d.vmin = 0.0f;
    d.vmax = vmax > 0.0f ? vmax : 1.0f;
    d.fixed_range = false;
    return d;
}

std::vector<std::uint8_t> difference_rgba(const Mat& a, const Mat& b, float range) {
    assert(a.rows() == b.rows() && a.cols() == b.cols());
    std::vector<std::uint8_t> out(size_t(a.size()) * 4);
    const float r = range > 0.0f ? range : 1.0f;
    for (Eigen::Index k = 0; k < a.size(); ++k) {
        const float t = std::clamp(0.5f + 0.5f * (a.data()[k] - b.data()[k]) / r, 0.0f, 1.0f);
        const Rgb c = diverging_rgb(t);
        out[size_t(k) * 4 + 0] = std::uint8_t(std::lround(c.r * 255.0f));
        out[size_t(k) * 4 + 1] = std::uint8_t(std::lround(c.g * 255.0f));
        out[size_t(k) * 4 + 2] = std::uint8_t(std::lround(c.b * 255.0f));
        out[size_t(k) * 4 + 3] = 255;
    }
    return out;
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
