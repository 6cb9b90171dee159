#include <doctest/doctest.h>

#include "app/state/app_state.h"
#include "app/views/lines/line_view.h"
#include "core/attention/engine.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

TEST_CASE("line view: lines follow the weights, masked cells have none, focus isolates") {
    AppState s;
    s.text = "Time flies like an arrow";
    s.causal = true;
    const attn::Trace trace = testing::trace_for(s);
    const attn::LayerTrace& L = trace.layers[0];

    const auto all = attention_lines(L, 0, -1, -1, 0.0f);
    CHECK(all.size() == 15u);  // the 15 visible causal cells
    for (const AttentionLine& l : all) {
        CHECK(l.j <= l.i);
        CHECK(l.alpha == doctest::Approx(L.heads[0].weights(l.i, l.j)));
    }
    const auto row = attention_lines(L, 0, 3, -1, 0.0f);
    CHECK(row.size() == 4u);
    float top = 0.0f;
    for (const AttentionLine& l : row) {
        CHECK(l.i == 3);
        top = std::max(top, l.alpha);
    }
    CHECK(top == 1.0f);  // the row's strongest key is opaque
    const auto col = attention_lines(L, 0, -1, 1, 0.0f);
    CHECK(col.size() == 4u);  // queries 1..4 see key 1
    const auto strong = attention_lines(L, 0, -1, -1, 0.5f);
    for (const AttentionLine& l : strong) CHECK(L.heads[0].weights(l.i, l.j) >= 0.5f);
}

TEST_CASE("line view: token bands") {
    CHECK(token_y(0, 4, 100.0f, 400.0f) == 150.0f);
    CHECK(token_y(3, 4, 100.0f, 400.0f) == 450.0f);
    CHECK(token_at(150.0f, 4, 100.0f, 400.0f) == 0);
    CHECK(token_at(499.0f, 4, 100.0f, 400.0f) == 3);
    CHECK(token_at(99.0f, 4, 100.0f, 400.0f) == -1);
    CHECK(token_at(500.0f, 4, 100.0f, 400.0f) == -1);
}
