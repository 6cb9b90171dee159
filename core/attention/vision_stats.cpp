// vision_stats.cpp — mean attention distance and position-embedding similarity of a ViT trace
// (implementation; the definitions are in vision_stats.h)
#include "core/attention/vision_stats.h"

#include <cassert>
#include <cmath>

namespace attn {

Mat patch_distances(const TraceImage& img) {
    const int n = img.grid_rows * img.grid_cols;
    Mat d(n, n);  // (N, N)
    for (int i = 0; i < n; ++i) {
        const int ri = i / img.grid_cols, ci = i % img.grid_cols;
        for (int j = 0; j < n; ++j) {
            const double dr = ri - j / img.grid_cols, dc = ci - j % img.grid_cols;
            d(i, j) = float(img.patch_size * std::sqrt(dr * dr + dc * dc));
        }
    }
    return d;
}

AttentionDistance mean_attention_distance(const Trace& trace) {
    assert(trace.image && "mean_attention_distance: an image trace");
    const TraceImage& img = *trace.image;
    const int n = img.grid_rows * img.grid_cols, pre = img.prefix_tokens;
    const int n_layers = int(trace.layers.size());
    const int n_heads = n_layers > 0 ? trace.layers[0].n_heads : 0;
    const Mat dist = patch_distances(img);  // (N, N)
    AttentionDistance out;
    out.distance = Mat::Zero(n_layers, n_heads);
    out.prefix_share = Mat::Zero(n_layers, n_heads);
    if (n == 0) return out;
    for (int l = 0; l < n_layers; ++l) {
        const LayerTrace& L = trace.layers[size_t(l)];
        assert(L.n_heads == n_heads && L.t_q() >= pre + n && L.t_k() >= pre + n);
        for (int h = 0; h < n_heads; ++h) {
            const Mat& a = L.heads[size_t(h)].weights;  // (T, T)
            double sum_d = 0.0, sum_prefix = 0.0;
            for (int i = 0; i < n; ++i) {
                const auto row = a.row(pre + i);
                for (int j = 0; j < pre; ++j) sum_prefix += row(j);
                for (int j = 0; j < n; ++j) sum_d += double(row(pre + j)) * double(dist(i, j));
            }
            out.distance(l, h) = float(sum_d / n);
            out.prefix_share(l, h) = float(sum_prefix / n);
        }
    }
    return out;
}

double uniform_attention_distance(const TraceImage& img) {
    const Mat d = patch_distances(img);  // (N, N)
    return d.size() > 0 ? d.cast<double>().mean() : 0.0;
}

Mat position_similarity(const Trace& trace) {
    assert(trace.image && "position_similarity: an image trace");
    const TraceImage& img = *trace.image;
    const int n = img.grid_rows * img.grid_cols, pre = img.prefix_tokens;
    assert(trace.q_positions.rows() >= pre + n && "the patches' position embeddings are in the trace");
    const auto p = trace.q_positions.middleRows(pre, n).cast<double>();  // (N, d)
    const Eigen::VectorXd norm = p.rowwise().norm();                   // (N)
    const Eigen::MatrixXd dot = p * p.transpose();                     // (N, N)
    Mat s(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            s(i, j) = norm(i) > 0 && norm(j) > 0 ? float(dot(i, j) / (norm(i) * norm(j))) : 0.0f;
    return s;
}

}  // namespace attn
