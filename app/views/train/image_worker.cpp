// image_worker.cpp — the image tasks' training thread, mailbox and probe pictures (GL-free)
// (implementation; the interface and its contract are in image_worker.h)
#include "app/views/train/image_worker.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/train/run_folder.h"
#include "core/base/parallel.h"
#include "core/figure/figure_train.h"
#include "core/train/vit_io.h"

namespace attn::app {

using namespace attn::train;
using Clock = std::chrono::steady_clock;

ImageTrainWorker::ImageTrainWorker(std::function<void()> wake, int probe_interval_ms)
    : wake_fn_(std::move(wake)), probe_interval_ms_(probe_interval_ms) {
    thread_ = std::thread([this] {
        name_this_thread("attn-train-img");
        run();
    });
}

ImageTrainWorker::~ImageTrainWorker() {
    stop_worker(control_);
    thread_.join();
}

void ImageTrainWorker::reset(const ImageTrainOptions& options) { post_reset(control_, options); }
void ImageTrainWorker::start() { post_command(control_, command_of<Command>(Command::Start)); }
void ImageTrainWorker::pause() { post_command(control_, command_of<Command>(Command::Pause)); }
void ImageTrainWorker::run_steps(int n) { post_command(control_, command_of<Command>(Command::RunSteps, n)); }
void ImageTrainWorker::save(const std::string& dir, SavePurpose purpose) { post_save(control_, dir, purpose); }

ImageTrainUpdate ImageTrainWorker::take() {
    std::lock_guard<std::mutex> lock(control_.mutex);
    ImageTrainUpdate u = take_update(out_);
    out_.class_names = u.class_names;
    u.running = control_.running;
    return u;
}

bool ImageTrainWorker::wait_idle(std::chrono::milliseconds timeout) { return wait_worker_idle(control_, timeout); }

void ImageTrainWorker::publish_probes(ImageTrainState& s) {
    std::vector<ImageProbe> probes = image_probes(s);
    std::lock_guard<std::mutex> lock(control_.mutex);
    out_.probes = std::move(probes);
    out_.probes_step = s.step;
    last_probe_ = Clock::now();
}

void ImageTrainWorker::handle(Command& c, std::unique_ptr<ImageTrainState>& state) {
    switch (c.kind) {
        case Command::Reset: {
            state.reset();
            auto made = make_image_train_state(c.options);
            if (made) state = std::move(*made);
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                stop_running(control_);
                out_.log.clear();
                out_.probes.reset();
                out_.reset = true;
                out_.run_id += 1;
                out_.error = made ? std::string() : made.status().message();
                out_.has_state = state != nullptr;
                out_.step = 0;
                out_.total_steps = state ? state->options.steps : 0;
                out_.class_names = state ? state->data.class_names : std::vector<std::string>{};
            }
            if (state) publish_probes(*state);
            break;
        }
        case Command::Start:
        case Command::RunSteps: {
            std::lock_guard<std::mutex> lock(control_.mutex);
            begin_running(control_, c, state && !image_training_done(*state));
            break;
        }
        case Command::Pause: {
            bool was_running = false;
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                was_running = stop_running(control_);
            }
            if (state && was_running) publish_probes(*state);
            break;
        }
        case Command::Save: {
            ImageSaveResult r;
            r.purpose = c.purpose;
            r.dir = c.dir;
            if (!state) {
                r.error = "No output folder given.";  // unreachable from the UI: it needs a run first
            } else {
                if (Status s = save_vit_folder(*state, c.dir); !s) r.error = s.message();
                r.step = state->step;
            }
            std::lock_guard<std::mutex> lock(control_.mutex);
            out_.saves.push_back(std::move(r));
            break;
        }
    }
}

void ImageTrainWorker::run() {
    std::unique_ptr<ImageTrainState> state;  // this thread's alone
    auto handle_one = [&](Command& c) {
        handle(c, state);
        if (wake_fn_) wake_fn_();
    };
    auto after_step = [&](const TrainLogEntry& e, bool stopped, std::unique_lock<std::mutex>& lock) {
        out_.log.push_back(e);
        out_.step = state->step;
        const bool due = Clock::now() - last_probe_ >= std::chrono::milliseconds(probe_interval_ms_);
        lock.unlock();
        if (stopped || due) {
            publish_probes(*state);
            if (wake_fn_) wake_fn_();
        }
        lock.lock();
    };
    run_worker_loop(control_, state, handle_one, image_training_done, image_train_step, after_step);
    state.reset();
}

TrainFigureData image_train_figure_of(const ImageTrainOptions& run, const TrainCurves& c,
                                      const std::vector<ImageProbe>& probes, int probes_step,
                                      const std::vector<std::string>& class_names, int layer, int head, int step,
                                      int total) {
    TrainFigureData d;
    d.task = run.task;
    d.n_layers = run.n_layers;
    d.n_heads = run.n_heads;
    d.d_model = run.d_model;
    d.batch = run.batch;
    d.lr = run.lr;
    d.seed = run.seed;
    d.step = step;
    d.total_steps = total > 0 ? total : run.steps;
    d.image_task = true;
    d.steps = c.step;
    d.losses = c.loss;
    const std::size_t n = std::min({c.eval_step.size(), c.eval_loss.size(), c.exact.size(), c.token_acc.size()});
    for (std::size_t i = 0; i < n; ++i) d.evals.push_back({int(c.eval_step[i]), c.eval_loss[i], c.exact[i], c.token_acc[i]});
    for (const ImageProbe& p : probes)
        d.image_probes.push_back({p.side, p.grid, p.pixels, p.label, p.predicted, double(p.confidence), p.cls_attention});
    d.probe_step = probes_step;
    d.class_names = class_names;
    const int layers = probes.empty() ? run.n_layers : int(probes.front().cls_attention.size());
    d.probe_layer = layer >= 0 && layer < layers ? layer : std::max(layers - 1, 0);
    d.probe_head = head >= 0 && head < run.n_heads ? head : -1;
    return d;
}

std::vector<std::uint8_t> probe_overlay_rgba(const ImageProbe& p, int layer, int head, int scale) {
    const int side = p.side, out = side * scale, n = p.grid * p.grid, patch = side / std::max(1, p.grid);
    // (grid²) the class token's weight per patch; the heat is the figure's (figure_train.h)
    const std::vector<float> w = probe_patch_weights(p.cls_attention, layer, head, n);
    std::vector<std::uint8_t> rgba(std::size_t(out) * out * 4);
    for (int y = 0; y < out; ++y) {
        for (int x = 0; x < out; ++x) {
            const int sx = x / scale, sy = y / scale;
            const float g = float(p.pixels[std::size_t(sy) * side + sx]) / 255.0f;  // the picture, grey
            const int i = std::min(sy / patch, p.grid - 1) * p.grid + std::min(sx / patch, p.grid - 1);
            const ProbeHeat h = probe_heat(w[std::size_t(i)], n);
            const float a = h.alpha;
            std::uint8_t* o = rgba.data() + (std::size_t(y) * out + x) * 4;
            o[0] = std::uint8_t(std::lround(255.0f * ((1.0f - a) * g + a * h.color.r)));
            o[1] = std::uint8_t(std::lround(255.0f * ((1.0f - a) * g + a * h.color.g)));
            o[2] = std::uint8_t(std::lround(255.0f * ((1.0f - a) * g + a * h.color.b)));
            o[3] = 255;
            // the patch grid: a thin dark line on each patch's top and left edge
            if ((x % (patch * scale) == 0 || y % (patch * scale) == 0) && x > 0 && y > 0) {
                o[0] = std::uint8_t(o[0] / 2);
                o[1] = std::uint8_t(o[1] / 2);
                o[2] = std::uint8_t(std::min(255, o[2] / 2 + 40));
            }
        }
    }
    return rgba;
}

}  // namespace attn::app
