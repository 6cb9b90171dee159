#include <doctest/doctest.h>

#include <string>

#include <cmath>

#include "app/state/app_state.h"
#include "app/views/cell_explainer/explainer.h"
#include "app/state/views.h"
#include "core/attention/engine.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

static attn::Trace explainer_trace(bool causal, bool scale, float temperature, int d_model = 64) {
    AppState s;
    s.text = "The quick brown fox jumps over the lazy dog";
    s.causal = causal;
    s.scale = scale;
    s.temperature = temperature;
    s.d_model = d_model;
    return testing::trace_for(s);
}

TEST_CASE("explainer: recomputed weight equals the trace weight for every cell") {
    for (bool causal : {false, true}) {
        for (bool scale : {true, false}) {
            const attn::Trace t = explainer_trace(causal, scale, scale ? 1.0f : 0.7f);
            const attn::LayerTrace& L = t.layers[0];
            for (int h = 0; h < L.n_heads; ++h) {
                for (int i = 0; i < L.t_q(); ++i) {
                    for (int j = 0; j < L.t_k(); ++j) {
                        const CellExplanation e = explain_cell(L, h, i, j);
                        CAPTURE(causal);
                        CAPTURE(scale);
                        CAPTURE(h);
                        CAPTURE(i);
                        CAPTURE(j);
                        CHECK(e.weight == doctest::Approx(L.heads[h].weights(i, j)).epsilon(1e-5));
                        CHECK(e.trace_weight == L.heads[h].weights(i, j));
                        CHECK(e.masked == L.is_blocked(i, j));
                        CHECK(e.dot == doctest::Approx(e.score).epsilon(1e-4));
                        CHECK(e.factor == L.factor);
                        if (!e.masked) CHECK(e.logit == L.logit(h, i, j));
                    }
                }
            }
        }
    }
}

TEST_CASE("explainer: factor, softmax pieces and masked cells") {
    const attn::Trace t = explainer_trace(true, true, 2.0f);
    const attn::LayerTrace& L = t.layers[0];
    CHECK(L.d_k == 16);
    const CellExplanation e = explain_cell(L, 1, 3, 2);
    CHECK(e.factor == doctest::Approx(1.0 / 4.0 / 2.0));
    CHECK(e.visible == 4);  // causal: keys 0..3
    CHECK(e.exp_shifted <= 1.0f);
    CHECK(e.row_sum >= 1.0f);  // the max key contributes exp(0) = 1
    CHECK(e.weight == doctest::Approx(e.exp_shifted / e.row_sum));

    const CellExplanation m = explain_cell(L, 1, 1, 4);  // the future: masked
    CHECK(m.masked);
    CHECK(m.weight == 0.0f);
    CHECK(m.exp_shifted == 0.0f);
    CHECK(m.trace_weight == 0.0f);
}

TEST_CASE("explainer: vector previews, top keys and the output row") {
    const attn::Trace t = explainer_trace(false, true, 1.0f, 128);  // d_k = 32
    const attn::LayerTrace& L = t.layers[0];
    const CellExplanation e = explain_cell(L, 0, 2, 5, 8, 3);
    CHECK(e.q.size == 32);
    CHECK(e.q.first.size() == 8);
    CHECK(e.q.truncated());
    CHECK(e.q.first[0] == L.q_head(0)(2, 0));
    CHECK(e.q.norm == doctest::Approx(L.q_head(0).row(2).norm()));
    CHECK(e.k.norm == doctest::Approx(L.k_head(0).row(5).norm()));
    REQUIRE(e.top.size() == 3);
    CHECK(e.top[0].share >= e.top[1].share);
    CHECK(e.top[1].share >= e.top[2].share);
    for (const KeyContribution& c : e.top) {
        CHECK(c.weight == L.heads[0].weights(2, c.key));
        CHECK(c.share == doctest::Approx(c.weight * L.v_head(0).row(c.key).norm()));
    }
    CHECK(e.output.norm == doctest::Approx(L.out_head(0).row(2).norm()));

    const VecPreview small = preview_vector(L.q_head(0).row(0), 64);
    CHECK(!small.truncated());
    CHECK(small.first.size() == 32);
}

TEST_CASE("view names round-trip") {
    for (View v : kViews) {
        View back;
        REQUIRE(parse_view(view_name(v), &back));
        CHECK(back == v);
    }
    View v;
    CHECK(!parse_view("nope", &v));
}

TEST_CASE("view shortcuts: Ctrl+1 … Ctrl+9, then Ctrl+0 for the Model view") {
    CHECK(view_shortcut_digit(0) == 1);
    CHECK(view_shortcut_digit(8) == 9);
    CHECK(view_shortcut_digit(9) == 0);
    CHECK(view_shortcut_digit(10) == 1);
    CHECK(view_shortcut_shift(10));
    CHECK_FALSE(view_shortcut_shift(9));
    CHECK(std::string(view_shortcut_text(10)) == "Ctrl+Shift+1");
    CHECK(view_shortcut_digit(20) == -1);
    CHECK(view_shortcut_digit(-1) == -1);
    REQUIRE(kViewCount >= 12);  // later views append (Train is the 13th, Predict the 14th)
    CHECK(kViews[9] == View::Model);
    CHECK(kViews[10] == View::Row);
    View v;
    REQUIRE(parse_view("model", &v));
    CHECK(v == View::Model);
    CHECK(std::string(view_choices()).find("model") != std::string::npos);
    for (int k = 0; k < kViewCount; ++k) {  // every view has a distinct shortcut
        for (int m = k + 1; m < kViewCount; ++m) CHECK(std::string(view_shortcut_text(k)) != view_shortcut_text(m));
    }
}
