// tree_export.cpp — the Predict view's "Export tree…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in tree_export.h)
#include "app/views/predict/tree_export.h"

#include <cstdio>
#include <memory>

#include <imgui.h>

#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"
#include "core/lm/beam_figure.h"

namespace attn::app {

bool predict_has_tree(const PredictPanel& p) {
    return p.searched && p.searched->error.empty() && !p.searched->tree.empty() && p.translation &&
           p.searched->prefix == p.translation->prefix;
}

void draw_tree_export_button(PredictPanel& p, Lang lang) {
    LabelBuf label;
    ViewExport& e = p.tree_export;
    ImGui::BeginDisabled(!predict_has_tree(p));
    if (ImGui::SmallButton(label(lang, Txt::TrTreeExport, "tree_export"))) e.request = true;
    ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::TrTreeExportTip));
    if (e.job.busy() || !e.message.empty()) {
        ImGui::SameLine();
        export_outcome_line(e.job.busy(), e.message, e.ok, lang, 0.0f);
    }
}

void draw_tree_export_popup(PredictPanel& p, const AppState& state, const ComputeView& view) {
    ViewExport& e = p.tree_export;
    const bool can = predict_has_tree(p) && view.model != nullptr;
    export_popup_start(e, "###tree_export", can);
    const Lang lang = state.lang;
    if (!e.path_edited) e.settings.path = default_beams_export_path(e.dir, e.settings.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###tree_export", tr(lang, Txt::TrTreeExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape()) return ImGui::EndPopup();
    int nodes = 0;
    if (can)
        for (const auto& step : p.searched->tree) nodes += int(step.size());
    ImGui::TextDisabled(tr(lang, Txt::TrTreeExportIntro), can ? int(p.searched->tree.size()) : 0, nodes);
    if (export_popup_fields(e, lang, "tx", can)) {
        const TranslateResult& r = *p.searched;
        ExportInputs in;  // the record is made here, immutable: the job never sees the panel
        in.beams = std::make_shared<const BeamFigureData>(
            lm::beam_figure_data(*view.model, p.posted_translate.source, r.tree, r.prefix, r.beams, r.score));
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = e.font;
        e.job.start(std::move(in), e.settings);
    }
    ImGui::EndPopup();
}

}  // namespace attn::app
