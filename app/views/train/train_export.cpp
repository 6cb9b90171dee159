// train_export.cpp — the Train view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in train_export.h)
#include "app/views/train/train_export.h"

#include <cstdio>
#include <memory>

#include <imgui.h>

#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

void draw_train_export_button(ViewExport& e, Lang lang, LabelBuf& label) {
    ImGui::Separator();
    if (ImGui::Button(label(lang, Txt::TrainExport, "train_export"))) e.request = true;
    item_tooltip(tr(lang, Txt::TrainExportTip));
    if (e.job.busy()) ImGui::SameLine();
    export_outcome_line(e.job.busy(), e.message, e.ok, lang, 0.0f);
}

void draw_train_export_popup(ViewExport& e, const AppState& state, const TrainExportProgress& at,
                             const std::function<TrainFigureData()>& figure) {
    export_popup_start(e, "###train_export", true);
    const Lang lang = state.lang;
    if (!e.path_edited) e.settings.path = default_train_export_path(e.dir, at.task, at.probe_step, e.settings.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###train_export", tr(lang, Txt::TrainExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape()) return ImGui::EndPopup();
    ImGui::TextDisabled(tr(lang, Txt::TrainExportIntro), at.step, at.total, at.probe_step);
    if (export_popup_fields(e, lang, "tx", true)) {  // CSV: the curves
        ExportInputs in;  // the figure's data is a copy: the job never sees the panel
        in.train = std::make_shared<const TrainFigureData>(figure());
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = e.font;
        e.job.start(std::move(in), e.settings);
    }
    ImGui::EndPopup();
}

}  // namespace attn::app
