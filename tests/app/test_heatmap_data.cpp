#include <doctest/doctest.h>

#include <cmath>

#include "app/matrix/heatmap_data.h"
#include "core/attention/engine.h"

using namespace attn::app;

static attn::Trace make_trace(bool causal) {
    AppState s;
    s.text = "Time flies like an arrow";
    s.causal = causal;
    const ComputeRequest r = *make_request(s);
    auto model = attn::make_builtin_model(r.model);
    REQUIRE(model);
    auto trace = attn::compute_trace(*model, r.run);
    REQUIRE(trace);
    return std::move(*trace);
}

TEST_CASE("weights: fixed [0, 1] scale, masked flags, row sums") {
    const attn::Trace t = make_trace(true);
    const attn::LayerTrace& L = t.layers[0];
    const HeatmapData d = make_heatmap_data(L, 1, HeatmapQuantity::Weights);
    CHECK(d.rows == 5);
    CHECK(d.cols == 5);
    CHECK(d.fixed_range);
    CHECK(d.vmin == 0.0f);
    CHECK(d.vmax == 1.0f);
    for (int i = 0; i < 5; ++i) {
        float sum = 0.0f;
        for (int j = 0; j < 5; ++j) {
            const size_t k = size_t(i) * 5 + j;
            CHECK(d.masked[k] == (j > i ? 1 : 0));
            CHECK(d.values[k] == L.heads[1].weights(i, j));
            sum += d.values[k];
        }
        CHECK(sum == doctest::Approx(1.0f).epsilon(1e-5));
    }
    const auto texels = interleave_value_mask(d);
    REQUIRE(texels.size() == 50);
    CHECK(texels[2 * 1] == d.values[1]);
    CHECK(texels[2 * 1 + 1] == 1.0f);  // (0, 1) is in the future: masked
    CHECK(texels[1] == 0.0f);
}

TEST_CASE("scaled scores: auto range over visible cells, masked cells zeroed") {
    const attn::Trace t = make_trace(true);
    const attn::LayerTrace& L = t.layers[0];
    const HeatmapData d = make_heatmap_data(L, 0, HeatmapQuantity::Scaled);
    CHECK(!d.fixed_range);
    float lo = 1e30f, hi = -1e30f;
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j <= i; ++j) {
            const float z = L.factor * L.heads[0].scores(i, j);
            CHECK(d.values[size_t(i) * 5 + j] == doctest::Approx(z));
            lo = std::min(lo, z);
            hi = std::max(hi, z);
        }
    }
    CHECK(d.vmin == doctest::Approx(lo));
    CHECK(d.vmax == doctest::Approx(hi));
    CHECK(d.values[1] == 0.0f);
    CHECK(normalized(d, d.vmin) == 0.0f);
    CHECK(normalized(d, d.vmax) == 1.0f);
    CHECK(normalized(d, d.vmax + 100.0f) == 1.0f);
}

TEST_CASE("raw scores keep values under the mask (they exist before masking)") {
    const attn::Trace t = make_trace(true);
    const HeatmapData d = make_heatmap_data(t.layers[0], 0, HeatmapQuantity::Scores);
    CHECK(d.values[1] == t.layers[0].heads[0].scores(0, 1));
    CHECK(d.masked[1] == 1);
}

TEST_CASE("cell_info: what the hover tooltip shows") {
    const attn::Trace t = make_trace(true);
    const attn::LayerTrace& L = t.layers[0];
    const CellInfo visible = cell_info(L, 2, 3, 1);
    CHECK(!visible.masked);
    CHECK(visible.score == L.heads[2].scores(3, 1));
    CHECK(visible.factor == doctest::Approx(1.0f / 4.0f));  // √16 = 4, temperature 1
    CHECK(visible.logit == doctest::Approx(visible.score / 4.0f));
    CHECK(visible.weight == L.heads[2].weights(3, 1));
    const CellInfo hidden = cell_info(L, 2, 1, 3);
    CHECK(hidden.masked);
    CHECK(hidden.weight == 0.0f);
    CHECK(!hidden.row_fully_masked);
}

TEST_CASE("head average: mean of the heads' weights, rows sum to 1, masked cells flagged") {
    const attn::Trace t = make_trace(true);
    const attn::LayerTrace& L = t.layers[0];
    const HeatmapData avg = make_head_average_data(L);
    REQUIRE(avg.rows == 5);
    REQUIRE(avg.cols == 5);
    CHECK(avg.fixed_range);
    for (int i = 0; i < 5; ++i) {
        float row = 0.0f;
        for (int j = 0; j < 5; ++j) {
            float mean = 0.0f;
            for (int h = 0; h < L.n_heads; ++h) mean += L.heads[size_t(h)].weights(i, j);
            mean /= float(L.n_heads);
            const size_t k = size_t(i) * 5 + size_t(j);
            CHECK(avg.values[k] == doctest::Approx(mean));
            CHECK(avg.masked[k] == (j > i ? 1 : 0));
            row += avg.values[k];
        }
        CHECK(row == doctest::Approx(1.0f));
    }
}

TEST_CASE("value_quantile ignores masked cells") {
    HeatmapData d;
    d.rows = 1;
    d.cols = 5;
    d.values = {0.1f, 0.2f, 0.3f, 0.4f, 9.0f};
    d.masked = {0, 0, 0, 0, 1};
    CHECK(value_quantile(d, 0.0f) == 0.1f);
    CHECK(value_quantile(d, 0.99f) == 0.4f);
    CHECK(value_quantile(d, 0.5f) == 0.3f);
    d.masked = {1, 1, 1, 1, 1};
    CHECK(value_quantile(d, 0.99f) == 0.0f);
}

TEST_CASE("auto contrast: the range of the unmasked values, labelled as not fixed") {
    HeatmapData d;
    d.rows = 1;
    d.cols = 4;
    d.values = {0.1f, 0.3f, 0.0f, 0.2f};
    d.masked = {0, 0, 1, 0};
    d.fixed_range = true;
    d.vmin = 0.0f;
    d.vmax = 1.0f;
    apply_auto_contrast(d);
    CHECK(d.vmin == doctest::Approx(0.1f));
    CHECK(d.vmax == doctest::Approx(0.3f));
    CHECK_FALSE(d.fixed_range);
    HeatmapData flat = d;
    flat.values = {0.5f, 0.5f, 0.5f, 0.5f};
    apply_auto_contrast(flat);
    CHECK(flat.vmax > flat.vmin);
    HeatmapData none;
    apply_auto_contrast(none);  // no values: unchanged, no crash
    CHECK(none.vmax == doctest::Approx(1.0f));
}
