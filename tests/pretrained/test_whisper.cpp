// test_whisper.cpp — Whisper's encoder (convolutions, pre-LN blocks) and decoder (causal
// self-attention, cross-attention over the frames) against PyTorch.
//
// tests/fixtures/pretrained/models/gen_tiny_whisper.py writes a tiny WhisperForConditionalGeneration
// folder and reference.safetensors: the log-mel of the fox recording's first 2 s, and for one
// teacher-forced transcript every intermediate, computed in float64 with plain torch ops and
// cross-checked in the script against nn.Conv1d and nn.TransformerEncoderLayer /
// TransformerDecoderLayer (norm_first). Each comparison also runs once with one thing deliberately
// wrong and must then fail.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/audio/audio.h"
#include "core/audio/log_mel.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kFolder = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-whisper";
// float32 against float64 within float32's bound for the pass (seq2seq_golden.h's float32_bounds, with
// the two convolutions in front; tests/float32_bound.h says how): attention weights absolute, the rest
// relative to the largest reference value. Every perturbation below moves things by > 1e-2.
seq2seq_golden::FrontEnd convolutions(const PretrainedConfig& c) { return {2, 3 * std::max(whisper_settings(c).n_mels, c.d_model)}; }

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Tiny {
    PretrainedConfig config;
    WhisperWeights weights;
    SafeTensorsFile ref;
};

const Tiny& tiny() {
    static const Tiny t = [] {
        Tiny out{PretrainedConfig{}, WhisperWeights{}, SafeTensorsFile::open(kFolder + "/reference.safetensors").value()};
        const auto root = nlohmann::json::parse(read_text(kFolder + "/config.json"));
        Status st = parse_whisper_config(ConfigJson{root}, out.config);
        REQUIRE_MESSAGE(st.ok(), st.message());
        auto model = SafeTensorsFile::open(kFolder + "/model.safetensors");
        REQUIRE(model.ok());
        auto w = load_whisper_weights(*model, out.config);
        REQUIRE_MESSAGE(w.ok(), (w.ok() ? "" : w.error()));
        out.weights = std::move(*w);
        return out;
    }();
    return t;
}

// A stored (…, rows, cols) tensor's block `index` (row-major over the leading dimensions) as a Mat.
Mat block(const std::string& name, std::vector<std::int64_t> shape, int index) {
    const int rows = int(shape[shape.size() - 2]), cols = int(shape.back());
    std::int64_t blocks = 1;
    for (std::size_t i = 0; i + 2 < shape.size(); ++i) blocks *= shape[i];
    const Mat all = tiny().ref.read_reshaped(name, shape, int(blocks) * rows, cols).value();
    return all.middleRows(index * rows, rows);
}

double abs_diff(const Mat& a, const Mat& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
    return double((a - b).cwiseAbs().maxCoeff());
}
double rel_diff(const Mat& a, const Mat& b) {
    return abs_diff(a, b) / std::max(1.0, double(b.cwiseAbs().maxCoeff()));
}

struct Diffs {
    double conv = 0, enc_hidden = 0, enc_attn = 0, dec_hidden = 0, dec_attn = 0, cross = 0, logits = 0;
    seq2seq_golden::PassBounds bounds;
    double worst() const { return std::max({conv, enc_hidden, enc_attn, dec_hidden, dec_attn, cross, logits}); }
    bool within() const {
        return std::max({enc_attn, dec_attn, cross}) <= bounds.attention &&
               std::max({conv, enc_hidden, dec_hidden, logits}) <= bounds.relative;
    }
};

Diffs compare(const WhisperWeights& w) {
    const Tiny& t = tiny();
    const PretrainedConfig& c = t.config;
    const int S = c.max_positions, d = c.d_model, H = c.n_heads, L = c.n_layers;
    const Mat features = t.ref.read_matrix("input_features", whisper_settings(c).n_mels, 2 * S).value();
    const Mat ids_f = t.ref.read_reshaped("decoder_input_ids", {10}, 1, 10).value();
    std::vector<int> ids;
    for (int i = 0; i < ids_f.cols(); ++i) ids.push_back(int(std::lround(ids_f(0, i))));
    const int T = int(ids.size()), V = c.vocab_size;
    ForwardOptions opt;
    opt.attention.compute_stats = false;
    Mat conv;
    whisper_encode(w, c, features, opt, &conv);
    const Seq2SeqPass p = whisper_forward(w, c, features, ids, opt);
    Diffs out;
    out.conv = rel_diff(conv, t.ref.read_matrix("conv_out", S, d).value());
    for (int l = 0; l < L; ++l) {
        out.enc_hidden = std::max(out.enc_hidden, rel_diff(p.encoder.hidden_states[std::size_t(l)],
                                                            block("encoder_hidden_states", {L + 1, S, d}, l)));
        for (int h = 0; h < H; ++h)
            out.enc_attn = std::max(out.enc_attn, abs_diff(p.encoder.layers[std::size_t(l)].heads[std::size_t(h)].weights.topRows(25),
                                                           block("encoder_attentions", {L, H, 25, S}, l * H + h)));
    }
    out.enc_hidden = std::max(out.enc_hidden, rel_diff(p.encoder.hidden_states.back(), t.ref.read_matrix("encoder_output", S, d).value()));
    const int Ld = c.decoder_layers;
    for (int l = 0; l < Ld; ++l) {
        out.dec_hidden = std::max(out.dec_hidden, rel_diff(p.decoder.hidden_states[std::size_t(l)],
                                                            block("decoder_hidden_states", {Ld + 1, T, d}, l)));
        for (int h = 0; h < H; ++h) {
            out.dec_attn = std::max(out.dec_attn, abs_diff(p.decoder.layers[std::size_t(l)].heads[std::size_t(h)].weights,
                                                           block("decoder_attentions", {Ld, H, T, T}, l * H + h)));
            out.cross = std::max(out.cross, abs_diff(p.cross[std::size_t(l)].heads[std::size_t(h)].weights,
                                                     block("cross_attentions", {Ld, H, T, S}, l * H + h)));
        }
    }
    out.logits = rel_diff(p.logits, t.ref.read_matrix("logits", T, V).value());
    out.bounds = seq2seq_golden::float32_bounds(c, p, convolutions(c));
    return out;
}

}  // namespace

TEST_CASE("Whisper: config.json of the tiny folder") {
    const PretrainedConfig& c = tiny().config;
    CHECK(c.d_model == 32);
    CHECK(c.n_layers == 2);
    CHECK(c.decoder_layers == 2);
    CHECK(whisper_settings(c).n_mels == 80);
    CHECK(c.max_positions == 100);
    CHECK(whisper_settings(c).decoder_max_positions == 32);
    CHECK(seq2seq_settings(c).decoder_start_id == 275);
    CHECK(seq2seq_settings(c).eos_id == 274);
    CHECK(c.activation == "gelu");
    CHECK(tiny().weights.lm_head.size() == 0);  // tied: proj_out is the token embedding
}

TEST_CASE("Whisper: the log-mel of the fox's 2-second chunk equals the one the model's reference read") {
    const auto sound = audio::read_audio_file(std::string(ATTNLAB_FIXTURE_DIR) + "/../audio/fixtures/fox_16k.wav");
    REQUIRE(sound.ok());
    const auto cfg = audio::parse_mel_config(read_text(kFolder + "/preprocessor_config.json"));
    REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
    CHECK(cfg->n_frames() == 200);
    const audio::LogMel lm = audio::log_mel_spectrogram(sound->samples, *cfg);
    CHECK(lm.cut);  // 3.4 s into a 2 s chunk
    const double diff = abs_diff(lm.features, tiny().ref.read_matrix("input_features", 80, 200).value());
    MESSAGE("log-mel (80 x 200): max |diff| " << diff);
    CHECK(diff < 1e-5);
}

TEST_CASE("Whisper: every intermediate of the teacher-forced pass equals PyTorch's") {
    const Diffs d = compare(tiny().weights);
    const double rel = std::max({d.conv, d.enc_hidden, d.dec_hidden, d.logits});
    const double att = std::max({d.enc_attn, d.dec_attn, d.cross});
    MESSAGE("convolutions " << d.conv << ", encoder hidden " << d.enc_hidden << ", encoder attention " << d.enc_attn
                            << ", decoder hidden " << d.dec_hidden << ", decoder attention " << d.dec_attn
                            << ", cross-attention " << d.cross << ", logits " << d.logits << "; attention "
                            << test::against_bound(att, d.bounds.attention) << ", the rest (relative) "
                            << test::against_bound(rel, d.bounds.relative));
    CHECK(d.within());

    // The comparison bites: each of these is a plausible mistake.
    WhisperWeights taps = tiny().weights;  // the convolution's taps in the wrong order
    taps.conv1_w.topRows(80).swap(taps.conv1_w.bottomRows(80));
    CHECK(compare(taps).conv > 1e-2);
    WhisperWeights shifted = tiny().weights;  // the decoder's positions off by one
    shifted.decoder_positions.topRows(31) = tiny().weights.decoder_positions.bottomRows(31);
    CHECK(compare(shifted).dec_hidden > 1e-2);
    // Not a mistake at all: a bias on the keys adds q · b_k to a whole row of scores, which the
    // softmax ignores. That is why Whisper's k_proj has none.
    WhisperWeights key_bias = tiny().weights;
    key_bias.encoder[0].self_attn.b_k = key_bias.encoder[0].self_attn.b_q;
    CHECK(compare(key_bias).enc_attn < d.bounds.attention);
    WhisperWeights untied = tiny().weights;  // the output read from another matrix than the embedding
    untied.lm_head = untied.embed * 1.1f;
    CHECK(compare(untied).logits > 1e-2);
}

TEST_CASE("Whisper: the encoder's position table is openai's sinusoids when the file has none") {
    const Mat stored = tiny().weights.encoder_positions;
    const Mat computed = whisper_sinusoids(100, 32);
    const double diff = abs_diff(computed, stored);
    MESSAGE("sinusoids (100 x 32) against the stored table: max |diff| " << diff);
    CHECK(diff < 1e-6);
}

TEST_CASE("conv1d_k3: padding 1, stride 2, by hand") {
    Mat x(5, 1);
    x << 1, 2, 3, 4, 5;
    Mat w(3, 1);  // taps: previous, this, next
    w << 1, 10, 100;
    const RowVec b = RowVec::Constant(1, 0.5f);
    const Mat y1 = conv1d_k3(x, w, b, 1);
    REQUIRE(y1.rows() == 5);
    CHECK(y1(0, 0) == doctest::Approx(0 + 10 + 200 + 0.5));
    CHECK(y1(4, 0) == doctest::Approx(4 + 50 + 0 + 0.5));
    const Mat y2 = conv1d_k3(x, w, b, 2);
    REQUIRE(y2.rows() == 3);
    CHECK(y2(1, 0) == doctest::Approx(2 + 30 + 400 + 0.5));  // frames 1, 2, 3
    CHECK(y2(2, 0) == doctest::Approx(4 + 50 + 0 + 0.5));    // frames 3, 4, (5 = padding)
}

TEST_CASE("Whisper: the cached step equals the teacher-forced pass, token by token") {
    const Tiny& t = tiny();
    const PretrainedConfig& c = t.config;
    const Mat features = t.ref.read_matrix("input_features", whisper_settings(c).n_mels, 2 * c.max_positions).value();
    const std::vector<int> ids{275, 276, 279, 283, 84, 72, 75, 68, 37, 274};
    ForwardOptions opt;
    opt.attention.compute_stats = false;
    const Seq2SeqPass full = whisper_forward(t.weights, c, features, ids, opt);
    Seq2SeqSession s;
    whisper_start(t.weights, c, features, s);
    CHECK(s.length() == 0);
    CHECK(s.memory->source_length == 100);
    double logits = 0, self = 0, cross = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        whisper_append(t.weights, c, s, ids[i]);
        logits = std::max(logits, rel_diff(s.logits, full.logits.row(Eigen::Index(i))));
        for (std::size_t l = 0; l < full.cross.size(); ++l)
            for (int h = 0; h < c.decoder_heads; ++h) {
                const Mat& step_self = s.steps[i].self_attention[l];
                self = std::max(self, abs_diff(step_self.row(h),
                                               full.decoder.layers[l].heads[std::size_t(h)].weights.row(Eigen::Index(i)).leftCols(Eigen::Index(i) + 1)));
                cross = std::max(cross, abs_diff(s.steps[i].cross_attention[l].row(h),
                                                 full.cross[l].heads[std::size_t(h)].weights.row(Eigen::Index(i))));
            }
    }
    // Two float32 computations of the same values: each within float32's bound of the exact one.
    const seq2seq_golden::PassBounds b = seq2seq_golden::float32_bounds(c, full, convolutions(c));
    MESSAGE("cached step against the full pass: logits " << test::against_bound(logits, 2 * b.relative)
                                                         << ", self-attention rows " << test::against_bound(self, 2 * b.attention)
                                                         << ", cross-attention rows " << test::against_bound(cross, 2 * b.attention));
    CHECK(logits < 2 * b.relative);
    CHECK(self < 2 * b.attention);
    CHECK(cross < 2 * b.attention);
}
