// speech_language.h — the language a speech model listens for (detect, or one of the model's
// lang_to_id languages), one combo shared by File ▸ Open recording and the Audio view.
#pragma once

#include "app/state/app_state.h"

namespace attn::app {

// Sets AppState::speech_language ("" = detect). Draws nothing for an English-only model.
void language_combo(AppState& state, const pretrained::PretrainedModel& model);

}  // namespace attn::app
