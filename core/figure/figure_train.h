// figure_train.h — the Train view as a print figure: the training curves and every head's attention
// on the probe example, from a plain record of a run (no dependency on core/train).
//
//   title     "Training “reverse” — 2 layers × 4 heads, d_model 64", then
//             "step 400/400 · loss 0.0017 · 100% exact"
//   left      training loss (log y, x = step) above the accuracy on fresh examples (exact and
//             token %, 0–100 %, legend); A4 portrait puts the two plots side by side on top
//   right     every (layer, head) on the probe: rows = layers, columns = heads, token labels, one
//             colour bar (0–1) for all
//   (image tasks) right: the class token's attention on the test pictures, their predicted and
//             true classes under each
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

#include "core/base/colormap.h"
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

// One test picture of an image task (fashion, odd-one) with the class token's attention on it.
struct TrainImageProbe {
    int side = 28, grid = 4;                 // the picture is side × side, cut into grid × grid patches
    std::vector<std::uint8_t> pixels;        // (side, side) grey
    int label = 0, predicted = 0;            // class ids
    double confidence = 0;                   // the predicted class's probability
    std::vector<std::vector<std::vector<float>>> cls_attention;  // [layer][head] (grid²) over the patches
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

    // Image tasks: one accuracy (on the test pictures: evals' token field) and, instead of `probe`,
    // the class token's attention on each of `image_probes` for `probe_layer` (0-based) and
    // `probe_head` (−1 = the mean of the heads), drawn as the Train view does (a warm heat layer
    // over the grey picture, full at four times an even share).
    bool image_task = false;
    std::vector<TrainImageProbe> image_probes;
    std::vector<std::string> class_names;  // id → name, in the figure's language
    int probe_layer = 0, probe_head = -1;
};

// The file's bytes for `data` in `format`; options as for render_figure (size, PNG scale,
// language, colormap, fonts). Errors: a figure size or PNG scale out of range.
Expected<std::string> render_train_figure(const TrainFigureData& data, FigureFormat format,
                                          const FigureOptions& options,
                                          std::vector<std::string>* warnings = nullptr);

// The class token's weight on each of `patches` patches at `layer` (0-based): head `head`, or the
// mean of the heads for head < 0; zeros when the layer is missing. (patches)
std::vector<float> probe_patch_weights(const std::vector<std::vector<std::vector<float>>>& cls_attention, int layer,
                                       int head, int patches);

// The probes' heat (the Train view and its figure draw the same): a patch holding `weight` of the
// class token's attention, among `patches`, is tinted relative to an even spread — faintly at
// 1/patches, fully at four times that — so a fresh model's nearly even attention stays faint.
// The tint is a warm ramp (dark red → orange → pale yellow) laid over the grey picture with `alpha`.
struct ProbeHeat {
    Rgb color;
    float alpha = 0;
};
ProbeHeat probe_heat(float weight, int patches);

// The curves as CSV (UTF-8 with a BOM when asked, for spreadsheets): one row per logged step or
// evaluation, `step,batch_loss,eval_loss,eval_exact,eval_token` (image tasks:
// `step,batch_loss,test_loss,test_accuracy`), empty where that step has no such value.
std::string train_curves_csv(const TrainFigureData& data, bool utf8_bom);

// A probe token as an axis label: a space as "_", control characters and bytes that are not whole
// UTF-8 characters as "·" (the decoders' tokens are single bytes, which alone are not always
// UTF-8); whole characters as they are (an encoder–decoder's pieces: "고양이").
std::string train_token_label(const std::string& token);

}  // namespace attn
