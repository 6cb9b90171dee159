// pipeline.h — the matrices of one head's forward pass, in order, as heatmap data (GL-free):
//
//   X (T_q × d_model) → Q_h, K_h, V_h (T × d_k) → S = Q_h K_hᵀ (T_q × T_k) → Z = S · factor
//   → Z masked (−∞ hatched) → A = softmax(Z) → O_h = A V_h (T_q × d_k) → concat (T_q × d_model)
//   → Y = concat W_O (T_q × d_model)
// All taken from the trace; Z is factor · S, the same display arithmetic as the heatmap's (plus
// the head's position bias B ÷ temperature where the model adds one: T5).
// Colour scales: A on the fixed 0-1 scale, everything else min..max of its visible values — or,
// with share_score_scale, S, Z and Z_m on one common range.
#pragma once

#include <string>
#include <vector>

#include "app/matrix/heatmap_data.h"
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
// from X = E + PE; a later layer (or a pretrained model's) from that layer's input. A cross-
// attention section (Trace::section "cross") names its sides: X the decoder's stream (T_tgt rows),
// K_h = M W_K and V_h = M W_V from the encoder's output M (T_src rows).
std::vector<PipelineStage> make_pipeline(const Trace& trace, int layer, int head);

// "T_q × d_k = 5 × 16"
std::string shape_text(const PipelineStage& stage);

// "Same colour scale": S, Z and Z_m share one range (the union of their unmasked values), so
// the ÷√d_k step visibly shrinks the scores and switching it off visibly stretches them; A keeps
// its fixed 0–1 scale. Stages are found by name; others are left alone.
void share_score_scale(std::vector<PipelineStage>& stages);

// Where each stage goes: a flow layout (left to right, wrapping) in which every matrix has the
// same cell size, so the shapes compare at a glance (X is as wide as d_model, S is T × T …).
struct PipelineBox {
    float x = 0, y = 0, w = 0;   // the box (caption on top, then the matrix), relative to the view
    float matrix_x = 0, matrix_y = 0, matrix_w = 0, matrix_h = 0;  // the matrix inside it
};
struct PipelineLayout {
    float cell = 0;        // pixels per matrix entry, the same for every stage
    float height = 0;      // total height used
    std::vector<PipelineBox> boxes;  // one per stage
};
// The largest cell size ≤ max_cell for which every stage fits in `width` × `height` (the smallest
// cell, 0.25 px, when nothing larger fits). Each box is as wide as its matrix plus `label_w` (row
// labels), at least `min_box_w`; `caption_h` above each matrix; `gap` between boxes.
PipelineLayout layout_pipeline(const std::vector<PipelineStage>& stages, float width, float height, float caption_h,
                               float min_box_w, float label_w, float gap, float max_cell);

}  // namespace attn::app
