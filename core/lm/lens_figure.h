// lens_figure.h — a LogitLens as the record the lens figure draws (core/figure/figure_lens.h): token
// labels, the top tokens of every cell, where each position's final answer first comes out on top.
// Used by `attnlab export --view lens` and the Lens view's Export button, so both draw the same.
#pragma once

#include <string>

#include "core/figure/figure_lens.h"
#include "core/lm/logit_lens.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

// `lens` as computed for `model` over `text` with `ablation` (recorded as its text form and mode).
LensFigureData lens_figure_data(const pretrained::PretrainedModel& model, const LogitLens& lens, const std::string& text,
                                const pretrained::Ablation& ablation = {});

}  // namespace attn::lm
