// lens_export.h — the Lens view's "Export figure…" (ImGui): a button above the table and a popup
// (format PDF/SVG/PNG/CSV, size, PNG scale, file). The table on screen (LensResult::figure, made on
// the lens job's thread) goes to the panel's ExportJob: Cairo renders on the job's thread and the
// file is written atomically; the UI thread never waits.
#pragma once

#include <memory>

#include "app/jobs/export_job.h"
#include "app/state/app_state.h"
#include "core/figure/figure_lens.h"

namespace attn::app {

// `table` is the one on screen (null: none, or an error): the panel's LensResult::figure.
// The button (sets e.request; disabled without a table) and the last outcome beside it.
void draw_lens_export_button(ViewExport& e, const LensFigureData* table, Lang lang);
// Every frame, in the Lens window: takes a finished export's outcome; opens the popup when
// requested (the button, Ctrl+E, File ▸ Export) and draws it.
void draw_lens_export_popup(ViewExport& e, const std::shared_ptr<const LensFigureData>& table, const AppState& state);

}  // namespace attn::app
