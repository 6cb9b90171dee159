// train_export.cpp — the Train view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in train_export.h)
#include "app/views/train/train_export.h"

#include <cstdio>
#include <memory>

#include <imgui.h>

#include "app/i18n/class_names.h"
#include "app/widgets/export_form.h"

namespace attn::app {

namespace {

// The text tasks' TrainPanel and the image tasks' VitTrainPanel hold the same export fields
// (export_job, export_settings, export_request, …): one button and one popup serve both.
template <class Panel>
void export_button(Panel& p, Lang lang, LabelBuf& label) {
    ImGui::Separator();
    if (ImGui::Button(label(lang, Txt::TrainExport, "train_export"))) p.export_request = true;
    item_tooltip(tr(lang, Txt::TrainExportTip));
    if (p.export_job.busy()) ImGui::SameLine();
    export_outcome_line(p.export_job.busy(), p.export_message, p.export_ok, lang, 0.0f);
}

// `probe_step`: the weights the probes shown were made with; `figure`: the figure's data (a copy).
template <class Panel, class MakeFigure>
void export_popup(Panel& p, const AppState& state, const std::string& task, int probe_step, MakeFigure figure) {
    export_popup_start(p, "###train_export");
    const Lang lang = state.lang;
    ExportSettings& s = p.export_settings;
    if (!p.export_path_edited) s.path = default_train_export_path(p.export_dir, task, probe_step, s.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###train_export", tr(lang, Txt::TrainExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    LabelBuf label;
    const int total = p.status.total_steps > 0 ? p.status.total_steps : p.run_options.steps;
    ImGui::TextDisabled(tr(lang, Txt::TrainExportIntro), p.status.step, total, probe_step);
    const float w = ImGui::GetFontSize() * 18.0f;
    export_format_fields(s, p.export_path_edited, lang, "tx", w,
                         {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv});  // CSV: the curves
    if (export_path_field(s, lang, "tx", w * 1.6f)) p.export_path_edited = true;

    const bool busy = p.export_job.busy();
    const bool can = !busy && !s.path.empty();
    if (!can) ImGui::BeginDisabled();
    if (ImGui::Button(label(lang, Txt::ExportGo, "tx_go"), ImVec2(w * 0.5f, 0.0f))) {
        ExportInputs in;  // the figure's data is a copy: the job never sees the panel
        in.train = std::make_shared<const TrainFigureData>(figure(total));
        in.colormap = state.colormap;
        in.lang = lang == Lang::Ko ? FigureLang::Ko : FigureLang::En;
        in.font_file = p.figure_font;
        p.export_message.clear();
        p.export_job.start(std::move(in), s);
    }
    if (!can) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ExportClose, "tx_close"), ImVec2(w * 0.5f, 0.0f))) ImGui::CloseCurrentPopup();
    export_outcome_line(busy, p.export_message, p.export_ok, lang, w * 1.8f);
    ImGui::EndPopup();
}

}  // namespace

void draw_export_button(TrainPanel& p, Lang lang, LabelBuf& label) { export_button(p, lang, label); }

void draw_export_popup(TrainPanel& p, const AppState& state, const ProbeSnapshot* snap) {
    export_popup(p, state, p.run_options.task, snap ? snap->step : 0, [&](int total) {
        return train_figure_of(p.run_options, p.curves, snap, p.status.step, total, p.status.exact_meaningful);
    });
}

void draw_export_button(VitTrainPanel& p, Lang lang, LabelBuf& label) { export_button(p, lang, label); }

void draw_export_popup(VitTrainPanel& p, const AppState& state) {
    export_popup(p, state, p.run_options.task, p.probes_step, [&](int total) {
        return image_train_figure_of(p.run_options, p.curves, p.probes, p.probes_step,
                                     class_names_for_ui(p.class_names, state.lang), p.layer, p.head, p.status.step, total);
    });
}

}  // namespace attn::app
