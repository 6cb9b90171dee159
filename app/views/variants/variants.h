// variants.h — the Variants view's numbers (GL-free): one head of the trace computed three ways
// (softmax, linear attention, a local window) and the tiled online softmax stepped tile by tile.
//
// These are other algorithms, not intermediates of the run, so they are computed here from the
// trace's Q_h, K_h, V_h — once per (trace, head, window, tile size), on the panel's background job
// (async_job.h): at 512 tokens with small tiles this is tens of ms and tens of MB of tiles.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "app/matrix/heatmap_data.h"
#include "core/attention/online_softmax.h"
#include "core/attention/trace.h"

namespace attn::app {

struct VariantsResult {
    int head = 0, window = 0, tile = 0;
    Mat softmax_out;              // (T_q, d_k) the trace's own head output
    Mat linear_out;               // (T_q, d_k) φ(x) = elu(x) + 1, causal when the run is causal
    Mat window_out;               // (T_q, d_k) softmax attention with the run's mask ∧ |i − j| ≤ window
    Vec linear_err, window_err;   // (T_q) max |Δ| per query row against softmax_out
    OnlineSoftmaxResult online;   // tiles over the keys, with the run's mask and factor
    float online_err = 0.0f;      // max |online − softmax_out|: 0 up to rounding

    // The three as pictures: weights (T_q, T_k) on one colour scale [0, weight_max], and the two
    // differences from softmax as blue–white–red RGBA images (T_k × T_q texels) on ±diff_max.
    Mat softmax_w;                // the trace's weights
    Mat window_w;                 // softmax with the run's mask ∧ |i − j| ≤ window
    Mat linear_w;                 // linear attention's implied weights φ(q_i)·φ(k_j) / Σ_j' φ(q_i)·φ(k_j')
    HeatmapData softmax_map, window_map, linear_map;  // shared range [0, weight_max]
    float weight_max = 1.0f;
    std::vector<std::uint8_t> window_diff_rgba, linear_diff_rgba;  // (T_q · T_k · 4) row-major
    float diff_max = 0.0f;        // the diverging range ±diff_max of both difference images
};

// Weights as heatmap data on a shared range [0, vmax] (masked cells from `blocked`, may be empty).
HeatmapData weights_map(const Mat& w, const BoolMat& blocked, float vmax);
// a − b as a blue (negative) – white (0) – red (positive) RGBA image on ±range, row-major.
std::vector<std::uint8_t> difference_rgba(const Mat& a, const Mat& b, float range);

// `layer` and `head` must be valid for `trace`; window ≥ 0, tile ≥ 1.
VariantsResult compute_variants(const Trace& trace, int layer, int head, int window, int tile);

// What the panel asks its job for; the trace is shared, never copied.
struct VariantsRequest {
    std::shared_ptr<const Trace> trace;
    int layer = 0, head = 0, window = 0, tile = 1;
};
bool same_variants_request(const VariantsRequest& a, const VariantsRequest& b);
// The job's body: compute_variants on the request (head clamped to the trace's heads).
VariantsResult run_variants_request(const VariantsRequest& request);

}  // namespace attn::app
