#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/state/app_state.h"
#include "app/views/cell_explainer/explainer.h"
#include "app/views/pipeline/pipeline.h"
#include "app/views/pipeline/position_bias.h"
#include "core/attention/engine.h"
#include "core/pretrained/family/pretrained_model.h"
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
    const auto model = testing::fake_model("gpt2", 3, 4);
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

TEST_CASE("pipeline: same colour scale puts S, Z and Z_m on one range, and ÷√d_k shows in it") {
    AppState s;
    s.text = "Time flies like an arrow";
    s.causal = true;
    auto stages = make_pipeline(testing::trace_for(s), 0, 0);
    const float s_hi_own = stages[4].data.vmax, z_hi_own = stages[5].data.vmax;
    CHECK(z_hi_own == doctest::Approx(s_hi_own / 4.0f));  // own scales: S and Z look alike
    share_score_scale(stages);
    for (int k : {4, 5, 6}) {
        CHECK(stages[size_t(k)].data.vmin == stages[4].data.vmin);
        CHECK(stages[size_t(k)].data.vmax == stages[4].data.vmax);
    }
    CHECK(stages[4].data.vmax == doctest::Approx(std::max(s_hi_own, z_hi_own)));
    CHECK(stages[7].data.fixed_range);  // A stays on 0–1
    CHECK(stages[7].data.vmax == 1.0f);
    CHECK(stages[1].data.vmax != stages[4].data.vmax);  // Q_h keeps its own
    // On the shared range, the scaled scores span a quarter of what S spans (d_k = 16).
    auto span = [](const HeatmapData& d) {
        float lo = 1e30f, hi = -1e30f;
        for (size_t k = 0; k < d.values.size(); ++k)
            if (!d.masked[k]) lo = std::min(lo, d.values[k]), hi = std::max(hi, d.values[k]);
        return hi - lo;
    };
    CHECK(span(stages[5].data) == doctest::Approx(span(stages[4].data) / 4.0f));
    // Without ÷√d_k the shared range is S's own: Z fills it.
    s.scale = false;
    auto unscaled = make_pipeline(testing::trace_for(s), 0, 0);
    share_score_scale(unscaled);
    CHECK(span(unscaled[5].data) == doctest::Approx(unscaled[5].data.vmax - unscaled[5].data.vmin));
}

TEST_CASE("pipeline layout: one cell size, shapes to scale, nothing overlaps or leaves the view") {
    AppState s;
    s.text = "Time flies like an arrow";
    const auto stages = make_pipeline(testing::trace_for(s), 0, 0);
    const float width = 1200, height = 900, caption = 70, min_w = 190, label = 60, gap = 20;
    const PipelineLayout L = layout_pipeline(stages, width, height, caption, min_w, label, gap, 48.0f);
    REQUIRE(L.boxes.size() == stages.size());
    CHECK(L.height <= height);
    CHECK(L.cell > 1.0f);
    for (size_t k = 0; k < stages.size(); ++k) {
        const PipelineBox& b = L.boxes[k];
        CHECK(b.x + b.w <= width + 0.5f);
        CHECK(b.matrix_w == doctest::Approx(std::max(1.0f, std::floor(L.cell * float(stages[k].data.cols)))));
        CHECK(b.matrix_h == doctest::Approx(std::max(1.0f, std::floor(L.cell * float(stages[k].data.rows)))));
        for (size_t j = 0; j < k; ++j) {  // boxes never overlap
            const PipelineBox& o = L.boxes[j];
            const bool apart = b.x >= o.x + o.w || o.x >= b.x + b.w || b.y >= o.y + caption + o.matrix_h ||
                               o.y >= b.y + caption + b.matrix_h;
            CHECK(apart);
        }
    }
    CHECK(L.boxes[0].matrix_w > 3.0f * L.boxes[4].matrix_w);  // X (d_model = 64) vs S (T = 5)
    // A larger view never gets smaller cells; the cell is the largest that fits (a bit more does not).
    const PipelineLayout big = layout_pipeline(stages, width * 1.5f, height * 1.5f, caption, min_w, label, gap, 48.0f);
    CHECK(big.cell >= L.cell);
    if (L.cell < 48.0f) {
        const PipelineLayout more = layout_pipeline(stages, width, height, caption, min_w, label, gap, L.cell * 1.05f);
        CHECK(more.cell <= L.cell * 1.0001f);
    }
    // A view too small for anything still gives a layout (the smallest cell), never a crash.
    const PipelineLayout tiny = layout_pipeline(stages, 50, 50, caption, min_w, label, gap, 48.0f);
    CHECK(tiny.cell == doctest::Approx(0.25f));
}

TEST_CASE("pipeline: on cross-attention, queries from the decoder (T_tgt) and keys and values from the encoder (T_src)") {
    auto m = attn::pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) +
                                                     "/../tests/fixtures/pretrained/models/tiny-marian");
    REQUIRE(m.ok());
    attn::RunConfig run;
    run.text = "He went home.";
    run.cross_text = "그는 집에 갔다.";
    auto sections = attn::pretrained::compute_pretrained_run(**m, run);
    REQUIRE(sections.ok());
    const attn::Trace& cross = sections->back();
    REQUIRE(cross.section == "cross");
    const auto stages = make_pipeline(cross, 1, 2);
    CHECK(std::string(stages[0].formula) == "decoder stream");
    CHECK(std::string(stages[2].formula) == "M W_K");
    CHECK(std::string(stages[3].formula) == "M W_V");
    CHECK(stages[1].rows_name == "T_tgt");
    CHECK(stages[2].rows_name == "T_src");
    CHECK(shape_text(stages[7]) == "T_tgt × T_src = " + std::to_string(cross.t_q()) + " × " + std::to_string(cross.t_k()));
    CHECK(stages[7].what == Txt::PipeA);
    // The other sections keep the self-attention names.
    CHECK(std::string(make_pipeline(sections->front(), 1, 0)[2].formula) == "X W_K");
    CHECK(make_pipeline(sections->front(), 1, 0)[2].rows_name == "T_k");
}

TEST_CASE("pipeline on T5: Z adds each head's position bias, and the bias curve is the table by distance") {
    auto model = attn::pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) + "/../tests/fixtures/pretrained/models/tiny-t5");
    REQUIRE(model.ok());
    const auto& m = **model;
    attn::RunConfig run;
    run.text = "The cat is under the chair and the dog sleeps at night.";
    run.cross_text = "고양이가 의자 밑에 있다.";
    run.attention.scale = false;
    auto sections = attn::pretrained::compute_pretrained_run(m, run);
    REQUIRE(sections.ok());
    for (const attn::Trace& t : *sections) {
        CAPTURE(t.section);
        const attn::LayerTrace& L = t.layers.back();
        const auto stages = make_pipeline(t, int(t.layers.size()) - 1, 2);
        const attn::Mat z = L.factor * L.heads[2].scores +
                            (L.has_position_bias() ? L.position_bias[2] : attn::Mat(attn::Mat::Zero(L.t_q(), L.t_k())));
        CHECK(stages[5].data.values[size_t(1 * L.t_k() + 2)] == doctest::Approx(z(1, 2)));
        // The cell explainer's z and its softmax come back to the trace's weight, bias included.
        const CellExplanation e = explain_cell(L, 2, 1, 0);
        CHECK(e.has_bias == L.has_position_bias());
        CHECK(e.logit == doctest::Approx(z(1, 0)));
        CHECK(e.weight == doctest::Approx(e.trace_weight).epsilon(1e-5));
        const BiasCurves c = bias_curves(L);
        if (t.section == "cross") {
            CHECK(c.distance.empty());  // cross-attention adds no bias
            continue;
        }
        const bool decoder = t.section == "decoder";
        CHECK(c.causal == decoder);
        REQUIRE(!c.distance.empty());
        CHECK(c.distance.front() == -(L.t_q() - 1));
        CHECK(c.distance.back() == (decoder ? 0 : L.t_k() - 1));
        // b_h(d) is the learned table's entry for d's bucket, for every head and distance.
        int mismatches = 0;
        for (int h = 0; h < L.n_heads; ++h)
            for (size_t k = 0; k < c.distance.size(); ++k)
                for (int i = std::max(0, -c.distance[k]); i < L.t_q() && i + c.distance[k] < L.t_k(); ++i)
                    mismatches += L.position_bias[size_t(h)](i, i + c.distance[k]) != c.by_head[size_t(h)][k];
        CHECK(mismatches == 0);
    }
}
