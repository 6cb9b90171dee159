// cost_probe.h — the Cost view's measurements (GL-free): the engine's time and the trace's memory
// as the sentence grows, for the current model and switches — the O(n²) story in real numbers.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

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
// `base`'s switches and mask. Stops early when `cancel` becomes true.
std::vector<CostPoint> measure_cost(const ModelConfig& model, const RunConfig& base, const std::vector<int>& sizes,
                                    const std::atomic<bool>* cancel = nullptr);

// Runs measure_cost on its own thread; the UI polls.
class CostProbe {
public:
    ~CostProbe();
    bool running() const { return running_.load(); }
    void start(const ModelConfig& model, const RunConfig& base, std::vector<int> sizes);
    std::vector<CostPoint> points() const;  // the finished measurement (empty before)

private:
    std::thread thread_;
    std::atomic<bool> running_{false};
    std::atomic<bool> cancel_{false};
    mutable std::mutex m_;
    std::vector<CostPoint> points_;
};

}  // namespace attn::app
