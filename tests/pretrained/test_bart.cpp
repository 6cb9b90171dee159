// test_bart.cpp — the BART encoder–decoder and its byte-level BPE tokenizer against PyTorch.
//
// tests/fixtures/pretrained/models/gen_tiny_bart.py writes a tiny BartForConditionalGeneration
// folder and reference.json: the ids its own byte-level BPE gives for several texts (<mask> taking
// the space before it), and for a few sentence pairs every section's per-head attention, every
// hidden state, the logits, the greedy output and beam searches, computed in float64 with plain
// torch ops and cross-checked in the script against torch.nn.TransformerEncoderLayer /
// TransformerDecoderLayer (post-LN, GELU). Each comparison also runs once with one thing wrong.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/pretrained/seq2seq/translate.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

const std::string kFolder = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-bart";

// float32 against float64 within float32's bounds, as for Marian (test_marian.cpp); every perturbation
// moves things > 1e-2.

nlohmann::json reference() { return reference_of(kFolder); }

const PretrainedModel& tiny_bart() { return loaded_model(kFolder); }

std::vector<int> ids_of(const std::vector<Token>& tokens) {
    std::vector<int> ids;
    for (const Token& t : tokens) ids.push_back(t.id);
    return ids;
}

}  // namespace

TEST_CASE("BART: the tokenizer gives the reference's ids; a run frames <s> source </s> and </s> <s> target") {
    const PretrainedModel& m = tiny_bart();
    CHECK(family_name(m.config) == "BART");
    CHECK(m.caps().inputs.source_target);
    CHECK(m.caps().stacks == 2);
    CHECK(m.caps().positions == PositionKind::Learned);
    const auto ref = reference();
    for (const auto& c : ref.at("tokenizer_cases")) {
        const std::string text = c.at("text").get<std::string>();
        CAPTURE(text);
        auto got = m.tokenizer->encode(text, 1000);
        REQUIRE(got.ok());
        std::vector<int> ids;
        std::vector<std::string> pieces;
        for (const SubwordToken& t : *got) {
            ids.push_back(t.id);
            pieces.push_back(t.piece);
        }
        CHECK(ids == c.at("ids").get<std::vector<int>>());
        CHECK(pieces == c.at("pieces").get<std::vector<std::string>>());
    }
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        RunConfig run;
        run.text = c.at("source").get<std::string>();
        run.cross_text = c.at("target").get<std::string>();
        auto sections = compute_pretrained_run(m, run);
        REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
        REQUIRE(sections->size() == 3);
        CHECK(ids_of((*sections)[0].q_tokens) == c.at("source_ids").get<std::vector<int>>());
        CHECK(ids_of((*sections)[1].q_tokens) == c.at("decoder_input_ids").get<std::vector<int>>());
        // <s>, </s> are control tokens: the views colour them and decoding leaves them out.
        CHECK((*sections)[0].q_tokens.front().kind == TokenKind::Special);
        CHECK((*sections)[1].q_tokens.at(1).kind == TokenKind::Special);
    }
}

TEST_CASE("BART: every section's attention, the hidden states and the logits match PyTorch") {
    const PretrainedModel& m = tiny_bart();
    const auto& w = weights_as<FairseqSeq2SeqWeights>(*m.weights);
    const auto ref = reference();
    compare_cases("tiny BART", m, ref.at("cases"),
                  [&](const std::vector<int>& source, const std::vector<int>& input) {
                      return fairseq_forward(w, m.config, source, input, ForwardOptions{});
                  },
                  [](const PassDiffs& d) { CHECK(d.within()); });

    // Each comparison bites: one thing wrong at a time must fail it.
    const auto& c = ref.at("cases").at(0);
    const auto source = c.at("source_ids").get<std::vector<int>>();
    const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    auto broken = [&](auto change) {
        FairseqSeq2SeqWeights bad = w;
        PretrainedConfig config = m.config;
        change(bad, config);
        return compare(fairseq_forward(bad, config, source, input, ForwardOptions{}), c);
    };
    // fairseq's offset: position p reads row p + 2 (rows p would be another table)
    CHECK(broken([](FairseqSeq2SeqWeights& b, PretrainedConfig&) {
              b.encoder_positions.bottomRows(b.encoder_positions.rows() - 2) =
                  Mat(b.encoder_positions.topRows(b.encoder_positions.rows() - 2));
          }).encoder > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b, PretrainedConfig&) { b.decoder_ln_gamma.setOnes(); }).decoder > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights&, PretrainedConfig& k) { edit_settings<Seq2SeqSettings>(k).scale_embedding = true; }).enc_hidden > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b, PretrainedConfig&) {
              std::swap(b.decoder[1].cross_attn.w_q, b.decoder[1].cross_attn.w_k);
          }).cross > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b, PretrainedConfig&) { b.final_logits_bias.setZero(); }).logits > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights&, PretrainedConfig& k) { k.activation = "silu"; }).enc_hidden > 1e-2);
}

TEST_CASE("BART: the cached step equals the teacher-forced pass; greedy and beam search (min_length, "
          "no_repeat_ngram_size) match the reference") {
    const PretrainedModel& m = tiny_bart();
    const auto ref = reference();
    double logits = 0, cross = 0;
    PassBounds bounds;
    int searches = 0, early = 0, differ = 0;
    double score_margin = 1e9;  // the beam scores' smallest (score_bound / difference)
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        const PassBounds here = case_bounds(m, c);
        bounds = tightest(bounds, here);
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        const int T = int(input.size()), S = int(source.size()), V = m.config.vocab_size;
        Seq2SeqSession s;
        m.family().start_translation(m, source, s, {});
        const auto ref_logits = c.at("logits").get<std::vector<float>>();
        for (int i = 0; i < T; ++i) {
            if (i > 0) m.family().append_target(s, input[std::size_t(i)]);
            logits = std::max(logits, relative_diff(s.logits, std::vector<float>(ref_logits.begin() + i * V,
                                                                                 ref_logits.begin() + (i + 1) * V)));
            const auto rc = c.at("cross_attentions").back()[0].get<std::vector<float>>();
            cross = std::max(cross, max_diff(s.steps.back().cross_attention.back().row(0),
                                             std::vector<float>(rc.begin() + i * S, rc.begin() + (i + 1) * S)));
        }
        REQUIRE(s.ids == input);

        // Greedy: <s> forced first, </s> forced at the limit.
        const Translation greedy = translate_greedy(m, source, 1000);
        CHECK(greedy.ids == c.at("greedy").get<std::vector<int>>());
        CHECK(greedy.ids.front() == seq2seq_settings(m.config).forced_bos_id);
        for (const auto& b : c.at("beams")) {
            const auto model = with_beam_setting(m, b);
            const PretrainedConfig& config = model->config;
            CAPTURE(b.dump());
            const Translation t = translate(*model, source, 1000);
            const auto expect = b.at("ids").get<std::vector<int>>();
            CHECK(t.ids == expect);
            if (!b.at("score").is_null()) {
                const double r = b.at("score").get<double>();
                const double d = std::fabs(t.score - r) / std::max(1.0, std::fabs(r));
                const double bound = score_bound(here, int(expect.size()), b.at("length_penalty").get<double>(), r);
                CHECK(d < bound);
                score_margin = std::min(score_margin, d > 0 ? bound / d : 1e9);
            }
            if (seq2seq_settings(config).no_repeat_ngram == 2)  // no bigram twice in the decoder's input
                for (std::size_t i = 0; i + 1 < t.session.ids.size(); ++i)
                    for (std::size_t j = i + 1; j + 1 < t.session.ids.size(); ++j)
                        CHECK_FALSE((t.session.ids[i] == t.session.ids[j] && t.session.ids[i + 1] == t.session.ids[j + 1]));
            if (seq2seq_settings(config).min_length > 0) CHECK(int(expect.size()) + 1 >= seq2seq_settings(config).min_length);
            ++searches;
            early += int(expect.size()) < generation_limit(config) - 1;
            differ += expect != c.at("greedy").get<std::vector<int>>();
        }
    }
    std::printf("tiny BART cached step vs PyTorch: logits max relative diff %s, cross-attention max |diff| %s; "
                "%d beam searches equal (%d stopped early, %d differ from greedy), scores within their bounds by %.3g× margin\n",
                test::against_bound(logits, bounds.logits).c_str(), test::against_bound(cross, bounds.attention).c_str(),
                searches, early, differ, score_margin);
    CHECK(logits < bounds.logits);
    CHECK(cross < bounds.attention);
    CHECK(searches >= 28);
    CHECK(differ >= 4);

    // Without the forced <s> the first step is the model's own choice: the forcing is what puts it there.
    PretrainedConfig free = m.config;
    edit_settings<Seq2SeqSettings>(free).forced_bos_id = -1;
    const auto unforced = in_memory_model(free, m.weights, "tiny-bart");
    const auto source = ref.at("cases").at(0).at("source_ids").get<std::vector<int>>();
    CHECK(translate_greedy(*unforced, source, 1000).ids.front() != seq2seq_settings(m.config).forced_bos_id);
}

TEST_CASE("BART: an empty target is generated first, <s> shown as a control token with an empty span") {
    const PretrainedModel& m = tiny_bart();
    const auto ref = reference();
    const auto& c = ref.at("cases").at(1);
    RunConfig run;
    run.text = c.at("source").get<std::string>();
    auto sections = compute_pretrained_run(m, run);
    REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
    const Trace& cross = (*sections)[2];
    std::vector<int> expect = {seq2seq_settings(m.config).decoder_start_id};
    for (int id : c.at("beams").at(0).at("ids").get<std::vector<int>>())
        if (id != seq2seq_settings(m.config).eos_id) expect.push_back(id);
    CHECK(ids_of(cross.q_tokens) == expect);
    REQUIRE(cross.q_tokens.size() > 2);
    CHECK(cross.q_tokens[1].kind == TokenKind::Special);
    CHECK(cross.q_tokens[1].byte_begin == cross.q_tokens[1].byte_end);
    const std::string& text = cross.run.cross_text;
    CHECK(text == m.family().decode(m, std::vector<int>(expect.begin() + 1, expect.end())));
    CHECK(text.find("<s>") == std::string::npos);
    for (std::size_t i = 3; i < cross.q_tokens.size(); ++i)
        CHECK(cross.q_tokens[i].byte_begin == cross.q_tokens[i - 1].byte_end);
    CHECK(cross.q_tokens.back().byte_end == text.size());
}

TEST_CASE("BART: configs that describe another model are refused by name") {
    const std::string base = read_text(kFolder + "/config.json");
    for (auto [key, value, needle] :
         {std::tuple<const char*, const char*, const char*>{"normalize_before", "true", "normalize_before"},
          {"add_final_layer_norm", "true", "add_final_layer_norm"},
          {"extra_pos_embeddings", "3", "extra_pos_embeddings"},
          {"decoder_start_token_id", "null", "decoder_start_token_id"},
          {"forced_bos_token_id", "100000", "100000"}}) {
        auto json = nlohmann::json::parse(base);
        json[key] = nlohmann::json::parse(value);
        auto parsed = parse_model_config(json.dump());
        const std::string field = key;  // a structured binding cannot be captured (clang)
        CAPTURE(field);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().find(needle) != std::string::npos);
    }
    CHECK(parse_model_config(base).ok());
}
