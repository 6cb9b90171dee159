// lens_export.cpp — the Lens view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in lens_export.h)
#include "app/views/lens/lens_export.h"

#include <cstdio>

#include <imgui.h>

#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

void draw_lens_export_button(ViewExport& e, const LensFigureData* table, Lang lang) {
    LabelBuf label;
    const bool can = table != nullptr;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::SmallButton(label(lang, Txt::LensExport, "lens_export"))) e.request = true;
    if (!can) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LensExportTip));
    if (e.job.busy() || !e.message.empty()) {
        ImGui::SameLine();
        export_outcome_line(e.job.busy(), e.message, e.ok, lang, 0.0f);
    }
}

void draw_lens_export_popup(ViewExport& e, const std::shared_ptr<const LensFigureData>& shown, const AppState& state) {
    export_popup_start(e, "###lens_export", shown != nullptr);
    const Lang lang = state.lang;
    if (!e.path_edited) e.settings.path = default_lens_export_path(e.dir, e.settings.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###lens_export", tr(lang, Txt::LensExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape()) return ImGui::EndPopup();
    const LensFigureData* table = shown.get();
    ImGui::TextDisabled(tr(lang, Txt::LensExportIntro), table ? int(table->layers.size()) : 0,
                        table ? int(table->tokens.size()) : 0);
    if (export_popup_fields(e, lang, "lx", table != nullptr)) {
        ExportInputs in;  // the table is shared, immutable: the job never sees the panel
        in.lens = shown;
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = e.font;
        e.job.start(std::move(in), e.settings);
    }
    ImGui::EndPopup();
}

}  // namespace attn::app
