// test_masked_lm.cpp — BERT / DistilBERT masked-token prediction against the torch reference
// (tests/fixtures/lm/gen_lm_fixtures.py: the tiny models plus an MLM head in Hugging Face names,
// decoder tied to the word embeddings), and the error for a checkpoint without the head.
#include <doctest/doctest.h>

#include <cmath>

#include "core/lm/lm_inputs.h"
#include "core/lm/masked_lm.h"
#include "tests/lm/lm_test_util.h"

using namespace attn;
using namespace attn::lm;
using namespace attn::lm_test;
using namespace attn::pretrained;

TEST_CASE("masked-LM logits and top-k match the torch reference (BERT and DistilBERT)") {
    for (const std::string& folder : {kTinyBertMlm, kTinyDistilBertMlm}) {
        CAPTURE(folder);
        auto model = load(folder);
        auto head = load_mlm_head(*model);
        REQUIRE_MESSAGE(head.ok(), (head.ok() ? "" : head.error()));
        const nlohmann::json ref = read_json(folder + "/mlm_reference.json");
        const std::vector<int> ids = ids_of(ref["ids"]);

        const ForwardPass pass = forward_ids(*model, ids);
        const Mat logits = mlm_logits(*model, *head, pass.hidden_states.back());  // (T, V)
        const Mat want = from_flat(ref["logits"], int(ids.size()), model->config.vocab_size);
        // Logits reach ~|15| here (post-LN BERT with eps 1e-12 amplifies float32 rounding): the
        // bound is 1e-5 of the largest logit; the probabilities below meet 1e-5 absolute.
        const double d = max_diff(logits, want), scale = std::max(1.0, double(want.cwiseAbs().maxCoeff()));
        MESSAGE(model->name << ": MLM logits max |Δ| = " << d << " (largest |logit| " << scale << ")");
        CHECK(d <= 1e-5 * scale);

        auto r = predict_masked(*model, *head, "the cat [MASK] on the [MASK].", 5);
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
        CHECK(r->ids == ids);
        REQUIRE(r->masks.size() == ref["masks"].size());
        double dp = 0.0;
        for (std::size_t m = 0; m < r->masks.size(); ++m) {
            CHECK(r->masks[m].position == ref["masks"][m]["position"].get<int>());
            for (int k = 0; k < 5; ++k) {
                CHECK(r->masks[m].top[k].id == ref["masks"][m]["top5"][k][0].get<int>());
                dp = std::max(dp, std::abs(double(r->masks[m].top[k].prob) -
                                           ref["masks"][m]["top5"][k][1].get<double>()));
            }
        }
        MESSAGE(model->name << ": top-5 probabilities max |Δ| = " << dp);
        CHECK(dp <= 1e-5);
    }
}

TEST_CASE("masking clicked positions equals typing [MASK] there") {
    auto model = load(kTinyBertMlm);
    auto head = load_mlm_head(*model);
    REQUIRE(head.ok());
    auto plain = encode_for_model(*model, "the cat sat on the mat.");
    REQUIRE(plain.ok());
    auto clicked = predict_masked_ids(*model, *head, *plain, {3, 6}, 3);
    auto typed = predict_masked(*model, *head, "the cat [MASK] on the [MASK].", 3);
    REQUIRE(clicked.ok());
    REQUIRE(typed.ok());
    CHECK(clicked->ids == typed->ids);
    REQUIRE(clicked->masks.size() == 2);
    CHECK(clicked->masks[0].original_id == model->tokenizer->token_id("sat"));
    for (int m = 0; m < 2; ++m)
        for (int k = 0; k < 3; ++k) CHECK(clicked->masks[m].top[k].id == typed->masks[m].top[k].id);
    CHECK_FALSE(predict_masked_ids(*model, *head, *plain, {99}, 3).ok());
    auto nothing = predict_masked_ids(*model, *head, *plain, {}, 3);  // no position: no prediction
    REQUIRE(nothing.ok());
    CHECK(nothing->masks.empty());
    CHECK(nothing->ids == *plain);
}

TEST_CASE("masked-LM errors say what is missing") {
    auto bare = load(kTinyBert);  // saved as BertModel: only cls.predictions.bias, no transform
    auto head = load_mlm_head(*bare);
    REQUIRE_FALSE(head.ok());
    CHECK(head.error().find("no masked-LM head") != std::string::npos);
    CHECK(head.error().find("cls.predictions.transform.dense.weight") != std::string::npos);

    auto gpt2 = load(kTinyGpt2);
    auto g = load_mlm_head(*gpt2);
    REQUIRE_FALSE(g.ok());
    CHECK(g.error().find("next token") != std::string::npos);

    auto model = load(kTinyBertMlm);
    auto ok_head = load_mlm_head(*model);
    REQUIRE(ok_head.ok());
    auto none = predict_masked(*model, *ok_head, "the cat sat", 5);
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().find("no [MASK]") != std::string::npos);
}

TEST_CASE("a text longer than the model reads is refused with the model's limit, not the tokenizer's cap") {
    // The tokenizer stops a long paste at max_positions + 1 tokens; the message must still say what
    // check_ids says of a shorter overlong text: the model's own limit (it said "more than 9" for 8).
    for (const std::string& folder : {kTinyGpt2, kTinyBertMlm}) {
        auto model = load(folder);
        std::string text;
        for (int i = 0; i < model->config.max_positions + 20; ++i) text += "cat ";
        auto ids = encode_for_model(*model, text);
        REQUIRE_FALSE(ids.ok());
        const std::string limit = std::to_string(model->config.max_positions);
        MESSAGE(ids.status().message());
        CHECK(ids.status().message() == "The text has more than " + limit + " tokens, but " + model->name +
                                            " reads at most " + limit +
                                            " (it learned one position embedding per place). Shorten the text.");
    }
}
