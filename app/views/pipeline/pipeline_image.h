// pipeline_image.h — the pipeline view's first step for an image run (Vision Transformers), GL-free:
//
//   z₀ = [x_class; x_p¹E; …; x_pᴺE] + E_pos
//   patch p (P×P×C pixels) → x_p flattened (C·P·P, the kernel's (channel, y, x) order)
//   → x_p E + b (d_model) = Trace::q_embeddings row → + E_pos row (Trace::q_positions) = z₀ row
// For [CLS] (and DeiT's [DIST]) the embedding is the learned vector itself: no pixels.
// The pixels are the 8-bit picture the model saw (TraceImage::rgb) before normalisation; the
// vectors are the trace's real numbers. Strips: one row of colours per vector, packed in one image.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/colormap.h"

namespace attn::app {

struct EmbedRow {
    int token = 0;
    int row = -1, col = -1;     // the patch; -1 for a prefix token
    std::vector<float> pixels;  // (C·P·P) 0–255 in (channel, y, x) order; empty for a prefix token
    std::vector<float> embed;   // (d_model) x_p E + b, or the prefix token's own vector
    std::vector<float> pos;     // (d_model) E_pos row
    std::vector<float> z0;      // (d_model) embed + pos: the first layer's input
};

// The tokens shown: the prefix tokens, then `query` when it is a patch, then patches from the
// start of the picture until `count` rows in all.
std::vector<int> embedding_tokens(const TraceImage& img, int query, int count);

// One row per token (image trace asserted; token in range asserted).
std::vector<EmbedRow> embedding_rows(const Trace& trace, const std::vector<int>& tokens);

// "0.12, -0.53, 0.88, … (768 numbers)": the first `n` values.
std::string first_values(const std::vector<float>& v, int n);

// The strips as one RGBA image: 4 strips per row (pixels, embed, pos, z0), each one pixel high and
// as many pixels wide as it has values, left-aligned in a width of max(C·P·P, d_model). Pixels are
// coloured by their own channel (R, G, B ramps), vectors by `map` over [-m, m], m = the largest
// |value| of that kind over the rows shown (so the rows compare).
struct StripImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // (height, width, 4); unused space transparent
    float embed_range = 0, pos_range = 0, z0_range = 0;
};
StripImage embedding_strips(const std::vector<EmbedRow>& rows, Colormap map);

}  // namespace attn::app
