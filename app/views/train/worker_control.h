// worker_control.h — what the Train view's two training threads share (TrainWorker for the text
// tasks, ImageTrainWorker for the image tasks): the command queue and run flags under one mutex, and
// the thread's loop. Each worker keeps its own state, mailbox and publishing (GL-free).
//
//   UI thread: post_command → the queue (never waits for a step)
//   worker:    run_worker_loop: a queued command first (handle), else one training step while
//              running (step, then after_step with the lock held to publish), else sleep
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "core/train/trainer.h"

namespace attn::app {

template <class Command>
struct WorkerControl {
    mutable std::mutex mutex;
    std::condition_variable wake, idle;
    std::deque<Command> commands;
    bool stop = false;
    bool running = false;   // training continuously (or run_steps in progress)
    int steps_left = -1;    // run_steps: steps still to run; -1 = until done or paused
    bool working = false;   // handling a command or a step right now
};

// A command of `kind`, filled field by field: GCC 12 warns (maybe-uninitialized, a false positive)
// about the strings of a brace-initialized command.
template <class Command>
Command command_of(typename Command::Kind kind, int n = 0) {
    Command c;
    c.kind = kind;
    c.n = n;
    return c;
}

template <class Command>
void post_command(WorkerControl<Command>& w, Command c) {
    {
        std::lock_guard<std::mutex> lock(w.mutex);
        w.commands.push_back(std::move(c));
    }
    w.wake.notify_one();
}

// Reset: a new run with these options (TrainOptions or ImageTrainOptions).
template <class Command, class Options>
void post_reset(WorkerControl<Command>& w, const Options& options) {
    Command c = command_of<Command>(Command::Reset);
    c.options = options;
    post_command(w, std::move(c));
}

// Save: the run's weights into `dir`.
template <class Command, class Purpose>
void post_save(WorkerControl<Command>& w, const std::string& dir, Purpose purpose) {
    Command c = command_of<Command>(Command::Save);
    c.dir = dir;
    c.purpose = purpose;
    post_command(w, std::move(c));
}

// take()'s mailbox swap, under the lock: hands over everything in `out` and leaves in it a fresh
// update that keeps the run's status (run_id, error, has_state, step, total_steps); the caller
// keeps its own status fields and sets `running`.
template <class Update>
Update take_update(Update& out) {
    Update u = std::move(out);
    out = Update{};
    out.run_id = u.run_id;
    out.error = u.error;
    out.has_state = u.has_state;
    out.step = u.step;
    out.total_steps = u.total_steps;
    return u;
}

// The destructor's first half: drops the queue and wakes the thread, which stops between two steps.
template <class Command>
void stop_worker(WorkerControl<Command>& w) {
    {
        std::lock_guard<std::mutex> lock(w.mutex);
        w.stop = true;
        w.commands.clear();
    }
    w.wake.notify_all();
}

template <class Command>
bool worker_busy(const WorkerControl<Command>& w) {
    std::lock_guard<std::mutex> lock(w.mutex);
    return !w.commands.empty() || w.running || w.working;
}

template <class Command>
bool wait_worker_idle(WorkerControl<Command>& w, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(w.mutex);
    return w.idle.wait_for(lock, timeout, [&w] { return w.commands.empty() && !w.running && !w.working; });
}

// Under the lock. Start (until done) or RunSteps (c.n steps) when the run can still train.
template <class Command>
void begin_running(WorkerControl<Command>& w, const Command& c, bool can_train) {
    if (can_train && (c.kind == Command::Start || c.n > 0)) {
        w.running = true;
        w.steps_left = c.kind == Command::Start ? -1 : c.n;
    }
}

// Under the lock. Stops training; returns whether it was running.
template <class Command>
bool stop_running(WorkerControl<Command>& w) {
    const bool was_running = w.running;
    w.running = false;
    w.steps_left = -1;
    return was_running;
}

// The worker thread's loop until stop_worker. `handle(command)` runs without the lock (the worker
// notifies the UI itself); `step(state)` trains one step without the lock and returns its log
// entry; `after_step(entry, stopped, lock)` is called with the lock held (it may unlock to publish,
// and must hold it again on return); `stopped`: this step ended the run (done, or run_steps' count).
template <class Command, class State, class Handle, class Done, class Step, class AfterStep>
void run_worker_loop(WorkerControl<Command>& w, std::unique_ptr<State>& state, Handle handle, Done done, Step step,
                     AfterStep after_step) {
    std::unique_lock<std::mutex> lock(w.mutex);
    for (;;) {
        w.wake.wait(lock, [&w] { return w.stop || !w.commands.empty() || w.running; });
        if (w.stop) break;
        w.working = true;
        if (!w.commands.empty()) {
            Command c = std::move(w.commands.front());
            w.commands.pop_front();
            lock.unlock();
            handle(c);
            lock.lock();
        } else if (!state || done(*state)) {
            stop_running(w);
        } else {
            lock.unlock();
            const train::TrainLogEntry e = step(*state);
            const bool finished = done(*state);
            lock.lock();
            if (w.steps_left > 0) --w.steps_left;
            if (finished || w.steps_left == 0) stop_running(w);
            after_step(e, !w.running, lock);
        }
        w.working = false;
        if (w.commands.empty() && !w.running) w.idle.notify_all();
    }
}

}  // namespace attn::app
