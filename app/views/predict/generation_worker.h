// generation_worker.h — next-token prediction and generation (GPT-2, Llama, Qwen, Mistral: any
// model with a cached step) off the UI thread (GL-free).
//
//   UI thread:  start(model, text, settings)   a new KV-cache session (lm::start_session)
//               generate(n, settings)          n tokens, greedy or sampled (one SampleRng per
//                                              session, reseeded when the seed changes)
//               undo(settings)                 lm::pop_token
//               set_settings(settings)         position / sampling / bars changed
//               release()                      forget the session and its model (another opened)
//   job thread: runs the commands in order; after each one (and after every generated token)
//               publishes an immutable PredictSnapshot
//   UI thread:  take() each frame → the newest snapshot, drawn by value
// The job thread ends after kJobLinger without a command (job_thread.h); the session stays here.
// A new start() drops the commands still queued and stops a generation in progress.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/jobs/job_thread.h"
#include "app/views/predict/predict.h"
#include "core/lm/lm_session.h"

namespace attn::app {

struct PredictSnapshot {
    std::uint64_t serial = 0;     // increases with every publish
    PretrainedPtr model;          // the session's model
    std::string source_text;      // the text start() was given
    std::string error;            // the last command's error (core English); "" = ok
    std::string task_note;        // the text is not one of a trained model's task inputs (core English)
    bool started = false;         // a session exists (false: the start failed)
    std::vector<int> ids;         // (T) prompt then generated tokens
    int prompt_length = 0;
    int max_positions = 0;
    std::vector<std::string> labels;  // (T) token_label
    std::string text;             // decode_ids(ids)
    int n_layers = 0, n_heads = 0;
    std::vector<std::vector<Mat>> attention;  // [t][layer] (n_heads, t + 1)
    Prediction prediction;        // at settings.position
    std::vector<lm::GenerationStep> generated;  // the last generate()'s steps so far
    bool generating = false;      // more tokens of the current generate() are coming
};

// "Keep as sentence": the session's whole text (prompt + generated) becomes the app's sentence; the
// panel then starts a new session from it, all of it prompt.
void keep_as_sentence(AppState& state, const PredictSnapshot& snap);

class GenerationWorker {
public:
    GenerationWorker() = default;
    ~GenerationWorker();
    GenerationWorker(const GenerationWorker&) = delete;
    GenerationWorker& operator=(const GenerationWorker&) = delete;

    void set_wakeup(std::function<void()> wake);  // called on the job thread after each publish

    void start(PretrainedPtr model, const std::string& text, const PredictSettings& settings);
    void generate(int n, const PredictSettings& settings);
    void undo(const PredictSettings& settings);
    void set_settings(const PredictSettings& settings);  // replaces a queued settings change
    // Drops the queue, stops a generation, and lets go of the session and its model (the app
    // closed it); the snapshot not yet taken goes too. start() begins anew.
    void release();

    std::shared_ptr<const PredictSnapshot> take();  // the newest snapshot not yet taken, or null
    bool busy() const;
    bool wait_idle(std::chrono::milliseconds timeout);
    bool has_thread() const;                               // started and not ended idle
    void set_linger(std::chrono::milliseconds linger);     // kJobLinger; tests shorten it

private:
    enum class Kind { Start, Generate, Undo, Settings, Release };
    struct Command {
        Kind kind = Kind::Settings;
        PretrainedPtr model;
        std::string text;
        int n = 0;
        PredictSettings settings;
    };
    void post(Command c, bool replace_all);
    void run();
    void execute(const Command& c);
    void publish(const std::string& error, bool generating);

    // Job-thread state.
    PretrainedPtr model_;
    std::string source_text_;
    std::string task_note_;  // the prompt outside a trained model's task (lm::task_input_note), or ""
    std::unique_ptr<lm::LmSession> session_;
    PredictSettings settings_;
    std::unique_ptr<lm::SampleRng> rng_;
    std::uint64_t rng_seed_ = 0;
    std::vector<lm::GenerationStep> generated_;

    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<Command> queue_;
    std::shared_ptr<const PredictSnapshot> done_;
    std::uint64_t serial_ = 0;
    std::uint64_t epoch_ = 0;  // bumped by start(): a generation of an older epoch stops
    std::function<void()> wakeup_;
    bool running_ = false, stop_ = false;
    bool ended_ = false;  // the thread left run() after kJobLinger idle; the next post restarts it
    std::chrono::milliseconds linger_ = kJobLinger;
    std::thread thread_;
};

}  // namespace attn::app
