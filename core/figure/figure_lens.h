// figure_lens.h — the Lens view as a print figure: the logit lens of a sentence as a table, from a
// plain record (no dependency on core/lm: core/lm/lens_figure.h fills it from a LogitLens).
//
//   title     "What the model would predict after each layer (logit lens)"
//   subtitle  model · the tokens · what a cell and a frame mean
//   table     rows = layers (the embeddings first, the model's own prediction last), columns =
//             positions (the sentence's tokens above); each cell the top token, filled with the
//             colormap at its probability (0–1), its probability under it when there is room; the
//             first layer at which a position's final answer is on top is framed, as in the view
//   right     a colour bar "probability" 0–1
//   caption   the sentence and the knocked-out heads, if any
// Labels too long for their cell are shortened with "…". An empty table draws the frame and a note.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/figure/figure.h"

namespace attn {

struct LensFigureToken {
    int id = 0;
    std::string token;        // display label (valid UTF-8)
    float probability = 0;
};

struct LensFigureCell {
    std::vector<LensFigureToken> top;  // most probable first; top[0] is what the cell shows
    bool answer = false;               // top[0] is the position's final answer
    bool first_answer = false;         // the first layer where it is (framed)
};

struct LensFigureData {
    std::string model;                  // the model's name ("tiny-gpt2")
    std::string family;                 // "GPT-2", "Llama" … (may be empty)
    std::string text;                   // the sentence as typed
    std::string ablation;               // "1.2,3.4 (zero)"; empty = nothing knocked out
    std::vector<std::string> tokens;    // (T) the sentence's token labels
    std::vector<int> layers;            // (rows) 0 = the embeddings, 1 … L = after that block
    std::vector<std::vector<LensFigureCell>> cells;  // [row][position]
    std::vector<std::string> answers;   // (T) the final layer's top token
};

// The file's bytes for `data` in `format`; options as for render_figure (size, PNG scale,
// language, colormap, fonts). Errors: a figure size or PNG scale out of range. `data` has one row of
// cells per layer and one cell per token (asserted).
Expected<std::string> render_lens_figure(const LensFigureData& data, FigureFormat format, const FigureOptions& options,
                                         std::vector<std::string>* warnings = nullptr);

// The numbers as RFC 4180 CSV: header layer,position,rank,id,token,probability; one row per cell
// and rank (layer 0 = the embeddings, positions from 0, ranks from 1).
std::string lens_csv(const LensFigureData& data, bool utf8_bom = false);

}  // namespace attn
