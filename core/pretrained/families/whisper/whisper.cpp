// whisper.cpp — Whisper's weights, its convolutional front end, the encoder and the teacher-forced
// pass (the model and its names are in whisper.h).
#include "core/pretrained/families/whisper/whisper.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

#include "core/pretrained/seq2seq/pre_ln_stacks.h"

namespace attn::pretrained {

namespace {

// A Conv1d weight stored (C_out, C_in, 3) -> packed (3 · C_in, C_out): row k · C_in + c holds W[:, c, k].
Mat read_conv(WeightReader& r, const std::string& name, int c_out, int c_in) {
    const Mat stored = r.reshaped(name, {c_out, c_in, 3}, c_out, c_in * 3);  // column c · 3 + k
    if (stored.size() == 0) return Mat();
    Mat packed(3 * c_in, c_out);
    for (int k = 0; k < 3; ++k)
        for (int c = 0; c < c_in; ++c) packed.row(k * c_in + c) = stored.col(c * 3 + k).transpose();
    return packed;
}

}  // namespace

std::size_t WhisperWeights::bytes() const {
    std::size_t n = std::size_t(conv1_w.size() + conv1_b.size() + conv2_w.size() + conv2_b.size() +
                                encoder_positions.size() + embed.size() + lm_head.size() + decoder_positions.size() +
                                ln_enc_gamma.size() * 2 + ln_dec_gamma.size() * 2);
    for (const auto* stack : {&encoder, &decoder})
        for (const Seq2SeqBlock& b : *stack) n += seq2seq_block_floats(b);
    return n * sizeof(float);
}

Mat whisper_sinusoids(int rows, int d) {
    assert(d >= 4 && d % 2 == 0 && "whisper_sinusoids: an even width of at least 4");
    const int half = d / 2;
    const double step = std::log(10000.0) / (half - 1);
    Mat p(rows, d);
    for (int pos = 0; pos < rows; ++pos)
        for (int i = 0; i < half; ++i) {
            const double angle = pos * std::exp(-step * i);
            p(pos, i) = float(std::sin(angle));
            p(pos, half + i) = float(std::cos(angle));
        }
    return p;
}

Mat conv1d_k3(const Mat& x, const Mat& w, const RowVec& b, int stride) {
    const int t_in = int(x.rows()), c_in = int(x.cols());
    assert(stride >= 1 && t_in >= 1 && w.rows() == 3 * c_in && "conv1d_k3: shapes");
    const int t_out = (t_in - 1) / stride + 1;
    Mat cols = Mat::Zero(t_out, 3 * c_in);  // (T_out, 3 · C_in) the three taps of each output frame
    for (int t = 0; t < t_out; ++t)
        for (int k = 0; k < 3; ++k) {
            const int src = stride * t + k - 1;  // padding 1: frames −1 and T_in read as zeros
            if (src >= 0 && src < t_in) cols.block(t, k * c_in, 1, c_in) = x.row(src);
        }
    Mat out;  // (T_out, C_out)
    linear(cols, w, b, out);
    return out;
}

Expected<WhisperWeights> load_whisper_weights(const SafeTensorsFile& file, const PretrainedConfig& c,
                                              const LayerLoaded& on_layer) {
    const WhisperSettings& s2s = whisper_settings(c);
    const int d = c.d_model, V = c.vocab_size, S = c.max_positions, M = s2s.n_mels;
    const int T = s2s.decoder_max_positions > 0 ? s2s.decoder_max_positions : S;
    auto prefix = find_name_prefix(file, {"model.", ""}, "encoder.conv1.weight", "Whisper");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    WhisperWeights w;
    w.conv1_w = read_conv(r, "encoder.conv1.weight", d, M);
    w.conv1_b = r.vector("encoder.conv1.bias", d);
    w.conv2_w = read_conv(r, "encoder.conv2.weight", d, d);
    w.conv2_b = r.vector("encoder.conv2.bias", d);
    w.encoder_positions = r.has("encoder.embed_positions.weight") ? r.matrix("encoder.embed_positions.weight", S, d)
                                                                  : whisper_sinusoids(S, d);
    w.embed = r.matrix("decoder.embed_tokens.weight", V, d);
    w.decoder_positions = r.matrix("decoder.embed_positions.weight", T, d);
    read_layer_norm(r, "encoder.layer_norm", d, w.ln_enc_gamma, w.ln_enc_beta);
    read_layer_norm(r, "decoder.layer_norm", d, w.ln_dec_gamma, w.ln_dec_beta);
    WeightReader top(file, "");  // outside the "model." prefix: an untied output matrix
    if (top.has("proj_out.weight")) w.lm_head = top.matrix("proj_out.weight", V, d);
    if (!r.status()) return r.status();
    if (!top.status()) return top.status();

    if (Status st = read_encoder_decoder_blocks(c, r, /*key_bias=*/false, on_layer, w.encoder, w.decoder); !st)
        return st;
    return w;
}

ForwardPass whisper_encode(const WhisperWeights& w, const PretrainedConfig& c, const Mat& features,
                           const ForwardOptions& opt, Mat* conv_out, int keep_frames) {
    assert(features.rows() == whisper_settings(c).n_mels && features.cols() == 2 * c.max_positions &&
           "whisper_encode: (n_mels, 2 · max_positions) features (callers check)");
    Mat a = conv1d_k3(features.transpose(), w.conv1_w, w.conv1_b, 1);  // (2S, d)
    gelu_erf(a);
    Mat x = conv1d_k3(a, w.conv2_w, w.conv2_b, 2);                     // (S, d)
    gelu_erf(x);
    if (conv_out) *conv_out = x;
    ForwardPass pass;
    pass.token_embeddings = x;                     // (S, d) what the sound contributes
    pass.position_embeddings = w.encoder_positions;  // (S, d)
    x += w.encoder_positions;
    pass.hidden_states.push_back(x);
    pre_ln_encode(w.encoder, {w.ln_enc_gamma, w.ln_enc_beta}, c, opt, keep_frames, x, pass);
    return pass;
}

Mat whisper_logits(const WhisperWeights& w, const Mat& h) {
    const Mat& out = w.lm_head.size() > 0 ? w.lm_head : w.embed;
    return times_rows(h, out);  // (T, V)
}

Seq2SeqPass whisper_forward(const WhisperWeights& w, const PretrainedConfig& c, const Mat& features,
                            const std::vector<int>& input, const ForwardOptions& opt) {
    Seq2SeqPass out;
    out.encoder = whisper_encode(w, c, features, opt);
    whisper_decode(w, c, out.encoder.hidden_states.back(), input, opt, out);
    return out;
}

void whisper_decode(const WhisperWeights& w, const PretrainedConfig& c, const Mat& memory,
                    const std::vector<int>& input, const ForwardOptions& opt, Seq2SeqPass& out) {
    const int t = int(input.size());
    assert(t >= 1 && t <= w.decoder_positions.rows() && "whisper_decode: 1 … the decoder's positions");
    ForwardPass& pass = out.decoder;
    pass = ForwardPass{};
    pass.token_embeddings.resize(t, c.d_model);
    for (int i = 0; i < t; ++i) {
        assert(input[std::size_t(i)] >= 0 && input[std::size_t(i)] < w.embed.rows() && "whisper: token id out of range");
        pass.token_embeddings.row(i) = w.embed.row(input[std::size_t(i)]);
    }
    pass.position_embeddings = w.decoder_positions.topRows(t);
    Mat y = pass.token_embeddings + pass.position_embeddings;  // (T, d)
    pass.hidden_states.push_back(y);
    pre_ln_decode(w.decoder, {w.ln_dec_gamma, w.ln_dec_beta}, c, memory, opt, y, pass, out.cross);
    out.logits = whisper_logits(w, y);
}

}  // namespace attn::pretrained
