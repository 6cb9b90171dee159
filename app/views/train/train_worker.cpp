// train_worker.cpp — the Train view's training thread and its mailbox (GL-free)
// (implementation; the interface and its contract are in train_worker.h)
#include "app/views/train/train_worker.h"

#include <algorithm>
#include <utility>

#include "core/base/parallel.h"
#include "core/train/train_run.h"

namespace attn::app {

using namespace attn::train;  // the core training API (trainer.h, task.h)

using Clock = std::chrono::steady_clock;

TrainWorker::TrainWorker(TrainWorkerConfig config) : config_(std::move(config)) {
    thread_ = std::thread([this] {
        name_this_thread("attn-train");
        run();
    });
}

TrainWorker::~TrainWorker() {
    stop_worker(control_);
    thread_.join();  // a step in progress finishes first (milliseconds)
}

void TrainWorker::reset(const TrainOptions& options) { post_reset(control_, options); }
void TrainWorker::start() { post_command(control_, command_of<Command>(Command::Start)); }
void TrainWorker::pause() { post_command(control_, command_of<Command>(Command::Pause)); }
void TrainWorker::step() { post_command(control_, command_of<Command>(Command::Step)); }
void TrainWorker::run_steps(int n) { post_command(control_, command_of<Command>(Command::RunSteps, n)); }
void TrainWorker::save(const std::string& dir, SavePurpose purpose) { post_save(control_, dir, purpose); }

TrainUpdate TrainWorker::take() {
    std::lock_guard<std::mutex> lock(control_.mutex);
    TrainUpdate u = take_update(out_);  // the status stays in the mailbox; what was handed over is cleared
    out_.probe_text = u.probe_text;
    out_.probe_target = u.probe_target;
    out_.exact_meaningful = u.exact_meaningful;
    u.running = control_.running;
    return u;
}

bool TrainWorker::busy() const { return worker_busy(control_); }

bool TrainWorker::wait_idle(std::chrono::milliseconds timeout) { return wait_worker_idle(control_, timeout); }

void TrainWorker::notify() {
    if (config_.wake) config_.wake();
}

// The probe through the current weights → the mailbox (and the timeline when `snapshot`).
void TrainWorker::publish_probe(const TextTrainRun& s, bool snapshot) {
    ProbeSnapshot snap;
    snap.step = s.steps_done();
    snap.probe = std::make_shared<const Trace>(s.probe());
    snap.loss = s.last_loss();
    std::lock_guard<std::mutex> lock(control_.mutex);
    if (snapshot) {
        add_snapshot(timeline_, snap);
        out_.timeline = timeline_;
    }
    out_.probe = std::move(snap);
    last_probe_ = Clock::now();
}

void TrainWorker::handle(Command& c, std::unique_ptr<TextTrainRun>& state) {
    switch (c.kind) {
        case Command::Reset: {
            state.reset();
            auto made = make_text_train_run(c.options);
            std::string text, target;
            if (made) {
                state = std::move(*made);
                text = state->probe_text();
                target = state->probe_target();
            }
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                stop_running(control_);
                timeline_ = Timeline{};
                out_.log.clear();
                out_.probe.reset();
                out_.timeline.reset();
                out_.reset = true;
                out_.run_id += 1;
                out_.error = made ? std::string() : made.status().message();
                out_.has_state = state != nullptr;
                out_.step = 0;
                out_.total_steps = state ? state->options().steps : 0;
                out_.probe_text = text;
                out_.probe_target = target;
                out_.exact_meaningful = state ? state->exact_meaningful() : true;
                snapshot_every_ = config_.snapshot_every > 0 ? config_.snapshot_every
                                                             : std::max(1, out_.total_steps / kMaxSnapshots);
            }
            if (state) publish_probe(*state, true);
            break;
        }
        case Command::Start:
        case Command::RunSteps: {
            std::lock_guard<std::mutex> lock(control_.mutex);
            begin_running(control_, c, state && !state->done());
            break;
        }
        case Command::Pause: {
            bool was_running = false;
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                was_running = stop_running(control_);
            }
            if (state && was_running) publish_probe(*state, true);
            break;
        }
        case Command::Step: {
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                stop_running(control_);
            }
            if (!state || state->done()) break;
            const TrainLogEntry e = state->step();
            {
                std::lock_guard<std::mutex> lock(control_.mutex);
                out_.log.push_back(e);
                out_.step = state->steps_done();
            }
            publish_probe(*state, true);
            break;
        }
        case Command::Save: {
            SaveResult r;
            r.purpose = c.purpose;
            r.dir = c.dir;
            if (!state) {
                r.error = "No output folder given.";  // unreachable from the UI: it needs a run first
            } else {
                if (Status s = state->save(c.dir); !s) r.error = s.message();
                r.step = state->steps_done();
                r.probe = std::make_shared<const Trace>(state->probe());
                r.probe_text = state->probe_text();
                r.probe_target = state->probe_target();
            }
            std::lock_guard<std::mutex> lock(control_.mutex);
            out_.saves.push_back(std::move(r));
            break;
        }
    }
}

void TrainWorker::run() {
    std::unique_ptr<TextTrainRun> state;  // this thread's alone
    Clock::time_point last_wake = Clock::now();
    auto handle_one = [&](Command& c) {
        handle(c, state);
        notify();
    };
    auto after_step = [&](const TrainLogEntry& e, bool stopped, std::unique_lock<std::mutex>& lock) {
        out_.log.push_back(e);
        out_.step = state->steps_done();
        const bool on_grid = state->steps_done() % snapshot_every_ == 0;
        const bool due = config_.probe_interval_ms > 0 &&
                         Clock::now() - last_probe_ >= std::chrono::milliseconds(config_.probe_interval_ms);
        lock.unlock();
        if (stopped || on_grid || due) publish_probe(*state, stopped || on_grid);
        const Clock::time_point now = Clock::now();
        if (stopped || on_grid || due || now - last_wake > std::chrono::milliseconds(50)) {
            notify();
            last_wake = now;
        }
        lock.lock();
    };
    run_worker_loop(
        control_, state, handle_one, [](const TextTrainRun& r) { return r.done(); },
        [](TextTrainRun& r) { return r.step(); }, after_step);
    state.reset();  // freed on the thread that owned it
}

}  // namespace attn::app
