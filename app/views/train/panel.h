// panel.h — the Train view: train a tiny GPT-2 or Llama on a task inside the app (issue 13), or a tiny ViT
// on an image task (issue 22, vit_panel.h). Settings on
// the left (task and its explanation, task parameters, model size, optimizer, Start / Pause /
// Step / Reset); on the right the loss and accuracy curves, every head's attention on the task's
// probe example as it trains, a timeline slider to scrub back, "Use this model" / "Save model…", and
// "Export figure…" (core/figure/figure_train.h: the curves and the probe shown, PNG/SVG/PDF).
//
// Training runs on the panel's TrainWorker thread (train_worker.h); each frame the panel takes its
// mailbox by value. The UI thread never trains, saves or waits.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/jobs/export_job.h"
#include "app/jobs/model_loader.h"
#include "app/state/app_state.h"
#include "app/views/train/vit_panel.h"
#include "app/views/train/probe_grid.h"
#include "app/views/train/train_lab.h"
#include "app/views/train/train_worker.h"

namespace attn::app {

struct TrainPanel {
    std::unique_ptr<TrainWorker> worker;  // made on first need, with `wake`
    std::function<void()> wake;
    bool auto_start = false;  // --run: press Start on the first frame
    TrainOptions settings = train_defaults("reverse");  // what the controls show
    TrainOptions run_options;                           // what the current run was made with
    bool has_run = false;                               // a reset was sent (a run exists or is coming)
    std::string problem;          // check_train_settings of `checked` in `checked_lang` ("" = fine)
    TrainOptions checked;
    Lang checked_lang = Lang::En;
    bool checked_valid = false;

    // What the worker reported (UI thread copies).
    std::uint64_t run_id = 0;
    TrainUpdate status;           // the last take()'s status fields
    TrainCurves curves;
    Timeline timeline;
    std::optional<ProbeSnapshot> live;  // the newest probe
    bool follow_live = true;            // the picture follows the newest probe (else: scrub_step)
    int scrub_step = 0;

    ProbeGrid grid;  // the probe picture: every head's tile

    // Save / use.
    std::string save_path;
    std::string save_message;  // core message (English) or the saved folder
    bool save_failed = false;
    int save_step = 0;
    int use_count = 0;
    std::string using_dir;     // the "Use this model" folder being opened / in use
    int using_step = 0;
    std::string using_text;    // the probe text of the saved weights (becomes the sentence)
    std::string using_target;  // an encoder–decoder's probe target (becomes the translation)
    bool use_opened = false;   // open_model was called for using_dir
    std::string use_error;     // core message (English)

    // "Export figure…" (and Ctrl+E / File ▸ Export in this view): a popup; the figure is rendered
    // and written on the ExportJob's thread from a copy of the curves and the shown probe.
    ViewExport figure_export;

    // The image tasks (fashion, odd-one): a tiny ViT with its own worker (vit_panel.h), shown
    // when the task combo picks one.
    VitTrainPanel vit;
};

// Needs the model session: "Use this model" opens the saved folder through the app's loader.
void draw_train_panel(TrainPanel& panel, AppState& state, ModelSession& models);

// Before the first frame: results wake the event loop (glfwPostEmptyEvent). Headless: none.
void train_panel_set_wakeup(TrainPanel& panel, std::function<void()> wake);
// Screenshots: a run of `task` with its defaults (the encoder–decoder's: "seq2seq:reverse", or
// "en-ko"), `steps` steps done before the frames are drawn
// (with wait_idle between frames). steps ≥ the task's default lengthens the run to `steps`.
void train_panel_script(TrainPanel& panel, const std::string& task, int steps);
// An image task's probe picture `index` (0-3) in every layer and head (screenshots).
void train_panel_show_picture(TrainPanel& panel, int index);
// A script's Start (tools/soak.sh): a fresh run of `task` with its defaults, training until done
// or paused; and its Pause (both kinds of run).
void train_panel_start(TrainPanel& panel, const std::string& task);
void train_panel_pause(TrainPanel& panel);
// The task as settings.json's train_task keeps it: the name, "seq2seq:NAME" for the encoder–decoder's.
std::string train_panel_task(const TrainPanel& panel);
// At start-up, the saved task and training text (settings.json's train_task, train_text): the task's
// defaults with that text. An unknown or empty task name leaves the panel as it is.
void train_panel_restore(TrainPanel& panel, const std::string& task, const std::string& text);
bool train_panel_wait_idle(TrainPanel& panel, std::chrono::milliseconds timeout);
// --stats: "step 200 of 200, 31.2 steps/s over the run" ("" before any step).
std::string train_panel_stats(const TrainPanel& panel);
// Ctrl+E and File ▸ Export while the Train view shows: its figure export popup.
void train_panel_open_export(TrainPanel& panel);
// GL context current: deletes the texture and joins the worker (mid-training is fine).
void train_panel_destroy(TrainPanel& panel);

}  // namespace attn::app
