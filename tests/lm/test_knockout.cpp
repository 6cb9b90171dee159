// test_knockout.cpp — ablation (heads zeroed or mean-replaced, whole sublayers off) and the logit lens.
//
// tests/fixtures/lm/gen_ablation_fixtures.py runs an independent float64 torch GPT-2, written head
// by head, over the tiny GPT-2's stored weights with the same heads knocked out: our logits and our
// per-layer lens probabilities must match to 1e-5. Ablating nothing must change nothing, bit for bit.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/logit_lens.h"
#include "core/lm/masked_lm.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "tests/lm/lm_test_util.h"
#include "tests/pretrained/stack_bounds.h"

using namespace attn;
using namespace attn::lm;
using namespace attn::lm_test;
using namespace attn::pretrained;

namespace {

// float32's bound for the model's pass over `ids` (tests/pretrained/stack_bounds.h; tests/float32_bound.h
// says how): relative, for logits taken relative to their largest value; absolute for probabilities,
// which move at most as their logits do (range: the largest |logit|, `logit_range`).
double relative_bound(const PretrainedModel& m, const std::vector<int>& ids) {
    const ForwardPass pass = m.family().forward(m, IdsInput{ids, nullptr, 0}, PassOptions{});
    return test::float32_bounds(m.config, pass).relative;
}

Ablation ablation_of(const nlohmann::json& c) {
    Ablation a;
    a.mode = c["mode"] == "zero" ? AblationMode::Zero : AblationMode::Mean;
    for (const auto& h : c["heads"]) a.heads.push_back({h[0].get<int>(), h[1].get<int>()});
    for (int l : c["attn_off"].get<std::vector<int>>()) a.attention_off.emplace_back(l);
    for (int l : c["mlp_off"].get<std::vector<int>>()) a.mlp_off.emplace_back(l);
    return a;
}

bool same_bits(const Mat& a, const Mat& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(float) * std::size_t(a.size())) == 0;
}

bool same_pass(const ForwardPass& a, const ForwardPass& b) {
    if (a.hidden_states.size() != b.hidden_states.size() || a.layers.size() != b.layers.size()) return false;
    for (std::size_t i = 0; i < a.hidden_states.size(); ++i)
        if (!same_bits(a.hidden_states[i], b.hidden_states[i])) return false;
    for (std::size_t l = 0; l < a.layers.size(); ++l)
        if (!same_bits(a.layers[l].concat, b.layers[l].concat) || !same_bits(a.layers[l].output, b.layers[l].output))
            return false;
    return true;
}

// One model's ablated logits against its torch reference (gen_ablation_fixtures.py for GPT-2,
// gen_llama_ablation.py for the rotary decoder).
void check_ablation_reference(const std::string& folder, const std::string& reference) {
    const auto model = load(folder);
    const nlohmann::json ref = read_json(reference);
    const std::vector<int> ids = ids_of(ref["ids"]);
    const int t = int(ids.size()), v = ref["n_vocab"].get<int>();
    double worst = 0.0;
    const double bound = relative_bound(*model, ids);
    for (const auto& c : ref["cases"]) {
        CAPTURE(c["name"].get<std::string>());
        auto logits = ablated_next_logits(*model, ids, ablation_of(c));
        REQUIRE_MESSAGE(logits.ok(), logits.status().message());
        const Mat want = from_flat(c["logits"], t, v);
        // relative to the largest |logit| (float32 rounding scales with them)
        const double diff = max_diff(*logits, want) / std::max(1.0, double(want.cwiseAbs().maxCoeff()));
        std::printf("ablation %-10s %-15s logits max |diff| %s (relative)\n", model->name.c_str(),
                    c["name"].get<std::string>().c_str(), test::against_bound(diff, bound).c_str());
        CHECK(diff <= bound);
        worst = std::max(worst, diff);
    }
    std::printf("ablation %s: worst logits max |diff| vs torch %.3g\n", model->name.c_str(), worst);
}

// Every layer's lens probabilities against the reference, for the cases that carry them.
void check_lens_reference(const std::string& folder, const std::string& reference) {
    const auto model = load(folder);
    const nlohmann::json ref = read_json(reference);
    const std::vector<int> ids = ids_of(ref["ids"]);
    const int t = int(ids.size()), v = ref["n_vocab"].get<int>(), layers = model->config.n_layers;
    int compared = 0;
    const double bound = relative_bound(*model, ids);  // probabilities in [0, 1]: range 1
    for (const auto& c : ref["cases"]) {
        if (c["lens"].empty()) continue;
        CAPTURE(c["name"].get<std::string>());
        auto lens = logit_lens(*model, ids, v, true, ablation_of(c));  // k = V: every probability
        REQUIRE_MESSAGE(lens.ok(), lens.status().message());
        REQUIRE(int(lens->layers.size()) == layers + 1);
        double worst = 0.0;
        for (int l = 0; l <= layers; ++l) {
            CHECK(lens->layers[l].layer == l);
            for (int i = 0; i < t; ++i) {
                REQUIRE(int(lens->layers[l].top[i].size()) == v);
                for (const TokenProb& p : lens->layers[l].top[i]) {
                    const double want = c["lens"][(std::size_t(l) * t + i) * v + p.id].get<double>();
                    worst = std::max(worst, std::fabs(double(p.prob) - want));
                }
            }
        }
        std::printf("logit lens %-10s %-6s probabilities max |diff| vs torch %s\n", model->name.c_str(),
                    c["name"].get<std::string>().c_str(), test::against_bound(worst, bound).c_str());
        CHECK(worst <= bound);
        ++compared;
    }
    CHECK(compared == 2);
}

const std::string kTinyLlama = kFixtures + "/pretrained/models/tiny-llama";

}  // namespace

TEST_CASE("ablation: GPT-2 logits with heads zeroed, mean-replaced, sublayers off match torch") {
    check_ablation_reference(kTinyGpt2, kFixtures + "/lm/gpt2_ablation_reference.json");
}

TEST_CASE("ablation: a rotary decoder (tiny-llama, grouped K/V heads) matches torch") {
    check_ablation_reference(kTinyLlama, kFixtures + "/lm/llama_ablation_reference.json");
}

TEST_CASE("logit lens: every layer's probabilities match torch, with and without ablation") {
    check_lens_reference(kTinyGpt2, kFixtures + "/lm/gpt2_ablation_reference.json");
}

TEST_CASE("logit lens: a rotary decoder's layers (RMSNorm, its own head) match torch") {
    check_lens_reference(kTinyLlama, kFixtures + "/lm/llama_ablation_reference.json");
}

TEST_CASE("logit lens: the last layer is the model's prediction; the answer's first layer") {
    const auto model = load(kTinyGpt2);
    const std::vector<int> ids = {5, 17, 99, 200, 256, 3};
    auto lens = logit_lens(*model, ids, 3, false);
    REQUIRE(lens.ok());
    REQUIRE(lens->layers.size() == 2);  // blocks 1, 2 (no embeddings row)
    CHECK(lens->layers[0].layer == 1);
    auto logits = ablated_next_logits(*model, ids, {});
    REQUIRE(logits.ok());
    for (int i = 0; i < int(ids.size()); ++i) {
        const std::vector<TokenProb> want = top_k_tokens(logits->row(i), 3);
        CHECK(lens->layers.back().top[i][0].id == want[0].id);
        CHECK(lens->answer[i] == want[0].id);
        CHECK(std::fabs(lens->layers.back().answer_probability[i] - want[0].prob) < 1e-6);
        const int first = lens->first_layer_with_answer(i);
        CHECK(first >= 1);
        CHECK(first <= 2);
        if (first == 2) CHECK(lens->layers[0].top[i][0].id != lens->answer[i]);
    }
    auto bert = logit_lens(*load(kTinyBertMlm), {2, 10, 13, 3}, 3);
    REQUIRE_FALSE(bert.ok());
    CHECK(bert.error().find("GPT-2") != std::string::npos);
}

TEST_CASE("ablation: knocking nothing out changes nothing, bit for bit (GPT-2 and BERT)") {
    const auto gpt2 = load(kTinyGpt2);
    const std::vector<int> ids = {5, 17, 99, 200, 256, 260, 3};
    CHECK(same_pass(forward_ids(*gpt2, ids), forward_ids(*gpt2, ids, Ablation{})));
    Ablation mean_nothing;
    mean_nothing.mode = AblationMode::Mean;
    CHECK(same_pass(forward_ids(*gpt2, ids), forward_ids(*gpt2, ids, mean_nothing)));
    const ForwardPass plain = gpt2_forward(pretrained::weights_as<pretrained::Gpt2Weights>(*gpt2->weights), gpt2->config, ids, BoolMat(), AttentionOptions{});
    CHECK(same_pass(plain, gpt2_forward(pretrained::weights_as<pretrained::Gpt2Weights>(*gpt2->weights), gpt2->config, ids, BoolMat(), ForwardOptions{})));

    const auto bert = load(kTinyBertMlm);
    const std::vector<int> bids = {2, 10, 13, 4, 16, 10, 17, 5, 3};
    CHECK(same_pass(forward_ids(*bert, bids), forward_ids(*bert, bids, Ablation{})));
    // And knocking something out does change it (so the comparison above can fail).
    Ablation one;
    one.heads = {{1, 2}};
    CHECK_FALSE(same_pass(forward_ids(*gpt2, ids), forward_ids(*gpt2, ids, one)));
    CHECK_FALSE(same_pass(forward_ids(*bert, bids), forward_ids(*bert, bids, one)));

    // The rotary decoders the same way.
    const auto llama = load(kTinyLlama);
    const std::vector<int> lids = {277, 84, 104, 101, 32, 99};
    CHECK(same_pass(forward_ids(*llama, lids), forward_ids(*llama, lids, mean_nothing)));
    CHECK_FALSE(same_pass(forward_ids(*llama, lids), forward_ids(*llama, lids, one)));
}

TEST_CASE("rank_heads on a rotary decoder: each head's effect is its own ablated pass") {
    const auto llama = load(kTinyLlama);
    const std::vector<int> ids = {277, 84, 104, 101, 32, 99, 97, 116};
    auto r = rank_heads(*llama, ids, Ablation{});
    REQUIRE_MESSAGE(r.ok(), r.status().message());
    REQUIRE(int(r->heads.size()) == llama->config.n_layers * llama->config.n_heads);
    for (const HeadEffect& e : r->heads) {
        Ablation a;
        a.heads = {e.head};
        auto logits = ablated_next_logits(*llama, ids, a);
        REQUIRE(logits.ok());
        const RowVec p = token_probabilities(logits->row(logits->rows() - 1));
        CHECK(std::fabs(p[r->answer_id] - e.probability) < 1e-6);
    }
}

TEST_CASE("ablation: a head's output before W_O is zero, or its mean (prefix for GPT-2, sentence for BERT)") {
    const auto gpt2 = load(kTinyGpt2);
    const auto bert = load(kTinyBertMlm);
    const std::vector<int> ids = {5, 17, 99, 200, 256};
    const std::vector<int> bids = {2, 10, 13, 4, 16, 3};
    Ablation a;
    a.heads = {{0, 3}};
    const int dk = gpt2->config.d_model / gpt2->config.n_heads;
    const ForwardPass zero = forward_ids(*gpt2, ids, a);
    CHECK(zero.layers[0].out_head(3).cwiseAbs().maxCoeff() == 0.0f);
    CHECK(zero.layers[0].out_head(2).cwiseAbs().maxCoeff() > 0.0f);

    a.mode = AblationMode::Mean;
    const ForwardPass base = forward_ids(*gpt2, ids);
    const ForwardPass mean = forward_ids(*gpt2, ids, a);
    for (int i = 0; i < int(ids.size()); ++i) {
        const RowVec want = base.layers[0].out_head(3).topRows(i + 1).colwise().mean();  // (d_k) positions 0 … i
        CHECK((mean.layers[0].out_head(3).row(i) - want).cwiseAbs().maxCoeff() < 1e-6f);
    }
    CHECK(mean.layers[0].out_head(3).cols() == dk);

    const ForwardPass bbase = forward_ids(*bert, bids);
    const ForwardPass bmean = forward_ids(*bert, bids, a);
    const RowVec bwant = bbase.layers[0].out_head(3).colwise().mean();  // every position
    for (int i = 0; i < int(bids.size()); ++i)
        CHECK((bmean.layers[0].out_head(3).row(i) - bwant).cwiseAbs().maxCoeff() < 1e-6f);
}

TEST_CASE("ablation: BERT's masked LM takes an ablation; whole sublayers off") {
    const auto bert = load(kTinyBertMlm);
    auto head = load_mlm_head(*bert);
    REQUIRE(head.ok());
    auto plain = predict_masked(*bert, *head, "the cat [MASK] on the mat .", 5);
    auto same = predict_masked(*bert, *head, "the cat [MASK] on the mat .", 5, Ablation{});
    REQUIRE(plain.ok());
    REQUIRE(same.ok());
    CHECK(plain->masks[0].top[0].prob == same->masks[0].top[0].prob);
    Ablation off;
    off.attention_off = {0, 1};
    off.mlp_off = {0};
    auto knocked = predict_masked(*bert, *head, "the cat [MASK] on the mat .", 5, off);
    REQUIRE(knocked.ok());
    CHECK(knocked->masks[0].top[0].prob != plain->masks[0].top[0].prob);
    Ablation outside;
    outside.heads = {{2, 0}};
    auto bad = predict_masked(*bert, *head, "the cat [MASK] on the mat .", 5, outside);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error() == "Head 3.1 is not in the model, which has 2 layers of 4 heads.");
}

TEST_CASE("parse_ablation: 1-based layer.head, attn and mlp switches, clear errors") {
    auto a = parse_ablation("1.2, 2.4,1.2,2.attn,1.mlp", AblationMode::Mean, 2, 4);
    REQUIRE(a.ok());
    CHECK(a->mode == AblationMode::Mean);
    REQUIRE(a->heads.size() == 2);  // the repeat is ignored
    CHECK(a->heads[0] == HeadIndex{0, 1});
    CHECK(a->heads[1] == HeadIndex{1, 3});
    CHECK(a->attention_off == std::vector<LayerIndex>{1});
    CHECK(a->mlp_off == std::vector<LayerIndex>{0});
    CHECK(format_ablation(*a) == "1.2,2.4,2.attn,1.mlp");
    CHECK(parse_ablation("3.1,", AblationMode::Zero, 12, 12).ok());

    auto err = [](const std::string& spec) {
        auto r = parse_ablation(spec, AblationMode::Zero, 12, 12);
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    CHECK(err("0.1") == "'0.1': there is no layer 0: the model has 12 layers of 12 heads, numbered from 1.");
    CHECK(err("13.1") == "'13.1': there is no layer 13: the model has 12 layers of 12 heads, numbered from 1.");
    CHECK(err("1.13") == "'1.13': there is no head 13: the model has 12 layers of 12 heads, numbered from 1.");
    CHECK(err("x") == "'x' is not a head: write layer.head counting from 1, e.g. 1.2 (or 2.attn, 2.mlp).");
    CHECK(err("1.x").find("is not a head") != std::string::npos);
    CHECK(err("1.-2").find("is not a head") != std::string::npos);
    CHECK(err("").find("Nothing to knock out") == 0);
    CHECK(err("1.2,,3.4").find("Nothing to knock out") == 0);
    CHECK(parse_ablation_mode("mean").ok());
    CHECK_FALSE(parse_ablation_mode("half").ok());
}

TEST_CASE("rank_heads: every head alone, ranked by the change of the answer's probability") {
    const auto model = load(kTinyGpt2);
    const std::vector<int> ids = {5, 17, 99, 200, 256, 260, 3, 8};
    int calls = 0;
    auto r = rank_heads(*model, ids, Ablation{}, [&](int done, int total) {
        ++calls;
        CHECK(done <= total);
    });
    REQUIRE(r.ok());
    const int n = model->config.n_layers * model->config.n_heads;
    REQUIRE(int(r->heads.size()) == n);
    CHECK(calls == n);
    CHECK(r->position == int(ids.size()) - 1);
    auto base = ablated_next_logits(*model, ids, {});
    REQUIRE(base.ok());
    const RowVec p = token_probabilities(base->row(r->position));
    CHECK(std::fabs(p[r->answer_id] - r->base_probability) < 1e-6);
    for (int i = 0; i < n; ++i) {
        const HeadEffect& e = r->heads[i];
        if (i > 0) CHECK(std::fabs(r->heads[i - 1].change) >= std::fabs(e.change));
        Ablation one;
        one.heads = {e.head};
        auto logits = ablated_next_logits(*model, ids, one);
        REQUIRE(logits.ok());
        const float want = token_probabilities(logits->row(r->position))[r->answer_id];
        CHECK(std::fabs(e.probability - want) < 1e-6);
        CHECK(std::fabs(e.change - (want - r->base_probability)) < 1e-6);
    }
    // On top of heads already knocked out (mean): each pass starts at its head's layer from the
    // base pass; it must equal a whole pass with the base heads and that head removed.
    Ablation knocked;
    knocked.mode = AblationMode::Mean;
    knocked.heads = {{1, 1}, {0, 2}};
    auto on_base = rank_heads(*model, ids, knocked);
    REQUIRE(on_base.ok());
    for (const HeadEffect& e : on_base->heads) {
        Ablation both = knocked;
        if (!knocked.head_removed(e.head.layer, e.head.head)) both.heads.push_back(e.head);
        auto logits = ablated_next_logits(*model, ids, both);
        REQUIRE(logits.ok());
        CHECK(std::fabs(e.probability - token_probabilities(logits->row(on_base->position))[on_base->answer_id]) < 1e-6);
    }
    std::atomic<bool> cancel{true};
    auto stopped = rank_heads(*model, ids, Ablation{}, {}, &cancel);
    REQUIRE(stopped.ok());
    CHECK(stopped->cancelled);
    CHECK(stopped->heads.empty());
}
