// attn_distance.cpp — the Attention distance view's numbers (ViT paper, Figure 7 right), GL-free
// (implementation; the interface and its contract are in attn_distance.h)
#include "app/views/attn_distance/attn_distance.h"

#include <algorithm>
#include <cassert>

namespace attn::app {

DistancePlotData distance_plot_data(const Trace& trace) {
    assert(trace.image && "distance_plot_data: an image trace");
    DistancePlotData d;
    d.raw = mean_attention_distance(trace);
    d.n_layers = int(d.raw.distance.rows());
    d.n_heads = int(d.raw.distance.cols());
    for (int l = 0; l < d.n_layers; ++l) {
        d.layers.push_back(l + 1);
        d.layer_mean.push_back(d.n_heads > 0 ? d.raw.distance.row(l).cast<double>().mean() : 0.0);
    }
    d.uniform = uniform_attention_distance(*trace.image);
    d.prefix_share = d.raw.prefix_share.size() > 0 ? d.raw.prefix_share.cast<double>().mean() : 0.0;
    return d;
}

std::vector<double> head_column(const DistancePlotData& d, int head) {
    assert(head >= 0 && head < d.n_heads);
    std::vector<double> out(size_t(d.n_layers));
    for (int l = 0; l < d.n_layers; ++l) out[size_t(l)] = d.raw.distance(l, head);
    return out;
}

}  // namespace attn::app
