// train_export.h — the Train view's "Export figure…" (ImGui): a button in the settings column and
// a popup (format, size, PNG scale, file). Export copies the curves and the probe shown into a
// TrainFigureData (train_lab.h: train_figure_of) and hands it to the panel's ExportJob: Cairo
// renders on the job's thread and the file is written atomically; the UI thread never waits. The
// image tasks' panel (vit_panel.h) has the same button and popup.
#pragma once

#include "app/state/app_state.h"
#include "app/views/train/panel.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

// The button (sets panel.export_request) and the last outcome under it.
void draw_export_button(TrainPanel& panel, Lang lang, LabelBuf& label);
// Every frame, in the Train window: takes a finished export's outcome; opens the popup when
// requested (the button, Ctrl+E, File ▸ Export) and draws it. `shown`: the probe on screen.
void draw_export_popup(TrainPanel& panel, const AppState& state, const ProbeSnapshot* shown);

// The same for the image tasks (vit_panel.h): the curves and the class token's attention on the
// probe pictures for the layer and head shown (image_train_figure_of), class names in the UI's
// language. Both popups also offer CSV: the curves (train_curves_csv).
void draw_export_button(VitTrainPanel& panel, Lang lang, LabelBuf& label);
void draw_export_popup(VitTrainPanel& panel, const AppState& state);

}  // namespace attn::app
