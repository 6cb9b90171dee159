// file_dialog.cpp — the shared open-a-file dialog (the contract is in file_dialog.h).
#include "app/widgets/file_dialog.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/jobs/model_loader.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

std::string absolute_file_path(const std::string& path) {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    return ec ? path : abs.lexically_normal().string();
}

namespace {

std::string id_of(const FileDialogTexts& t, const char* part) { return std::string(t.id) + "_" + part; }

bool file_exists(const std::string& path) {
    std::error_code ec;  // only a cheap check here (stat); the worker reads the file and says what is wrong
    return !path.empty() && std::filesystem::is_regular_file(normalize_model_path(path), ec);
}

}  // namespace

bool begin_file_dialog(FileDialogState& d, const FileDialogTexts& t, Lang lang, const std::string& current,
                       std::string* chosen) {
    chosen->clear();
    if (!d.open) return false;
    const std::string popup = std::string("###") + t.id;
    if (d.just_opened) {
        d.just_opened = false;
        if (d.path.empty()) d.path = current;
        ImGui::OpenPopup(popup.c_str());
    }
    const std::string title = std::string(tr(lang, t.title)) + popup;
    ImGui::SetNextWindowSize(ImVec2(640.0f, 0.0f), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title.c_str(), &d.open)) return false;
    if (close_popup_on_escape(&d.open)) {
        ImGui::EndPopup();
        return false;
    }

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, t.intro));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    LabelBuf label;
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, t.path)).x - 16.0f);
    bool go = ImGui::InputTextWithHint(label(lang, t.path, id_of(t, "path").c_str()), tr(lang, t.hint), &d.path,
                                       ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::BeginDisabled(d.path.empty());
    go = ImGui::Button(label(lang, Txt::ImageOpenGo, id_of(t, "go").c_str()), ImVec2(120.0f, 0.0f)) || go;
    ImGui::EndDisabled();
    if (go && file_exists(d.path)) *chosen = absolute_file_path(normalize_model_path(d.path));
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ImageOpenClose, id_of(t, "close").c_str()), ImVec2(120.0f, 0.0f))) {
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    return true;
}

void end_file_dialog(const FileDialogState& d, const FileDialogTexts& t, Lang lang, const std::string& in_use,
                     bool model_fits, const std::string& run_error) {
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    if (!d.path.empty() && !file_exists(d.path)) ImGui::TextColored(error_colour(), tr(lang, t.missing), d.path.c_str());
    if (in_use.empty()) ImGui::TextDisabled("%s", tr(lang, t.none));
    else ImGui::Text(tr(lang, t.in_use), in_use.c_str());
    if (!model_fits) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, t.wrong_model));
    if (model_fits && !in_use.empty() && !run_error.empty())  // the file's own problem
        ImGui::TextColored(error_colour(), "%s", localize_core_message(run_error, lang).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndPopup();
}

}  // namespace attn::app
