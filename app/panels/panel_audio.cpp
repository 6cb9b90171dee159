// panel_audio.cpp — choosing the recording a speech model listens to (the contract is in panel_audio.h)
#include "app/panels/panel_audio.h"

#include <imgui.h>

#include "app/jobs/model_loader.h"
#include "app/widgets/speech_language.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

namespace {

bool listens(const pretrained::PretrainedModel* model) { return model != nullptr && model->caps().inputs.audio; }

constexpr FileDialogTexts kTexts{"open_audio",    Txt::AudioOpenTitle, Txt::AudioOpenIntro, Txt::AudioOpenPath,
                                 Txt::AudioOpenHint, Txt::AudioMissing, Txt::AudioNone,      Txt::AudioInUse,
                                 Txt::AudioTextModel};

// Sets the recording (an absolute path, so the saved settings find it from anywhere).
void use_audio(AppState& state, const std::string& path, bool speech_model) {
    state.audio_path = absolute_file_path(path);
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
    std::string chosen;
    if (!begin_file_dialog(d, kTexts, state.lang, state.audio_path, &chosen)) return;
    if (!chosen.empty()) use_audio(state, chosen, speech);
    if (speech) {
        ImGui::SameLine();
        language_combo(state, *model);
    }
    end_file_dialog(d, kTexts, state.lang, state.audio_path, speech, view.error);
}

}  // namespace attn::app
