// speech_language.cpp — the speech model's language combo (the contract is in speech_language.h)
#include "app/widgets/speech_language.h"

#include <string>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

void language_combo(AppState& s, const pretrained::PretrainedModel& model) {
    const Lang lang = s.lang;
    const std::vector<std::string> languages = model.family().spoken_languages(model).codes;
    if (languages.empty()) return;  // an English-only model: nothing to choose
    ImGui::SetNextItemWidth(140.0f);
    const std::string shown = s.speech_language.empty() ? tr(lang, Txt::AudioLanguageAuto) : s.speech_language;
    if (ImGui::BeginCombo(tr(lang, Txt::AudioLanguage), shown.c_str())) {
        if (ImGui::Selectable(tr(lang, Txt::AudioLanguageAuto), s.speech_language.empty())) s.speech_language.clear();
        for (const std::string& code : languages)
            if (ImGui::Selectable(code.c_str(), s.speech_language == code)) s.speech_language = code;
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::AudioLanguageTip));
}

}  // namespace attn::app
