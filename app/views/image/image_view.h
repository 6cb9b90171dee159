// image_view.h — the Image view's numbers (Vision Transformers), GL-free.
//
//   picture (H, W, 3) cut into a grid of P×P patches: token prefix + r·cols + c is patch (r, c)
//   a query token's attention over the picture: its weights on the patch keys, (rows · cols),
//       one head's row A_h[q, prefix:] or the mean of heads (1/H) Σ_h A_h[q, prefix:]
//   rollout over the picture: R_layer[q, prefix:] (attention_flow.h), from [CLS] by default
//   the 60%-mass set (DINO's figure): the largest patches whose weights make up 60% of the
//       weight on the patches (the one crossing the threshold included)
//   classifier: softmax of TraceImage::logits, the k most probable classes
// Every function is pure; the panel (panel.cpp) caches and draws.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "app/state/app_state.h"
#include "core/attention/attention.h"
#include "core/attention/trace.h"
#include "core/base/matrix.h"

namespace attn::app {

// What the picture shows: one query's attention (layer, head or mean), the class token's
// attention for every head side by side, or attention rollout.
enum class ImageMode { Query, Heads, Rollout };
inline constexpr float kMassFraction = 0.6f;  // DINO's "keep 60% of the attention mass"
inline constexpr int kTopClasses = 5;

int patch_count(const TraceImage& img);                    // grid_rows · grid_cols
int patch_token(const TraceImage& img, int row, int col);  // token index; -1 outside the grid
// The patch a token is: (row, col), or (-1, -1) for a prefix token or one outside the grid.
std::pair<int, int> token_patch(const TraceImage& img, int token);
// The patch token under a point given as fractions (u, v) ∈ [0, 1) of the picture's width and
// height; -1 outside.
int patch_at(const TraceImage& img, float u, float v);

// --patch R,C at start-up: that patch becomes the query of every view — the Image view's
// (AppState::image_query) and the selection the heatmap, explainer, Row and Q·K views share
// (sel_query, with sel_key on its strongest key in the current layer and head, as a click on a
// Row bar would leave it). False, and nothing changed, outside the grid or for a trace without
// a picture.
bool select_start_patch(AppState& state, const Trace& trace, int row, int col);

// (rows · cols) query's weights on the patch keys, head `head` (0-based) or, for head < 0, the
// mean of the layer's heads. The prefix keys ([CLS], [DIST]) are left out (prefix_share).
std::vector<float> patch_attention(const LayerTrace& layer, const TraceImage& img, int query, int head);
// What the same query gives the prefix keys ([CLS] itself, DeiT's [DIST]): 1 − Σ patch weights.
float prefix_share(const LayerTrace& layer, const TraceImage& img, int query, int head);
// The prefix tokens the model has, by their labels: "[CLS]" (ViT), "[CLS], [DIST]" (DeiT).
std::string prefix_names(const Trace& trace);
// (rows · cols) row `query` of a (T, T) matrix (a rollout) on the patch keys.
std::vector<float> patch_row(const Mat& a, const TraceImage& img, int query);

// 1 for the patches holding `fraction` of Σ values (largest first; the patch crossing the
// threshold is kept, ties broken by index); all 0 when the values sum to 0.
std::vector<std::uint8_t> mass_set(const std::vector<float>& values, float fraction);
// The largest value (0 for none): overlays are drawn on 0 … max, as DINO normalizes each map.
float max_value(const std::vector<float>& values);

struct ClassScore {
    int id = 0;
    std::string label;  // id2label, or "class N" when the folder names none
    float probability = 0.0f;
};
// The k most probable classes, softmax of img.logits (stable: the max is subtracted); empty
// without a classifier.
std::vector<ClassScore> top_classes(const TraceImage& img, int k);

}  // namespace attn::app
