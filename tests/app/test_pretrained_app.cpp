// The app side of real pretrained models, with the tiny GPT-2 and BERT folders in
// tests/fixtures/pretrained/models: opening them through the session (real loader), running them
// in the worker, the subword pieces shown for the tokens, and switching back to built-in.
#include <doctest/doctest.h>

#include <filesystem>

#include "app/jobs/compute_worker.h"
#include "app/jobs/model_loader.h"
#include "app/views/model_view/model_thumbnails.h"
#include "app/views/scaling_lab/scaling_lab.h"
#include "app/views/variants/variants.h"

using namespace attn::app;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

fs::path models_dir() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures" / "pretrained" / "models"; }

// Opens `name` with a real ModelSession and returns the loaded model (REQUIREs success).
PretrainedPtr open_fixture(const std::string& name, AppState& state, const std::string& path = {}) {
    ModelSession session;
    open_model(session, state, path.empty() ? (models_dir() / name).string() : path);
    REQUIRE(session.loader.wait_idle(60s));
    poll_model_session(session, state);
    REQUIRE_MESSAGE(session.active != nullptr, session.error);
    return session.active;
}

ComputeResult run(ComputeWorker& worker, const AppState& s, const PretrainedPtr& model) {
    auto request = make_request(s, model);
    REQUIRE(request);
    worker.post(std::move(*request));
    REQUIRE(worker.wait_idle(60s));
    auto result = worker.take_result();
    REQUIRE(result);
    return std::move(*result);
}

}  // namespace

TEST_CASE("tiny GPT-2 in the app: every layer, pieces with ids, causal, no second sentence") {
    AppState s;
    const PretrainedPtr gpt2 = open_fixture("tiny-gpt2", s);
    CHECK(gpt2->config.model_type == "gpt2");
    CHECK(s.model_path == (models_dir() / "tiny-gpt2").lexically_normal().string());
    CHECK(s.recent_models.size() == 1);
    CHECK(gpt2->weight_bytes > 0);

    ComputeWorker worker;
    s.text = "Time flies like an arrow";
    s.cross = true;  // GPT-2: left out by make_request, so no error
    s.cross_text = "It was late.";
    ComputeResult r = run(worker, s, gpt2);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    const std::shared_ptr<const attn::Trace> first = r.trace;  // r is reused below
    const attn::Trace& t = *first;
    CHECK(int(t.layers.size()) == gpt2->config.n_layers);
    CHECK(t.layers[0].n_heads == gpt2->config.n_heads);
    CHECK(t.layers[0].d_k == gpt2->config.d_k());
    CHECK(t.run.cross_text.empty());
    CHECK(r.model == gpt2);
    for (const attn::Token& q : t.q_tokens) {  // the framed pieces come back in the trace
        REQUIRE(q.id >= 0);
        CHECK(q.piece == gpt2->tokenizer->piece(q.id));
    }
    for (const attn::LayerTrace& L : t.layers) {  // GPT-2 never looks ahead
        CHECK(L.is_blocked(0, 1));
        CHECK(L.heads[0].weights(0, 1) == 0.0f);
    }

    // Cells clicked on a longer sentence are dropped, not an error.
    s.blocked_cells = {{1, 0}, {40, 2}};
    r = run(worker, s, gpt2);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    CHECK(r.trace->run.mask.blocked_cells == std::vector<std::pair<int, int>>{{1, 0}});
    CHECK(r.trace->layers[1].is_blocked(1, 0));

    // Padding: pieces for the text, padding after them.
    s.blocked_cells.clear();
    s.pad_to = t.t_q() + 3;
    r = run(worker, s, gpt2);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    CHECK(r.trace->t_q() == t.t_q() + 3);
    for (int i = 0; i < r.trace->t_q(); ++i) CHECK(r.trace->key_is_pad[size_t(i)] == (i >= t.t_q()));

    // The Model view's atlas covers every layer and head.
    const ModelAtlas atlas = make_model_atlas(t, attn::Colormap::Viridis);
    CHECK(atlas.layers == gpt2->config.n_layers);
    CHECK(atlas.heads == gpt2->config.n_heads);

    // Back to the built-in model with the same sentence.
    s.pad_to = 0;
    r = run(worker, s, nullptr);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    CHECK(r.trace->layers.size() == 1);
    CHECK(r.model == nullptr);
    CHECK(r.trace->q_tokens.front().piece.empty());  // words, not a vocabulary's pieces
    CHECK(r.trace->run.cross_text == "It was late.");  // the built-in model does cross-attention
}

TEST_CASE("the Variants and scaling-lab jobs follow the selected layer of a real model") {
    AppState s;
    const PretrainedPtr gpt2 = open_fixture("tiny-gpt2", s);
    ComputeWorker worker;
    s.text = "Time flies like an arrow";
    auto request = make_request(s, gpt2);
    REQUIRE(request);
    worker.post(std::move(*request));
    REQUIRE(worker.wait_idle(60s));
    auto r = worker.take_result();
    REQUIRE(r);
    REQUIRE_MESSAGE(r->trace != nullptr, r->error);
    const attn::Trace& t = *r->trace;
    REQUIRE(t.layers.size() == 2);

    // Variants: the softmax output compared is the chosen layer's head output.
    for (int layer = 0; layer < 2; ++layer) {
        const VariantsResult v = run_variants_request(VariantsRequest{r->trace, layer, 1, 2, 3});
        CHECK(v.softmax_out == attn::Mat(t.layers[size_t(layer)].out_head(1)));
    }
    CHECK(run_variants_request(VariantsRequest{r->trace, 0, 1, 2, 3}).softmax_out !=
          run_variants_request(VariantsRequest{r->trace, 1, 1, 2, 3}).softmax_out);
    // An out-of-range layer is clamped, not a crash.
    CHECK(run_variants_request(VariantsRequest{r->trace, 9, 1, 2, 3}).softmax_out ==
          attn::Mat(t.layers[1].out_head(1)));

    // Scaling lab: the maps of layer 1 are layer 1's difference map, not layer 0's, from the one
    // run's scores (no second run).
    const ScalingMaps m1 = run_scaling_request(ScalingRequest{r->trace, 1, 2});
    CHECK(m1.diff.diff == make_difference_map(t.layers[1], attn::other_scaling_layer(t.layers[1], 2), 2).diff);
    CHECK(m1.other.scale != t.layers[1].scale);
    CHECK(m1.diff.diff != run_scaling_request(ScalingRequest{r->trace, 0, 2}).diff.diff);
    CHECK(!same_scaling_request(ScalingRequest{r->trace, 0, 2}, ScalingRequest{r->trace, 1, 2}));
}

TEST_CASE("tiny BERT in the app: sentence B as the second segment, [CLS]/[SEP] pieces") {
    AppState s;
    // Dropping config.json opens its folder.
    const PretrainedPtr bert = open_fixture("", s, (models_dir() / "tiny-bert" / "config.json").string());
    CHECK(bert->config.model_type == "bert");
    REQUIRE(takes_sentence_b(*bert));

    ComputeWorker worker;
    s.text = "Time flies like an arrow";
    s.cross = true;
    s.cross_text = "It was late.";
    ComputeResult r = run(worker, s, bert);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    const std::shared_ptr<const attn::Trace> pair = r.trace;  // r is reused below
    const attn::Trace& t = *pair;
    CHECK(int(t.layers.size()) == bert->config.n_layers);
    CHECK(t.run.cross_text == "It was late.");
    CHECK(t.t_q() == t.t_k());  // one sequence: [CLS] A [SEP] B [SEP]
    CHECK(t.q_tokens.front().piece == "[CLS]");
    CHECK(t.q_tokens.back().piece == "[SEP]");
    int seps = 0;
    for (const attn::Token& q : t.q_tokens) {
        CHECK(q.piece == bert->tokenizer->piece(q.id));
        seps += q.piece == "[SEP]";
    }
    CHECK(seps == 2);
    CHECK(!t.layers[0].is_blocked(0, t.t_k() - 1));  // BERT looks both ways

    s.cross = false;
    r = run(worker, s, bert);
    REQUIRE_MESSAGE(r.trace != nullptr, r.error);
    CHECK(r.trace->t_q() < t.t_q());
}

TEST_CASE("a folder that is not a model: the core's message, the built-in model stays") {
    ModelSession session;
    AppState s;
    open_model(session, s, (models_dir() / "..").string());  // tests/fixtures/pretrained: no config.json
    REQUIRE(session.loader.wait_idle(60s));
    CHECK(!poll_model_session(session, s));
    CHECK(session.active == nullptr);
    CHECK(s.model_path.empty());
    CHECK(session.error.find("config.json") != std::string::npos);
    CHECK(s.recent_models.empty());

    open_model(session, s, (models_dir() / "no-such-model").string());
    REQUIRE(session.loader.wait_idle(60s));
    CHECK(!poll_model_session(session, s));
    CHECK(!session.error.empty());
}
