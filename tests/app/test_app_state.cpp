#include <doctest/doctest.h>

#include "app/app_state.h"

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

TEST_CASE("same_request notices every change") {
    AppState s;
    const ComputeRequest base = *make_request(s);
    CHECK(same_request(base, base));
    auto differs = [&](auto&& edit) {
        AppState t;
        edit(t);
        return !same_request(base, *make_request(t));
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
}

TEST_CASE("prune_blocked_cells drops cells outside the next matrix") {
    attn::RunConfig run;
    run.text = "one two three";  // 3 tokens
    run.mask.blocked_cells = {{0, 0}, {2, 2}, {3, 0}, {0, 3}, {-1, 0}};
    auto pruned = prune_blocked_cells(run);
    CHECK(pruned.mask.blocked_cells == std::vector<std::pair<int, int>>{{0, 0}, {2, 2}});

    run.mask.pad_to = 4;  // self-attention pads queries and keys to 4
    pruned = prune_blocked_cells(run);
    CHECK(pruned.mask.blocked_cells.size() == 4);

    run.mask.pad_to = 0;
    run.cross_text = "a b c d e";  // 3 queries x 5 keys
    run.mask.blocked_cells = {{2, 4}, {3, 0}};
    pruned = prune_blocked_cells(run);
    CHECK(pruned.mask.blocked_cells == std::vector<std::pair<int, int>>{{2, 4}});

    run.text = "";  // tokenizer error: left for the engine to report
    CHECK(prune_blocked_cells(run).mask.blocked_cells.size() == 2);
}
