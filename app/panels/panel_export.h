// panel_export.h — File ▸ Export (Ctrl+E): save the current view as a PNG/SVG/PDF figure or its
// numbers as CSV/JSON. The work runs on an ExportJob thread; the dialog shows where it went.
#pragma once

#include <string>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/jobs/export_job.h"

namespace attn::app {

struct ExportPanel {
    bool open = false;          // the dialog is showing
    bool just_opened = false;   // set by open_export_panel: fill the defaults from the view
    ExportSettings settings;
    bool path_edited = false;   // the user typed a path; otherwise it follows the default name
    std::string dir;            // folder for default names ($HOME, else the working folder)
    std::string font_file;      // the bundled figure font ("" = system fonts)
    ExportJob job;
    std::string message;        // the last outcome
    bool message_ok = false;
};

// The figure that matches what the app shows (the explainer exports the cell figure when a
// cell is selected, the heatmap otherwise).
FigureView figure_view_for(const AppState& state);

void open_export_panel(ExportPanel& panel);
void draw_export_panel(ExportPanel& panel, const AppState& state, const ComputeView& view);

}  // namespace attn::app
