// cost_probe.h — the Cost view's measurements (GL-free), run on a background thread:
//   1. one head (d = 64) computed four ways — softmax, local window ±k, linear attention and the
//      tiled online softmax — for n = 16 … 4096 (core/attention/attention_cost.h): the seeds'
//      comparison table (O(n²), O(n·k), O(n), Flash's O(n) memory) measured on this machine;
//   2. the engine's whole trace (every head, every intermediate kept) with the current model and
//      switches, n = 16 … 1024: what AttnLab itself costs.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

#include "core/attention/attention_cost.h"
#include "core/attention/builtin_model.h"
#include "core/attention/trace.h"

namespace attn::app {

struct CostPoint {
    int n = 0;             // tokens
    double ms = 0.0;       // compute_trace wall time (best of a few runs)
    double trace_mib = 0;  // bytes held by the trace's matrices
};

// Bytes of every matrix and vector a trace holds.
std::size_t trace_bytes(const Trace& trace);

// Times compute_trace on synthetic sentences of each size (distinct words "w0 w1 …"), keeping
// `base`'s switches and mask. Stops early when `cancel` becomes true or a run exceeds budget_ms.
std::vector<CostPoint> measure_cost(const ModelConfig& model, const RunConfig& base, const std::vector<int>& sizes,
                                    const std::atomic<bool>* cancel = nullptr, double budget_ms = 1500.0);

struct CostResults {
    CostSweep sweep;                // the four methods
    std::vector<CostPoint> engine;  // the full trace
    bool done = false;              // both parts finished (or were cut short by their budgets)
};

struct CostRequest {
    CostSweepConfig sweep;
    std::vector<int> engine_sizes = {16, 32, 64, 128, 256, 512, 1024};
};

// Runs the sweep, then the engine measurement, on its own thread; the UI polls results(), which
// grow sample by sample.
class CostProbe {
public:
    ~CostProbe();
    bool running() const { return running_.load(); }
    void start(const ModelConfig& model, const RunConfig& base, CostRequest request);
    void start(const ModelConfig& model, const RunConfig& base);  // the default CostRequest
    CostResults results() const;  // what is measured so far (empty before the first start)

private:
    std::thread thread_;
    std::atomic<bool> running_{false};
    std::atomic<bool> cancel_{false};
    mutable std::mutex m_;
    CostResults results_;
};

}  // namespace attn::app
