// test_t5.cpp — T5 (relative position bias, RMSNorm, no ÷√d_k, gated or relu feed-forward, tied
// or untied output) and its spiece.model tokenizer against PyTorch and python3-sentencepiece.
//
// tests/fixtures/pretrained/models/gen_tiny_t5.py writes two tiny T5ForConditionalGeneration
// folders — tiny-t5 (v1.1 style: gated-gelu, an untied lm_head, H·d_kv ≠ d_model, 8 buckets up to
// distance 12 so short sentences reach the logarithmic and the clamped buckets, 2 encoder and 3
// decoder layers) and tiny-t5-tied (the original T5: relu, tied output rescaled by d^−½, the
// default 32 / 128 buckets) — with reference.json: Hugging Face's bucket function evaluated in
// float32 by torch, the pieces and ids python3-sentencepiece gives, and per case every section's
// attention, both stacks' position bias, the hidden states, the logits, greedy and beam search
// from a float64 pass in plain torch ops (cross-checked in the script by a second formulation).
// Every comparison is also run once with one thing deliberately wrong and must then fail.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/positional.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/translate.h"
#include "core/tokenizer/unigram_json.h"
#include "tests/pretrained/seq2seq_golden.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

// float32 against float64 within float32's bounds for the pass (seq2seq_golden.h, tests/float32_bound.h;
// the bias table counts in the attention's range): attention weights absolute, hidden states and logits
// relative to the largest reference value. Every perturbation moves things > 1e-2.

nlohmann::json reference(const std::string& folder) { return reference_of(kModels + folder); }

const PretrainedModel& load(const std::string& folder) { return loaded_model(kModels + folder); }

// T5's own run: no ÷√d_k.
AttentionOptions own() {
    AttentionOptions opt;
    opt.scale = false;
    return opt;
}

const char* const kFolders[] = {"tiny-t5", "tiny-t5-tied"};

}  // namespace

TEST_CASE("T5: relative position buckets are Hugging Face's, boundaries included (float32 as torch computes them)") {
    const auto ref = reference("tiny-t5");
    int checked = 0;
    for (const auto& table : ref.at("buckets")) {
        const int buckets = table.at("num_buckets"), distance = table.at("max_distance");
        const bool both = table.at("bidirectional");
        const auto rel = table.at("relative_positions").get<std::vector<int>>();
        const auto expect = table.at("buckets").get<std::vector<int>>();
        REQUIRE(rel.size() == expect.size());
        int wrong = 0;
        for (std::size_t i = 0; i < rel.size(); ++i) {
            const int got = relative_position_bucket(rel[i], both, buckets, distance);
            if (got != expect[i]) {
                if (wrong++ < 5) MESSAGE("buckets " << buckets << "/" << distance << std::string(both ? " both ways" : " causal")
                                                   << ": rel " << rel[i] << " gave " << got << ", torch " << expect[i]);
            }
            ++checked;
        }
        CHECK(wrong == 0);
    }
    MESSAGE(checked << " relative positions bucketed as torch does");
    CHECK(checked >= 2000);
    // Hand-checked (32 buckets, 128): both ways, a key 1 after its query is bucket 16 + 1; 1 before, 1;
    // causal, a key after the query is bucket 0 (it is masked anyway), 200 before is the last, 31.
    CHECK(relative_position_bucket(1, true, 32, 128) == 17);
    CHECK(relative_position_bucket(-1, true, 32, 128) == 1);
    CHECK(relative_position_bucket(5, false, 32, 128) == 0);
    CHECK(relative_position_bucket(-200, false, 32, 128) == 31);
}

TEST_CASE("T5: spiece.model pieces and ids as python3-sentencepiece gives them, sentinels typed and named") {
    const PretrainedModel& m = load("tiny-t5");
    const auto ref = reference("tiny-t5");
    const SubwordTokenizer& tok = *m.tokenizer;
    const int pieces = ref.at("spm_pieces"), extra = ref.at("extra_ids");
    CHECK(tok.vocab_size() == pieces + extra);
    int texts = 0;
    for (const auto& c : ref.at("tokenizer_cases")) {
        const std::string text = c.at("text");
        CAPTURE(text);
        auto got = tok.encode(text, 10000);
        REQUIRE(got.ok());
        std::vector<std::string> p;
        std::vector<int> ids;
        for (const SubwordToken& t : *got) p.push_back(t.piece), ids.push_back(t.id);
        CHECK(p == c.at("pieces").get<std::vector<std::string>>());
        CHECK(ids == c.at("ids").get<std::vector<int>>());
        ++texts;
    }
    MESSAGE(texts << " texts matched python3-sentencepiece and T5Tokenizer's sentinels");
    CHECK(texts >= 6);
    // <extra_id_0> is the last sentinel, each named by its number; ids past them have no piece.
    CHECK(tok.token_id("<extra_id_0>") == pieces + extra - 1);
    CHECK(tok.piece(pieces) == "<extra_id_" + std::to_string(extra - 1) + ">");
    CHECK(m.family().token_label(m, pieces + extra - 1) == "<extra_id_0>");
    CHECK(tok.is_special(pieces + extra - 1));
    CHECK(m.family().token_label(m, m.config.vocab_size - 1) == "#" + std::to_string(m.config.vocab_size - 1));
    CHECK(m.family().decode(m, {tok.token_id("<extra_id_0>")}).empty());  // specials left out, as Hugging Face skips them
}

TEST_CASE("T5: the folder frames a run as T5Tokenizer does, and says what it is") {
    for (const char* folder : kFolders) {
        CAPTURE(folder);
        const PretrainedModel& m = load(folder);
        CHECK(family_name(m.config) == "T5");
        CHECK(m.caps().positions == PositionKind::RelativeBias);
        CHECK(m.caps().stacks == 2);
        CHECK_FALSE(m.caps().scaled_scores);
        const auto ref = reference(folder);
        for (const auto& c : ref.at("cases")) {
            CAPTURE(c.at("name").get<std::string>());
            RunConfig run;
            run.text = c.at("source").get<std::string>();
            run.cross_text = c.at("target").get<std::string>();
            run.attention = own();
            auto sections = compute_pretrained_run(m, run);
            REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
            REQUIRE(sections->size() == 3);
            std::vector<int> src, dec;
            for (const Token& t : (*sections)[0].q_tokens) src.push_back(t.id);
            for (const Token& t : (*sections)[1].q_tokens) dec.push_back(t.id);
            CHECK(src == c.at("source_ids").get<std::vector<int>>());
            CHECK(dec == c.at("decoder_input_ids").get<std::vector<int>>());
            // The run's sections carry T5's own numbers: the bias in every self-attention layer,
            // none in cross-attention, no ÷√d_k anywhere.
            for (const Trace& t : *sections) {
                for (const LayerTrace& L : t.layers) {
                    CHECK(L.factor == 1.0f);
                    CHECK(L.has_position_bias() == (t.section != "cross"));
                }
                // One table per stack, shared by its blocks' traces (not a copy per layer).
                if (t.section != "cross")
                    for (const LayerTrace& L : t.layers) CHECK(L.position_bias.shares(t.layers.front().position_bias));
            }
        }
    }
}

TEST_CASE("T5: every section's attention, the position bias, the hidden states and the logits match PyTorch") {
    for (const char* folder : kFolders) {
        const PretrainedModel& m = load(folder);
        const auto& w = weights_as<T5Weights>(*m.weights);
        const auto ref = reference(folder);
        double bias = 0;
        compare_cases(folder, m, ref.at("cases"),
                      [&](const std::vector<int>& source, const std::vector<int>& input) {
                          return t5_forward(w, m.config, source, input, ForwardOptions{own(), {}});
                      },
                      [](const PassDiffs& d) { CHECK(d.within()); });
        for (const auto& c : ref.at("cases")) {
            const Seq2SeqPass p = t5_forward(w, m.config, c.at("source_ids").get<std::vector<int>>(),
                                             c.at("decoder_input_ids").get<std::vector<int>>(), ForwardOptions{own(), {}});
            for (std::size_t h = 0; h < std::size_t(m.config.n_heads); ++h) {
                const auto enc = c.at("encoder_position_bias")[h].get<std::vector<float>>();
                const auto dec = c.at("decoder_position_bias")[h].get<std::vector<float>>();
                for (const LayerTrace& L : p.encoder.layers) bias = std::max(bias, max_diff(L.position_bias[h], enc));
                for (const LayerTrace& L : p.decoder.layers) bias = std::max(bias, max_diff(L.position_bias[h], dec));
            }
        }
        std::printf("%s position bias vs PyTorch: max |diff| %.2e\n", folder, bias);
        CHECK(bias == 0.0);  // the same stored floats, picked by the same buckets
    }

    // Each comparison bites: one thing wrong at a time must fail it.
    const PretrainedModel& m = load("tiny-t5");
    const auto& w = weights_as<T5Weights>(*m.weights);
    const auto ref = reference("tiny-t5");
    const auto& c = ref.at("cases").at(3);  // "sentinel": the encoder's and the decoder's clamped buckets too
    const auto source = c.at("source_ids").get<std::vector<int>>();
    const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    auto broken = [&](auto change, AttentionOptions opt = own()) {
        T5Weights bad = w;
        PretrainedConfig config = m.config;
        change(bad, config);
        return compare(t5_forward(bad, config, source, input, ForwardOptions{opt, {}}), c);
    };
    CHECK(broken([](T5Weights&, PretrainedConfig&) {}, AttentionOptions{}).encoder > 1e-2);  // ÷√d_k: not T5
    CHECK(broken([](T5Weights& b, PretrainedConfig&) { b.encoder_bias_table.setZero(); }).encoder > 1e-2);
    CHECK(broken([](T5Weights&, PretrainedConfig& k) {
              auto t5 = std::make_shared<T5Settings>(t5_settings(k));
              t5->max_distance = 128;
              k.settings = t5;
          }).encoder > 1e-2);
    CHECK(broken([](T5Weights& b, PretrainedConfig&) {
              b.decoder_bias_table = b.decoder_bias_table.colwise().reverse().eval();
          }).decoder > 1e-2);
    CHECK(broken([](T5Weights& b, PretrainedConfig&) { std::swap(b.decoder[0].cross_attn.w_q, b.decoder[0].cross_attn.w_k); })
              .cross > 1e-2);
    CHECK(broken([](T5Weights& b, PretrainedConfig&) { std::swap(b.encoder[0].wi, b.encoder[0].wi_gate); }).enc_hidden > 1e-2);
    CHECK(broken([](T5Weights& b, PretrainedConfig&) { b.ln_dec.setOnes(); }).logits > 1e-2);
    // The tied model's d^−½ before the output.
    const PretrainedModel& tied = load("tiny-t5-tied");
    const auto tied_ref = reference("tiny-t5-tied");
    const auto& tc = tied_ref.at("cases").at(0);
    T5Weights untied = weights_as<T5Weights>(*tied.weights);
    untied.lm_head = untied.embed;  // the same table without the rescale
    CHECK(compare(t5_forward(untied, tied.config, tc.at("source_ids").get<std::vector<int>>(),
                             tc.at("decoder_input_ids").get<std::vector<int>>(), ForwardOptions{own(), {}}),
                  tc)
              .logits > 1e-2);
}

TEST_CASE("T5: the cached decoder step gives the teacher-forced pass's logits and attention rows") {
    for (const char* folder : kFolders) {
        const PretrainedModel& m = load(folder);
        const auto ref = reference(folder);
        double logits = 0, self = 0, cross = 0;
        PassBounds bounds;
        for (const auto& c : ref.at("cases")) {
            CAPTURE(c.at("name").get<std::string>());
            bounds = tightest(bounds, case_bounds(m, c));
            const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
            const int T = int(input.size()), S = int(c.at("source_ids").size()), V = m.config.vocab_size;
            const auto ref_logits = c.at("logits").get<std::vector<float>>();
            Seq2SeqSession s;
            m.family().start_translation(m, c.at("source_ids").get<std::vector<int>>(), s, {});
            for (int i = 0; i < T; ++i) {
                if (i > 0) m.family().append_target(s, input[std::size_t(i)]);
                logits = std::max(logits, relative_diff(s.logits, std::vector<float>(ref_logits.begin() + i * V,
                                                                                      ref_logits.begin() + (i + 1) * V)));
                const Seq2SeqStep& step = s.steps[std::size_t(i)];
                for (std::size_t l = 0; l < step.cross_attention.size(); ++l)
                    for (int h = 0; h < m.config.n_heads; ++h) {
                        const auto rc = c.at("cross_attentions")[l][h].get<std::vector<float>>();
                        const auto rs = c.at("decoder_attentions")[l][h].get<std::vector<float>>();
                        cross = std::max(cross, max_diff(step.cross_attention[l].row(h),
                                                         std::vector<float>(rc.begin() + i * S, rc.begin() + (i + 1) * S)));
                        self = std::max(self, max_diff(step.self_attention[l].row(h),
                                                       std::vector<float>(rs.begin() + i * T, rs.begin() + i * T + i + 1)));
                    }
            }
            CHECK(s.ids == input);
        }
        std::printf("%s cached step vs PyTorch: logits max relative diff %s, attention max |diff| self %s, cross %s\n",
                    folder, test::against_bound(logits, bounds.logits).c_str(),
                    test::against_bound(self, bounds.attention).c_str(), test::against_bound(cross, bounds.attention).c_str());
        CHECK(logits < bounds.logits);
        CHECK(self < bounds.attention);
        CHECK(cross < bounds.attention);
    }
}

TEST_CASE("T5: greedy and beam search give the reference's translations and scores") {
    int searches = 0;
    double worst_score = 0, score_margin = 1e9;
    for (const char* folder : kFolders) {
        const PretrainedModel& m = load(folder);
        CHECK(generation_limit(m.config) == 20);  // Hugging Face's default max_length, or the file's
        const auto ref = reference(folder);
        for (const auto& c : ref.at("cases")) {
            CAPTURE(folder);
            CAPTURE(c.at("name").get<std::string>());
            const PassBounds here = case_bounds(m, c);
            const auto source = c.at("source_ids").get<std::vector<int>>();
            CHECK(translate_greedy(m, source, 1000).ids == c.at("greedy").get<std::vector<int>>());
            for (const auto& b : c.at("beams")) {
                if (b.at("score").is_null()) continue;  // one beam: greedy, checked above
                const auto model = with_beam_setting(m, b);
                CAPTURE(b.dump());
                const Translation t = translate(*model, source, 1000);
                CHECK(t.ids == b.at("ids").get<std::vector<int>>());
                const double r = b.at("score").get<double>();
                const double d = std::fabs(t.score - r) / std::max(1.0, std::fabs(r));
                const double bound = score_bound(here, int(t.ids.size()), b.at("length_penalty").get<double>(), r);
                CHECK(d < bound);
                worst_score = std::max(worst_score, d);
                score_margin = std::min(score_margin, d > 0 ? bound / d : 1e9);
                ++searches;
            }
        }
    }
    std::printf("tiny T5 beam search vs the reference: %d searches equal, score max relative diff %.2e, within its "
                "bound (score_bound) by %.3g× margin\n",
                searches, worst_score, score_margin);
    CHECK(searches >= 10);
}

TEST_CASE("T5: the scaling switch is literal — on, T5's scores are divided by √d_kv and the weights flatten") {
    const PretrainedModel& m = load("tiny-t5");
    const auto ref = reference("tiny-t5");
    const auto& c = ref.at("cases").at(0);
    RunConfig run;
    run.text = c.at("source").get<std::string>();
    run.cross_text = c.at("target").get<std::string>();
    run.attention = own();
    auto as_trained = compute_pretrained_run(m, run);
    run.attention.scale = true;
    auto scaled = compute_pretrained_run(m, run);
    REQUIRE(as_trained.ok());
    REQUIRE(scaled.ok());
    const LayerTrace& a = (*as_trained)[0].layers[0];
    const LayerTrace& b = (*scaled)[0].layers[0];
    CHECK(b.factor == doctest::Approx(1.0 / std::sqrt(double(m.config.d_k()))));
    // The softmax input is factor · q·k + bias; the stats of the other setting are the other run's.
    double entropy_own = 0, entropy_scaled = 0;
    for (int h = 0; h < a.n_heads; ++h) {
        CHECK(a.logit(h, 1, 2) == doctest::Approx(a.heads[h].scores(1, 2) + a.position_bias[h](1, 2)));
        CHECK((a.heads[h].stats_flipped.entropy - b.heads[h].stats.entropy).cwiseAbs().maxCoeff() < 1e-5f);
        CHECK((b.heads[h].stats_flipped.entropy - a.heads[h].stats.entropy).cwiseAbs().maxCoeff() < 1e-5f);
        entropy_own += a.heads[h].stats.entropy.mean();
        entropy_scaled += b.heads[h].stats.entropy.mean();
    }
    MESSAGE("layer 0 mean entropy, as trained " << entropy_own / a.n_heads << " nats, ÷√d_kv " << entropy_scaled / a.n_heads);
    CHECK(entropy_scaled > entropy_own);
}

TEST_CASE("T5: a folder with tokenizer.json and no spiece.model reads it through libsentencepiece, the same ids") {
    // tiny-t5/tokenizer.json is spiece.model as Hugging Face's converter writes it
    // (gen_t5_tokenizer_json.py): a copy of the folder without spiece.model must split every text of
    // the reference as python3-sentencepiece did, and run the same model.
    attn::test::TempDir tmp;
    const std::filesystem::path dir = tmp.path / "t5-json";
    std::filesystem::create_directories(dir);
    for (const char* f : {"config.json", "generation_config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json"})
        std::filesystem::copy_file(kModels + "tiny-t5/" + f, dir / f);
    auto loaded = load_pretrained_model(dir.string());
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
    const PretrainedModel& m = **loaded;
    const PretrainedModel& spm = load("tiny-t5");
    CHECK(m.tokenizer->vocab_size() == spm.tokenizer->vocab_size());
    int texts = 0;
    const auto ref = reference("tiny-t5");  // kept: a loop over a temporary's member would dangle
    for (const auto& c : ref.at("tokenizer_cases")) {
        const std::string text = c.at("text");
        CAPTURE(text);
        auto got = m.tokenizer->encode(text, 10000);
        REQUIRE(got.ok());
        std::vector<std::string> p;
        std::vector<int> ids;
        for (const SubwordToken& t : *got) p.push_back(t.piece), ids.push_back(t.id);
        CHECK(p == c.at("pieces").get<std::vector<std::string>>());
        CHECK(ids == c.at("ids").get<std::vector<int>>());
        ++texts;
    }
    CHECK(texts >= 6);
    CHECK(m.tokenizer->token_id("<extra_id_0>") == spm.tokenizer->token_id("<extra_id_0>"));
    RunConfig run;
    run.text = "He went home.";
    run.cross_text = "그는 집에 갔다.";
    auto a = compute_pretrained_run(m, run);
    auto b = compute_pretrained_run(spm, run);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK((*a)[2].layers.back().heads[0].weights.isApprox((*b)[2].layers.back().heads[0].weights));

    // What is not a T5-style Unigram file is refused by name, pointing to spiece.model.
    auto json = nlohmann::json::parse(read_text(kModels + "tiny-t5/tokenizer.json"));
    for (auto [what, needle] : {std::pair<const char*, const char*>{"byte_fallback", "falls back to bytes"},
                                {"bpe", "not a Unigram model"},
                                {"normalizer", "NFD"},
                                {"unk", "unk_id"}}) {
        auto bad = json;
        const std::string w = what;
        if (w == "byte_fallback") bad["model"]["byte_fallback"] = true;
        if (w == "bpe") bad["model"]["type"] = "BPE";
        if (w == "normalizer") bad["normalizer"] = {{"type", "NFD"}};
        if (w == "unk") bad["model"].erase("unk_id");
        CAPTURE(w);
        auto got = unigram_json_to_spm(bad.dump());
        REQUIRE_FALSE(got.ok());
        CHECK(got.error().find(needle) != std::string::npos);
        CHECK(got.error().find("spiece.model") != std::string::npos);
    }
    auto none = unigram_json_to_spm("{\"model\": {\"type\": \"Unigram\"}}");
    CHECK_FALSE(none.ok());
}
