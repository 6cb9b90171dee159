// test_row_bars.cpp — the Row view's numbers: one query's weights, sorted or in sentence order.
#include <doctest/doctest.h>

#include <cmath>

#include "app/views/row/row_bars.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

TEST_CASE("row bars: the trace's row, in sentence order, with its argmax and entropy") {
    AppState s;
    s.text = "Time flies like an arrow";
    const attn::Trace trace = testing::trace_for(s);
    const attn::Mat& w = trace.layers[0].heads[2].weights;
    const RowBars b = make_row_bars(trace, 0, 2, 1, false);
    CHECK(b.row == 1);
    CHECK(b.query == "flies");
    REQUIRE(b.weights.size() == 5);
    double entropy = 0.0;
    int arg = 0;
    for (int j = 0; j < 5; ++j) {
        CHECK(b.keys[size_t(j)] == j);
        CHECK(b.weights[size_t(j)] == w(1, j));
        entropy -= double(w(1, j)) * std::log(double(w(1, j)));
        if (w(1, j) > w(1, arg)) arg = j;
    }
    CHECK(b.labels[4] == "arrow");
    CHECK(b.argmax == arg);
    CHECK(b.entropy == doctest::Approx(entropy).epsilon(1e-5));
    CHECK(b.sum == doctest::Approx(1.0));
}

TEST_CASE("row bars: sorted largest first; the last query by default; masked keys flagged") {
    AppState s;
    s.text = "Time flies like an arrow";
    s.causal = true;
    const attn::Trace trace = testing::trace_for(s);
    const RowBars last = make_row_bars(trace, 0, 0, -1, true);
    CHECK(last.row == 4);
    for (size_t i = 1; i < last.weights.size(); ++i) CHECK(last.weights[i - 1] >= last.weights[i]);
    CHECK(last.keys.front() == last.argmax);
    CHECK(row_for_selection(trace, 99) == 4);
    const RowBars first = make_row_bars(trace, 0, 0, 0, false);  // causal: "Time" sees only itself
    CHECK(first.argmax == 0);
    CHECK(first.weights[0] == doctest::Approx(1.0));
    for (int j = 1; j < 5; ++j) {
        CHECK(first.masked[size_t(j)] == 1);
        CHECK(first.weights[size_t(j)] == 0.0f);
    }
}
