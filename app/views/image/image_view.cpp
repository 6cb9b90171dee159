// image_view.cpp — the Image view's numbers (Vision Transformers), GL-free
// (implementation; the interface and its contract are in image_view.h)
#include "app/views/image/image_view.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace attn::app {

int patch_count(const TraceImage& img) { return img.grid_rows * img.grid_cols; }

int patch_token(const TraceImage& img, int row, int col) {
    if (row < 0 || col < 0 || row >= img.grid_rows || col >= img.grid_cols) return -1;
    return img.prefix_tokens + row * img.grid_cols + col;
}

std::pair<int, int> token_patch(const TraceImage& img, int token) {
    const int p = token - img.prefix_tokens;
    if (p < 0 || p >= patch_count(img) || img.grid_cols <= 0) return {-1, -1};
    return {p / img.grid_cols, p % img.grid_cols};
}

int patch_at(const TraceImage& img, float u, float v) {
    if (!(u >= 0.0f && u < 1.0f && v >= 0.0f && v < 1.0f)) return -1;  // NaN too
    const int col = std::min(int(u * float(img.grid_cols)), img.grid_cols - 1);
    const int row = std::min(int(v * float(img.grid_rows)), img.grid_rows - 1);
    return patch_token(img, row, col);
}

bool select_start_patch(AppState& s, const Trace& trace, int row, int col) {
    if (!trace.image || trace.layers.empty()) return false;
    const int token = patch_token(*trace.image, row, col);
    if (token < 0 || token >= trace.t_q()) return false;
    clamp_selection(s, trace);
    s.image_query = token;
    s.sel_query = token;
    const LayerTrace& layer = trace.layers[size_t(clamp_layer(s.layer, trace))];
    const Mat& a = layer.heads[size_t(std::clamp(s.head, 0, layer.n_heads - 1))].weights;  // (T_q, T_k)
    Eigen::Index best = 0;
    a.row(token).maxCoeff(&best);
    s.sel_key = a(token, best) > 0.0f ? int(best) : -1;
    return true;
}

std::vector<float> patch_attention(const LayerTrace& layer, const TraceImage& img, int query, int head) {
    const int n = patch_count(img);
    assert(query >= 0 && query < layer.t_q() && "query token inside the trace");
    assert(img.prefix_tokens + n <= layer.t_k() && "the picture's patches are keys of the layer");
    std::vector<float> out(size_t(n), 0.0f);
    if (head >= 0) {
        const Mat& a = layer.heads[size_t(head)].weights;  // (T, T)
        for (int p = 0; p < n; ++p) out[size_t(p)] = a(query, img.prefix_tokens + p);
        return out;
    }
    if (layer.n_heads <= 0) return out;
    for (const HeadTrace& h : layer.heads) {  // (1/H) Σ_h A_h[query, prefix:]
        for (int p = 0; p < n; ++p) out[size_t(p)] += h.weights(query, img.prefix_tokens + p);
    }
    const float inv = 1.0f / float(layer.n_heads);
    for (float& x : out) x *= inv;
    return out;
}

std::string prefix_names(const Trace& trace) {
    std::string out;
    const int n = trace.image ? std::min<int>(trace.image->prefix_tokens, int(trace.k_tokens.size())) : 0;
    for (int i = 0; i < n; ++i) out += (i > 0 ? ", " : "") + trace.k_tokens[std::size_t(i)].text;
    return out;
}

float prefix_share(const LayerTrace& layer, const TraceImage& img, int query, int head) {
    float s = 0.0f;
    for (int j = 0; j < img.prefix_tokens && j < layer.t_k(); ++j) {
        if (head >= 0) {
            s += layer.heads[size_t(head)].weights(query, j);
        } else {
            for (const HeadTrace& h : layer.heads) s += h.weights(query, j);
        }
    }
    return head >= 0 || layer.n_heads <= 0 ? s : s / float(layer.n_heads);
}

std::vector<float> patch_row(const Mat& a, const TraceImage& img, int query) {
    const int n = patch_count(img);
    assert(query >= 0 && query < a.rows() && img.prefix_tokens + n <= a.cols());
    std::vector<float> out(static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) out[size_t(p)] = a(query, img.prefix_tokens + p);
    return out;
}

std::vector<std::uint8_t> mass_set(const std::vector<float>& values, float fraction) {
    std::vector<std::uint8_t> keep(values.size(), 0);
    double total = 0.0;
    for (float v : values) total += std::max(v, 0.0f);
    if (!(total > 0.0)) return keep;
    std::vector<int> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return values[size_t(a)] > values[size_t(b)]; });
    double before = 0.0;  // mass of the larger patches already kept
    for (int idx : order) {
        if (before >= double(fraction) * total) break;
        keep[size_t(idx)] = 1;
        before += std::max(values[size_t(idx)], 0.0f);
    }
    return keep;
}

float max_value(const std::vector<float>& values) {
    float m = 0.0f;
    for (float v : values) m = std::max(m, v);
    return m;
}

std::vector<ClassScore> top_classes(const TraceImage& img, int k) {
    std::vector<ClassScore> out;
    const int n = int(img.logits.size());
    if (n == 0 || k <= 0) return out;
    const float mx = *std::max_element(img.logits.begin(), img.logits.end());
    std::vector<double> e(static_cast<size_t>(n));
    double sum = 0.0;
    for (int i = 0; i < n; ++i) sum += e[size_t(i)] = std::exp(double(img.logits[size_t(i)]) - double(mx));
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    const int shown = std::min(k, n);
    std::partial_sort(order.begin(), order.begin() + shown, order.end(), [&](int a, int b) {
        return img.logits[size_t(a)] > img.logits[size_t(b)] || (img.logits[size_t(a)] == img.logits[size_t(b)] && a < b);
    });
    for (int r = 0; r < shown; ++r) {
        const int id = order[size_t(r)];
        ClassScore c;
        c.id = id;
        c.label = size_t(id) < img.labels.size() && !img.labels[size_t(id)].empty() ? img.labels[size_t(id)]
                                                                                     : "class " + std::to_string(id);
        c.probability = float(e[size_t(id)] / sum);
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace attn::app
