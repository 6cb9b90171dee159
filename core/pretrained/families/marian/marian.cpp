// marian.cpp — the Marian encoder–decoder: weights, the encoder, the teacher-forced pass
// (the interface and its contract are in marian.h).
#include "core/pretrained/families/marian/marian.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/pretrained/seq2seq/post_ln_stacks.h"

namespace attn::pretrained {

namespace {

// The stored table when the file has one (checked against the formula's shape), else computed.
Mat positions(WeightReader& r, const std::string& name, int rows, int d) {
    if (r.has(name)) return r.matrix(name, rows, d);
    return sinusoidal_positions_halves(rows, d);
}

// x = E[ids] · scale + P[0 … T−1]: the token part in `tokens`, the position part in `pos`.
void embed(const MarianWeights& w, const Mat& table, const PretrainedConfig& c, const std::vector<int>& ids,
           ForwardPass& pass, Mat& x) {
    const int t = int(ids.size());
    const float scale = seq2seq_settings(c).scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f;
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
                          const ForwardOptions& opt) {
    ForwardPass pass;
    Mat x;  // (S, d)
    embed(w, w.encoder_positions, c, source, pass, x);
    pass.hidden_states.push_back(x);
    post_ln_encode(w.encoder, c, opt, x, pass);
    return pass;
}

std::size_t MarianWeights::bytes() const {
    return (shared_floats() + std::size_t(encoder_positions.size() + decoder_positions.size())) * sizeof(float);
}

Expected<MarianWeights> load_marian_weights(const SafeTensorsFile& file, const PretrainedConfig& c,
                                            const LayerLoaded& on_layer) {
    const int d = c.d_model, P = c.max_positions;
    auto prefix = find_name_prefix(file, {"model.", ""}, "encoder.layers.0.self_attn.q_proj.weight", "Marian");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    MarianWeights w;
    if (Status st = read_shared_output(file, r, c, w); !st) return st;
    w.encoder_positions = positions(r, "encoder.embed_positions.weight", P, d);
    w.decoder_positions = positions(r, "decoder.embed_positions.weight", P, d);
    if (!r.status()) return r.status();

    if (Status st = read_encoder_decoder_blocks(c, r, /*key_bias=*/true, on_layer, w.encoder, w.decoder); !st)
        return st;
    return w;
}

Seq2SeqPass marian_forward(const MarianWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                           const std::vector<int>& decoder_input, const ForwardOptions& opt) {
    assert(!source.empty() && int(source.size()) <= c.max_positions && "marian_forward: 1 … max_positions source ids");
    assert(!decoder_input.empty() && int(decoder_input.size()) <= c.max_positions &&
           "marian_forward: 1 … max_positions decoder ids");
    Seq2SeqPass out;
    out.encoder = marian_encode(w, c, source, opt);
    Mat y;  // (T, d)
    embed(w, w.decoder_positions, c, decoder_input, out.decoder, y);
    out.decoder.hidden_states.push_back(y);
    post_ln_decode(w.decoder, c, out.encoder.hidden_states.back(), opt, y, out.decoder, out.cross);
    out.logits = w.logits(y);
    return out;
}

}  // namespace attn::pretrained
