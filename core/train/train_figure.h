// train_figure.h — a training run as the record the Train figure draws (core/figure/figure_train.h):
// the run's settings, its loss and evaluation log, and the probe's attention.
#pragma once

#include "core/figure/figure_train.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "core/train/trainer.h"

namespace attn::train {

// Task, model shape, batch, learning rate, seed and planned steps of a run with `options`
// (curves and probe left empty).
TrainFigureData train_figure_header(const TrainOptions& options);

// Everything of the run so far: the header, every logged step's loss, every evaluation, and the
// probe through the current weights (probe_trace; an encoder–decoder's: its cross-attention,
// s2s_probe_trace). Reads the state only (its owner's thread).
TrainFigureData train_figure_data(const TrainState& state);
TrainFigureData train_figure_data(const S2STrainState& state);

}  // namespace attn::train
