// export_form.cpp — the fields every export popup shares (see export_form.h)
#include "app/widgets/export_form.h"

#include <cstdlib>
#include <filesystem>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"

namespace attn::app {

std::string default_export_dir() {
    if (const char* home = std::getenv("HOME"); home && *home) return home;
    std::error_code ec;
    return std::filesystem::current_path(ec).string();
}

const char* export_kind_label(ExportKind k) {
    switch (k) {
        case ExportKind::Pdf: return "PDF";
        case ExportKind::Svg: return "SVG";
        case ExportKind::Png: return "PNG";
        case ExportKind::Csv: return "CSV";
        case ExportKind::Json: return "JSON";
    }
    return "PDF";
}

void export_format_fields(ExportSettings& s, bool path_edited, Lang lang, const char* id, float width,
                          std::initializer_list<ExportKind> kinds) {
    LabelBuf label;
    const std::string base = id;
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(label(lang, Txt::ExportFormat, (base + "_kind").c_str()), export_kind_label(s.kind))) {
        for (ExportKind k : kinds) {
            if (ImGui::Selectable(export_kind_label(k), k == s.kind)) {
                s.kind = k;
                if (path_edited) s.path = with_export_extension(s.path, k);
            }
        }
        ImGui::EndCombo();
    }
    if (s.kind != ExportKind::Pdf && s.kind != ExportKind::Svg && s.kind != ExportKind::Png) return;
    const Txt sizes[] = {Txt::ExportSizeSlide, Txt::ExportSizeA4, Txt::ExportSizeA4L};
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(label(lang, Txt::ExportSize, (base + "_size").c_str()), tr(lang, sizes[int(s.size)]))) {
        for (int i = 0; i < 3; ++i) {
            if (ImGui::Selectable(tr(lang, sizes[i]), int(s.size) == i)) s.size = ExportSize(i);
        }
        ImGui::EndCombo();
    }
    if (s.kind == ExportKind::Png) {
        ImGui::SetNextItemWidth(width);
        ImGui::SliderFloat(label(lang, Txt::ExportPngScale, (base + "_scale").c_str()), &s.png_scale, 0.5f, 4.0f,
                           "%.1f", ImGuiSliderFlags_AlwaysClamp);
        item_tooltip(tr(lang, Txt::ExportPngScaleTip));
    }
}

bool export_path_field(ExportSettings& s, Lang lang, const char* id, float width) {
    LabelBuf label;
    ImGui::SetNextItemWidth(width);
    const bool edited = ImGui::InputText(label(lang, Txt::ExportPath, (std::string(id) + "_path").c_str()), &s.path);
    item_tooltip(tr(lang, Txt::ExportPathTip));
    return edited;
}

void export_outcome_line(bool busy, const std::string& message, bool ok, Lang lang, float wrap) {
    if (busy) {
        ImGui::TextDisabled("%s", tr(lang, Txt::ExportBusy));
    } else if (!message.empty()) {
        ImGui::PushTextWrapPos(wrap);
        ImGui::TextColored(ok ? ImVec4(0.45f, 0.9f, 0.45f, 1.0f) : error_colour(), "%s",
                           localize_core_message(message, lang).c_str());
        ImGui::PopTextWrapPos();
    }
}

void export_popup_start(ViewExport& e, const char* popup_id, bool can_export) {
    if (auto outcome = e.job.take_outcome()) {
        e.message = outcome->message;
        e.ok = outcome->ok;
    }
    if (e.settings.kind == ExportKind::Json) e.settings.kind = ExportKind::Pdf;
    if (take_export_request(e, can_export)) {
        if (e.dir.empty()) e.dir = default_export_dir();
        e.path_edited = false;
        ImGui::OpenPopup(popup_id);
    }
}

bool export_popup_fields(ViewExport& e, Lang lang, const char* id, bool ready) {
    const float w = ImGui::GetFontSize() * 18.0f;
    export_format_fields(e.settings, e.path_edited, lang, id, w,
                         {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv});
    if (export_path_field(e.settings, lang, id, w * 1.6f)) e.path_edited = true;
    LabelBuf label;
    const std::string base = id;
    const bool busy = e.job.busy();
    const bool can = ready && !busy && !e.settings.path.empty();
    if (!can) ImGui::BeginDisabled();
    const bool go = ImGui::Button(label(lang, Txt::ExportGo, (base + "_go").c_str()), ImVec2(w * 0.5f, 0.0f));
    if (!can) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ExportClose, (base + "_close").c_str()), ImVec2(w * 0.5f, 0.0f)))
        ImGui::CloseCurrentPopup();
    export_outcome_line(busy, e.message, e.ok, lang, w * 1.8f);
    if (go) e.message.clear();
    return go;
}

}  // namespace attn::app
