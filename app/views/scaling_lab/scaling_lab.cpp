// scaling_lab.cpp — the numbers of the scaling lab (GL-free): why divide by √d_k
// (implementation; the interface and its contract are in scaling_lab.h)
#include "app/views/scaling_lab/scaling_lab.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <random>

#include "core/base/colormap.h"

namespace attn::app {

DifferenceMap make_difference_map(const LayerTrace& scaled, const LayerTrace& unscaled, int head) {
    assert(scaled.t_q() == unscaled.t_q() && scaled.t_k() == unscaled.t_k() && "same run, same shape");
    const Mat& a = scaled.heads[size_t(head)].weights;    // (T_q, T_k)
    const Mat& b = unscaled.heads[size_t(head)].weights;  // (T_q, T_k)
    DifferenceMap m;
    m.rows = int(a.rows());
    m.cols = int(a.cols());
    const size_t n = size_t(m.rows) * size_t(m.cols);
    m.diff.resize(n);
    m.rgba.resize(n * 4);
    for (int i = 0; i < m.rows; ++i) {
        for (int j = 0; j < m.cols; ++j) {
            const float d = scaled.is_blocked(i, j) ? 0.0f : a(i, j) - b(i, j);
            m.diff[size_t(i) * m.cols + j] = d;
            m.max_abs = std::max(m.max_abs, std::fabs(d));
        }
    }
    const float span = m.max_abs > 0.0f ? m.max_abs : 1.0f;
    for (int i = 0; i < m.rows; ++i) {
        for (int j = 0; j < m.cols; ++j) {
            const size_t k = size_t(i) * m.cols + j;
            std::uint8_t* px = &m.rgba[k * 4];
            if (scaled.is_blocked(i, j)) {
                px[0] = px[1] = px[2] = 70;
            } else {
                const Rgb c = diverging_rgb(0.5f + 0.5f * m.diff[k] / span);
                px[0] = std::uint8_t(std::lround(c.r * 255.0f));
                px[1] = std::uint8_t(std::lround(c.g * 255.0f));
                px[2] = std::uint8_t(std::lround(c.b * 255.0f));
            }
            px[3] = 255;
        }
    }
    return m;
}

Histogram logit_histogram(const LayerTrace& layer, int head, int bins) {
    assert(bins > 0 && "at least one bin");
    Histogram h;
    h.counts.assign(size_t(bins), 0.0f);
    const Mat& s = layer.heads[size_t(head)].scores;  // (T_q, T_k)
    float lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < s.rows(); ++i) {
        for (int j = 0; j < s.cols(); ++j) {
            if (layer.is_blocked(i, j)) continue;
            const float z = layer.logit(head, i, j);  // factor · s (+ T5's position bias)
            lo = std::min(lo, z);
            hi = std::max(hi, z);
        }
    }
    if (!(lo <= hi)) return h;  // every cell masked
    if (hi == lo) hi = lo + 1.0f;
    h.lo = lo;
    h.hi = hi;
    for (int i = 0; i < s.rows(); ++i) {
        for (int j = 0; j < s.cols(); ++j) {
            if (layer.is_blocked(i, j)) continue;
            const float z = layer.logit(head, i, j);  // factor · s (+ T5's position bias)
            const int b = std::clamp(int((z - lo) / (hi - lo) * float(bins)), 0, bins - 1);
            h.counts[size_t(b)] += 1.0f;
            ++h.total;
        }
    }
    return h;
}

namespace {
// Entropy (nats) and max of softmax(z · f) for one row of logits.
void softmax_row_stats(const std::vector<double>& z, double f, double* entropy, double* max_weight) {
    double m = -INFINITY;
    for (double v : z) m = std::max(m, v * f);
    double sum = 0.0;
    for (double v : z) sum += std::exp(v * f - m);
    double h = 0.0, pmax = 0.0;
    for (double v : z) {
        const double p = std::exp(v * f - m) / sum;
        if (p > 0.0) h -= p * std::log(p);
        pmax = std::max(pmax, p);
    }
    *entropy = h;
    *max_weight = pmax;
}
}  // namespace

DkDemo run_dk_demo(int d_k, int keys, int rows, std::uint64_t seed) {
    assert(d_k > 0 && keys > 0 && rows > 0);
    DkDemo r;
    r.d_k = d_k;
    r.keys = keys;
    r.rows = rows;
    r.entropy_uniform = std::log(double(keys));
    std::mt19937_64 rng(seed * 1000003u + std::uint64_t(d_k));
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<double> q(static_cast<size_t>(d_k)), k(static_cast<size_t>(d_k)), z(static_cast<size_t>(keys));
    const double inv_sqrt = 1.0 / std::sqrt(double(d_k));
    double sum = 0.0, sum2 = 0.0;
    for (int row = 0; row < rows; ++row) {
        for (double& x : q) x = normal(rng);
        for (int c = 0; c < keys; ++c) {
            double dot = 0.0;
            for (int d = 0; d < d_k; ++d) {
                k[size_t(d)] = normal(rng);
                dot += q[size_t(d)] * k[size_t(d)];
            }
            z[size_t(c)] = dot;
            sum += dot;
            sum2 += dot * dot;
        }
        double h = 0.0, m = 0.0;
        softmax_row_stats(z, 1.0, &h, &m);
        r.entropy_unscaled += h;
        r.max_weight_unscaled += m;
        softmax_row_stats(z, inv_sqrt, &h, &m);
        r.entropy_scaled += h;
        r.max_weight_scaled += m;
    }
    const double n = double(rows) * double(keys);
    r.dot_mean = sum / n;
    r.dot_var = sum2 / n - r.dot_mean * r.dot_mean;
    r.scaled_var = r.dot_var / double(d_k);
    r.entropy_unscaled /= rows;
    r.entropy_scaled /= rows;
    r.max_weight_unscaled /= rows;
    r.max_weight_scaled /= rows;
    return r;
}

DkCurve run_dk_curve(std::uint64_t seed) {
    DkCurve curve;
    for (int k = 0; k < kDkDemoCount; ++k) curve[size_t(k)] = run_dk_demo(kDkDemoValues[k], 16, 64, seed);
    return curve;
}

bool same_scaling_request(const ScalingRequest& a, const ScalingRequest& b) {
    return a.trace == b.trace && a.layer == b.layer && a.head == b.head;
}

ScalingMaps run_scaling_request(const ScalingRequest& request) {
    assert(request.trace && !request.trace->layers.empty());
    const size_t layer = size_t(std::clamp(request.layer, 0, int(request.trace->layers.size()) - 1));
    const LayerTrace& main = request.trace->layers[layer];
    const int head = std::clamp(request.head, 0, main.n_heads - 1);
    ScalingMaps m;
    m.other = other_scaling_layer(main, head);
    const LayerTrace& scaled = main.scale ? main : m.other;
    const LayerTrace& unscaled = main.scale ? m.other : main;
    m.scaled = make_heatmap_data(scaled, head, HeatmapQuantity::Weights);
    m.unscaled = make_heatmap_data(unscaled, head, HeatmapQuantity::Weights);
    m.diff = make_difference_map(scaled, unscaled, head);
    m.hist_scaled = logit_histogram(scaled, head, kScalingHistogramBins);
    m.hist_unscaled = logit_histogram(unscaled, head, kScalingHistogramBins);
    return m;
}

}  // namespace attn::app
