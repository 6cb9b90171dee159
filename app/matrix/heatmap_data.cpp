// heatmap_data.cpp — the numbers one heatmap shows, taken from a trace (GL-free)
// (implementation; the interface and its contract are in heatmap_data.h)
#include "app/matrix/heatmap_data.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/attention/attention_flow.h"

namespace attn::app {

HeatmapData make_heatmap_data(const LayerTrace& layer, int head, HeatmapQuantity quantity) {
    assert(head >= 0 && head < layer.n_heads && "head out of range");
    const HeadTrace& h = layer.heads[head];
    HeatmapData d;
    d.rows = int(h.weights.rows());
    d.cols = int(h.weights.cols());
    d.values.resize(size_t(d.rows) * d.cols);
    d.masked.resize(size_t(d.rows) * d.cols);
    d.fixed_range = quantity == HeatmapQuantity::Weights || quantity == HeatmapQuantity::Rollout;

    float lo = std::numeric_limits<float>::infinity();
    float hi = -lo;
    for (int i = 0; i < d.rows; ++i) {
        for (int j = 0; j < d.cols; ++j) {
            const size_t k = size_t(i) * d.cols + j;
            const bool masked = layer.is_blocked(i, j);
            float v = 0.0f;
            switch (quantity) {
                case HeatmapQuantity::Weights:
                case HeatmapQuantity::Rollout:  // make_rollout_data; the weights until it is computed
                    v = h.weights(i, j);
                    break;
                case HeatmapQuantity::Scores: v = h.scores(i, j); break;
                case HeatmapQuantity::Scaled: v = masked ? 0.0f : layer.scaled_score(head, i, j); break;
            }
            d.values[k] = v;
            d.masked[k] = masked ? 1 : 0;
            if (!masked && std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (d.fixed_range) {
        d.vmin = 0.0f;
        d.vmax = 1.0f;
    } else if (lo <= hi) {
        d.vmin = lo;
        d.vmax = hi > lo ? hi : lo + 1.0f;  // a constant matrix still gets a usable scale
    } else {  // every cell masked
        d.vmin = 0.0f;
        d.vmax = 1.0f;
    }
    return d;
}

HeatmapData make_head_average_data(const LayerTrace& layer) {
    assert(layer.n_heads > 0 && "a layer has heads");
    Mat mean = layer.heads[0].weights;  // (T_q, T_k)
    for (int h = 1; h < layer.n_heads; ++h) mean += layer.heads[size_t(h)].weights;
    mean /= float(layer.n_heads);
    HeatmapData d;
    d.rows = int(mean.rows());
    d.cols = int(mean.cols());
    d.values.assign(mean.data(), mean.data() + mean.size());  // row-major, as HeatmapData
    d.masked.resize(d.values.size());
    for (int i = 0; i < d.rows; ++i) {
        for (int j = 0; j < d.cols; ++j) d.masked[size_t(i) * d.cols + j] = layer.is_blocked(i, j) ? 1 : 0;
    }
    return d;  // fixed [0, 1] range: the defaults
}

float value_quantile(const HeatmapData& data, float q) {
    std::vector<float> visible;
    visible.reserve(data.values.size());
    for (size_t k = 0; k < data.values.size(); ++k) {
        if (!data.masked[k]) visible.push_back(data.values[k]);
    }
    if (visible.empty()) return 0.0f;
    const size_t rank = std::min(visible.size() - 1, size_t(std::clamp(q, 0.0f, 1.0f) * float(visible.size())));
    std::nth_element(visible.begin(), visible.begin() + std::ptrdiff_t(rank), visible.end());
    return visible[rank];
}

std::vector<float> interleave_value_mask(const HeatmapData& data) {
    std::vector<float> texels(data.values.size() * 2);
    for (size_t k = 0; k < data.values.size(); ++k) {
        texels[2 * k] = data.values[k];
        texels[2 * k + 1] = data.masked[k] ? 1.0f : 0.0f;
    }
    return texels;
}

std::array<std::uint8_t, kColormapEntries * 3> colormap_texture_bytes(Colormap map) {
    std::array<std::uint8_t, kColormapEntries * 3> bytes{};
    for (int k = 0; k < kColormapEntries; ++k) {
        const Rgb8 c = colormap_rgb8(map, float(k) / float(kColormapEntries - 1));
        bytes[size_t(k) * 3 + 0] = c.r;
        bytes[size_t(k) * 3 + 1] = c.g;
        bytes[size_t(k) * 3 + 2] = c.b;
    }
    return bytes;
}

float normalized(const HeatmapData& data, float value) {
    const float span = data.vmax - data.vmin;
    if (!(span > 0.0f)) return 0.0f;
    return std::clamp((value - data.vmin) / span, 0.0f, 1.0f);
}

CellInfo cell_info(const LayerTrace& layer, int head, int i, int j) {
    assert(head >= 0 && head < layer.n_heads && i >= 0 && i < layer.t_q() && j >= 0 &&
           j < layer.t_k() && "cell out of range");
    const HeadTrace& h = layer.heads[head];
    CellInfo c;
    c.score = h.scores(i, j);
    c.factor = layer.factor;
    c.logit = layer.scaled_score(head, i, j);
    c.masked = layer.is_blocked(i, j);
    c.row_fully_masked = i < int(layer.fully_masked.size()) && layer.fully_masked[i] != 0;
    c.weight = h.weights(i, j);
    return c;
}

HeatmapData matrix_heatmap_data(const Mat& m, const BoolMat* masked) {
    HeatmapData d;
    d.rows = int(m.rows());
    d.cols = int(m.cols());
    d.fixed_range = false;
    d.values.assign(m.data(), m.data() + m.size());  // row-major, as HeatmapData
    d.masked.assign(d.values.size(), 0);
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (size_t k = 0; k < d.values.size(); ++k) {
        const bool hidden = masked != nullptr && masked->size() > 0 && masked->data()[k] != 0;
        d.masked[k] = hidden ? 1 : 0;
        if (hidden) {
            d.values[k] = 0.0f;
            continue;
        }
        if (std::isfinite(d.values[k])) {
            lo = std::min(lo, d.values[k]);
            hi = std::max(hi, d.values[k]);
        }
    }
    if (lo <= hi) {
        d.vmin = lo;
        d.vmax = hi > lo ? hi : lo + 1.0f;
    }
    return d;
}

void apply_auto_contrast(HeatmapData& d) {
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (size_t k = 0; k < d.values.size(); ++k) {
        if ((k < d.masked.size() && d.masked[k]) || !std::isfinite(d.values[k])) continue;
        lo = std::min(lo, d.values[k]);
        hi = std::max(hi, d.values[k]);
    }
    if (!(lo <= hi)) return;
    d.vmin = lo;
    d.vmax = hi > lo ? hi : lo + 1.0f;
    d.fixed_range = false;
}

bool rollout_available(const Trace& trace) {
    if (trace.layers.empty() || trace.q_tokens.size() != trace.k_tokens.size()) return false;
    for (size_t i = 0; i < trace.q_tokens.size(); ++i)
        if (trace.q_tokens[i].text != trace.k_tokens[i].text) return false;  // cross-attention
    for (const LayerTrace& l : trace.layers)
        if (l.t_q() != l.t_k() || l.t_q() != int(trace.q_tokens.size())) return false;
    return true;
}

std::vector<Mat> compute_rollout(const Trace& trace) {
    assert(rollout_available(trace) && "compute_rollout: self-attention traces only");
    return attention_rollout(trace.layers);
}

HeatmapData make_rollout_data(const Mat& rollout) {
    HeatmapData d;
    d.rows = int(rollout.rows());
    d.cols = int(rollout.cols());
    d.values.resize(size_t(d.rows) * d.cols);
    d.masked.assign(size_t(d.rows) * d.cols, 0);
    for (int i = 0; i < d.rows; ++i)
        for (int j = 0; j < d.cols; ++j) d.values[size_t(i) * d.cols + j] = rollout(i, j);
    d.vmin = 0.0f;
    d.vmax = 1.0f;
    d.fixed_range = true;
    return d;
}

}  // namespace attn::app
