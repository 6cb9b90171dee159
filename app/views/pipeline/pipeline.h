// pipeline.h — the matrices of one head's forward pass, in order, as heatmap data (GL-free):
//
//   X (T_q × d_model) → Q_h, K_h, V_h (T × d_k) → S = Q_h K_hᵀ (T_q × T_k) → Z = S · factor
//   → Z masked (−∞ hatched) → A = softmax(Z) → O_h = A V_h (T_q × d_k) → concat (T_q × d_model)
//   → Y = concat W_O (T_q × d_model)
// All taken from the trace; Z is factor · S, the same display arithmetic as the heatmap's.
// Colour scales: A on the fixed 0-1 scale, everything else min..max of its visible values.
#pragma once

#include <string>
#include <vector>

#include "app/heatmap/heatmap_data.h"
#include "app/i18n/ui_text.h"
#include "core/attention/trace.h"

namespace attn::app {

struct PipelineStage {
    const char* name = "";     // "Q_h", ...
    const char* formula = "";  // "X W_Q", ...
    Txt what = Txt::Count;     // one-line explanation (ui_text)
    std::string rows_name, cols_name;  // "T_q", "d_k", ...
    HeatmapData data;          // rows × cols values
};

inline constexpr int kPipelineStages = 11;

// layer in [0, layers), head in [0, n_heads) (asserted). Layer 0 of the built-in model starts
// from X = E + PE; a later layer (or a pretrained model's) from that layer's input.
std::vector<PipelineStage> make_pipeline(const Trace& trace, int layer, int head);

// "T_q × d_k = 5 × 16"
std::string shape_text(const PipelineStage& stage);

}  // namespace attn::app
