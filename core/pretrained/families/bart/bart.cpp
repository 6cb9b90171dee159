// bart.cpp — the BART encoder–decoder: weights, the encoder, the teacher-forced pass (bart.h).
#include "core/pretrained/families/bart/bart.h"

#include <cassert>
#include <cmath>
#include <string>

#include "core/pretrained/post_ln_stacks.h"

namespace attn::pretrained {

namespace {

// x = LN_emb(E[ids] · scale + P[2 … T+1]): the token part in pass.token_embeddings, the position
// part in pass.position_embeddings, the normalised sum in x and pass.hidden_states[0].
void embed(const BartWeights& w, const Mat& table, const RowVec& gamma, const RowVec& beta, const PretrainedConfig& c,
           const std::vector<int>& ids, ForwardPass& pass, Mat& x) {
    const int t = int(ids.size());
    const float scale = c.seq2seq.scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f;
    pass.token_embeddings.resize(t, c.d_model);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.embed.rows() && "bart: token id out of range (callers check)");
        pass.token_embeddings.row(i) = w.embed.row(ids[i]) * scale;
    }
    pass.position_embeddings = table.middleRows(kBartPositionOffset, t);  // (T, d)
    layer_norm(pass.token_embeddings + pass.position_embeddings, gamma, beta, c.layer_norm_eps, x);
    pass.hidden_states.push_back(x);
}

}  // namespace

ForwardPass bart_encode(const BartWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                        const ForwardOptions& opt) {
    ForwardPass pass;
    Mat x;  // (S, d)
    embed(w, w.encoder_positions, w.encoder_ln_gamma, w.encoder_ln_beta, c, source, pass, x);
    post_ln_encode(w.encoder, c, opt, x, pass);
    return pass;
}

Mat bart_target_row(const BartWeights& w, const PretrainedConfig& c, int id, int pos) {
    assert(id >= 0 && id < w.embed.rows() && pos + kBartPositionOffset < w.decoder_positions.rows() &&
           "bart_target_row: id and position in range (callers check)");
    const float scale = c.seq2seq.scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f;
    const Mat sum = w.embed.row(id) * scale + w.decoder_positions.row(pos + kBartPositionOffset);  // (1, d)
    Mat y;
    layer_norm(sum, w.decoder_ln_gamma, w.decoder_ln_beta, c.layer_norm_eps, y);
    return y;
}

Seq2SeqPass bart_forward(const BartWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                         const std::vector<int>& decoder_input, const ForwardOptions& opt) {
    assert(!source.empty() && int(source.size()) <= c.max_positions && "bart_forward: 1 … max_positions source ids");
    assert(!decoder_input.empty() && int(decoder_input.size()) <= c.max_positions &&
           "bart_forward: 1 … max_positions decoder ids");
    Seq2SeqPass out;
    out.encoder = bart_encode(w, c, source, opt);
    Mat y;  // (T, d)
    embed(w, w.decoder_positions, w.decoder_ln_gamma, w.decoder_ln_beta, c, decoder_input, out.decoder, y);
    post_ln_decode(w.decoder, c, out.encoder.hidden_states.back(), opt, y, out.decoder, out.cross);
    out.logits = w.logits(y);
    return out;
}

std::size_t BartWeights::bytes() const {
    return (shared_floats() + std::size_t(encoder_positions.size() + decoder_positions.size() +
                                          2 * encoder_ln_gamma.size() + 2 * decoder_ln_gamma.size())) *
           sizeof(float);
}

Expected<BartWeights> load_bart_weights(const SafeTensorsFile& file, const PretrainedConfig& c,
                                        const LayerLoaded& on_layer) {
    const int d = c.d_model, P = c.max_positions + kBartPositionOffset;
    auto prefix = find_name_prefix(file, {"model.", ""}, "encoder.layers.0.self_attn.q_proj.weight", "BART");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    BartWeights w;
    if (Status st = read_shared_output(file, r, c, w); !st) return st;
    w.encoder_positions = r.matrix("encoder.embed_positions.weight", P, d);
    w.decoder_positions = r.matrix("decoder.embed_positions.weight", P, d);
    read_layer_norm(r, "encoder.layernorm_embedding", d, w.encoder_ln_gamma, w.encoder_ln_beta);
    read_layer_norm(r, "decoder.layernorm_embedding", d, w.decoder_ln_gamma, w.decoder_ln_beta);
    if (!r.status()) return r.status();

    if (Status st = read_encoder_decoder_blocks(c, r, /*key_bias=*/true, on_layer, w.encoder, w.decoder); !st)
        return st;
    return w;
}

}  // namespace attn::pretrained
