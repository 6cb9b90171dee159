// test_marian.cpp — the Marian encoder–decoder and its SentencePiece tokenizers against PyTorch and
// Debian's python3-sentencepiece.
//
// tests/fixtures/pretrained/models/gen_tiny_marian.py writes a tiny MarianMTModel folder (English →
// Korean, spm files trained by python3-sentencepiece) and reference.json: the pieces and ids the
// Python library gives for many texts, and for a few sentence pairs every section's per-head
// attention, every hidden state, the logits and the greedy translation, computed in float64 with
// plain torch ops and cross-checked in the script against torch.nn.TransformerEncoderLayer /
// TransformerDecoderLayer. Every comparison also runs once with one thing deliberately wrong and
// must then fail.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/pretrained/seq2seq/translate.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

const std::string kFolder = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-marian";

// float32 against float64, each difference within float32's bound for the pass (seq2seq_golden.h's
// float32_bounds: tests/float32_bound.h says how): attention weights absolute, hidden states and
// logits relative to the largest reference value. Every perturbation below moves things by > 1e-2.

nlohmann::json reference() { return reference_of(kFolder); }

const PretrainedModel& tiny_marian() { return loaded_model(kFolder); }

}  // namespace

TEST_CASE("Marian: SentencePiece pieces and ids as python3-sentencepiece gives them, on both spm files") {
    const auto ref = reference();
    int texts = 0;
    for (const auto& c : ref.at("tokenizer_cases")) {
        const std::string model = c.at("model").get<std::string>(), text = c.at("text").get<std::string>();
        CAPTURE(model);
        CAPTURE(text);
        // The spm's own ids (no vocabulary): exactly the library's.
        auto tok = load_spm_tokenizer(kFolder + "/" + model, "");
        REQUIRE(tok.ok());
        auto got = (*tok)->encode(text, 10000);
        REQUIRE(got.ok());
        std::vector<std::string> pieces;
        std::vector<int> ids;
        for (const SubwordToken& t : *got) pieces.push_back(t.piece), ids.push_back(t.id);
        CHECK(pieces == c.at("pieces").get<std::vector<std::string>>());
        CHECK(ids == c.at("spm_ids").get<std::vector<int>>());
        if (c.contains("offsets")) {
            const auto offsets = c.at("offsets").get<std::vector<std::vector<std::size_t>>>();
            REQUIRE(offsets.size() == got->size());
            for (std::size_t i = 0; i < offsets.size(); ++i) {
                CHECK((*got)[i].byte_begin == offsets[i][0]);
                CHECK((*got)[i].byte_end == offsets[i][1]);
            }
        }
        ++texts;
    }
    MESSAGE(texts << " texts matched python3-sentencepiece (pieces, ids, byte spans)");
    CHECK(texts >= 10);
}

TEST_CASE("SentencePiece files the library would misread are refused first (a damaged normalization table)") {
    // Found by the spm_model fuzzer: libsentencepiece 0.1.97 segfaulted normalizing a text with this
    // model (its precompiled character map points outside the file). The harness's first byte is
    // its own switch.
    std::ifstream in(std::string(ATTNLAB_FIXTURE_DIR) + "/../fuzz/regressions/spm_model/damaged-charsmap-segv",
                     std::ios::binary);
    REQUIRE(in.good());
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    auto tok = make_spm_tokenizer(std::string_view(bytes).substr(1), "", "source.spm");
    REQUIRE_FALSE(tok.ok());
    MESSAGE(tok.error());
    CHECK(tok.error().find("damaged normalization table") != std::string::npos);
    // The real files pass the same check.
    for (const char* f : {"/source.spm", "/target.spm"}) {
        std::ifstream good(kFolder + f, std::ios::binary);
        const std::string model((std::istreambuf_iterator<char>(good)), {});
        CHECK(make_spm_tokenizer(model, "", "x.spm").ok());
    }
    // Framing that is no protobuf at all.
    CHECK_FALSE(make_spm_tokenizer(std::string("\x0b\x01\x02", 3), "", "x.spm").ok());
}

TEST_CASE("Marian: the folder's tokenizers give the ids MarianTokenizer gives (vocab.json ids, unknown pieces, </s>)") {
    const PretrainedModel& m = tiny_marian();
    CHECK(m.caps().inputs.source_target);
    CHECK(m.caps().stacks == 2);
    CHECK(m.caps().positions == PositionKind::Sinusoidal);
    CHECK(family_name(m.config) == "Marian");
    REQUIRE(m.target_tokenizer != nullptr);
    const auto ref = reference();
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        RunConfig run;
        run.text = c.at("source").get<std::string>();
        run.cross_text = c.at("target").get<std::string>();
        auto sections = compute_pretrained_run(m, run);
        REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
        REQUIRE(sections->size() == 3);
        std::vector<int> src, dec;
        for (const Token& t : (*sections)[0].q_tokens) src.push_back(t.id);
        for (const Token& t : (*sections)[1].q_tokens) dec.push_back(t.id);
        CHECK(src == c.at("source_ids").get<std::vector<int>>());
        CHECK(dec == c.at("decoder_input_ids").get<std::vector<int>>());
    }
}

TEST_CASE("Marian: the tokens MarianTokenizer reads as <unk> are marked unknown, in the trace and the source") {
    // The reference's ids come from MarianTokenizer; its <unk> is the independent answer.
    const PretrainedModel& m = tiny_marian();
    const int unk = m.tokenizer->token_id("<unk>");
    REQUIRE(unk >= 0);
    const auto ref = reference();
    int unknown_cases = 0;
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        const std::string text = c.at("source").get<std::string>();
        const auto ids = c.at("source_ids").get<std::vector<int>>();
        RunConfig run;
        run.text = text;
        run.cross_text = c.at("target").get<std::string>();
        auto sections = compute_pretrained_run(m, run);
        REQUIRE(sections.ok());
        const std::vector<Token>& q = (*sections)[0].q_tokens;
        REQUIRE(q.size() == ids.size());
        auto source = source_tokens(m, text, 512);
        REQUIRE(source.ok());
        const std::vector<bool> flags = unknown_source_tokens(m, *source);
        REQUIRE(flags.size() == ids.size());
        std::vector<std::string> expected_words;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            CHECK(q[i].unknown == (ids[i] == unk));
            CHECK(flags[i] == (ids[i] == unk));
            if (ids[i] == unk) expected_words.push_back(q[i].text);
        }
        // The cross section's keys are the same source tokens; the decoder's target has none.
        for (std::size_t i = 0; i < ids.size(); ++i) CHECK((*sections)[2].k_tokens[i].unknown == (ids[i] == unk));
        CHECK(unknown_words((*sections)[1].q_tokens).empty());
        CHECK(unknown_words(q) == expected_words);
        const std::vector<std::string> words = unknown_source_words(m, *source, text);
        CHECK(words.size() == expected_words.size());
        for (const std::string& w : words) CHECK(text.find(w) != std::string::npos);  // the source's own text
        if (!expected_words.empty()) ++unknown_cases;
    }
    CHECK(unknown_cases == 2);  // "caught a mouse" and "snow ☃" hold pieces the vocabulary lacks
    // The snowman is the unknown word of its case.
    auto snow = source_tokens(m, "I like snow ☃.", 512);
    REQUIRE(snow.ok());
    CHECK(unknown_source_words(m, *snow, "I like snow ☃.") == std::vector<std::string>{"☃"});
}

TEST_CASE("Marian: every section's attention, the hidden states and the logits match PyTorch") {
    const PretrainedModel& m = tiny_marian();
    const auto& w = weights_as<MarianWeights>(*m.weights);
    const auto ref = reference();
    compare_cases("tiny Marian", m, ref.at("cases"),
                  [&](const std::vector<int>& source, const std::vector<int>& input) {
                      return marian_forward(w, m.config, source, input, ForwardOptions{});
                  },
                  [](const PassDiffs& d) { CHECK(d.within()); });

    // Each comparison bites: one thing wrong at a time must fail it.
    const auto& c = ref.at("cases").at(0);
    const auto source = c.at("source_ids").get<std::vector<int>>();
    const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    auto broken = [&](auto change) {
        MarianWeights bad = w;
        PretrainedConfig config = m.config;
        change(bad, config);
        return compare(marian_forward(bad, config, source, input, ForwardOptions{}), c);
    };
    CHECK(broken([](MarianWeights&, PretrainedConfig& k) { edit_settings<Seq2SeqSettings>(k).scale_embedding = false; }).encoder > 1e-2);
    CHECK(broken([](MarianWeights& b, PretrainedConfig&) {
              b.decoder_positions = sinusoidal_positions_halves(int(b.decoder_positions.rows()), int(b.decoder_positions.cols()))
                                        .rowwise()
                                        .reverse();
          }).decoder > 1e-2);
    CHECK(broken([](MarianWeights& b, PretrainedConfig&) {
              std::swap(b.decoder[0].cross_attn.w_q, b.decoder[0].cross_attn.w_k);
          }).cross > 1e-2);
    CHECK(broken([](MarianWeights& b, PretrainedConfig&) { b.final_logits_bias.setZero(); }).logits > 1e-2);
    CHECK(broken([](MarianWeights&, PretrainedConfig& k) { k.activation = "gelu"; }).enc_hidden > 1e-2);
}

TEST_CASE("Marian: the computed sinusoidal table is the stored one, and greedy translation matches the reference") {
    const PretrainedModel& m = tiny_marian();
    const auto& w = weights_as<MarianWeights>(*m.weights);
    // The file stores the encoder's table and not the decoder's (computed): they must agree.
    const Mat computed = sinusoidal_positions_halves(int(w.encoder_positions.rows()), m.config.d_model);
    const double table = (computed - w.encoder_positions).cwiseAbs().maxCoeff();
    MESSAGE("stored vs computed sinusoidal table: max |diff| " << table);
    CHECK(table < 1e-6);
    CHECK((w.decoder_positions - computed).cwiseAbs().maxCoeff() == 0.0f);

    const auto ref = reference();
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        const Translation greedy = translate_greedy(m, c.at("source_ids").get<std::vector<int>>(), 1000);
        CHECK(greedy.ids == c.at("greedy").get<std::vector<int>>());
        CHECK(greedy.finished);
    }
}

TEST_CASE("Marian: the cached decoder step gives the teacher-forced pass's logits and attention rows") {
    const PretrainedModel& m = tiny_marian();
    const auto ref = reference();
    double logits = 0, self = 0, cross = 0;
    PassBounds bounds;
    int rows = 0;
    for (const auto& c : ref.at("cases")) {
        CAPTURE(c.at("name").get<std::string>());
        bounds = tightest(bounds, case_bounds(m, c));
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        Seq2SeqSession s;
        m.family().start_translation(m, c.at("source_ids").get<std::vector<int>>(), s, {});
        for (std::size_t i = 1; i < input.size(); ++i) m.family().append_target(s, input[i]);
        REQUIRE(s.ids == input);
        REQUIRE(s.steps.size() == input.size());
        const int T = int(input.size()), S = int(c.at("source_ids").size()), V = m.config.vocab_size;
        const auto ref_logits = c.at("logits").get<std::vector<float>>();
        for (int i = 0; i < T; ++i) {
            // logits of step i: row i of the pass's (T, V), relative to its largest value
            std::vector<float> row(ref_logits.begin() + i * V, ref_logits.begin() + (i + 1) * V);
            Seq2SeqSession probe = s;  // the step's logits: rebuild up to token i
            if (i + 1 < T) {
                m.family().start_translation(m, s.source, probe, {});
                for (int j = 1; j <= i; ++j) m.family().append_target(probe, input[std::size_t(j)]);
            }
            logits = std::max(logits, relative_diff(probe.logits, row));
            for (std::size_t l = 0; l < s.steps[std::size_t(i)].cross_attention.size(); ++l)
                for (int h = 0; h < m.config.decoder_heads; ++h) {
                    const auto rc = c.at("cross_attentions")[l][h].get<std::vector<float>>();
                    const auto rs = c.at("decoder_attentions")[l][h].get<std::vector<float>>();
                    const auto& step = s.steps[std::size_t(i)];
                    cross = std::max(cross, max_diff(step.cross_attention[l].row(h),
                                                     std::vector<float>(rc.begin() + i * S, rc.begin() + (i + 1) * S)));
                    self = std::max(self, max_diff(step.self_attention[l].row(h),
                                                   std::vector<float>(rs.begin() + i * T, rs.begin() + i * T + i + 1)));
                }
            ++rows;
        }
    }
    std::printf("tiny Marian cached step vs PyTorch (%d target rows): logits max relative diff %s, attention "
                "max |diff| self %s, cross %s\n",
                rows, test::against_bound(logits, bounds.logits).c_str(), test::against_bound(self, bounds.attention).c_str(),
                test::against_bound(cross, bounds.attention).c_str());
    CHECK(logits < bounds.logits);
    CHECK(self < bounds.attention);
    CHECK(cross < bounds.attention);
}

TEST_CASE("Marian: beam search gives the reference beam search's translation and score for every setting") {
    const PretrainedModel& m = tiny_marian();
    const auto ref = reference();
    int searches = 0, early = 0, differ = 0;
    double worst_score = 0, score_margin = 1e9;
    for (const auto& c : ref.at("cases")) {
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const PassBounds here = case_bounds(m, c);
        for (const auto& b : c.at("beams")) {
            PretrainedConfig config = m.config;
            edit_settings<Seq2SeqSettings>(config).num_beams = b.at("beams").get<int>();
            edit_settings<Seq2SeqSettings>(config).length_penalty = b.at("length_penalty").get<float>();
            edit_settings<Seq2SeqSettings>(config).early_stopping = b.at("early_stopping").get<bool>();
            const auto model = in_memory_model(config, m.weights, "tiny-marian");
            CAPTURE(c.at("name").get<std::string>());
            CAPTURE(b.dump());
            const Translation t = translate(*model, source, 1000);
            const auto expect = b.at("ids").get<std::vector<int>>();
            CHECK(t.beams == seq2seq_settings(config).num_beams);
            CHECK(t.ids == expect);
            CHECK(t.finished);
            const double r = b.at("score").get<double>();
            const double d = std::fabs(t.score - r) / std::max(1.0, std::fabs(r));  // relative
            const double bound = score_bound(here, int(expect.size()), seq2seq_settings(config).length_penalty, r);
            CHECK(d < bound);
            worst_score = std::max(worst_score, d);
            score_margin = std::min(score_margin, d > 0 ? bound / d : 1e9);
            // The winner's decoder holds the start token and the translation up to its </s>.
            CHECK(t.session.length() == int(expect.size()));
            CHECK_FALSE(t.tree.empty());
            ++searches;
            early += int(expect.size()) < generation_limit(config) - 1;
            differ += expect != c.at("greedy").get<std::vector<int>>();
        }
    }
    std::printf("tiny Marian beam search vs the reference: %d searches equal (%d stopped before the limit, %d differ "
                "from greedy), score max relative diff %.2e, within its bound (score_bound) by %.3g× margin\n",
                searches, early, differ, worst_score, score_margin);
    CHECK(searches >= 20);
    CHECK(early >= 3);
    CHECK(differ >= 10);
}

TEST_CASE("Marian: a translation stops at max_new_tokens with the forced end token, and greedy never writes a bad word") {
    const PretrainedModel& m = tiny_marian();
    const auto ref = reference();
    const auto source = ref.at("cases").at(1).at("source_ids").get<std::vector<int>>();
    for (int n : {1, 2, 5}) {
        const Translation t = translate_greedy(m, source, n);
        REQUIRE(int(t.ids.size()) == n);
        CHECK(t.ids.back() == seq2seq_settings(m.config).eos_id);  // the last step's only choice (forced)
        const Translation b = translate_beams(m, source, 3, n);
        CHECK(int(b.ids.size()) <= n);
        CHECK(b.ids.back() == seq2seq_settings(m.config).eos_id);
    }
    for (const auto& c : ref.at("cases"))
        for (int id : translate_greedy(m, c.at("source_ids").get<std::vector<int>>(), 1000).ids)
            CHECK(id != seq2seq_settings(m.config).pad_id);
}

TEST_CASE("Marian: an empty target is translated first; the sections name encoder, decoder and cross") {
    const PretrainedModel& m = tiny_marian();
    const auto ref = reference();
    const auto& c = ref.at("cases").at(0);
    RunConfig run;
    run.text = c.at("source").get<std::string>();
    auto sections = compute_pretrained_run(m, run);
    REQUIRE(sections.ok());
    REQUIRE(sections->size() == 3);
    CHECK((*sections)[0].section == "encoder");
    CHECK((*sections)[1].section == "decoder");
    CHECK((*sections)[2].section == "cross");
    const Trace& cross = (*sections)[2];
    CHECK(cross.t_q() == (*sections)[1].t_q());
    CHECK(cross.t_k() == (*sections)[0].t_q());
    CHECK((*sections)[1].run.mask.causal);
    // The decoder reads the start token, then the translation up to (not with) its </s>: beam
    // search, as generation_config.json's num_beams (4) says.
    REQUIRE(seq2seq_settings(m.config).num_beams == c.at("beams").at(0).at("beams").get<int>());
    std::vector<int> expect = {seq2seq_settings(m.config).decoder_start_id};
    for (int id : c.at("beams").at(0).at("ids").get<std::vector<int>>())
        if (id != seq2seq_settings(m.config).eos_id) expect.push_back(id);
    std::vector<int> got;
    for (const Token& t : cross.q_tokens) got.push_back(t.id);
    CHECK(got == expect);
    // The translation is kept as the run's target text, each generated piece spanning its bytes.
    const std::string& translation = cross.run.cross_text;
    CHECK(translation == m.family().decode(m, std::vector<int>(expect.begin() + 1, expect.end())));
    for (std::size_t i = 2; i < cross.q_tokens.size(); ++i)
        CHECK(cross.q_tokens[i].byte_begin == cross.q_tokens[i - 1].byte_end);
    CHECK(cross.q_tokens.back().byte_end == translation.size());
    // Every row of cross-attention sums to 1 over the source.
    for (const LayerTrace& L : cross.layers)
        for (const HeadTrace& h : L.heads)
            CHECK((h.weights.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);

    run.text = "";
    CHECK_FALSE(compute_pretrained_run(m, run).ok());
    run.text = std::string("\xff", 1);
    CHECK_FALSE(compute_pretrained_run(m, run).ok());
}
