// train_export.h — the Train view's "Export figure…" (ImGui): a button in the settings column and
// a popup (format, size, PNG scale, file). Export copies the curves and the probe shown into a
// TrainFigureData (train_lab.h: train_figure_of, image_train_figure_of) and hands it to the
// panel's ExportJob: Cairo renders on the job's thread and the file is written atomically; the UI
// thread never waits. The text tasks' panel (panel.cpp) and the image tasks' (vit_panel.cpp) both
// call these two with their own figure_export, progress and figure. Both popups also offer CSV:
// the curves (train_curves_csv).
#pragma once

#include <functional>
#include <string>

#include "app/i18n/label_buf.h"
#include "app/jobs/export_job.h"
#include "app/state/app_state.h"
#include "core/figure/figure_train.h"

namespace attn::app {

// The button (sets e.request) and the last outcome under it.
void draw_train_export_button(ViewExport& e, Lang lang, LabelBuf& label);

// Where a run stands for the popup's line: its step of `total`, and the weights the probes shown
// were made with.
struct TrainExportProgress {
    std::string task;
    int step = 0, total = 0, probe_step = 0;
};
// Every frame, in the Train window: takes a finished export's outcome; opens the popup when
// requested (the button, Ctrl+E, File ▸ Export) and draws it. `figure` makes the figure's data (a
// copy the job owns) when the user exports.
void draw_train_export_popup(ViewExport& e, const AppState& state, const TrainExportProgress& at,
                             const std::function<TrainFigureData()>& figure);

}  // namespace attn::app
