// The Cost view's measurements: one point per size, memory growing like the trace's matrices.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "app/views/cost/cost_probe.h"
#include "core/attention/engine.h"

using namespace attn;
using namespace attn::app;

TEST_CASE("trace_bytes counts the per-head T x T matrices") {
    ModelConfig mc;
    mc.d_model = 16;
    mc.n_heads = 2;
    auto m = make_builtin_model(mc);
    REQUIRE(m.ok());
    RunConfig r;
    r.text = "a b c d";
    auto t = compute_trace(*m, r);
    REQUIRE(t.ok());
    // At least scores + weights for 2 heads of 4 x 4 floats, plus Q, K, V of 4 x 16.
    CHECK(trace_bytes(*t) >= (2 * 2 * 16 + 3 * 64) * sizeof(float));
}

TEST_CASE("measure_cost: a point per size, memory grows with N") {
    ModelConfig mc;
    mc.d_model = 32;
    mc.n_heads = 4;
    RunConfig base;
    base.mask.causal = true;
    base.mask.blocked_cells = {{40, 40}};  // from the user's sentence: must not break the probe
    const auto pts = measure_cost(mc, base, {8, 32, 128});
    REQUIRE(pts.size() == 3);
    CHECK(pts[0].n == 8);
    CHECK(pts[2].ms > 0.0);
    // The T x T matrices dominate: 16x more tokens → far more memory than 16x.
    CHECK(pts[2].trace_mib > 16.0 * pts[0].trace_mib);
}

TEST_CASE("CostProbe runs in the background and reports") {
    ModelConfig mc;
    mc.d_model = 16;
    mc.n_heads = 2;
    CostProbe probe;
    CostRequest req;
    req.sweep.sizes = {16, 32};
    req.sweep.d = 8;
    req.engine_sizes = {4, 16};
    probe.start(mc, RunConfig{}, req);
    for (int i = 0; i < 500 && probe.running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK_FALSE(probe.running());
    const CostResults r = probe.results();
    CHECK(r.done);
    CHECK(r.engine.size() == 2);
    for (int m = 0; m < kCostMethods; ++m) CHECK(r.sweep.samples[m].size() == 2);
}
