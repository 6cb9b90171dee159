// The Variants view's numbers: online softmax reproduces the trace, a window wide enough equals
// softmax, linear attention differs but is a proper average of V.
#include <doctest/doctest.h>

#include "trace_for.h"
#include "app/views/variants/variants.h"
#include "core/attention/engine.h"

using namespace attn;
using namespace attn::app;

static Trace trace_for(bool causal) {
    AppState s;
    s.d_model = 32;
    s.n_heads = 4;
    s.text = "The cat sat on the mat because it was warm";
    s.causal = causal;
    return attn::app::testing::trace_for(s);
}

TEST_CASE("variants of one head") {
    for (bool causal : {false, true}) {
        const Trace t = trace_for(causal);
        const int T = t.t_q();
        const VariantsResult r = compute_variants(t, 0, 2, 1, 3);
        CHECK(r.online.tiles.size() == size_t((T + 2) / 3));
        CHECK(r.online_err < 1e-5f);
        CHECK(r.softmax_out == Mat(t.layers[0].out_head(2)));
        // A window covering the whole sentence is plain softmax attention.
        const VariantsResult wide = compute_variants(t, 0, 2, T, 4);
        CHECK(wide.window_err.maxCoeff() < 1e-6f);
        // Window ±1 differs from full attention somewhere; with causal, row 0 sees only key 0
        // either way, so its output is unchanged.
        CHECK(r.window_err.maxCoeff() > 1e-4f);
        if (causal) CHECK(r.window_err[0] < 1e-6f);
        // Linear attention is another weighting: different, but each output row stays inside
        // the range of V's column values (a convex combination).
        CHECK(r.linear_err.maxCoeff() > 1e-4f);
        const Mat v = t.layers[0].v_head(2);
        for (int c = 0; c < v.cols(); ++c) {
            CHECK(r.linear_out.col(c).maxCoeff() <= v.col(c).maxCoeff() + 1e-5f);
            CHECK(r.linear_out.col(c).minCoeff() >= v.col(c).minCoeff() - 1e-5f);
        }
    }
}

TEST_CASE("variants pictures: implied linear weights reproduce linear attention; one shared scale") {
    for (bool causal : {false, true}) {
        AppState s;
        s.text = "Time flies like an arrow";
        s.causal = causal;
        const attn::Trace trace = testing::trace_for(s);
        const VariantsResult r = compute_variants(trace, 0, 1, 1, 2);
        const attn::LayerTrace& L = trace.layers[0];
        // A_lin · V equals the engine's linear attention output (the O(n·d²) route).
        const attn::Mat via_weights = r.linear_w * attn::Mat(L.v_head(1));
        const float diff = (via_weights - r.linear_out).cwiseAbs().maxCoeff();
        MESSAGE("causal " << causal << ": max |A_lin V - linear attention| = " << diff);
        CHECK(diff < 1e-5f);
        for (int i = 0; i < L.t_q(); ++i) CHECK(r.linear_w.row(i).sum() == doctest::Approx(1.0f));
        CHECK(r.window_w * attn::Mat(L.v_head(1)) == r.window_out);
        CHECK(r.softmax_map.vmax == r.window_map.vmax);
        CHECK(r.linear_map.vmax == r.softmax_map.vmax);
        CHECK(r.weight_max >= r.softmax_w.maxCoeff());
        // The difference images: white where equal (window −1 hides far keys: differences exist).
        CHECK(r.window_diff_rgba.size() == size_t(L.t_q() * L.t_k() * 4));
        CHECK(r.diff_max > 0.0f);
        if (causal) CHECK(r.window_map.masked[1] == 1);  // (0, 1) is in the future
    }
}
