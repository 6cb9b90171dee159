// attn_distance.h — the Attention distance view's numbers (ViT paper, Figure 7 right), GL-free.
//
//   one dot per (layer, head): x = layer (from 1), y = the head's mean attention distance in pixels
//   (core/attention/vision_stats.h: patch queries only, the class token's share left out and reported)
//   a line through the heads' mean per layer, and the distance uniform attention would give
#pragma once

#include <vector>

#include "core/attention/trace.h"
#include "core/attention/vision_stats.h"

namespace attn::app {

struct DistancePlotData {
    int n_layers = 0, n_heads = 0;
    AttentionDistance raw;                  // (n_layers, n_heads) distance and prefix share
    std::vector<double> layers;             // (n_layers) 1 … n_layers
    std::vector<double> layer_mean;         // (n_layers) mean of the heads
    double uniform = 0.0;                   // uniform attention over every patch, pixels
    double prefix_share = 0.0;              // mean over layers and heads
};

// For an image trace (asserted).
DistancePlotData distance_plot_data(const Trace& trace);

std::vector<double> head_column(const DistancePlotData& d, int head);  // (n_layers) distances of one head

}  // namespace attn::app
