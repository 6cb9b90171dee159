// scaling_lab.h — the numbers of the scaling lab (GL-free): why divide by √d_k.
//
//   difference map   A_scaled − A_unscaled of one head, (T_q, T_k) → RGBA texels on the blue–
//                    white–red ramp (core/base/colormap.h diverging_rgb), symmetric about 0
//   histogram        counts of a head's softmax inputs z (visible cells) in equal bins
//   d_k demo         for random q, k with unit-variance entries, q·k has variance d_k: without
//                    scaling the softmax over T keys saturates (entropy → 0) as d_k grows;
//                    with 1/√d_k the logits keep unit variance. Deterministic (fixed seed).
// The panel computes all of it on background jobs (async_job.h): run_scaling_request per
// (trace, twin, head) and run_dk_curve once; only the texture uploads stay on the UI thread.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "app/matrix/heatmap_data.h"
#include "core/attention/attention.h"
#include "core/attention/trace.h"

namespace attn::app {

struct DifferenceMap {
    int rows = 0, cols = 0;
    std::vector<float> diff;          // (rows · cols) scaled − unscaled; 0 where masked
    std::vector<std::uint8_t> rgba;   // (rows · cols · 4) texels, masked cells grey
    float max_abs = 0.0f;             // the ramp spans [−max_abs, max_abs]
};
// Both layers must have the same shape (asserted).
DifferenceMap make_difference_map(const LayerTrace& scaled, const LayerTrace& unscaled, int head);

struct Histogram {
    std::vector<float> counts;  // (bins)
    float lo = 0.0f, hi = 0.0f; // value range covered
    int total = 0;              // values counted
};
// Softmax inputs factor · S_h(i, j) of the visible cells, in `bins` bins over their range.
Histogram logit_histogram(const LayerTrace& layer, int head, int bins);

inline constexpr int kDkDemoValues[] = {4, 8, 16, 32, 64, 128, 256, 512};
inline constexpr int kDkDemoCount = int(sizeof(kDkDemoValues) / sizeof(kDkDemoValues[0]));

struct DkDemo {
    int d_k = 0;
    int keys = 0, rows = 0;          // softmax rows of `keys` keys each
    double dot_mean = 0.0;           // of q·k over all pairs
    double dot_var = 0.0;            // ≈ d_k
    double scaled_var = 0.0;         // of q·k / √d_k: ≈ 1
    double entropy_unscaled = 0.0;   // mean row entropy of softmax(q·k), nats
    double entropy_scaled = 0.0;     // of softmax(q·k / √d_k)
    double max_weight_unscaled = 0.0, max_weight_scaled = 0.0;  // mean of the row maxima
    double entropy_uniform = 0.0;    // log(keys): the largest possible
};
// Same (d_k, seed) → same numbers.
DkDemo run_dk_demo(int d_k, int keys = 16, int rows = 64, std::uint64_t seed = 7);

// The demo for every kDkDemoValues entry (the slider's positions and the entropy curve).
using DkCurve = std::array<DkDemo, kDkDemoCount>;
DkCurve run_dk_curve(std::uint64_t seed = 7);

// One head's comparison: both weight maps, their difference and the logit histograms.
struct ScalingRequest {
    std::shared_ptr<const Trace> trace;    // the run on screen
    int layer = 0;                         // clamped to the trace's layers
    int head = 0;
};
struct ScalingMaps {
    LayerTrace other;                      // the layer with the other scaling (other_scaling_layer)
    HeatmapData scaled, unscaled;          // weights of the head, with and without ÷√d_k
    DifferenceMap diff;                    // scaled − unscaled
    Histogram hist_scaled, hist_unscaled;  // softmax inputs
};
inline constexpr int kScalingHistogramBins = 24;
bool same_scaling_request(const ScalingRequest& a, const ScalingRequest& b);
// The request's layer (clamped) with the other scaling from the same scores, for the head (clamped).
ScalingMaps run_scaling_request(const ScalingRequest& request);

}  // namespace attn::app
