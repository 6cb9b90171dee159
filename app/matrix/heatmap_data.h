// heatmap_data.h — the numbers one heatmap shows, taken from a trace (GL-free).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "app/state/app_state.h"
#include "core/attention/attention.h"
#include "core/attention/trace.h"
#include "core/base/colormap.h"

namespace attn::app {

struct HeatmapData {
    int rows = 0;                       // T_q
    int cols = 0;                       // T_k
    std::vector<float> values;          // (rows · cols) row-major; 0 where masked in Scaled
    std::vector<std::uint8_t> masked;   // (rows · cols) 1 = key hidden from this query
    float vmin = 0.0f, vmax = 1.0f;     // colour scale: [0, 1] for weights, else visible min/max
    bool fixed_range = true;            // weights: the [0, 1] scale does not follow the data
};

// head must be in [0, layer.n_heads).
HeatmapData make_heatmap_data(const LayerTrace& layer, int head, HeatmapQuantity quantity);

// Mean of every head's weights, (T_q, T_k) on the fixed [0, 1] scale; masked where blocked.
// The all-heads view computes it once per trace.
HeatmapData make_head_average_data(const LayerTrace& layer);

// The q-quantile (0..1) of the unmasked values (nearest rank); 0 when every cell is masked.
// The all-heads view's "own scale" uses q = 0.99 so one saturated row (e.g. the first query of a
// causal mask, weight 1) does not leave the rest dark.
float value_quantile(const HeatmapData& data, float q);

// (rows · cols · 2) floats: value, masked (0/1) per cell — the RG32F texture's texels.
std::vector<float> interleave_value_mask(const HeatmapData& data);

// Position of `value` on the colour scale, in [0, 1].
float normalized(const HeatmapData& data, float value);

// (256 · 3) bytes, entry-major RGB: the colormap texture the heatmap shader samples with
// texelFetch at round(t · 255), the same entry colormap_rgb8 gives on the CPU.
std::array<std::uint8_t, kColormapEntries * 3> colormap_texture_bytes(Colormap map);

// Everything the hover tooltip says about cell (i, j) of one head.
struct CellInfo {
    float score = 0.0f;   // q_i · k_j
    float logit = 0.0f;   // factor · score (the softmax input when not masked)
    float factor = 1.0f;  // (scale ? 1/√d_k : 1) / temperature
    bool masked = false;
    bool row_fully_masked = false;
    float weight = 0.0f;
};
CellInfo cell_info(const LayerTrace& layer, int head, int i, int j);

// A matrix on the auto (min..max of unmasked values) scale; `masked` (same shape) or null.
HeatmapData matrix_heatmap_data(const Mat& m, const BoolMat* masked = nullptr);

// Attention rollout (core/attention/attention_flow.h): one (T, T) matrix per layer, rows summing to 1.
// Only for self-attention traces (every layer square, the same tokens on both axes).
bool rollout_available(const Trace& trace);
std::vector<Mat> compute_rollout(const Trace& trace);  // asserts rollout_available
// One layer's rollout on the fixed [0, 1] scale; nothing masked (rollout reaches past a mask).
HeatmapData make_rollout_data(const Mat& rollout);

// "Auto contrast": the colour range becomes the min..max of the unmasked values (fixed_range off,
// so the colour bar says so). A constant matrix gets a unit-wide range. No-op on empty data.
void apply_auto_contrast(HeatmapData& data);

}  // namespace attn::app
