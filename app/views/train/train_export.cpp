// train_export.cpp — the Train view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in train_export.h)
#include "app/views/train/train_export.h"

#include <cstdio>
#include <memory>

#include <imgui.h>

#include "app/i18n/class_names.h"
#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

// The text tasks' TrainPanel and the image tasks' VitTrainPanel both have a figure_export, a
// status and run options: one button and one popup serve both.
void export_button(ViewExport& e, Lang lang, LabelBuf& label) {
    ImGui::Separator();
    if (ImGui::Button(label(lang, Txt::TrainExport, "train_export"))) e.request = true;
    item_tooltip(tr(lang, Txt::TrainExportTip));
    if (e.job.busy()) ImGui::SameLine();
    export_outcome_line(e.job.busy(), e.message, e.ok, lang, 0.0f);
}

// `probe_step`: the weights the probes shown were made with; `figure`: the figure's data (a copy).
template <class Panel, class MakeFigure>
void export_popup(Panel& p, const AppState& state, const std::string& task, int probe_step, MakeFigure figure) {
    ViewExport& e = p.figure_export;
    export_popup_start(e, "###train_export", true);
    const Lang lang = state.lang;
    if (!e.path_edited) e.settings.path = default_train_export_path(e.dir, task, probe_step, e.settings.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###train_export", tr(lang, Txt::TrainExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape()) return ImGui::EndPopup();
    const int total = p.status.total_steps > 0 ? p.status.total_steps : p.run_options.steps;
    ImGui::TextDisabled(tr(lang, Txt::TrainExportIntro), p.status.step, total, probe_step);
    if (export_popup_fields(e, lang, "tx", true)) {  // CSV: the curves
        ExportInputs in;  // the figure's data is a copy: the job never sees the panel
        in.train = std::make_shared<const TrainFigureData>(figure(total));
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = e.font;
        e.job.start(std::move(in), e.settings);
    }
    ImGui::EndPopup();
}

}  // namespace

void draw_export_button(TrainPanel& p, Lang lang, LabelBuf& label) { export_button(p.figure_export, lang, label); }

void draw_export_popup(TrainPanel& p, const AppState& state, const ProbeSnapshot* snap) {
    export_popup(p, state, p.run_options.task, snap ? snap->step : 0, [&](int total) {
        return train_figure_of(p.run_options, p.curves, snap, p.status.step, total, p.status.exact_meaningful);
    });
}

void draw_export_button(VitTrainPanel& p, Lang lang, LabelBuf& label) { export_button(p.figure_export, lang, label); }

void draw_export_popup(VitTrainPanel& p, const AppState& state) {
    export_popup(p, state, p.run_options.task, p.probes_step, [&](int total) {
        return image_train_figure_of(p.run_options, p.curves, p.probes, p.probes_step,
                                     class_names_for_ui(p.class_names, state.lang), p.layer, p.head, p.status.step, total);
    });
}

}  // namespace attn::app
