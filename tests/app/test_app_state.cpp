#include <doctest/doctest.h>

#include "app/state/app_state.h"
#include "fake_pretrained.h"
#include "trace_for.h"

using namespace attn::app;

TEST_CASE("parse_index_list") {
    CHECK(parse_index_list("")->empty());
    CHECK(parse_index_list("   ")->empty());
    CHECK(*parse_index_list("0") == std::vector<int>{0});
    CHECK(*parse_index_list(" 0, 3,5 ") == std::vector<int>{0, 3, 5});
    CHECK(*parse_index_list("2,") == std::vector<int>{2});  // a trailing comma while typing
    CHECK(!parse_index_list("1,,2"));
    CHECK(!parse_index_list("-1"));
    CHECK(!parse_index_list("a"));
    CHECK(!parse_index_list("1.5"));
    CHECK(parse_index_list("x").error().find("'x'") != std::string::npos);
}

TEST_CASE("make_request maps every control") {
    AppState s;
    s.text = "a b c";
    s.cross = false;
    s.cross_text = "ignored when cross is off";
    s.d_model = 32;
    s.n_heads = 2;
    s.seed = 7;
    s.positional = false;
    s.scale = false;
    s.temperature = 0.5f;
    s.causal = true;
    s.window_on = true;
    s.window = 1;
    s.global_tokens = "0";
    s.pad_to = 5;
    s.blocked_cells = {{1, 0}};
    auto r = make_request(s);
    REQUIRE(r);
    CHECK(r->model.d_model == 32);
    CHECK(r->model.n_heads == 2);
    CHECK(r->model.seed == 7);
    CHECK(!r->model.positional);
    CHECK(r->run.text == "a b c");
    CHECK(!r->run.is_cross());
    CHECK(!r->run.attention.scale);
    CHECK(r->run.attention.temperature == 0.5f);
    CHECK(r->run.mask.causal);
    CHECK(r->run.mask.window == 1);
    CHECK(r->run.mask.global_tokens == std::vector<int>{0});
    CHECK(r->run.mask.pad_to == 5);
    CHECK(r->run.mask.blocked_cells.size() == 1);

    s.window_on = false;
    s.cross = true;
    r = make_request(s);
    CHECK(r->run.mask.window == -1);
    CHECK(r->run.cross_text == s.cross_text);

    s.global_tokens = "zero";
    CHECK(!make_request(s));
}

TEST_CASE("ComputeRequest == notices every change") {
    AppState s;
    const ComputeRequest base = *make_request(s);
    CHECK(base == base);
    auto differs = [&](auto&& edit) {
        AppState t;
        edit(t);
        return base != *make_request(t);
    };
    CHECK(differs([](AppState& t) { t.text += "!"; }));
    CHECK(differs([](AppState& t) { t.cross = true; }));
    CHECK(differs([](AppState& t) { t.d_model = 128; }));
    CHECK(differs([](AppState& t) { t.n_heads = 8; }));
    CHECK(differs([](AppState& t) { t.seed = 43; }));
    CHECK(differs([](AppState& t) { t.positional = false; }));
    CHECK(differs([](AppState& t) { t.scale = false; }));
    CHECK(differs([](AppState& t) { t.temperature = 2.0f; }));
    CHECK(differs([](AppState& t) { t.causal = true; }));
    CHECK(differs([](AppState& t) { t.window_on = true; }));
    CHECK(differs([](AppState& t) { t.global_tokens = "1"; }));
    CHECK(differs([](AppState& t) { t.pad_to = 9; }));
    CHECK(differs([](AppState& t) { t.blocked_cells = {{0, 1}}; }));
    // View-only choices do not recompute.
    CHECK(!differs([](AppState& t) { t.head = 2; }));
    CHECK(!differs([](AppState& t) { t.colormap = attn::Colormap::Magma; }));
    CHECK(!differs([](AppState& t) { t.lang = Lang::Ko; }));
    CHECK(!differs([](AppState& t) { t.view = View::Scaling; }));  // the lab derives the other scaling
    CHECK(base.run.mask.drop_cells_outside);  // cells clicked on a longer sentence stay while typing
    // Every field of the run compares (a field left out of operator== fails its static_assert).
    auto run_differs = [&](auto&& edit) {
        ComputeRequest r = base;
        edit(r.run);
        return r != base;
    };
    CHECK(run_differs([](attn::RunConfig& r) { r.image_path = "a.png"; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.audio_path = "a.wav"; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.language = "ko"; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.translate = true; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.all_frames = true; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.attention.compute_stats = false; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.tokenizer.max_tokens = 7; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.mask.drop_cells_outside = false; }));
    CHECK(run_differs([](attn::RunConfig& r) { r.mask.custom_blocked = attn::BoolMat::Zero(2, 2); }));
    ComputeRequest section = base;
    section.section = "cross";
    CHECK(section != base);
}

// --- pretrained models and layers ---------------------------------------------------------

TEST_CASE("make_request with a model: the second sentence is BERT's sentence B, GPT-2 has none") {
    AppState s;
    s.cross = true;
    s.cross_text = "It was late.";
    const auto gpt2 = testing::fake_model("gpt2");
    const auto bert = testing::fake_model("bert");
    auto distil = testing::fake_model("distilbert");

    CHECK(make_request(s)->run.cross_text == "It was late.");  // built-in: cross-attention
    CHECK(make_request(s)->pretrained == nullptr);
    auto r = make_request(s, gpt2);
    CHECK(r->pretrained == gpt2);
    CHECK(r->run.cross_text.empty());
    CHECK(!takes_sentence_b(*gpt2));
    CHECK(make_request(s, bert)->run.cross_text == "It was late.");
    CHECK(takes_sentence_b(*bert));
    CHECK(!takes_sentence_b(*distil));  // no segment embeddings
    CHECK(make_request(s, distil)->run.cross_text.empty());
    s.cross = false;
    CHECK(make_request(s, bert)->run.cross_text.empty());
}

TEST_CASE("make_request with a translation model: the second text is its target") {
    AppState s;
    s.text = "He went home.";
    s.cross = true;
    s.cross_text = "그는 집에 갔다.";
    const auto marian = testing::fake_model("marian");
    CHECK(takes_target(*marian));
    CHECK(!takes_sentence_b(*marian));
    CHECK(!takes_target(*testing::fake_model("bert")));
    CHECK(make_request(s, marian)->run.cross_text == "그는 집에 갔다.");
    s.cross = false;  // off: the model translates the source itself
    CHECK(make_request(s, marian)->run.cross_text.empty());
}

TEST_CASE("ComputeRequest ==: the model counts by identity; built-in switches do not matter for it") {
    AppState s;
    const auto a = testing::fake_model("gpt2", 2, 2, "gpt2");
    const auto a_again = testing::fake_model("gpt2", 2, 2, "gpt2");  // re-opened folder
    const ComputeRequest with_a = *make_request(s, a);
    CHECK(with_a == *make_request(s, a));
    CHECK(with_a != *make_request(s));  // back to built-in
    CHECK(*make_request(s) != with_a);
    CHECK(with_a != *make_request(s, a_again));
    AppState t = s;
    t.d_model = 128;  // hidden while a pretrained model runs
    t.seed = 7;
    CHECK(with_a == *make_request(t, a));
    CHECK(*make_request(s) != *make_request(t));
    t = s;
    t.temperature = 2.0f;  // still applies to the pretrained model
    CHECK(with_a != *make_request(t, a));
    t = s;
    t.layer = 5;  // view only
    CHECK(with_a == *make_request(t, a));
}

TEST_CASE("layer selection: clamped to the trace, one helper for every view") {
    AppState s;
    s.text = "Time flies like an arrow";
    const auto model = testing::fake_model("gpt2", 3, 4);
    auto trace = testing::fake_forward(*model, make_request(s, model)->run);
    REQUIRE(trace);
    REQUIRE(trace->layers.size() == 3);

    CHECK(clamp_layer(-1, *trace) == 0);
    CHECK(clamp_layer(1, *trace) == 1);
    CHECK(clamp_layer(7, *trace) == 2);
    s.layer = 1;
    CHECK(&current_layer(*trace, s) == &trace->layers[1]);
    s.layer = 99;
    CHECK(&current_layer(*trace, s) == &trace->layers[2]);
    s.head = 9;
    clamp_selection(s, *trace);
    CHECK(s.layer == 2);
    CHECK(s.head == 3);

    // The built-in model has one layer: any selection shows it.
    const attn::Trace builtin = testing::trace_for(AppState{});
    s.layer = 2;
    CHECK(&current_layer(builtin, s) == &builtin.layers[0]);
    clamp_selection(s, builtin);
    CHECK(s.layer == 0);

    attn::Trace empty;  // no layers: left alone
    s.layer = 4;
    clamp_selection(s, empty);
    CHECK(s.layer == 4);
}

TEST_CASE("make_request: the Chat format box wraps the sentence for a model with a chat format only") {
    const std::string models = std::string(ATTNLAB_ASSET_DIR) + "/../tests/fixtures/pretrained/models/";
    auto qwen = attn::pretrained::load_pretrained_model(models + "tiny-qwen2");  // <|im_start|> in its vocabulary
    auto llama = attn::pretrained::load_pretrained_model(models + "tiny-llama");  // no chat tokens, no template
    REQUIRE(qwen.ok());
    REQUIRE(llama.ok());
    REQUIRE((*qwen)->chat_format == attn::pretrained::ChatFormat::ChatMl);
    REQUIRE((*llama)->chat_format == attn::pretrained::ChatFormat::None);
    AppState s;
    s.text = "the cat";
    auto plain = make_request(s, *qwen);
    REQUIRE(plain.ok());
    CHECK(plain->run.text == "the cat");
    s.chat_wrap = true;
    auto wrapped = make_request(s, *qwen);
    REQUIRE(wrapped.ok());
    CHECK(wrapped->run.text == "<|im_start|>user\nthe cat<|im_end|>\n<|im_start|>assistant\n");
    CHECK(*plain != *wrapped);  // ticking the box computes again
    auto none = make_request(s, *llama);
    REQUIRE(none.ok());
    CHECK(none->run.text == "the cat");
    auto builtin = make_request(s);
    REQUIRE(builtin.ok());
    CHECK(builtin->run.text == "the cat");
}
