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
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/seq2seq_block.h"

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
    config.seq2seq.num_beams = b.at("beams").get<int>();
    config.seq2seq.length_penalty = b.at("length_penalty").get<float>();
    config.seq2seq.early_stopping = b.at("early_stopping").get<bool>();
    config.seq2seq.min_length = b.at("min_length").get<int>();
    config.seq2seq.no_repeat_ngram = b.at("no_repeat_ngram_size").get<int>();
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

struct PassDiffs {
    double encoder = 0, decoder = 0, cross = 0, enc_hidden = 0, dec_hidden = 0, logits = 0;
    double worst() const { return std::max({encoder, decoder, cross, enc_hidden, dec_hidden, logits}); }
};

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
// each difference over the cases, printed as one line naming `what`; `each` sees every case's.
inline PassDiffs compare_cases(const char* what, const nlohmann::json& cases,
                               const std::function<Seq2SeqPass(const std::vector<int>&, const std::vector<int>&)>& forward,
                               const std::function<void(const PassDiffs&)>& each) {
    PassDiffs worst;
    for (const auto& c : cases) {
        const PassDiffs d = compare(forward(c.at("source_ids").get<std::vector<int>>(),
                                            c.at("decoder_input_ids").get<std::vector<int>>()),
                                    c);
        each(d);
        worst.encoder = std::max(worst.encoder, d.encoder);
        worst.decoder = std::max(worst.decoder, d.decoder);
        worst.cross = std::max(worst.cross, d.cross);
        worst.enc_hidden = std::max(worst.enc_hidden, d.enc_hidden);
        worst.dec_hidden = std::max(worst.dec_hidden, d.dec_hidden);
        worst.logits = std::max(worst.logits, d.logits);
    }
    std::printf("%s vs PyTorch: attention max |diff| encoder %.2e, decoder %.2e, cross %.2e; max relative diff "
                "encoder hidden %.2e, decoder hidden %.2e, logits %.2e\n",
                what, worst.encoder, worst.decoder, worst.cross, worst.enc_hidden, worst.dec_hidden, worst.logits);
    return worst;
}

}  // namespace attn::seq2seq_golden
