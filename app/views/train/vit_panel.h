// vit_panel.h — the Train view's image tasks (fashion, odd-one): the tiny Vision Transformer's
// settings, Start / Pause / Reset, the loss and test-accuracy curves, the class token's attention
// on four probe pictures as it forms (an overlay on each 28×28 picture, upscaled; a layer and a head
// or the mean of heads) or one picture's every layer and head (its full probe trace), and "Use this model" (saved, then opened through the Model menu's loader
// with a probe picture as the image, so the Image view and every other view show the trained ViT),
// and "Export figure…" (the curves and the probes as a figure, or the curves as CSV).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/jobs/export_job.h"
#include "app/jobs/model_loader.h"
#include "app/state/app_state.h"
#include "app/views/train/image_worker.h"
#include "app/views/train/probe_grid.h"
#include "app/views/train/train_lab.h"

namespace attn::app {

struct VitTrainPanel {
    std::unique_ptr<ImageTrainWorker> worker;
    ImageTrainOptions settings;     // what the controls show (task set by the task combo)
    ImageTrainOptions run_options;  // what the current run was made with
    bool has_run = false;
    std::uint64_t run_id = 0;
    ImageTrainUpdate status;
    TrainCurves curves;
    std::vector<ImageProbe> probes;
    int probes_step = 0;
    std::vector<std::string> class_names;
    int layer = -1;  // shown layer, 0-based (−1 = the last)
    int head = -1;   // −1 = the mean of the heads
    bool every_head = false;  // one picture's whole trace (every layer and head) instead of the four overlays
    int selected = 0;         // that picture
    ProbeGrid grid;
    unsigned textures[4] = {0, 0, 0, 0};
    bool textures_dirty = true;
    int texture_side = 0;
    std::string use_error;
    int use_count = 0;
    std::string using_dir, using_image;
    int using_step = 0;
    bool use_opened = false;

    // "Export figure…" (and Ctrl+E / File ▸ Export in this view): the text tasks' popup
    // (train_export.h) with the curves and the probes as shown; rendered on the ExportJob's thread.
    ViewExport figure_export;
};

// The image tasks' defaults for `task` (threads: one per core but one).
ImageTrainOptions vit_train_defaults(const std::string& task);
bool same_image_options(const ImageTrainOptions& a, const ImageTrainOptions& b);

// Draws the whole view for an image task; `draw_task_choice` draws the shared task combo at the top
// of the settings column.
void draw_vit_train(VitTrainPanel& panel, AppState& state, ModelSession& models, const std::function<void()>& wake,
                      const std::function<void()>& draw_task_choice);
// Screenshots: a run of `task` with its defaults and `steps` steps done before the frames.
void vit_train_script(VitTrainPanel& panel, const std::string& task, int steps, const std::function<void()>& wake);
// Ctrl+E and File ▸ Export while an image task shows: its figure export popup.
void vit_train_open_export(VitTrainPanel& panel);
bool vit_train_wait_idle(VitTrainPanel& panel, std::chrono::milliseconds timeout);
void vit_train_destroy(VitTrainPanel& panel);  // GL context current

}  // namespace attn::app
