// compute_worker.h — runs the engine off the UI thread (GL-free).
//
//   UI thread: post(request) whenever a control changes  → one pending slot (latest wins:
//              a request not yet started is replaced, never queued)
//   worker:    take pending → with a pretrained model: compute_pretrained_run (every layer, every
//              section; the request's section is the one shown);
//              else make_builtin_model (cached while the ModelConfig is unchanged) → compute_trace
//              → publish a ComputeResult (one pass: the tokens come back in the trace, and the
//              scaling lab's other setting is derived from its scores, other_scaling_layer)
//   UI thread: take_result() at the start of a frame and swap the trace in.
// Every finished run is published, even if a newer request is pending, so dragging a slider
// still shows intermediate results. The UI never waits (except wait_idle, for screenshots).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/state/app_state.h"
#include "core/attention/builtin_model.h"
#include "core/attention/trace.h"

namespace attn::app {

struct ComputeResult {
    std::uint64_t generation = 0;        // of the request that produced it
    std::shared_ptr<const Trace> trace;    // null on error: the chosen section of the run
    std::vector<std::string> sections;     // every section's name (Trace::section), in run order
    PretrainedPtr model;                 // the pretrained model that ran (or refused), or null (built-in)
    std::string error;                   // attn::Status message; empty on success
    double compute_ms = 0.0;             // model (if rebuilt) + trace
};

// What the panels see of the compute side (UI thread only).
struct ComputeView {
    std::shared_ptr<const Trace> trace;  // the latest run's trace; null after a refusal
    std::vector<std::string> sections;   // the run's sections (more than one: a selector shows)
    PretrainedPtr model;                 // the pretrained model behind `trace`, or null (built-in)
    std::string error;                   // the latest run's error (or the request's); empty = ok
    bool busy = false;                   // a newer request is pending or running
    double compute_ms = 0.0;             // of the trace
};

// Swaps a finished result in: a trace replaces the shown one and clears the error; a refusal
// drops the trace (whichever model made it) and keeps the model that refused, so every view
// shows the refusal in place of a picture of another sentence or model.
void apply_result(ComputeView& view, ComputeResult result);

// The latest run's refusal in `lang` (e.g. a pasted text over the token limit, naming what
// raises it), or "" after a good run. Every view shows it in place of its drawing (view_notice.h).
std::string refusal_message(const ComputeView& view, Lang lang);

// Whether the run has a section of that name ("cross": a view that shows cross-attention asks for it).
bool has_section(const ComputeView& view, const char* name);

// What a view without a trace says: the refusal when there is one, else "Type a sentence to begin."
std::string empty_view_message(const ComputeView& view, Lang lang);

// What runs a pretrained model: one trace per section (tests pass a fake; the app uses
// compute_pretrained_run).
using PretrainedComputeFn =
    std::function<Expected<std::vector<Trace>>(const pretrained::PretrainedModel&, const RunConfig&)>;

// The index of `name` among a run's sections; the first (0) when it is not there.
int section_index(const std::vector<std::string>& sections, const std::string& name);
// compute_pretrained_trace keeping the last image ready (core/pretrained/family/vision_input_cache.h): a
// re-run of the same image file (√d_k, temperature, a mask) does not decode it again.
PretrainedComputeFn cached_pretrained_compute();

class ComputeWorker {
public:
    // `on_result` runs on the worker thread after each publish (e.g. glfwPostEmptyEvent to wake
    // the UI); it must be thread-safe. `compute_pretrained` defaults to cached_pretrained_compute().
    explicit ComputeWorker(std::function<void()> on_result = {}, PretrainedComputeFn compute_pretrained = {});
    ~ComputeWorker();  // stops and joins; a run in progress finishes first
    ComputeWorker(const ComputeWorker&) = delete;
    ComputeWorker& operator=(const ComputeWorker&) = delete;

    std::uint64_t post(ComputeRequest request);  // returns the request's generation (1, 2, ...)
    std::optional<ComputeResult> take_result();  // the newest result not yet taken
    bool busy() const;                           // a request is pending or running
    // Blocks until no request is pending or running; false on timeout.
    bool wait_idle(std::chrono::milliseconds timeout);

private:
    void run();
    void run_pretrained(ComputeRequest& request, ComputeResult& result) const;

    std::function<void()> on_result_;
    PretrainedComputeFn compute_pretrained_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;  // worker waits for a request or stop
    std::condition_variable idle_;  // wait_idle waits for the worker to go idle
    std::optional<ComputeRequest> pending_;
    std::uint64_t next_generation_ = 1;
    std::uint64_t pending_generation_ = 0;
    bool running_ = false;
    bool stop_ = false;
    std::optional<ComputeResult> result_;
    // Worker-thread only.
    std::optional<BuiltinModel> model_;
    std::thread thread_;  // last: starts after everything above exists
};

}  // namespace attn::app
