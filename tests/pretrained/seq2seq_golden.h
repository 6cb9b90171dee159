// seq2seq_golden.h — comparing an encoder–decoder's pass with a PyTorch reference.json (the tiny
// Marian and BART fixtures write the same fields): per-head attention of each section, hidden
// states, logits.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "tests/float32_bound.h"

namespace attn::seq2seq_golden {

using pretrained::Seq2SeqPass;

// A fixture file's bytes (the test fails when it cannot be read).
inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A tiny folder's reference.json (tests/fixtures/pretrained/models/<folder>).
inline nlohmann::json reference_of(const std::string& folder) { return nlohmann::json::parse(read_text(folder + "/reference.json")); }

// The folder's model, loaded once per test binary.
inline const pretrained::PretrainedModel& loaded_model(const std::string& folder) {
    static std::map<std::string, std::shared_ptr<const pretrained::PretrainedModel>> cache;
    auto& slot = cache[folder];
    if (!slot) {
        auto m = pretrained::load_pretrained_model(folder);
        REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
        slot = *m;
    }
    return *slot;
}

#ifdef ATTNLAB_FIXTURE_DIR
// tests/fixtures/pretrained/models/<folder>/ (the tiny folders), for tests built with the fixtures.
inline std::string tiny_folder(const std::string& folder) {
    return std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/" + folder;
}
// A tiny folder's model (loaded once per test binary) and its reference.json.
inline const pretrained::PretrainedModel& tiny_model(const std::string& folder) {
    return loaded_model(tiny_folder(folder));
}
inline nlohmann::json tiny_reference(const std::string& folder) { return reference_of(tiny_folder(folder)); }
#endif

// `m` searching as one of reference.json's beam settings says ({"beams", "length_penalty",
// "early_stopping", "min_length", "no_repeat_ngram_size"}): a model in memory sharing m's weights.
inline std::shared_ptr<const pretrained::PretrainedModel> with_beam_setting(const pretrained::PretrainedModel& m,
                                                                            const nlohmann::json& b) {
    pretrained::PretrainedConfig config = m.config;
    pretrained::edit_settings<pretrained::Seq2SeqSettings>(config).num_beams = b.at("beams").get<int>();
    pretrained::edit_settings<pretrained::Seq2SeqSettings>(config).length_penalty = b.at("length_penalty").get<float>();
    pretrained::edit_settings<pretrained::Seq2SeqSettings>(config).early_stopping = b.at("early_stopping").get<bool>();
    pretrained::edit_settings<pretrained::Seq2SeqSettings>(config).min_length = b.at("min_length").get<int>();
    pretrained::edit_settings<pretrained::Seq2SeqSettings>(config).no_repeat_ngram = b.at("no_repeat_ngram_size").get<int>();
    return pretrained::in_memory_model(config, m.weights, m.name);
}

// max |a − ref| over a (rows, cols) matrix against row-major floats; +inf on a shape mismatch.
inline double max_diff(const Mat& a, const std::vector<float>& ref) {
    if (std::size_t(a.size()) != ref.size()) return INFINITY;
    double worst = 0.0;
    for (int i = 0; i < a.rows(); ++i)
        for (int j = 0; j < a.cols(); ++j)
            worst = std::max(worst, std::fabs(double(a(i, j)) - double(ref[std::size_t(i * a.cols() + j)])));
    return worst;
}

// The worst difference over every layer and head of one section's attention.
inline double attention_diff(const std::vector<LayerTrace>& layers, const nlohmann::json& ref) {
    if (layers.size() != ref.size()) return INFINITY;
    double worst = 0.0;
    for (std::size_t l = 0; l < layers.size(); ++l) {
        if (layers[l].heads.size() != ref[l].size()) return INFINITY;
        for (std::size_t h = 0; h < layers[l].heads.size(); ++h)
            worst = std::max(worst, max_diff(layers[l].heads[h].weights, ref[l][h].get<std::vector<float>>()));
    }
    return worst;
}

// max |a − ref| / max(1, max |ref|).
inline double relative_diff(const Mat& a, const std::vector<float>& ref) {
    double scale = 1.0;
    for (float v : ref) scale = std::max(scale, double(std::fabs(v)));
    return max_diff(a, ref) / scale;
}

inline double hidden_diff(const std::vector<Mat>& hidden, const nlohmann::json& ref) {
    if (hidden.size() != ref.size()) return INFINITY;
    double worst = 0.0;
    for (std::size_t i = 0; i < hidden.size(); ++i)
        worst = std::max(worst, relative_diff(hidden[i], ref[i].get<std::vector<float>>()));
    return worst;
}

// What float32 promises for a pass (tests/float32_bound.h): its longest sum is the model's width, a
// feed-forward's or a row's keys; a value at the decoder's end has been through kSumsPerLayer sums in
// sequence in each encoder layer, kSumsPerCrossLayer in each decoder layer and kSumsAtTheEnd after
// them (tests/float32_bound.h counts them). The attention weights'
// range is their heads' largest ‖q‖·‖k‖ (with T5's bias); the hidden states' differences are relative
// (range 1), the logits' too, with the output head's terms against the logits' size (logit_range).
struct PassBounds {
    double attention = 0, relative = 0, logits = 0;
    double logit_scale = 1;  // max(1, max |logit|): what the logits' relative bound is relative to
};

// A search's score is the sum of its n tokens' log-probabilities divided by n^length_penalty. A
// log-softmax entry is within twice its logits' absolute error (each row of log-softmax's Jacobian
// has an ℓ1 norm of at most 2), so the score is within 2·n·(the logits' bound)·max(1, n^−penalty),
// here relative to max(1, |score|) as the difference it bounds.
inline double score_bound(const PassBounds& b, int tokens, double length_penalty, double score) {
    const double n = std::max(1, tokens);
    return 2 * n * b.logits * b.logit_scale * std::max(1.0, std::pow(n, -length_penalty)) / std::max(1.0, std::fabs(score));
}

struct PassDiffs {
    double encoder = 0, decoder = 0, cross = 0, enc_hidden = 0, dec_hidden = 0, logits = 0;
    double worst() const { return std::max({encoder, decoder, cross, enc_hidden, dec_hidden, logits}); }
    PassBounds bounds;  // float32's, for this pass (set by compare)
    // Every difference within its bound.
    bool within() const {
        return std::max({encoder, decoder, cross}) <= bounds.attention &&
               std::max(enc_hidden, dec_hidden) <= bounds.relative && logits <= bounds.logits;
    }
    // The smallest margin (bound / difference) of the six.
    double margin() const {
        auto m = [](double d, double b) { return d > 0 ? b / d : 1e9; };
        return std::min({m(encoder, bounds.attention), m(decoder, bounds.attention), m(cross, bounds.attention),
                         m(enc_hidden, bounds.relative), m(dec_hidden, bounds.relative), m(logits, bounds.logits)});
    }
};


// `front`: a front end's sums before the encoder (Whisper's two convolutions: 2 steps, 3·n_mels long).
struct FrontEnd {
    int steps = 0, longest = 0;
};

// With the model, the logits' bound counts the output head's terms (logit_range); without, the
// logits are bounded as the hidden states.
inline PassBounds float32_bounds(const pretrained::PretrainedConfig& c, const Seq2SeqPass& p, FrontEnd front = {},
                                 const pretrained::PretrainedModel* m = nullptr) {
    test::Float32Sums sums;
    sums.longest = std::max({c.d_model, c.d_ff, c.decoder_ff, int(p.encoder.hidden_states.empty() ? 0 : p.encoder.hidden_states[0].rows()),
                             int(p.logits.rows()), front.longest});
    sums.steps = front.steps + test::kSumsPerLayer * c.n_layers + test::kSumsPerCrossLayer * c.decoder_layers +
                 test::kSumsAtTheEnd;
    PassBounds b;
    b.relative = test::float32_bound(sums);
    b.logits = b.relative;
    if (p.logits.size() > 0) b.logit_scale = std::max(1.0, double(p.logits.cwiseAbs().maxCoeff()));
    if (m && !p.decoder.hidden_states.empty()) {
        const Mat& h = p.decoder.hidden_states.back();  // (T, d) what the output head reads
        const auto unembed = [m](const Mat& x) { return m->family().unembed(*m, x); };
        // The last hidden state must be the head's input, or the terms would be another sum's.
        REQUIRE(relative_diff(unembed(h), std::vector<float>(p.logits.data(), p.logits.data() + p.logits.size())) < 1e-4);
        test::Float32Sums head = sums;
        head.range = test::logit_range(h, unembed);
        b.logits = test::float32_bound(head);
    }
    sums.range = std::max({test::attention_range(p.encoder.layers), test::attention_range(p.decoder.layers),
                           test::attention_range(p.cross)});
    b.attention = test::float32_bound(sums);
    return b;
}

// float32's bounds for a case of reference.json ("source_ids", "decoder_input_ids") through m's
// teacher-forced pass: what a cached step, which runs the same sums, must also meet.
inline PassBounds case_bounds(const pretrained::PretrainedModel& m, const nlohmann::json& c) {
    return float32_bounds(m.config,
                          m.family().forward_pair(m, c.at("source_ids").get<std::vector<int>>(),
                                                  c.at("decoder_input_ids").get<std::vector<int>>(), {}),
                          {}, &m);
}

// The tightest of two cases' bounds.
inline PassBounds tightest(const PassBounds& a, const PassBounds& b) {
    if (a.attention == 0) return b;
    return {std::min(a.attention, b.attention), std::min(a.relative, b.relative), std::min(a.logits, b.logits),
            std::max(a.logit_scale, b.logit_scale)};
}

inline PassDiffs compare(const Seq2SeqPass& p, const nlohmann::json& c) {
    PassDiffs d;
    d.encoder = attention_diff(p.encoder.layers, c.at("encoder_attentions"));
    d.decoder = attention_diff(p.decoder.layers, c.at("decoder_attentions"));
    d.cross = attention_diff(p.cross, c.at("cross_attentions"));
    d.enc_hidden = hidden_diff(p.encoder.hidden_states, c.at("encoder_hidden_states"));
    d.dec_hidden = hidden_diff(p.decoder.hidden_states, c.at("decoder_hidden_states"));
    d.logits = relative_diff(p.logits, c.at("logits").get<std::vector<float>>());
    return d;
}


// Every case of reference.json through `forward` (source ids, decoder input ids): the worst of
// each difference over the cases, printed as one line naming `what` with float32's bounds for
// `config`; `each` sees every case's (its bounds set).
inline PassDiffs compare_cases(const char* what, const pretrained::PretrainedModel& m, const nlohmann::json& cases,
                               const std::function<Seq2SeqPass(const std::vector<int>&, const std::vector<int>&)>& forward,
                               const std::function<void(const PassDiffs&)>& each) {
    PassDiffs worst;
    double margin = 1e9;
    for (const auto& c : cases) {
        const Seq2SeqPass pass = forward(c.at("source_ids").get<std::vector<int>>(), c.at("decoder_input_ids").get<std::vector<int>>());
        PassDiffs d = compare(pass, c);
        d.bounds = float32_bounds(m.config, pass, {}, &m);
        each(d);
        margin = std::min(margin, d.margin());
        worst.encoder = std::max(worst.encoder, d.encoder);
        worst.decoder = std::max(worst.decoder, d.decoder);
        worst.cross = std::max(worst.cross, d.cross);
        worst.enc_hidden = std::max(worst.enc_hidden, d.enc_hidden);
        worst.dec_hidden = std::max(worst.dec_hidden, d.dec_hidden);
        worst.logits = std::max(worst.logits, d.logits);
        worst.bounds.attention = std::max(worst.bounds.attention, d.bounds.attention);
        worst.bounds.relative = std::max(worst.bounds.relative, d.bounds.relative);
        worst.bounds.logits = std::max(worst.bounds.logits, d.bounds.logits);
    }
    std::printf("%s vs PyTorch: attention max |diff| encoder %.2e, decoder %.2e, cross %.2e (float32's bound %.2e); max "
                "relative diff encoder hidden %.2e, decoder hidden %.2e (bound %.2e), logits %.2e (bound %.2e); the smallest: "
                "%.3g× margin\n",
                what, worst.encoder, worst.decoder, worst.cross, worst.bounds.attention, worst.enc_hidden, worst.dec_hidden,
                worst.bounds.relative, worst.logits, worst.bounds.logits, margin);
    return worst;
}

}  // namespace attn::seq2seq_golden
