// tree_export.h — the Predict view's "Export tree…" for a translation's beam search (ImGui): a button
// above the tree and a popup (format PDF/SVG/PNG/CSV, size, PNG scale, file). The tree on screen
// (PredictPanel::searched) becomes a BeamFigureData (core/lm/beam_figure.h) and goes to the panel's
// ExportJob: Cairo renders on the job's thread and the file is written atomically.
#pragma once

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/predict/panel.h"

namespace attn::app {

// Whether a beam tree is on screen (the last search of this source and model, beams > 1).
bool predict_has_tree(const PredictPanel& panel);
// The button (disabled without a tree) and the last outcome beside it.
void draw_tree_export_button(PredictPanel& panel, Lang lang);
// Every frame, in the Predict window: takes a finished export's outcome; opens the popup when
// requested (the button, Ctrl+E, File ▸ Export) and draws it.
void draw_tree_export_popup(PredictPanel& panel, const AppState& state, const ComputeView& view);

}  // namespace attn::app
