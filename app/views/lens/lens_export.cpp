// lens_export.cpp — the Lens view's "Export figure…": the button and its popup (ImGui)
// (implementation; the interface and its contract are in lens_export.h)
#include "app/views/lens/lens_export.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"

namespace attn::app {

namespace {

std::string home_or_cwd() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    std::error_code ec;
    return std::filesystem::current_path(ec).string();
}

const char* kind_label(ExportKind k) {
    switch (k) {
        case ExportKind::Png: return "PNG";
        case ExportKind::Svg: return "SVG";
        case ExportKind::Csv: return "CSV";
        default: return "PDF";
    }
}

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
    if (p.export_job.busy()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::ExportBusy));
    } else if (!p.export_message.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(p.export_ok ? ImVec4(0.45f, 0.9f, 0.45f, 1.0f) : error_colour(), "%s",
                           localize_core_message(p.export_message, lang).c_str());
    }
}

void draw_lens_export_popup(LensPanel& p, const AppState& state) {
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
        ImGui::OpenPopup("###lens_export");
    }
    if (!p.export_path_edited) s.path = default_lens_export_path(p.export_dir, s.kind);
    char text[160];
    std::snprintf(text, sizeof(text), "%s###lens_export", tr(lang, Txt::LensExportTitle));
    if (!ImGui::BeginPopupModal(text, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    LabelBuf label;
    const LensFigureData* table = shown_table(p);
    ImGui::TextDisabled(tr(lang, Txt::LensExportIntro), table ? int(table->layers.size()) : 0,
                        table ? int(table->tokens.size()) : 0);
    const float w = ImGui::GetFontSize() * 18.0f;
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo(label(lang, Txt::ExportFormat, "lx_kind"), kind_label(s.kind))) {
        for (ExportKind k : {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv})
            if (ImGui::Selectable(kind_label(k), k == s.kind)) {
                s.kind = k;
                if (p.export_path_edited) s.path = with_export_extension(s.path, k);
            }
        ImGui::EndCombo();
    }
    if (s.kind != ExportKind::Csv) {
        const Txt sizes[] = {Txt::ExportSizeSlide, Txt::ExportSizeA4, Txt::ExportSizeA4L};
        ImGui::SetNextItemWidth(w);
        if (ImGui::BeginCombo(label(lang, Txt::ExportSize, "lx_size"), tr(lang, sizes[int(s.size)]))) {
            for (int i = 0; i < 3; ++i)
                if (ImGui::Selectable(tr(lang, sizes[i]), int(s.size) == i)) s.size = ExportSize(i);
            ImGui::EndCombo();
        }
    }
    if (s.kind == ExportKind::Png) {
        ImGui::SetNextItemWidth(w);
        ImGui::SliderFloat(label(lang, Txt::ExportPngScale, "lx_scale"), &s.png_scale, 0.5f, 4.0f, "%.1f",
                           ImGuiSliderFlags_AlwaysClamp);
        item_tooltip(tr(lang, Txt::ExportPngScaleTip));
    }
    ImGui::SetNextItemWidth(w * 1.6f);
    if (ImGui::InputText(label(lang, Txt::ExportPath, "lx_path"), &s.path)) p.export_path_edited = true;
    item_tooltip(tr(lang, Txt::ExportPathTip));

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

}  // namespace attn::app
