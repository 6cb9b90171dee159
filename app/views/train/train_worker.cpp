// train_worker.cpp — the Train view's training thread and its mailbox (GL-free)
// (implementation; the interface and its contract are in train_worker.h)
#include "app/views/train/train_worker.h"

#include <algorithm>
#include <utility>

#include "core/train/model_io.h"

namespace attn::app {

using namespace attn::train;  // the core training API (trainer.h, task.h)

using Clock = std::chrono::steady_clock;

TrainWorker::TrainWorker(TrainWorkerConfig config) : config_(std::move(config)) {
    thread_ = std::thread([this] { run(); });
}

TrainWorker::~TrainWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        commands_.clear();
    }
    wake_.notify_all();
    thread_.join();  // a step in progress finishes first (milliseconds)
}

void TrainWorker::post(Command c) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        commands_.push_back(std::move(c));
    }
    wake_.notify_one();
}

// Commands are filled field by field: GCC 12 warns (maybe-uninitialized, a false positive) about
// the strings of a brace-initialized Command.
void TrainWorker::post_kind(Command::Kind kind, int n) {
    Command c;
    c.kind = kind;
    c.n = n;
    post(std::move(c));
}

void TrainWorker::reset(const TrainOptions& options) {
    Command c;
    c.kind = Command::Reset;
    c.options = options;
    post(std::move(c));
}
void TrainWorker::start() { post_kind(Command::Start); }
void TrainWorker::pause() { post_kind(Command::Pause); }
void TrainWorker::step() { post_kind(Command::Step); }
void TrainWorker::run_steps(int n) { post_kind(Command::RunSteps, n); }
void TrainWorker::save(const std::string& dir, SavePurpose purpose) {
    Command c;
    c.kind = Command::Save;
    c.dir = dir;
    c.purpose = purpose;
    post(std::move(c));
}

TrainUpdate TrainWorker::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    TrainUpdate u = std::move(out_);
    // The status stays in the mailbox; what was handed over is cleared.
    out_ = TrainUpdate{};
    out_.run_id = u.run_id;
    out_.error = u.error;
    out_.has_state = u.has_state;
    out_.step = u.step;
    out_.total_steps = u.total_steps;
    out_.probe_text = u.probe_text;
    out_.exact_meaningful = u.exact_meaningful;
    u.running = running_;
    return u;
}

bool TrainWorker::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return !commands_.empty() || running_ || working_;
}

bool TrainWorker::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return commands_.empty() && !running_ && !working_; });
}

void TrainWorker::notify() {
    if (config_.wake) config_.wake();
}

// The probe through the current weights → the mailbox (and the timeline when `snapshot`).
void TrainWorker::publish_probe(const TrainState& s, bool snapshot) {
    ProbeSnapshot snap;
    snap.step = s.step;
    snap.probe = std::make_shared<const Trace>(probe_trace(s));
    snap.loss = s.log.empty() ? 0.0f : s.log.back().loss;
    std::lock_guard<std::mutex> lock(mutex_);
    if (snapshot) {
        add_snapshot(timeline_, snap);
        out_.timeline = timeline_;
    }
    out_.probe = std::move(snap);
    last_probe_ = Clock::now();
}

void TrainWorker::handle(Command& c, std::unique_ptr<TrainState>& state) {
    switch (c.kind) {
        case Command::Reset: {
            state.reset();
            auto made = make_train_state(c.options);
            std::string text;
            if (made) {
                state = std::move(*made);
                text = probe_text(*state);
            }
            {
                std::lock_guard<std::mutex> lock(mutex_);
                running_ = false;
                steps_left_ = -1;
                timeline_ = Timeline{};
                out_.log.clear();
                out_.probe.reset();
                out_.timeline.reset();
                out_.reset = true;
                out_.run_id += 1;
                out_.error = made ? std::string() : made.status().message();
                out_.has_state = state != nullptr;
                out_.step = 0;
                out_.total_steps = state ? state->options.steps : 0;
                out_.probe_text = text;
                out_.exact_meaningful = state ? state->task.exact_meaningful : true;
                snapshot_every_ = config_.snapshot_every > 0 ? config_.snapshot_every
                                                             : std::max(1, out_.total_steps / kMaxSnapshots);
            }
            if (state) publish_probe(*state, true);
            break;
        }
        case Command::Start:
        case Command::RunSteps: {
            std::lock_guard<std::mutex> lock(mutex_);
            if (state && !training_done(*state) && (c.kind == Command::Start || c.n > 0)) {
                running_ = true;
                steps_left_ = c.kind == Command::Start ? -1 : c.n;
            }
            break;
        }
        case Command::Pause: {
            bool was_running = false;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                was_running = running_;
                running_ = false;
                steps_left_ = -1;
            }
            if (state && was_running) publish_probe(*state, true);
            break;
        }
        case Command::Step: {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                running_ = false;
                steps_left_ = -1;
            }
            if (!state || training_done(*state)) break;
            const TrainLogEntry e = train_step(*state);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                out_.log.push_back(e);
                out_.step = state->step;
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
                if (Status s = save_model_folder(*state, c.dir); !s) r.error = s.message();
                r.step = state->step;
                r.probe = std::make_shared<const Trace>(probe_trace(*state));
                r.probe_text = probe_text(*state);
            }
            std::lock_guard<std::mutex> lock(mutex_);
            out_.saves.push_back(std::move(r));
            break;
        }
    }
}

void TrainWorker::run() {
    std::unique_ptr<TrainState> state;  // this thread's alone
    Clock::time_point last_wake = Clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stop_ || !commands_.empty() || running_; });
        if (stop_) break;
        working_ = true;
        if (!commands_.empty()) {
            Command c = std::move(commands_.front());
            commands_.pop_front();
            lock.unlock();
            handle(c, state);
            notify();
            lock.lock();
        } else if (!state || training_done(*state)) {
            running_ = false;
            steps_left_ = -1;
        } else {
            lock.unlock();
            const TrainLogEntry e = train_step(*state);
            const bool done = training_done(*state);
            lock.lock();
            out_.log.push_back(e);
            out_.step = state->step;
            if (steps_left_ > 0) --steps_left_;
            if (done || steps_left_ == 0) {
                running_ = false;
                steps_left_ = -1;
            }
            const bool stopped = !running_;
            const bool on_grid = state->step % snapshot_every_ == 0;
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
        }
        working_ = false;
        if (commands_.empty() && !running_) idle_.notify_all();
    }
    lock.unlock();
    state.reset();  // freed on the thread that owned it
}

}  // namespace attn::app
