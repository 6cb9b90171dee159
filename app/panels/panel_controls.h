// panel_controls.h — the left panel: sentence, presets, model, attention and mask switches.
//
// Edits AppState only; the app notices the change (make_request, ComputeRequest ==) and posts a new
// request to the worker. Reads the trace just to show the tokens and bound the window slider.
// With a pretrained model the built-in model's switches are disabled, the model section shows
// the model's facts and a folder field, and the second sentence is BERT's sentence B.
#pragma once

#include <string>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/jobs/model_loader.h"
#include "app/state/presets.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

struct ControlsPanel {
    PresetList presets;
    std::string request_error;  // set by the app when make_request fails (shown in red)
    LabelBuf label;
    std::string model_path;  // the model folder field
    bool open_image = false;  // "Open image…" pressed (vision models): the shell opens the dialog
    bool lesson_builtin = false;  // set by the shell each frame: a lesson step runs the built-in model
};

void draw_controls_panel(ControlsPanel& panel, AppState& state, const ComputeView& view, ModelSession& models);

}  // namespace attn::app
