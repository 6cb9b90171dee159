// beam_figure.h — a beam search's tree as the record the beam figure draws
// (core/figure/figure_beams.h): each kept candidate's token label (SentencePiece's ▁ as "_", which
// the figure font has) and Σ log p, parents as indices into the step before, the winner's path. Used by `attnlab export --view beams` and the Predict
// view's Export button for a translation, so both draw the same.
#pragma once

#include <string>
#include <vector>

#include "core/figure/figure_beams.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::lm {

// The tree `tree` that a beam search of `beams` beams kept while `model` translated `source` into
// `ids` (the winner, scored `score`); pretrained::Translation holds all four.
BeamFigureData beam_figure_data(const pretrained::PretrainedModel& model, const std::string& source,
                                const std::vector<std::vector<pretrained::BeamNode>>& tree, const std::vector<int>& ids,
                                int beams, double score);

}  // namespace attn::lm
