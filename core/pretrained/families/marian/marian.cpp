// marian.cpp — the Marian encoder–decoder: weights, the encoder, the teacher-forced pass
// (the interface and its contract are in marian.h).
#include "core/pretrained/families/marian/marian.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/attention/mask.h"
#include "core/pretrained/blocks.h"

namespace attn::pretrained {

namespace {

// The stored table when the file has one (checked against the formula's shape), else computed.
Mat positions(WeightReader& r, const std::string& name, int rows, int d) {
    if (r.has(name)) return r.matrix(name, rows, d);
    return sinusoidal_positions(rows, d);
}

// x = E[ids] · scale + P[0 … T−1]: the token part in `tokens`, the position part in `pos`.
void embed(const MarianWeights& w, const Mat& table, const PretrainedConfig& c, const std::vector<int>& ids,
           ForwardPass& pass, Mat& x) {
    const int t = int(ids.size());
    const float scale = c.seq2seq.scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f;
    pass.token_embeddings.resize(t, c.d_model);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.embed.rows() && "marian: token id out of range (callers check)");
        pass.token_embeddings.row(i) = w.embed.row(ids[i]) * scale;
    }
    pass.position_embeddings = table.topRows(t);  // (T, d)
    x = pass.token_embeddings + pass.position_embeddings;
}

}  // namespace

ForwardPass marian_encode(const MarianWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                          const AttentionOptions& opt) {
    ForwardPass pass;
    Mat x;  // (S, d)
    embed(w, w.encoder_positions, c, source, pass, x);
    pass.hidden_states.push_back(x);
    pass.layers.resize(w.encoder.size());
    const ForwardOptions fo{opt, {}};
    for (std::size_t l = 0; l < w.encoder.size(); ++l) {
        const Seq2SeqBlock& b = w.encoder[l];
        post_ln_block(norm_block(b), c, int(l), BoolMat(), fo, MeanOver::All, x, pass.layers[l]);
        pass.hidden_states.push_back(x);
    }
    return pass;
}

namespace {

// The decoder over `input` (T) reading the encoder's output `memory` (S, d): self-attention
// traces and hidden states in `pass`, cross-attention traces in `cross`; returns y (T, d).
Mat decode(const MarianWeights& w, const PretrainedConfig& c, const Mat& memory, const std::vector<int>& input,
           const AttentionOptions& opt, ForwardPass& pass, std::vector<LayerTrace>& cross) {
    const int t = int(input.size());
    Mat y;  // (T, d)
    embed(w, w.decoder_positions, c, input, pass, y);
    pass.hidden_states.push_back(y);
    MaskConfig causal;
    causal.causal = true;
    auto blocked = build_mask(causal, t, t, {});
    assert(blocked.ok());
    pass.layers.resize(w.decoder.size());
    cross.resize(w.decoder.size());
    Mat ff, out;  // (T, d_ff), (T, d)
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const Seq2SeqBlock& b = w.decoder[l];
        pass.layers[l] = run_attention_layer(y, y, b.self_attn, *blocked, opt);
        y += pass.layers[l].output;
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, c.layer_norm_eps, y);
        cross[l] = run_attention_layer(y, memory, b.cross_attn, BoolMat(), opt);
        y += cross[l].output;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, c.layer_norm_eps, y);
        feed_forward(norm_block(b), c.activation, y, ff, out);
        y += out;
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, c.layer_norm_eps, y);
        pass.hidden_states.push_back(y);
    }
    return y;
}

}  // namespace

Mat marian_logits(const MarianWeights& w, const Mat& y) {
    const Mat& out = w.lm_head.size() > 0 ? w.lm_head : w.embed;
    Mat logits = y * out.transpose();  // (T, V)
    if (w.final_logits_bias.size() > 0) logits.rowwise() += w.final_logits_bias;
    return logits;
}


std::size_t MarianWeights::bytes() const {
    std::size_t n = std::size_t(embed.size() + lm_head.size() + final_logits_bias.size() + encoder_positions.size() +
                                decoder_positions.size());
    for (const auto* stack : {&encoder, &decoder})
        for (const Seq2SeqBlock& b : *stack) n += seq2seq_block_floats(b);
    return n * sizeof(float);
}

Mat sinusoidal_positions(int rows, int d) {
    Mat p(rows, d);
    const int half = (d + 1) / 2;  // the sin columns
    for (int pos = 0; pos < rows; ++pos) {
        for (int j = 0; j < d; ++j) {
            // column j of the sin half uses frequency index j; of the cos half, j − half
            const int i = j < half ? j : j - half;
            const double angle = pos / std::pow(10000.0, 2.0 * i / d);
            p(pos, j) = float(j < half ? std::sin(angle) : std::cos(angle));
        }
    }
    return p;
}

Expected<MarianWeights> load_marian_weights(const SafeTensorsFile& file, const PretrainedConfig& c,
                                            const LayerLoaded& on_layer) {
    const int d = c.d_model, V = c.vocab_size, P = c.max_positions;
    auto prefix = find_name_prefix(file, {"model.", ""}, "encoder.layers.0.self_attn.q_proj.weight", "Marian");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    MarianWeights w;
    const std::string shared = r.has("shared.weight") ? "shared.weight" : "encoder.embed_tokens.weight";
    w.embed = r.matrix(shared, V, d);  // (V, d)
    w.encoder_positions = positions(r, "encoder.embed_positions.weight", P, d);
    w.decoder_positions = positions(r, "decoder.embed_positions.weight", P, d);
    // Outside the "model." prefix: the output's bias and an untied output matrix.
    WeightReader top(file, "");
    if (top.has("final_logits_bias")) w.final_logits_bias = top.reshaped("final_logits_bias", {1, V}, 1, V);
    if (top.has("lm_head.weight")) w.lm_head = top.matrix("lm_head.weight", V, d);
    if (!r.status()) return r.status();
    if (!top.status()) return top.status();

    if (Status st = read_encoder_decoder_blocks(c, r, /*key_bias=*/true, on_layer, w.encoder, w.decoder); !st)
        return st;
    return w;
}

Seq2SeqPass marian_forward(const MarianWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                           const std::vector<int>& decoder_input, const AttentionOptions& opt) {
    assert(!source.empty() && int(source.size()) <= c.max_positions && "marian_forward: 1 … max_positions source ids");
    assert(!decoder_input.empty() && int(decoder_input.size()) <= c.max_positions &&
           "marian_forward: 1 … max_positions decoder ids");
    Seq2SeqPass out;
    out.encoder = marian_encode(w, c, source, opt);
    const Mat y = decode(w, c, out.encoder.hidden_states.back(), decoder_input, opt, out.decoder, out.cross);
    out.logits = marian_logits(w, y);
    return out;
}

}  // namespace attn::pretrained
