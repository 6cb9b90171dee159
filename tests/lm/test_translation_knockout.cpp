// test_translation_knockout.cpp — ranking an encoder–decoder's heads by what each does to the next
// target token: every head of every section (encoder, decoder, cross) removed alone, each entry its
// own knocked-out run. The knock-outs themselves are checked against PyTorch and weight surgery in
// tests/pretrained/test_seq2seq_knockout.cpp.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/lm/knockout.h"
#include "core/pretrained/family/pretrained_model.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

TEST_CASE("Translation knock-outs: the ranking removes every head of every section, watching the next target token") {
    const PretrainedModel& m = tiny_model("tiny-marian");
    const auto ref = tiny_reference("tiny-marian");
    const auto& c = ref.at("cases").at(0);
    const auto source = c.at("source_ids").get<std::vector<int>>();
    auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    const std::vector<int> target(input.begin() + 1, input.begin() + 3);  // two target tokens after the start
    Ablation base;
    base.heads = {HeadIndex{0, 0, Section::Cross}};
    auto r = lm::rank_translation_heads(m, source, target, base);
    REQUIRE(r.ok());
    const AblationShape shape = lm::ablation_shape(m);
    CHECK(r->heads.size() == std::size_t(shape.layers * shape.heads + 2 * shape.decoder_layers * shape.decoder_heads));
    CHECK(r->position == 2);
    for (std::size_t i = 1; i < r->heads.size(); ++i)
        CHECK(std::fabs(r->heads[i - 1].change) >= std::fabs(r->heads[i].change));
    // Each entry is its own knocked-out run: p(answer) with base + that head.
    int sections[4] = {0, 0, 0, 0};
    for (const lm::HeadEffect& e : r->heads) {
        ++sections[int(e.head.section)];
        Ablation one = base;
        if (!base.head_removed(e.head.layer, e.head.head, e.head.section)) one.heads.push_back(e.head);
        auto logits = lm::ablated_translation_logits(m, source, target, one);
        REQUIRE(logits.ok());
        const RowVec p = (logits->array() - logits->maxCoeff()).exp().matrix();
        CHECK(std::fabs(p(r->answer_id) / p.sum() - e.probability) < 1e-5);
    }
    CHECK(sections[int(Section::Only)] == 0);
    CHECK(sections[int(Section::Encoder)] == shape.layers * shape.heads);
    CHECK(sections[int(Section::Cross)] == shape.decoder_layers * shape.decoder_heads);
    // A model that does not translate is refused.
    CHECK_FALSE(lm::rank_translation_heads(tiny_model("tiny-gpt2"), {1}, {}, {}).ok());
}

