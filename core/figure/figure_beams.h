// figure_beams.h — a beam search as a print figure: the candidates the search kept at each step, as
// a tree, from a plain record (no dependency on core/pretrained: core/lm/beam_figure.h fills it
// from a translation).
//
//   title     "Beam search: the candidates kept at each step"
//   subtitle  model · N beams · what a box holds
//   tree      a column per step (the first token at the left), a box per kept candidate: its last
//             token and Σ log p of its tokens so far; a line to the candidate it grew from;
//             candidates that wrote the end token marked as finished; the winner's path outlined
//   legend    the winner's path, a finished candidate
//   caption   the source, the winner's text and its score
// Labels too long for their box are shortened with "…". No steps: the frame and a note.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/figure/figure.h"

namespace attn {

struct BeamFigureNode {
    int id = 0;
    std::string token;     // display label (valid UTF-8)
    int parent = -1;       // index in the previous step's nodes; −1 in the first step
    double sum = 0;        // Σ log p of the candidate's tokens so far (≤ 0)
    bool finished = false; // it wrote the end token: a finished hypothesis, not grown further
    bool winner = false;   // on the winner's path
};

struct BeamFigureData {
    std::string model;        // the model's name ("opus-mt-ko-en")
    std::string family;       // "Marian" … (may be empty)
    std::string source;       // the source as typed
    std::string translation;  // the winner's text
    int beams = 1;
    double score = 0;         // the winner's Σ log p ÷ length^length_penalty
    std::vector<std::vector<BeamFigureNode>> steps;  // [step][node]
};

// The file's bytes for `data` in `format`; options as for render_figure (size, PNG scale, language,
// fonts). Errors: a figure size or PNG scale out of range. Every parent is an index into the step
// before (asserted).
Expected<std::string> render_beam_figure(const BeamFigureData& data, FigureFormat format, const FigureOptions& options,
                                         std::vector<std::string>* warnings = nullptr);

// The tree as RFC 4180 CSV: header step,node,parent,id,token,sum_log_p,finished,winner; one row per
// node; steps from 1 (as the figure shows them), node and parent indices from 0 within their step
// (parent empty in step 1); finished and winner as 0 / 1.
std::string beams_csv(const BeamFigureData& data, bool utf8_bom = false);

}  // namespace attn
