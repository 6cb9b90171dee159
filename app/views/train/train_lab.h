// train_lab.h — the Train view's numbers (GL-free): settings and their checks in the UI language,
// the timeline of probe snapshots (bounded, thinned evenly), scrubbing, the curves, and the probe
// attention of every layer and head as one RGBA picture.
//
//   timeline: snapshots (step, probe Trace) in step order, at most kMaxSnapshots; when full every
//             second one is dropped (the first and the newest always stay) and the spacing
//             between kept snapshots doubles, so they stay evenly spread over the whole run
//   atlas:    (layers · T_q, heads · T_k) texels, RGBA8, row 0 at the top; tile (l, h) = A_{l,h} (T_q × T_k)
//             (a decoder's probe is square; an encoder–decoder's cross-attention is not)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/i18n/ui_text.h"
#include "core/attention/trace.h"
#include "core/base/colormap.h"
#include "core/figure/figure_train.h"
#include "core/train/trainer.h"
#include "core/train/trainer_kinds.h"

namespace attn::app {

using train::TaskInfo;
using train::TaskParams;
using train::TrainLogEntry;
using train::TrainOptions;

inline constexpr int kMaxSnapshots = 64;
inline constexpr int kMaxTrainSteps = 100000;  // the view's limit (the CLI allows more)

// --- settings ------------------------------------------------------------------------------

// The task's defaults with its parameters resolved (symbols, length; the text task's preset
// text), so the controls show real values and Start learns the task. Unknown task: reverse's.
TrainOptions train_defaults(const std::string& task);
// settings.json's train_task: the task's name, "seq2seq:NAME" for the encoder–decoder's; and back:
// the task's defaults (the text task's text, the threads kept). Unknown: false, `o` untouched.
std::string saved_task_name(const TrainOptions& o);
bool restore_task_settings(TrainOptions& o, const std::string& name, const std::string& text);
// The same for an encoder–decoder task (seq2seq_task.h; arch = Seq2Seq). Unknown: en-ko's.
TrainOptions s2s_train_defaults(const std::string& task);
bool task_uses_symbols(const std::string& task);  // reverse, sort, copy, induction
bool task_uses_text(const std::string& task);     // text

// Whether two runs would be the same (every field the user sets).
bool same_train_options(const TrainOptions& a, const TrainOptions& b);

// A fresh folder path for "Use this model": <temp>/attnlab-trained-<pid>-<n> (not created).
std::string use_model_folder(int n);

// A probe token as an axis label: a space as "_", control and non-ASCII bytes as "·" (the
// figure's train_token_label, so screen and print agree).
std::string probe_token_label(const std::string& token);

// Work of one training step (forward + backward), in GFLOP: 6 · tokens · weights plus attention's
// T² terms. The view refuses runs above kMaxStepGflop so a step stays within a second or two:
// Pause, Reset and closing the window wait for the step in progress.
inline constexpr double kMaxStepGflop = 40.0;
// (--arch seq2seq: seq_len is the longest source or target + 1, both stacks and the cross-attention.)
double step_gflop(const TrainOptions& options, int seq_len);

// Every setting checked; "" when Start may go, else one sentence in `lang` naming the setting
// and its range. Task parameters are checked by the task itself (its message, localized).
std::string check_train_settings(const TrainOptions& options, Lang lang);

// --- timeline ------------------------------------------------------------------------------

struct ProbeSnapshot {
    int step = 0;
    std::shared_ptr<const Trace> probe;  // immutable: shared between the worker and the UI
    float loss = 0;                      // the training loss at that step (0 at step 0)
};

struct Timeline {
    std::vector<ProbeSnapshot> snapshots;  // increasing step
    int stride = 1;                        // minimum steps between kept snapshots (doubles on thinning)
    int capacity = kMaxSnapshots;
};

// Adds a snapshot (its step must be ≥ the last one's; equal replaces it). A snapshot closer than
// `stride` to the one before the last replaces the last (the newest is always kept).
void add_snapshot(Timeline& t, ProbeSnapshot s);
// Drops every second snapshot, keeping the first and the last; doubles the stride.
void thin_timeline(Timeline& t);
// Index of the snapshot to show for `step`: the last one at or before it (0 when step is before
// all); -1 when the timeline is empty.
int snapshot_at(const Timeline& t, int step);

// --- curves --------------------------------------------------------------------------------

struct TrainCurves {
    std::vector<double> step, loss;                                 // every step
    std::vector<double> eval_step, eval_loss, exact, token_acc;     // every evaluation (0..1)
    std::vector<double> seconds;                                    // wall clock of each step
};
void add_log(TrainCurves& c, const TrainLogEntry& e);
// Steps per second over the last `window_s` seconds of the log (0 when fewer than two steps).
double steps_per_second(const TrainCurves& c, double window_s = 2.0);
// At most `max_points` of (xs, ys), evenly picked, always keeping the last (for drawing).
void decimate(const std::vector<double>& xs, const std::vector<double>& ys, std::size_t max_points,
              std::vector<double>& out_x, std::vector<double>& out_y);

// --- the figure ------------------------------------------------------------------------------

// What the Train figure draws for the view as shown: the run's settings, every curve point so far,
// and `probe` (the live probe or the timeline's snapshot; null = none yet). `step` / `total`: the
// run's progress; exact_meaningful: false for the text task.
TrainFigureData train_figure_of(const TrainOptions& run, const TrainCurves& curves, const ProbeSnapshot* probe,
                                int step, int total, bool exact_meaningful);

// --- the probe picture -----------------------------------------------------------------------

struct ProbeAtlas {
    int layers = 0, heads = 0, tq = 0, tk = 0;  // grid, and a tile's rows (queries) and columns (keys)
    int width = 0, height = 0;                  // heads · tk, layers · tq
    std::vector<std::uint8_t> rgba;    // (height, width, 4)
};
// Every (layer, head) weight matrix of the probe trace on [0, 1]; masked cells dark grey.
ProbeAtlas make_probe_atlas(const Trace& trace, Colormap map);

}  // namespace attn::app
