// image_worker.h — the Train view's image tasks (fashion, odd-one): the tiny Vision Transformer's
// training thread and mailbox, and the probe pictures with the class token's attention (GL-free).
//
//   UI thread: reset(options) / start() / pause() / run_steps(n) / save(dir, purpose) → a queue
//   worker:    owns the only ImageTrainState (core/train/vit_trainer.h); between steps it takes
//              commands, trains while running and publishes by value: log entries, the probes
//              (image_probes: the class token's attention on four test pictures) at most every
//              ~200 ms of training and when it stops, save results
//   UI thread: take() each frame → an ImageTrainUpdate
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/views/train/train_worker.h"
#include "core/train/vit_trainer.h"

namespace attn::app {

using train::ImageProbe;
using train::ImageTrainOptions;

struct ImageSaveResult {
    SavePurpose purpose = SavePurpose::Keep;
    std::string dir;
    std::string error;  // core message (English); empty = written
    int step = 0;
};

struct ImageTrainUpdate {
    std::uint64_t run_id = 0;
    bool reset = false;
    std::vector<TrainLogEntry> log;                 // new entries (Evaluation::exact = test accuracy)
    std::optional<std::vector<ImageProbe>> probes;  // when new ones were made
    int probes_step = 0;
    std::vector<ImageSaveResult> saves;
    std::vector<std::string> class_names;           // of the run (id → name)
    std::string error;                              // the last reset failed (core message)
    bool has_state = false, running = false;
    int step = 0, total_steps = 0;
};

class ImageTrainWorker {
public:
    explicit ImageTrainWorker(std::function<void()> wake = {}, int probe_interval_ms = 200);
    ~ImageTrainWorker();  // stops between two steps and joins
    ImageTrainWorker(const ImageTrainWorker&) = delete;
    ImageTrainWorker& operator=(const ImageTrainWorker&) = delete;

    void reset(const ImageTrainOptions& options);  // new run at step 0, paused (loads the data)
    void start();
    void pause();
    void run_steps(int n);
    void save(const std::string& dir, SavePurpose purpose);
    ImageTrainUpdate take();
    bool wait_idle(std::chrono::milliseconds timeout);

private:
    struct Command {
        enum Kind { Reset, Start, Pause, RunSteps, Save } kind = Start;
        ImageTrainOptions options;
        int n = 0;
        std::string dir;
        SavePurpose purpose = SavePurpose::Keep;
    };
    void run();
    void handle(Command& c, std::unique_ptr<train::ImageTrainState>& state);
    void publish_probes(train::ImageTrainState& s);

    std::function<void()> wake_fn_;
    int probe_interval_ms_;
    WorkerControl<Command> control_;  // the queue and run flags, under control_.mutex
    ImageTrainUpdate out_;
    std::chrono::steady_clock::time_point last_probe_;
    std::thread thread_;  // last
};

// What the Train figure (core/figure/figure_train.h) draws for an image run as the view shows it:
// the run's settings, every curve point so far (evaluations: the test loss and accuracy), the probes
// with the class token's attention of `layer` (0-based, −1 = the last) and `head` (−1 = the mean of
// the heads), and `class_names` as given (the caller passes them in the UI's language).
TrainFigureData image_train_figure_of(const ImageTrainOptions& run, const TrainCurves& curves,
                                      const std::vector<ImageProbe>& probes, int probes_step,
                                      const std::vector<std::string>& class_names, int layer, int head, int step,
                                      int total);

// A probe picture upscaled `scale` times with the class token's attention of `layer` (0-based) and
// `head` (−1 = the mean of the heads) over its patches as a translucent warm heat layer, opaque at
// four times an even share (4 / patches) of the weight, with the patch grid: (side·scale)², RGBA8.
std::vector<std::uint8_t> probe_overlay_rgba(const ImageProbe& p, int layer, int head, int scale);

}  // namespace attn::app
