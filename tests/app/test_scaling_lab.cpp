#include <doctest/doctest.h>

#include <cmath>

#include "app/state/app_state.h"
#include "app/views/scaling_lab/scaling_lab.h"
#include "core/attention/engine.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

static attn::Trace lab_trace(bool scale, bool causal) {
    AppState s;
    s.text = "Time flies like an arrow";
    s.scale = scale;
    s.causal = causal;
    return testing::trace_for(s);
}

TEST_CASE("d_k demo: Var(q·k) grows like d_k, the unscaled softmax saturates, scaling keeps it") {
    DkDemo prev;
    for (int d_k : kDkDemoValues) {
        const DkDemo r = run_dk_demo(d_k, 16, 256);
        CAPTURE(d_k);
        CHECK(r.dot_var == doctest::Approx(double(d_k)).epsilon(0.2));
        CHECK(r.scaled_var == doctest::Approx(1.0).epsilon(0.2));
        CHECK(r.entropy_scaled <= r.entropy_uniform);
        CHECK(r.entropy_unscaled <= r.entropy_scaled + 1e-9);
        if (prev.d_k != 0) CHECK(r.entropy_unscaled < prev.entropy_unscaled);
        prev = r;
    }
    const DkDemo big = run_dk_demo(512);
    CHECK(big.entropy_unscaled < 0.2);      // nearly one-hot (log 16 = 2.77 when uniform)
    CHECK(big.max_weight_unscaled > 0.9);
    CHECK(big.entropy_scaled > 1.5);        // still spread over the 16 keys
    // Deterministic.
    CHECK(run_dk_demo(64).dot_var == run_dk_demo(64).dot_var);
}

TEST_CASE("difference map: scaled − unscaled weights, masked cells grey and 0") {
    const attn::Trace a = lab_trace(true, true);
    const attn::Trace b = lab_trace(false, true);
    const DifferenceMap m = make_difference_map(a.layers[0], b.layers[0], 2);
    REQUIRE(m.rows == 5);
    REQUIRE(m.cols == 5);
    CHECK(m.rgba.size() == 5u * 5u * 4u);
    float max_abs = 0.0f;
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 5; ++j) {
            const float d = m.diff[size_t(i) * 5 + size_t(j)];
            if (j > i) {
                CHECK(d == 0.0f);
                CHECK(m.rgba[(size_t(i) * 5 + size_t(j)) * 4] == 70);
            } else {
                CHECK(d == doctest::Approx(a.layers[0].heads[2].weights(i, j) - b.layers[0].heads[2].weights(i, j)));
            }
            max_abs = std::max(max_abs, std::fabs(d));
        }
    }
    CHECK(m.max_abs == max_abs);
}

TEST_CASE("logit histogram counts every visible softmax input once") {
    const attn::Trace t = lab_trace(true, true);
    const attn::LayerTrace& L = t.layers[0];
    const Histogram h = logit_histogram(L, 0, 10);
    CHECK(h.total == 15);  // causal 5×5: 15 visible cells
    float n = 0.0f;
    for (float c : h.counts) n += c;
    CHECK(n == 15.0f);
    CHECK(h.lo <= h.hi);
}
