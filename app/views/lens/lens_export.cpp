// lens_export.cpp — the Lens view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in lens_export.h)
#include "app/views/lens/lens_export.h"

#include <cstdio>

#include <imgui.h>

#include "app/widgets/export_form.h"

namespace attn::app {

namespace {

const LensFigureData* shown_table(const LensPanel& p) {
    return p.result && p.result->error.empty() ? p.result->figure.get() : nullptr;
}

}  // namespace

void draw_lens_export_button(LensPanel& p, Lang lang) {
    LabelBuf label;
    const bool can = shown_table(p) != nullptr;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::SmallButton(label(lang, Txt::LensExport, "lens_export"))) p.export_request = true;
    if (!can) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LensExportTip));
    if (p.export_job.busy() || !p.export_message.empty()) {
        ImGui::SameLine();
        export_outcome_line(p.export_job.busy(), p.export_message, p.export_ok, lang, 0.0f);
    }
}

void draw_lens_export_popup(LensPanel& p, const AppState& state) {
    export_popup_start(p, "###lens_export");
    const Lang lang = state.lang;
    ExportSettings& s = p.export_settings;
    if (!p.export_path_edited) s.path = default_lens_export_path(p.export_dir, s.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###lens_export", tr(lang, Txt::LensExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    LabelBuf label;
    const LensFigureData* table = shown_table(p);
    ImGui::TextDisabled(tr(lang, Txt::LensExportIntro), table ? int(table->layers.size()) : 0,
                        table ? int(table->tokens.size()) : 0);
    const float w = ImGui::GetFontSize() * 18.0f;
    export_format_fields(s, p.export_path_edited, lang, "lx", w,
                         {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv});
    if (export_path_field(s, lang, "lx", w * 1.6f)) p.export_path_edited = true;

    const bool busy = p.export_job.busy();
    const bool can = !busy && !s.path.empty() && table;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::Button(label(lang, Txt::ExportGo, "lx_go"), ImVec2(w * 0.5f, 0.0f))) {
        ExportInputs in;  // the table is shared, immutable: the job never sees the panel
        in.lens = p.result->figure;
        in.colormap = state.colormap;
        in.lang = lang == Lang::Ko ? FigureLang::Ko : FigureLang::En;
        in.font_file = p.figure_font;
        p.export_message.clear();
        p.export_job.start(std::move(in), s);
    }
    if (!can) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ExportClose, "lx_close"), ImVec2(w * 0.5f, 0.0f))) ImGui::CloseCurrentPopup();
    export_outcome_line(busy, p.export_message, p.export_ok, lang, w * 1.8f);
    ImGui::EndPopup();
}

}  // namespace attn::app
