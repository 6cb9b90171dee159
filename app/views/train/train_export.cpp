// train_export.cpp — the Train view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in train_export.h)
#include "app/views/train/train_export.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/class_names.h"
#include "app/i18n/core_messages.h"

namespace attn::app {

namespace {

std::string home_or_cwd() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    std::error_code ec;
    return std::filesystem::current_path(ec).string();
}

const char* figure_kind_label(ExportKind k) {
    return k == ExportKind::Png ? "PNG" : k == ExportKind::Svg ? "SVG" : k == ExportKind::Csv ? "CSV" : "PDF";
}

// The text tasks' TrainPanel and the image tasks' VitTrainPanel hold the same export fields
// (export_job, export_settings, export_request, …): one button and one popup serve both.
template <class Panel>
void export_button(Panel& p, Lang lang, LabelBuf& label) {
    ImGui::Separator();
    if (ImGui::Button(label(lang, Txt::TrainExport, "train_export"))) p.export_request = true;
    item_tooltip(tr(lang, Txt::TrainExportTip));
    if (p.export_job.busy()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::ExportBusy));
    } else if (!p.export_message.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(p.export_ok ? ImVec4(0.45f, 0.9f, 0.45f, 1.0f) : error_colour(), "%s",
                           localize_core_message(p.export_message, lang).c_str());
        ImGui::PopTextWrapPos();
    }
}

// `probe_step`: the weights the probes shown were made with; `figure`: the figure's data (a copy).
template <class Panel, class MakeFigure>
void export_popup(Panel& p, const AppState& state, const std::string& task, int probe_step, MakeFigure figure) {
    if (auto outcome = p.export_job.take_outcome()) {
        p.export_message = outcome->message;
        p.export_ok = outcome->ok;
    }
    const Lang lang = state.lang;
    ExportSettings& s = p.export_settings;
    if (s.kind == ExportKind::Json) s.kind = ExportKind::Pdf;
    if (p.export_request) {
        p.export_request = false;
        if (p.export_dir.empty()) p.export_dir = home_or_cwd();
        p.export_path_edited = false;
        ImGui::OpenPopup("###train_export");
    }
    if (!p.export_path_edited) s.path = default_train_export_path(p.export_dir, task, probe_step, s.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###train_export", tr(lang, Txt::TrainExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    LabelBuf label;
    const int total = p.status.total_steps > 0 ? p.status.total_steps : p.run_options.steps;
    ImGui::TextDisabled(tr(lang, Txt::TrainExportIntro), p.status.step, total, probe_step);
    const float w = ImGui::GetFontSize() * 18.0f;
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo(label(lang, Txt::ExportFormat, "tx_kind"), figure_kind_label(s.kind))) {
        for (ExportKind k : {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv})  // CSV: the curves
            if (ImGui::Selectable(figure_kind_label(k), k == s.kind)) {
                s.kind = k;
                if (p.export_path_edited) s.path = with_export_extension(s.path, k);
            }
        ImGui::EndCombo();
    }
    const Txt sizes[] = {Txt::ExportSizeSlide, Txt::ExportSizeA4, Txt::ExportSizeA4L};
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo(label(lang, Txt::ExportSize, "tx_size"), tr(lang, sizes[int(s.size)]))) {
        for (int i = 0; i < 3; ++i)
            if (ImGui::Selectable(tr(lang, sizes[i]), int(s.size) == i)) s.size = ExportSize(i);
        ImGui::EndCombo();
    }
    if (s.kind == ExportKind::Png) {
        ImGui::SetNextItemWidth(w);
        ImGui::SliderFloat(label(lang, Txt::ExportPngScale, "tx_scale"), &s.png_scale, 0.5f, 4.0f, "%.1f",
                           ImGuiSliderFlags_AlwaysClamp);
        item_tooltip(tr(lang, Txt::ExportPngScaleTip));
    }
    ImGui::SetNextItemWidth(w * 1.6f);
    if (ImGui::InputText(label(lang, Txt::ExportPath, "tx_path"), &s.path)) p.export_path_edited = true;
    item_tooltip(tr(lang, Txt::ExportPathTip));

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
    if (busy) {
        ImGui::TextDisabled("%s", tr(lang, Txt::ExportBusy));
    } else if (!p.export_message.empty()) {
        ImGui::PushTextWrapPos(w * 1.8f);
        ImGui::TextColored(p.export_ok ? ImVec4(0.45f, 0.9f, 0.45f, 1.0f) : error_colour(), "%s",
                           localize_core_message(p.export_message, lang).c_str());
        ImGui::PopTextWrapPos();
    }
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
