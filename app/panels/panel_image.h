// panel_image.h — choosing the image a vision model looks at: File ▸ Open image… (a dialog with a
// path field: ImGui has no file dialog) and image files dropped onto the window.
//
// Both only set AppState::image_path; the compute worker reads and decodes the file (never the UI
// thread), and a file it cannot use comes back as the run's error, shown by the views.
#pragma once

#include <string>
#include <vector>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/state/image_samples.h"
#include "app/widgets/file_dialog.h"

namespace attn::app {

struct ImageDialog : FileDialogState {
    std::vector<ImageSample> samples;  // assets/samples (set once at start; may be empty)
};

void open_image_dialog(ImageDialog& dialog);
// Once per frame: takes dropped image files out of `dropped` (before the model dialog sees them)
// and draws the dialog while it is open. `vision_model`: the model in use reads images. Opening
// an image with a vision model shows the Image view.
void draw_image_dialog(ImageDialog& dialog, AppState& state, std::vector<std::string>& dropped,
                       const ComputeView& view, bool vision_model);

}  // namespace attn::app
