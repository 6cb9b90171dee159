#include <doctest/doctest.h>

#include "app/state/app_state.h"
#include "app/views/pipeline/pipeline.h"
#include "core/attention/engine.h"
#include "tests/app/fake_pretrained.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

TEST_CASE("pipeline: eleven stages with the trace's shapes and values") {
    AppState s;
    s.text = "Time flies like an arrow";
    s.causal = true;
    const attn::Trace trace = testing::trace_for(s);
    const attn::LayerTrace& L = trace.layers[0];
    const auto stages = make_pipeline(trace, 0, 1);
    REQUIRE(stages.size() == size_t(kPipelineStages));
    CHECK(shape_text(stages[0]) == "T_q × d_model = 5 × 64");
    CHECK(shape_text(stages[1]) == "T_q × d_k = 5 × 16");
    CHECK(shape_text(stages[4]) == "T_q × T_k = 5 × 5");
    CHECK(shape_text(stages[10]) == "T_q × d_model = 5 × 64");
    CHECK(stages[1].data.values[3] == L.q_head(1)(0, 3));
    CHECK(stages[4].data.values[7] == L.heads[1].scores(1, 2));
    CHECK(stages[5].data.values[7] == doctest::Approx(L.factor * L.heads[1].scores(1, 2)));
    CHECK(stages[6].data.masked[1] == 1);  // (0, 1) is in the future
    CHECK(stages[5].data.masked[1] == 0);  // before the mask step nothing is hidden
    CHECK(stages[7].data.fixed_range);
    CHECK(stages[7].data.values[7] == L.heads[1].weights(1, 2));
    CHECK(stages[8].data.values[0] == L.out_head(1)(0, 0));
    for (const PipelineStage& st : stages) {
        CHECK(st.data.values.size() == size_t(st.data.rows) * size_t(st.data.cols));
        CHECK(st.data.vmin < st.data.vmax);
    }
}

TEST_CASE("pipeline: the selected layer's matrices, from that layer's input") {
    AppState s;
    s.text = "Time flies like an arrow";
    const auto model = testing::fake_model(attn::pretrained::Architecture::Gpt2, 3, 4);
    auto trace = testing::fake_forward(*model, make_request(s, model)->run);
    REQUIRE(trace);
    const attn::LayerTrace& L = trace->layers[2];
    const auto stages = make_pipeline(*trace, 2, 3);
    REQUIRE(stages.size() == size_t(kPipelineStages));
    CHECK(std::string(stages[0].formula) == "layer input");
    CHECK(stages[0].data.values[1] == L.x_q(0, 1));
    CHECK(stages[4].data.values[7] == L.heads[3].scores(1, 2));
    CHECK(stages[7].data.values[7] == L.heads[3].weights(1, 2));
    CHECK(stages[7].data.values[7] != trace->layers[0].heads[3].weights(1, 2));
    CHECK(std::string(make_pipeline(testing::trace_for(s), 0, 0)[0].formula) == "E + PE");
}

TEST_CASE("matrix_heatmap_data: auto range over unmasked values") {
    attn::Mat m(2, 2);
    m << 1, -5, 3, 100;
    attn::BoolMat b(2, 2);
    b << 0, 0, 0, 1;
    const HeatmapData d = matrix_heatmap_data(m, &b);
    CHECK(d.vmin == -5.0f);
    CHECK(d.vmax == 3.0f);
    CHECK(d.masked[3] == 1);
    CHECK(!d.fixed_range);
}
