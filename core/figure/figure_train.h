// figure_train.h — the Train view as a print figure: the training curves and every head's attention
// on the probe example, from a plain record of a run (no dependency on core/train).
//
//   title     "Training “reverse” — 2 layers × 4 heads, d_model 64", then
//             "step 400/400 · loss 0.0017 · 100% exact"
//   left      training loss (log y, x = step) above the accuracy on fresh examples (exact and
//             token %, 0–100 %, legend); A4 portrait puts the two plots side by side on top
//   right     every (layer, head) on the probe: rows = layers, columns = heads, token labels, one
//             colour bar (0–1) for all
// A run with no steps draws its axes and "not trained yet"; a missing probe, "no probe".
// Non-finite or non-positive losses are left out of the log axis (never NaN coordinates).
//
// core/train/train_figure.h fills this record from a TrainState; the app fills it from the
// curves and the probe snapshot its Train view shows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/attention/trace.h"
#include "core/figure/figure.h"

namespace attn {

struct TrainEvalPoint {
    int step = 0;        // after this many updates
    double loss = 0;     // mean loss on the fresh examples
    double exact = 0;    // fraction 0..1 of examples entirely right
    double token = 0;    // fraction 0..1 of scored tokens right
};

struct TrainFigureData {
    std::string task;                 // "reverse"
    int n_layers = 0, n_heads = 0, d_model = 0;
    bool mlp = true;
    int batch = 0;                    // examples per step (0 = not shown)
    double lr = 0;                    // peak learning rate (0 = not shown)
    std::uint64_t seed = 0;
    int step = 0, total_steps = 0;    // updates done / planned
    bool exact_meaningful = true;     // false for the text task: only token accuracy means anything
    std::vector<double> steps, losses;  // (n) the training batch loss after each logged step
    std::vector<TrainEvalPoint> evals;  // in step order
    std::shared_ptr<const Trace> probe; // every layer and head on the probe (null = none yet)
    int probe_step = 0;                 // the weights the probe was run with
};

// The file's bytes for `data` in `format`; options as for render_figure (size, PNG scale,
// language, colormap, fonts). Errors: a figure size or PNG scale out of range.
Expected<std::string> render_train_figure(const TrainFigureData& data, FigureFormat format,
                                          const FigureOptions& options,
                                          std::vector<std::string>* warnings = nullptr);

// A probe token as an axis label: a space as "_", control and non-ASCII bytes as "·" (the trained
// models' tokens are single bytes, which alone are not always UTF-8).
std::string train_token_label(const std::string& token);

}  // namespace attn
