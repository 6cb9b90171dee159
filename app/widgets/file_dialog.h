// file_dialog.h — the "open a file for the model" dialog that File ▸ Open image… and File ▸ Open
// recording… share: an intro, a path field (Enter or Open uses it when the file exists), Close, and
// under it what is in use, a missing file, a model that cannot use it, and the run's own problem.
// Each caller draws its extras between begin and end (the image samples, the speech language).
//
//   if (begin_file_dialog(d, texts, lang, &chosen)) {
//       if (!chosen.empty()) use(chosen);
//       … extras …
//       end_file_dialog(d, texts, lang, in_use, model_fits, run_error);
//   }
#pragma once

#include <string>

#include "app/i18n/ui_text.h"

namespace attn::app {

struct FileDialogState {
    bool open = false, just_opened = false;
    std::string path;  // the field's text
};

struct FileDialogTexts {
    const char* id;  // a stable ImGui id, e.g. "open_image"
    Txt title, intro, path, hint, missing, none, in_use, wrong_model;
};

// An absolute, normalised path (so saved settings find the file from anywhere); `path` on error.
std::string absolute_file_path(const std::string& path);

// Opens the popup when just opened (the field starts at `current`). Returns whether the dialog is
// shown (then call end_file_dialog). `chosen` receives the normalised path when the user asked for
// an existing file, else "".
bool begin_file_dialog(FileDialogState& d, const FileDialogTexts& t, Lang lang, const std::string& current,
                       std::string* chosen);
// What is in use, a missing file, a model that cannot use it (`model_fits` false), the run's problem
// (`run_error`, core English, shown localised when a file is in use); ends the popup.
void end_file_dialog(const FileDialogState& d, const FileDialogTexts& t, Lang lang, const std::string& in_use,
                     bool model_fits, const std::string& run_error);

}  // namespace attn::app
