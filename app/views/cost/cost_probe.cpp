// cost_probe.cpp — the Cost view's measurements (GL-free): the engine's time and the trace's memory
// (implementation; the interface and its contract are in cost_probe.h)
#include "app/views/cost/cost_probe.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "core/attention/engine.h"
#include "core/base/parallel.h"

namespace attn::app {

std::size_t trace_bytes(const Trace& t) {
    auto mat = [](const auto& m) { return std::size_t(m.size()) * sizeof(typename std::decay_t<decltype(m)>::Scalar); };
    auto stats = [&](const RowStats& s) {
        return mat(s.entropy) + mat(s.max_weight) + mat(s.logit_mean) + mat(s.logit_var) + mat(s.jacobian_norm);
    };
    std::size_t bytes = mat(t.q_embeddings) + mat(t.q_positions) + mat(t.k_embeddings) + mat(t.k_positions);
    for (const LayerTrace& L : t.layers) {
        bytes += mat(L.x_q) + mat(L.x_kv) + mat(L.q) + mat(L.k) + mat(L.v) + mat(L.blocked) + mat(L.concat) +
                 mat(L.output);
        for (const HeadTrace& H : L.heads) bytes += mat(H.scores) + mat(H.weights) + stats(H.stats) + stats(H.stats_flipped);
    }
    return bytes;
}

std::vector<CostPoint> measure_cost(const ModelConfig& mc, const RunConfig& base, const std::vector<int>& sizes,
                                    const std::atomic<bool>* cancel, double budget_ms) {
    std::vector<CostPoint> out;
    auto model = make_builtin_model(mc);
    if (!model) return out;
    for (int n : sizes) {
        if (cancel && cancel->load()) break;
        RunConfig run = base;
        run.cross_text.clear();
        run.mask.blocked_cells.clear();   // sized for the user's sentence, not this one
        run.mask.custom_blocked.resize(0, 0);
        run.mask.global_tokens.clear();
        run.mask.pad_to = 0;
        run.text.clear();
        for (int i = 0; i < n; ++i) run.text += "w" + std::to_string(i) + " ";
        run.tokenizer.max_tokens = std::size_t(n);
        CostPoint p;
        p.n = n;
        p.ms = 1e30;
        const int reps = n <= 256 ? 3 : 1;
        for (int r = 0; r < reps; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            auto trace = compute_trace(*model, run);
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (!trace) return out;
            p.ms = std::min(p.ms, ms);
            p.trace_mib = double(trace_bytes(*trace)) / (1024.0 * 1024.0);
        }
        out.push_back(p);
        if (p.ms > budget_ms) break;
    }
    return out;
}

CostProbe::~CostProbe() {
    cancel_.store(true);
    if (thread_.joinable()) thread_.join();
}

// Out of line, not a default argument: GCC 12 inlined the default CostRequest temporary into the
// panel and warned (-Wmaybe-uninitialized, a false positive) about its vectors' destructors.
void CostProbe::start(const ModelConfig& model, const RunConfig& base) { start(model, base, CostRequest()); }

void CostProbe::start(const ModelConfig& model, const RunConfig& base, CostRequest request) {
    if (running_.exchange(true)) return;
    if (thread_.joinable()) thread_.join();
    cancel_.store(false);
    {
        std::lock_guard<std::mutex> lock(m_);
        results_ = CostResults{};
    }
    thread_ = std::thread([this, model, base, request = std::move(request)] {
        name_this_thread("attn-cost");
        CostSweep sweep = run_cost_sweep(request.sweep, &cancel_, [this](const CostSweep& so_far) {
            std::lock_guard<std::mutex> lock(m_);
            results_.sweep = so_far;
        });
        {
            std::lock_guard<std::mutex> lock(m_);
            results_.sweep = std::move(sweep);
        }
        std::vector<CostPoint> pts = measure_cost(model, base, request.engine_sizes, &cancel_);
        {
            std::lock_guard<std::mutex> lock(m_);
            results_.engine = std::move(pts);
            results_.done = true;
        }
        running_.store(false);
    });
}

CostResults CostProbe::results() const {
    std::lock_guard<std::mutex> lock(m_);
    return results_;
}

}  // namespace attn::app
