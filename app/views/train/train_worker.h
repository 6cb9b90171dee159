// train_worker.h — the Train view's training thread and its mailbox (GL-free).
//
//   UI thread: reset(options) / start() / pause() / step() / run_steps(n) / save(dir, purpose)
//              → a command queue under one mutex (never waits for a step to finish)
//   worker:    owns the only run (core/train/train_run.h: a decoder's TrainState or the
//              encoder–decoder's, one thread per run); between
//              steps it takes commands, runs train_step while running, and publishes by value:
//              every log entry, the probe attention (probe_trace) at most every ~100 ms of
//              training and whenever it stops, the timeline of probe snapshots (train_lab.h), save
//              results
//   UI thread: take() each frame → a TrainUpdate (new log entries, the latest probe, the
//              timeline when it changed, the run's status, finished saves)
// Destroying the worker mid-training stops it between two steps and joins the thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/views/train/train_lab.h"
#include "app/views/train/worker_control.h"
#include "core/train/train_run.h"
#include "core/train/trainer.h"

namespace attn::app {


enum class SavePurpose { Use, Keep };  // "Use this model" (a temporary folder) or "Save model…"

struct SaveResult {
    SavePurpose purpose = SavePurpose::Keep;
    std::string dir;
    std::string error;  // the core's message (English); empty = written
    int step = 0;       // the step the saved weights are from
    std::shared_ptr<const Trace> probe;  // the probe trace of those weights
    std::string probe_text;
    std::string probe_target;  // an encoder–decoder's probe target ("" for the decoders)
};

// What the UI learns in one take(): everything that happened since the previous take.
struct TrainUpdate {
    std::uint64_t run_id = 0;     // bumped by every reset: entries of an older run never mix in
    bool reset = false;           // a reset happened since the last take: drop the old curves
    std::vector<TrainLogEntry> log;          // new entries, in step order
    std::optional<ProbeSnapshot> probe;      // the newest probe, when a new one was made
    std::optional<Timeline> timeline;        // a copy, when it changed
    std::vector<SaveResult> saves;
    std::string error;            // the last reset failed (core message, English); "" = fine
    bool has_state = false;       // a run exists (reset succeeded)
    bool running = false;
    int step = 0, total_steps = 0;
    std::string probe_text;       // the probe's input ("abcdef>fedcb"; an encoder–decoder's source)
    std::string probe_target;     // an encoder–decoder's probe target ("" for the decoders)
    bool exact_meaningful = true; // the task has one right answer (not text)
};

struct TrainWorkerConfig {
    int probe_interval_ms = 100;  // live probe while running: at most this often (0 = only step-based)
    int snapshot_every = 0;       // timeline snapshot every this many steps (0 = from the run's length)
    std::function<void()> wake;   // called after publishing (e.g. glfwPostEmptyEvent); thread-safe
};

class TrainWorker {
public:
    explicit TrainWorker(TrainWorkerConfig config = {});
    ~TrainWorker();  // stops between two steps and joins
    TrainWorker(const TrainWorker&) = delete;
    TrainWorker& operator=(const TrainWorker&) = delete;

    void reset(const TrainOptions& options);  // new run at step 0, paused
    void start();                             // train until done or paused
    void pause();
    void step();                              // one step (paused or not: pauses after it)
    void run_steps(int n);                    // n steps then pause (headless screenshots)
    void save(const std::string& dir, SavePurpose purpose);

    TrainUpdate take();
    // Until no command is queued and the run is not training (or timeout): screenshots, tests.
    bool wait_idle(std::chrono::milliseconds timeout);
    bool busy() const;

private:
    struct Command {
        enum Kind { Reset, Start, Pause, Step, RunSteps, Save } kind = Start;
        TrainOptions options;
        int n = 0;
        std::string dir;
        SavePurpose purpose = SavePurpose::Keep;
    };
    void run();
    void handle(Command& c, std::unique_ptr<train::TextTrainRun>& state);
    void publish_probe(const train::TextTrainRun& s, bool force_snapshot);
    void notify();

    TrainWorkerConfig config_;
    WorkerControl<Command> control_;  // the queue and run flags, under control_.mutex
    TrainUpdate out_;        // the mailbox (what take() hands over)
    Timeline timeline_;      // the worker's timeline (copied into out_ when it changes)
    int snapshot_every_ = 1;
    std::chrono::steady_clock::time_point last_probe_;
    std::thread thread_;     // last: starts after everything above exists
};

}  // namespace attn::app
