// export_form.h — the parts every "Export figure…" popup shares (ImGui): the format, size and PNG
// scale fields, the path field, and the outcome line. The main export panel, the Lens view's and
// the Train view's popups each add their own "what" and their own Export button around these.
#pragma once

#include <initializer_list>
#include <string>

#include "app/jobs/export_job.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

// $HOME, else the working directory: where export paths start.
std::string default_export_dir();

const char* export_kind_label(ExportKind k);  // "PDF", "SVG", "PNG", "CSV", "JSON"

// Format combo over `kinds`, then (for PDF, SVG and PNG) the page size and (PNG) the scale. Changing
// the format of a path the user typed changes only its extension. Widget ids are id + "_kind",
// id + "_size", id + "_scale" (stable across languages); `width` in pixels.
void export_format_fields(ExportSettings& s, bool path_edited, Lang lang, const char* id, float width,
                          std::initializer_list<ExportKind> kinds);

// The path field (id + "_path"); true when the user edited it this frame.
bool export_path_field(ExportSettings& s, Lang lang, const char* id, float width);

// "Exporting…" while busy, else the last outcome in green (ok) or red, in the user's language,
// wrapped at `wrap` pixels (0: the window's edge).
void export_outcome_line(bool busy, const std::string& message, bool ok, Lang lang, float wrap);

// The start of a view's own export popup: takes a finished job's outcome, keeps the format to a
// figure or CSV, and opens `popup_id` (with the default path again) when the view asked for it and
// has something to export (take_export_request: a request is never kept for later).
void export_popup_start(ViewExport& e, const char* popup_id, bool can_export);

// The rest of such a popup, inside BeginPopupModal: format (PDF, SVG, PNG, CSV), size, scale,
// path, the Export and Close buttons and the outcome. Widget ids start with `id`. true: Export was
// pressed (it is enabled when `ready`, nothing is running and the path is not empty) — the caller
// then starts e.job with its figure's data.
bool export_popup_fields(ViewExport& e, Lang lang, const char* id, bool ready);

}  // namespace attn::app
