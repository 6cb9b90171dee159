// test_generate.cpp — GPT-2's LM head, sampling and KV-cached generation.
//
// tests/fixtures/lm/gen_lm_fixtures.py records, with an independent float64 torch pass over the
// tiny GPT-2's stored weights, the logits at every position and a 10-token greedy continuation
// (full recomputation each step). The cached session must equal our own full pass to 1e-5 at
// every step: logits, attention rows, keys and values.
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "core/lm/lm_session.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/sampling.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "tests/lm/lm_test_util.h"
#include "tests/pretrained/stack_bounds.h"

using namespace attn;
using namespace attn::lm;
using namespace attn::lm_test;
using namespace attn::pretrained;

namespace {

// Differences are measured against float32's bounds (tests/pretrained/stack_bounds.h; tests/float32_bound.h
// says how they are derived): for a pass against the float64 reference the bound itself, for two float32
// computations of the same values (the cache against a full pass) twice the bound.

const Gpt2Weights& weights_of(const PretrainedModel& m) {
    REQUIRE(m.config.model_type == "gpt2");
    return weights_as<Gpt2Weights>(*m.weights);
}

// Every quantity of a session against one full pass over its ids, as the largest share of its float32
// bound any difference takes (two float32 computations: twice the bound); ≤ 1 is within it. The logits
// relative to the largest |logit| (they reach ~10 here), keys and values relative to their largest
// entry, attention weights absolute.
double session_vs_full(const LmSession& s) {
    const Gpt2Weights& w = weights_of(*s.model);
    const ForwardPass full = gpt2_forward(w, s.config, s.ids, BoolMat(), AttentionOptions{});
    const test::StackBounds b = test::float32_bounds(s.config, full);
    const Mat want = gpt2_logits(w, full.hidden_states.back());  // (T, V)
    auto relative = [](const Mat& got, const Mat& ref) {
        return max_diff(got, ref) / std::max(1.0, double(ref.cwiseAbs().maxCoeff()));
    };
    double worst = relative(all_logits(s), want) / (2 * b.relative);
    const int t = s.length();
    for (int l = 0; l < s.config.n_layers; ++l) {
        worst = std::max(worst, relative(s.cache.k[l].topRows(t), full.layers[l].k) / (2 * b.relative));
        worst = std::max(worst, relative(s.cache.v[l].topRows(t), full.layers[l].v) / (2 * b.relative));
        for (int h = 0; h < s.config.n_heads; ++h)
            worst = std::max(worst, max_diff(attention_matrix(s, l, h), full.layers[l].heads[h].weights) / (2 * b.attention));
    }
    return worst;
}

}  // namespace

TEST_CASE("GPT-2 LM logits and top-k at every position match the torch reference") {
    auto model = load(kTinyGpt2);
    const nlohmann::json ref = read_json(kFixtures + "/lm/gpt2_lm_reference.json");
    const int v = model->config.vocab_size;
    for (const auto& c : ref["cases"]) {
        const std::vector<int> ids = ids_of(c["ids"]);
        const int t = int(ids.size());
        const Mat logits = logits_for(*model, ids);  // (T, V)
        const Mat want = from_flat(c["logits"], t, v);
        // Absolute: the bound's range is the largest |logit|; a probability moves at most as its logits.
        const ForwardPass pass = gpt2_forward(weights_of(*model), model->config, ids, BoolMat(), AttentionOptions{});
        const double bound = test::float32_bounds(model->config, pass).relative * std::max(1.0, double(want.cwiseAbs().maxCoeff()));
        const double d = max_diff(logits, want);
        MESSAGE(c["name"].get<std::string>() << ": logits max |Δ| = " << test::against_bound(d, bound));
        CHECK(d <= bound);
        double dp = 0.0;
        for (int i = 0; i < t; ++i) {
            const std::vector<TokenProb> top = top_k_tokens(logits.row(i), 5);
            REQUIRE(top.size() == 5);
            for (int r = 0; r < 5; ++r) {
                CHECK(top[r].id == c["top5"][i][r][0].get<int>());
                dp = std::max(dp, std::abs(double(top[r].prob) - c["top5"][i][r][1].get<double>()));
            }
        }
        MESSAGE(c["name"].get<std::string>() << ": top-5 probabilities max |Δ| = " << test::against_bound(dp, bound));
        CHECK(dp <= bound);
    }
}

TEST_CASE("greedy generation of 10 tokens equals the reference's full recomputation") {
    auto model = load(kTinyGpt2);
    const nlohmann::json ref = read_json(kFixtures + "/lm/gpt2_lm_reference.json")["greedy"];
    LmSession s = start_session(*model, ids_of(ref["prompt"]));
    auto steps = generate(s, 10, SamplingOptions{});
    REQUIRE(steps.ok());
    std::vector<int> got;
    for (const GenerationStep& g : *steps) {
        got.push_back(g.id);
        CHECK(g.sampled_prob == 1.0f);
        CHECK(g.top[0].id == g.id);
        CHECK(g.top.size() == 5);
    }
    CHECK(got == ids_of(ref["tokens"]));
}

TEST_CASE("KV-cached generation equals full recomputation at every step") {
    auto model = load(kTinyGpt2);
    SamplingOptions o;
    o.greedy = false;
    o.temperature = 1.5f;  // sampled, so the tokens vary more than a greedy loop's
    o.seed = 3;
    SUBCASE("prompt of 6, then 12 tokens") {
        LmSession s = start_session(*model, std::vector<int>{10, 257, 260, 3, 99, 8});
        double worst = 0.0;
        for (int i = 0; i < 12; ++i) {
            REQUIRE(generate(s, 1, o).ok());
            worst = std::max(worst, session_vs_full(s));
        }
        MESSAGE("cache vs full recomputation, 12 steps: the largest difference is " << worst << " of float32's bound");
        CHECK(worst <= 1.0);
        CHECK(s.length() == 18);
        CHECK(s.prompt_length == 6);
    }
    SUBCASE("one token, then everything through the cache; undo and redo") {
        LmSession s = start_session(*model, std::vector<int>{42});
        for (int id : {7, 19, 250, 250, 3, 100}) REQUIRE(append_token(s, id).ok());
        double worst = session_vs_full(s);
        const RowVec before = logits_at(s, 4);
        REQUIRE(pop_token(s));
        REQUIRE(pop_token(s));
        CHECK(s.length() == 5);
        REQUIRE(append_token(s, 60).ok());  // overwrites the popped cache rows
        CHECK(s.ids == std::vector<int>{42, 7, 19, 250, 250, 60});
        worst = std::max(worst, session_vs_full(s));
        CHECK((logits_at(s, 4) - before).cwiseAbs().maxCoeff() == 0.0f);  // earlier rows untouched
        MESSAGE("cache after undo/redo: the largest difference is " << worst << " of float32's bound");
        CHECK(worst <= 1.0);
        LmSession one = start_session(*model, std::vector<int>{42});
        CHECK_FALSE(pop_token(one));
    }
}

TEST_CASE("sampling with a seed is reproducible, and draws from the right distribution") {
    auto model = load(kTinyGpt2);
    SamplingOptions o;
    o.greedy = false;
    o.temperature = 1.2f;
    o.top_k = 50;
    o.top_p = 0.95f;
    o.seed = 1234;
    auto run = [&](std::uint64_t seed) {
        LmSession s = start_session(*model, std::vector<int>{10, 20, 30});
        SamplingOptions so = o;
        so.seed = seed;
        auto steps = generate(s, 15, so);
        REQUIRE(steps.ok());
        return std::vector<int>(s.ids.begin() + 3, s.ids.end());
    };
    const std::vector<int> a = run(1234), b = run(1234), c = run(99);
    CHECK(a == b);
    CHECK(a != c);
    // One token per call from a kept generator gives the same tokens as 15 at once.
    LmSession one = start_session(*model, std::vector<int>{10, 20, 30});
    SampleRng kept(1234);
    for (int i = 0; i < 15; ++i) REQUIRE(generate(one, 1, o, kept).ok());
    CHECK(std::vector<int>(one.ids.begin() + 3, one.ids.end()) == a);

    // Frequencies of 40 000 draws against the distribution sampled from.
    RowVec logits(6);
    logits << 2.0f, 1.5f, 0.3f, -1.0f, 0.0f, 1.0f;
    SampleRng rng(5);
    std::map<int, int> count;
    const int n = 40000;
    for (int i = 0; i < n; ++i) ++count[choose_token(logits, o, rng)];
    for (const TokenProb& t : sampling_distribution(logits, o))
        CHECK(std::abs(count[t.id] / double(n) - t.prob) < 0.01);
}

TEST_CASE("temperature, top-k and top-p shape the sampling distribution") {
    RowVec logits(4);  // probabilities 0.5, 0.3, 0.15, 0.05
    logits << std::log(0.5f), std::log(0.3f), std::log(0.15f), std::log(0.05f);
    SamplingOptions o;
    o.greedy = false;
    auto ids_probs = [&](const SamplingOptions& so) {
        std::vector<std::pair<int, float>> v;
        for (const TokenProb& t : sampling_distribution(logits, so)) v.push_back({t.id, t.prob});
        return v;
    };
    auto all = ids_probs(o);
    REQUIRE(all.size() == 4);
    CHECK(all[0].second == doctest::Approx(0.5));
    CHECK(all[3].second == doctest::Approx(0.05));

    o.top_p = 0.7f;  // 0.5 < 0.7 ≤ 0.8: the two most probable
    auto p = ids_probs(o);
    REQUIRE(p.size() == 2);
    CHECK(p[0].second == doctest::Approx(0.625));
    CHECK(p[1].second == doctest::Approx(0.375));

    o.top_p = 0.85f;  // needs the third
    CHECK(ids_probs(o).size() == 3);

    o.top_p = 1.0f;
    o.top_k = 1;
    auto k1 = ids_probs(o);
    REQUIRE(k1.size() == 1);
    CHECK(k1[0].first == 0);
    CHECK(k1[0].second == 1.0f);

    o.top_k = 0;
    o.temperature = 2.0f;  // p ∝ p₀^(1/2)
    auto t2 = ids_probs(o);
    const double z = std::sqrt(0.5) + std::sqrt(0.3) + std::sqrt(0.15) + std::sqrt(0.05);
    CHECK(t2[0].second == doctest::Approx(std::sqrt(0.5) / z));
    CHECK(t2[2].second == doctest::Approx(std::sqrt(0.15) / z));

    SamplingOptions bad;
    bad.greedy = false;
    bad.temperature = 0.0f;
    CHECK_FALSE(validate_sampling(bad).ok());
    bad.temperature = 1.0f;
    bad.top_p = 0.0f;
    CHECK_FALSE(validate_sampling(bad).ok());
    bad.top_p = 1.0f;
    bad.top_k = -1;
    CHECK_FALSE(validate_sampling(bad).ok());
}

TEST_CASE("session errors and texts") {
    auto model = load(kTinyGpt2);
    auto s = start_session(*model, "the cat sat");
    REQUIRE(s.ok());
    CHECK(decode_ids(*model, s->ids) == "the cat sat");
    CHECK(token_label(*model, model->tokenizer->token_id("\xC4\xA0" "cat")) == "cat");  // "Ġcat"
    // Byte 0xEA alone is half a Hangul character: decoded text stays valid UTF-8 (U+FFFD).
    const int half = model->tokenizer->token_id("\xC3\xAA");  // the piece "ê" stands for byte 0xEA
    REQUIRE(half >= 0);
    CHECK(decode_ids(*model, {half}) == "\xEF\xBF\xBD");
    CHECK_FALSE(append_token(*s, -1).ok());
    CHECK_FALSE(append_token(*s, model->config.vocab_size).ok());
    CHECK_FALSE(start_session(*model, "").ok());

    // Positions run out: an error, the tokens so far are kept.
    while (!s->full()) REQUIRE(append_token(*s, 5).ok());
    Status full = append_token(*s, 5);
    CHECK_FALSE(full.ok());
    CHECK(full.message().find("positions") != std::string::npos);
    CHECK(s->length() == model->config.max_positions);

    auto bert = load(kTinyBert);
    auto no = start_session(*bert, "the cat");
    REQUIRE_FALSE(no.ok());
    CHECK(no.error().find("[MASK]") != std::string::npos);
}

TEST_CASE("generation within the memory budget: every token's attention rows counted before the first step") {
    auto model = load(kTinyGpt2);
    auto s = start_session(*model, "the cat sat");
    REQUIRE(s.ok());
    const int prompt = s->length();
    // The tiny model's 10 tokens fit; the figure grows with the square of the final length.
    const RunMemory ten = generation_memory(*s, 10);
    CHECK(ten.kept_bytes > 0);
    CHECK(ten.what.find(std::to_string(prompt + 10) + " tokens") == 0);
    CHECK(generation_memory(*s, 20).kept_bytes > ten.kept_bytes);
    // Past the positions the session cannot grow: the figure stops at max_positions.
    CHECK(generation_memory(*s, 1000000).kept_bytes == generation_memory(*s, model->config.max_positions).kept_bytes);

    // A copy of the model that claims 200,000 positions: 200,000 tokens would keep every token's
    // rows, L · H · t² / 2 floats (tens of GiB): refused before the first step, nothing appended.
    pretrained::PretrainedModel wide = *model;
    wide.config.max_positions = 200000;
    auto w = start_session(wide, "the cat sat");
    REQUIRE(w.ok());
    // The attention rows grow with the square of the length: twice the tokens, ~4x the bytes.
    const double ratio = generation_memory(*w, 100000).kept_bytes / generation_memory(*w, 50000).kept_bytes;
    CHECK(ratio > 3.9);
    CHECK(ratio < 4.0);
    SamplingOptions greedy;
    auto over = generate(*w, 199000, greedy);
    REQUIRE_FALSE(over.ok());
    MESSAGE(over.error());
    CHECK(over.error().find("This run would keep ") == 0);
    CHECK(over.error().find("the limit is 4096 MiB. Generate fewer tokens") != std::string::npos);
    CHECK(w->length() == prompt);
    CHECK(generate(*w, 10, greedy).ok());  // a reasonable request still runs
}
