// panel_audio.h — choosing the recording a speech model listens to: File ▸ Open recording… (a
// dialog with a path field and the language to listen for) and sound files dropped onto the window.
//
// Both only set AppState::audio_path (and speech_language); the compute worker reads and decodes
// the file (never the UI thread), and a file it cannot use comes back as the run's error.
#pragma once

#include <string>
#include <vector>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/widgets/file_dialog.h"

namespace attn::app {

struct AudioDialog : FileDialogState {};

void open_audio_dialog(AudioDialog& dialog);
// Once per frame: takes dropped sound files out of `dropped` (before the model dialog sees them)
// and draws the dialog while it is open. `model`: the model in use (null: built-in); opening a
// recording with a speech model shows the Audio view.
void draw_audio_dialog(AudioDialog& dialog, AppState& state, std::vector<std::string>& dropped, const ComputeView& view,
                       const pretrained::PretrainedModel* model);

}  // namespace attn::app
