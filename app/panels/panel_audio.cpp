// panel_audio.cpp — choosing the recording a speech model listens to (the contract is in panel_audio.h)
#include "app/panels/panel_audio.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/jobs/model_loader.h"
#include "app/widgets/speech_language.h"
#include "app/widgets/ui_widgets.h"
#include "core/pretrained/pretrained_model.h"

namespace attn::app {

namespace {

bool listens(const pretrained::PretrainedModel* model) { return model != nullptr && model->caps().inputs.audio; }

// Sets the recording (an absolute path, so the saved settings find it from anywhere).
void use_audio(AppState& state, const std::string& path, bool speech_model) {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    state.audio_path = ec ? path : abs.lexically_normal().string();
    state.audio_word = -1;
    if (speech_model) state.view = View::Audio;
}

}  // namespace

void open_audio_dialog(AudioDialog& d) {
    d.open = true;
    d.just_opened = true;
}

void draw_audio_dialog(AudioDialog& d, AppState& state, std::vector<std::string>& dropped, const ComputeView& view,
                       const pretrained::PretrainedModel* model) {
    const bool speech = listens(model);
    if (const std::string path = take_dropped_audio_path(dropped); !path.empty()) {
        d.path = path;
        use_audio(state, path, speech);
    }
    if (!d.open) return;
    const Lang lang = state.lang;
    if (d.just_opened) {
        d.just_opened = false;
        if (d.path.empty()) d.path = state.audio_path;
        ImGui::OpenPopup("###open_audio");
    }
    char title[96];
    std::snprintf(title, sizeof(title), "%s###open_audio", tr(lang, Txt::AudioOpenTitle));
    ImGui::SetNextWindowSize(ImVec2(640.0f, 0.0f), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, &d.open)) return;

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::AudioOpenIntro));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    LabelBuf label;
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, Txt::AudioOpenPath)).x - 16.0f);
    bool go = ImGui::InputTextWithHint(label(lang, Txt::AudioOpenPath, "audio_path"), tr(lang, Txt::AudioOpenHint),
                                       &d.path, ImGuiInputTextFlags_EnterReturnsTrue);
    // Only a cheap check here (stat); the worker decodes the file and reports what is wrong with it.
    std::error_code ec;
    const bool exists = !d.path.empty() && std::filesystem::is_regular_file(normalize_model_path(d.path), ec);
    ImGui::BeginDisabled(d.path.empty());
    go = ImGui::Button(label(lang, Txt::ImageOpenGo, "audio_go"), ImVec2(120.0f, 0.0f)) || go;
    ImGui::EndDisabled();
    if (go && exists) use_audio(state, normalize_model_path(d.path), speech);
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ImageOpenClose, "audio_close"), ImVec2(120.0f, 0.0f))) {
        d.open = false;
        ImGui::CloseCurrentPopup();
    }
    if (speech) {
        ImGui::SameLine();
        language_combo(state, *model);
    }

    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    if (!d.path.empty() && !exists) ImGui::TextColored(error_colour(), tr(lang, Txt::AudioMissing), d.path.c_str());
    if (state.audio_path.empty()) ImGui::TextDisabled("%s", tr(lang, Txt::AudioNone));
    else ImGui::Text(tr(lang, Txt::AudioInUse), state.audio_path.c_str());
    if (!speech) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::AudioTextModel));
    if (speech && !state.audio_path.empty() && !view.error.empty())  // the recording's own problem
        ImGui::TextColored(error_colour(), "%s", localize_core_message(view.error, lang).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndPopup();
}

}  // namespace attn::app
