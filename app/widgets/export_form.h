// export_form.h — the parts every "Export figure…" popup shares (ImGui): the format, size and PNG
// scale fields, the path field, and the outcome line. The main export panel, the Lens view's and
// the Train view's popups each add their own "what" and their own Export button around these.
#pragma once

#include <initializer_list>
#include <string>

#include <imgui.h>

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

// The start of a view's own export popup, for panels with the usual fields (export_job,
// export_message, export_ok, export_settings, export_request, export_dir, export_path_edited):
// takes a finished job's outcome, keeps the format to a figure or CSV, and opens `popup_id` (with the
// default path again) when the view's button asked for it.
template <class Panel>
void export_popup_start(Panel& p, const char* popup_id) {
    if (auto outcome = p.export_job.take_outcome()) {
        p.export_message = outcome->message;
        p.export_ok = outcome->ok;
    }
    if (p.export_settings.kind == ExportKind::Json) p.export_settings.kind = ExportKind::Pdf;
    if (p.export_request) {
        p.export_request = false;
        if (p.export_dir.empty()) p.export_dir = default_export_dir();
        p.export_path_edited = false;
        ImGui::OpenPopup(popup_id);
    }
}

}  // namespace attn::app
