// lens_export.cpp — the Lens view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in lens_export.h)
#include "app/views/lens/lens_export.h"

#include <cstdio>

#include <imgui.h>

#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

const LensFigureData* shown_table(const LensPanel& p) {
    return p.result && p.result->error.empty() ? p.result->figure.get() : nullptr;
}

}  // namespace

void draw_lens_export_button(LensPanel& p, Lang lang) {
    LabelBuf label;
    ViewExport& e = p.figure_export;
    const bool can = shown_table(p) != nullptr;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::SmallButton(label(lang, Txt::LensExport, "lens_export"))) e.request = true;
    if (!can) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LensExportTip));
    if (e.job.busy() || !e.message.empty()) {
        ImGui::SameLine();
        export_outcome_line(e.job.busy(), e.message, e.ok, lang, 0.0f);
    }
}

void draw_lens_export_popup(LensPanel& p, const AppState& state) {
    ViewExport& e = p.figure_export;
    export_popup_start(e, "###lens_export", shown_table(p) != nullptr);
    const Lang lang = state.lang;
    if (!e.path_edited) e.settings.path = default_lens_export_path(e.dir, e.settings.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###lens_export", tr(lang, Txt::LensExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape()) return ImGui::EndPopup();
    const LensFigureData* table = shown_table(p);
    ImGui::TextDisabled(tr(lang, Txt::LensExportIntro), table ? int(table->layers.size()) : 0,
                        table ? int(table->tokens.size()) : 0);
    if (export_popup_fields(e, lang, "lx", table != nullptr)) {
        ExportInputs in;  // the table is shared, immutable: the job never sees the panel
        in.lens = p.result->figure;
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = e.font;
        e.job.start(std::move(in), e.settings);
    }
    ImGui::EndPopup();
}

}  // namespace attn::app
