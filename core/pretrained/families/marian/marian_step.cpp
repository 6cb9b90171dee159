// marian_step.cpp — Marian's cached decoder step (seq2seq_session.h): the encoder once, each
// decoder layer's cross-attention keys and values once, then one target row at a time.
#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/seq2seq_session.h"
#include "core/pretrained/seq2seq_step.h"

namespace attn::pretrained {

void marian_start(const MarianWeights& w, const PretrainedModel& model, const std::vector<int>& source,
                  Seq2SeqSession& s) {
    const PretrainedConfig& c = model.config;
    assert(!source.empty() && int(source.size()) <= c.max_positions && "marian_start: 1 … max_positions source ids");
    AttentionOptions opt;
    opt.compute_stats = false;
    const Mat memory = marian_encode(w, c, source, opt).hidden_states.back();  // (S, d)
    s = Seq2SeqSession{};
    s.model = &model;
    s.source = source;
    s.memory = cross_memory(memory, w.decoder);
    s.cache.k.assign(w.decoder.size(), Mat(0, c.d_model));
    s.cache.v.assign(w.decoder.size(), Mat(0, c.d_model));
    marian_append(w, c, s, c.seq2seq.decoder_start_id);
}

void marian_append(const MarianWeights& w, const PretrainedConfig& c, Seq2SeqSession& s, int id) {
    assert(id >= 0 && id < w.embed.rows() && "marian_append: token id out of range (callers check)");
    assert(s.length() < c.max_positions && "marian_append: the decoder holds max_positions tokens");
    const int pos = s.length(), t = pos + 1, heads = c.seq2seq.decoder_heads;
    const float factor = logit_factor(true, 1.0f, c.d_model / heads);
    reserve_cache(s.cache, t, c.max_positions);
    Seq2SeqStep step;
    step.id = id;
    step.self_attention.resize(w.decoder.size());
    step.cross_attention.resize(w.decoder.size());
    const float scale = c.seq2seq.scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f;
    Mat y = w.embed.row(id) * scale + w.decoder_positions.row(pos);  // (1, d) the residual stream
    Mat out;  // (1, d) one sublayer's output
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const Seq2SeqBlock& b = w.decoder[l];
        // post-LN: each sublayer's output added, then normalised
        self_attention_row(b.self_attn, y, s.cache, l, pos, heads, factor, step.self_attention[l], out);
        y += out;
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, c.layer_norm_eps, y);
        cross_attention_row(b.cross_attn, y, *s.memory, l, heads, factor, step.cross_attention[l], out);
        y += out;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, c.layer_norm_eps, y);
        feed_forward_row(b, c.activation, y, out);
        y += out;
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, c.layer_norm_eps, y);
    }
    s.logits = marian_logits(w, y);
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
