// panel_parts.h — ImGui pieces the Train view's two panels share (panel.cpp for the text tasks,
// vit_panel.cpp for the image tasks): a number field, the run's status lines, the "Use this model"
// status line, and the frames of the loss and accuracy plots.
#pragma once

#include <string>

#include "app/i18n/ui_text.h"
#include "app/jobs/model_loader.h"
#include "app/plot/plot.h"
#include "app/views/train/train_lab.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

// A narrow integer field with `step` (× 10 with Ctrl) and its tooltip; true when edited.
bool train_input_int(LabelBuf& label, Lang lang, Txt name, const char* id, int* v, int step, Txt tip);

// Under the buttons: "settings changed" when the controls differ from the run's (`changed`), then
// "not started", or "step N of M, S steps/s (running | paused | done)".
void draw_run_status(Lang lang, bool has_state, bool running, int step, int total_steps, double steps_per_s,
                     bool changed);

// The model saved by "Use this model" (folder `dir`, weights of `step`): in use, loading, or the
// loader's error (the core's message, localized).
void draw_using_status(ModelSession& models, Lang lang, const std::string& dir, int step);

// The loss plot: steps 0 … total on x, the training loss (decimated to ≤ 600 points: a run may have
// 100k steps) and the evaluations' loss (`eval_series`) on a log axis that fits what is drawn.
PlotSpec loss_plot(const TrainCurves& c, double total, Lang lang, Txt eval_series);
// The accuracy plot's frame (`title`, steps 0 … total, 0 … 108 %: room above 100% so the legend
// avoids the finished curves); the caller adds its series.
PlotSpec accuracy_plot(double total, Lang lang, Txt title);

}  // namespace attn::app
