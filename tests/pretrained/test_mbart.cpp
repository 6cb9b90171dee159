// test_mbart.cpp — the mBART-50 family against PyTorch: its tokenizer (fairseq's numbering of a
// SentencePiece model, the language codes after the pieces), framing by language, the pre-LN
// passes, the cached step and generation with the target language's code forced first.
//
// tests/fixtures/pretrained/models/gen_tiny_mbart.py writes a tiny MBartForConditionalGeneration
// folder (English <-> Korean, MBart50Tokenizer) and reference.json: the pieces, ids and byte spans
// python3-sentencepiece gives under fairseq's numbering, and for four source/target pairs (both
// directions) every section's per-head attention, every hidden state, the logits, the greedy
// output and beam searches, computed in float64 with plain torch ops and cross-checked in the
// script against torch.nn.TransformerEncoderLayer / TransformerDecoderLayer (norm_first, GELU).
// Each comparison also runs once with one thing wrong.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "core/pretrained/families/mbart/mbart.h"
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

const char* kName = "tiny-mbart";

std::vector<int> ids_of(const std::vector<Token>& tokens) {
    std::vector<int> ids;
    for (const Token& t : tokens) ids.push_back(t.id);
    return ids;
}

// The tiny model translating the case's way (its languages).
std::shared_ptr<const PretrainedModel> for_case(const nlohmann::json& c) {
    auto m = with_languages(tiny_model(kName), c.at("src_lang").get<std::string>(), c.at("tgt_lang").get<std::string>());
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
    return *m;
}

}  // namespace

TEST_CASE("mBART: fairseq's ids for the SentencePiece pieces, the language codes after them, byte spans") {
    const PretrainedModel& m = tiny_model(kName);
    const auto ref = tiny_reference(kName);
    CHECK(family_name(m.config) == "mBART");
    CHECK(m.caps().inputs.source_target);
    CHECK(m.caps().stacks == 2);
    CHECK(m.caps().positions == PositionKind::Learned);
    const SubwordTokenizer& tok = *m.tokenizer;
    CHECK(tok.vocab_size() == m.config.vocab_size);
    const int pieces = ref.at("spm_pieces").get<int>();
    for (const auto& [code, id] : ref.at("lang_codes").items()) {
        CHECK(tok.token_id(code) == id.get<int>());
        CHECK(tok.piece(id.get<int>()) == code);
        CHECK(tok.is_special(id.get<int>()));
    }
    CHECK(tok.token_id("<mask>") == ref.at("mask_id").get<int>());
    CHECK(tok.piece(0) == "<s>");
    CHECK(tok.piece(3) == "<unk>");
    CHECK_FALSE(tok.is_special(3));  // <unk> stands for text
    CHECK_FALSE(tok.piece(pieces).empty());  // the spm's last piece is id P (its P pieces from 4, <unk> 3)
    CHECK(tok.piece(pieces + 1) == "en_XX");  // then the codes, no hole
    CHECK(tok.piece(tok.vocab_size()).empty());
    int cases = 0;
    for (const auto& c : ref.at("tokenizer_cases")) {
        const std::string text = c.at("text").get<std::string>();
        CAPTURE(text);
        auto got = tok.encode(text, 1000);
        REQUIRE(got.ok());
        std::vector<int> ids;
        std::vector<std::string> got_pieces;
        std::vector<std::vector<std::size_t>> spans;
        for (const SubwordToken& t : *got) {
            ids.push_back(t.id);
            got_pieces.push_back(t.piece);
            spans.push_back({t.byte_begin, t.byte_end});
        }
        CHECK(ids == c.at("ids").get<std::vector<int>>());
        CHECK(got_pieces == c.at("pieces").get<std::vector<std::string>>());
        CHECK(spans == c.at("offsets").get<std::vector<std::vector<std::size_t>>>());
        ++cases;
    }
    CHECK(cases >= 10);
    // Codes and specials typed in the text are those tokens.
    auto typed = tok.encode("ko_KR</s>", 10);
    REQUIRE(typed.ok());
    REQUIRE(typed->size() == 2);
    CHECK((*typed)[0].id == ref.at("lang_codes").at("ko_KR").get<int>());
    CHECK((*typed)[1].id == 2);
    // Decoding leaves the codes and </s> out.
    CHECK(tok.decode({ref.at("lang_codes").at("en_XX").get<int>(), 31, 20, 16, 2}) == tok.decode({31, 20, 16}));
}

TEST_CASE("mBART: a run frames [source code] text </s> and </s> [target code] target, either way") {
    const auto ref = tiny_reference(kName);
    const PretrainedModel& m = tiny_model(kName);
    // The folder's direction: tokenizer_config.json's src_lang en_XX, tgt_lang ko_KR.
    CHECK(mbart_settings(m.config).source_lang_id == ref.at("lang_codes").at("en_XX").get<int>());
    CHECK(mbart_settings(m.config).target_lang_id == ref.at("lang_codes").at("ko_KR").get<int>());
    CHECK(seq2seq_settings(m.config).forced_bos_id == mbart_settings(m.config).target_lang_id);
    REQUIRE(mbart_settings(m.config).languages.size() == 2);
    int ko_en = 0;
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        const auto model = for_case(c);
        ko_en += mbart_settings(model->config).source_lang_id != mbart_settings(m.config).source_lang_id;
        RunConfig run;
        run.text = c.at("source").get<std::string>();
        run.cross_text = c.at("target").get<std::string>();
        auto sections = compute_pretrained_run(*model, run);
        REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
        REQUIRE(sections->size() == 3);
        CHECK(ids_of((*sections)[0].q_tokens) == c.at("source_ids").get<std::vector<int>>());
        CHECK(ids_of((*sections)[1].q_tokens) == c.at("decoder_input_ids").get<std::vector<int>>());
        CHECK((*sections)[0].q_tokens.front().kind == TokenKind::Special);  // the source's code
        CHECK((*sections)[1].q_tokens.at(1).kind == TokenKind::Special);    // the target's code
    }
    CHECK(ko_en == 1);

    // Languages it does not know, and a model that does not choose them, are refused by name.
    auto bad = with_languages(m, "xx_YY", "en_XX");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("en_XX, ko_KR") != std::string::npos);
    auto bart = with_languages(tiny_model("tiny-bart"), "en_XX", "ko_KR");
    REQUIRE_FALSE(bart.ok());
    CHECK(bart.error().find("does not choose languages") != std::string::npos);
}

TEST_CASE("mBART: every section's attention, the hidden states and the logits match PyTorch") {
    const PretrainedModel& m = tiny_model(kName);
    const auto& w = weights_as<FairseqSeq2SeqWeights>(*m.weights);
    CHECK(w.pre_ln());
    const auto ref = tiny_reference(kName);
    compare_cases("tiny mBART", m, ref.at("cases"),
                  [&](const std::vector<int>& source, const std::vector<int>& input) {
                      return fairseq_forward(w, m.config, source, input, ForwardOptions{});
                  },
                  [](const PassDiffs& d) { CHECK(d.within()); });

    const auto& c = ref.at("cases").at(0);
    const auto source = c.at("source_ids").get<std::vector<int>>();
    const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    auto broken = [&](auto change) {
        FairseqSeq2SeqWeights bad = w;
        change(bad);
        return compare(fairseq_forward(bad, m.config, source, input, ForwardOptions{}), c);
    };
    // The closing norms (pre-LN's last step), the embedding norm, the block form.
    CHECK(broken([](FairseqSeq2SeqWeights& b) { b.encoder_norm_gamma.setOnes(); }).cross > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b) { b.decoder_norm_beta.setZero(); }).logits > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b) { b.decoder_ln_gamma.setOnes(); }).decoder > 1e-2);
    CHECK(broken([](FairseqSeq2SeqWeights& b) {  // no closing norms: BART's post-LN blocks instead
              b.encoder_norm_gamma.resize(0);
          }).encoder > 1e-2);
}

TEST_CASE("mBART: the cached step equals the teacher-forced pass; greedy and beam search write the target's "
          "code first and match the reference") {
    const auto ref = tiny_reference(kName);
    double logits = 0, cross = 0;
    PassBounds bounds;
    int searches = 0, differ = 0;
    double score_margin = 1e9;  // the beam scores' smallest (score_bound / difference)
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        const auto model = for_case(c);
        const PretrainedModel& m = *model;
        const PassBounds here = case_bounds(m, c);
        bounds = tightest(bounds, here);
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        const int T = int(input.size()), S = int(source.size()), V = m.config.vocab_size;
        Seq2SeqSession s;
        m.family().start_translation(m, source, s, {});
        const auto ref_logits = c.at("logits").get<std::vector<float>>();
        const auto rc = c.at("cross_attentions").back()[0].get<std::vector<float>>();
        for (int i = 0; i < T; ++i) {
            if (i > 0) m.family().append_target(s, input[std::size_t(i)]);
            logits = std::max(logits, relative_diff(s.logits, std::vector<float>(ref_logits.begin() + i * V,
                                                                                 ref_logits.begin() + (i + 1) * V)));
            cross = std::max(cross, max_diff(s.steps.back().cross_attention.back().row(0),
                                             std::vector<float>(rc.begin() + i * S, rc.begin() + (i + 1) * S)));
        }
        REQUIRE(s.ids == input);

        const Translation greedy = translate_greedy(m, source, 1000);
        CHECK(greedy.ids == c.at("greedy").get<std::vector<int>>());
        CHECK(greedy.ids.front() == mbart_settings(m.config).target_lang_id);
        for (const auto& b : c.at("beams")) {
            const auto beam_model = with_beam_setting(m, b);
            CAPTURE(b.dump());
            const Translation t = translate(*beam_model, source, 1000);
            const auto expect = b.at("ids").get<std::vector<int>>();
            CHECK(t.ids == expect);
            if (!b.at("score").is_null()) {
                const double r = b.at("score").get<double>();
                const double d = std::fabs(t.score - r) / std::max(1.0, std::fabs(r));
                const double bound = score_bound(here, int(expect.size()), b.at("length_penalty").get<double>(), r);
                CHECK(d < bound);
                score_margin = std::min(score_margin, d > 0 ? bound / d : 1e9);
            }
            ++searches;
            differ += expect != c.at("greedy").get<std::vector<int>>();
        }
    }
    std::printf("tiny mBART cached step vs PyTorch: logits max relative diff %s, cross-attention max |diff| %s; "
                "%d beam searches equal (%d differ from greedy), scores within their bounds by %.3g× margin\n",
                test::against_bound(logits, bounds.logits).c_str(), test::against_bound(cross, bounds.attention).c_str(),
                searches, differ, score_margin);
    CHECK(logits < bounds.logits);
    CHECK(cross < bounds.attention);
    CHECK(searches >= 28);
    CHECK(differ >= 4);
}

TEST_CASE("mBART: tokenizer_config.json's languages read, and refused when they cannot be") {
    auto ok = mbart_tokenizer_config(R"({"tokenizer_class": "MBart50Tokenizer", "src_lang": "ko_KR",
        "additional_special_tokens": ["en_XX", {"content": "ko_KR", "special": true}]})");
    REQUIRE(ok.ok());
    CHECK(ok->codes == std::vector<std::string>{"en_XX", "ko_KR"});
    CHECK(ok->src_lang == "ko_KR");
    CHECK(ok->tgt_lang.empty());
    for (auto [text, needle] : {std::pair<const char*, const char*>{"[1, 2]", "not a JSON object"},
                                {R"({"additional_special_tokens": []})", "no language codes"},
                                {R"({"additional_special_tokens": [7]})", "not a language code"},
                                {R"({"additional_special_tokens": ["en_XX"], "tgt_lang": "fr_XX"})", "fr_XX"},
                                {R"({"additional_special_tokens": ["en_XX"], "src_lang": 3})", "expected a text"}}) {
        const std::string t = text;
        CAPTURE(t);
        auto bad = mbart_tokenizer_config(t);
        REQUIRE_FALSE(bad.ok());
        CHECK(bad.error().find(needle) != std::string::npos);
    }
}

TEST_CASE("mBART: configs that describe another model are refused by name") {
    const std::string base = read_text(tiny_folder(kName) + "/config.json");
    for (auto [key, value] : {std::pair<const char*, const char*>{"normalize_before", "false"},
                              {"add_final_layer_norm", "false"},
                              {"extra_pos_embeddings", "3"}}) {
        auto json = nlohmann::json::parse(base);
        json[key] = nlohmann::json::parse(value);
        auto parsed = parse_model_config(json.dump());
        const std::string field = key;
        CAPTURE(field);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().find(field) != std::string::npos);
        CHECK(parsed.error().find("mBART") != std::string::npos);
    }
    CHECK(parse_model_config(base).ok());
}
