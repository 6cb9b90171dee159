// whisper_step.cpp — Whisper's cached decoder step (seq2seq_session.h): the encoder once over the
// features, each decoder layer's cross-attention keys and values once, then the prompt and the
// transcript one token at a time (pre-LN rows through every decoder layer).
#include <cassert>

#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/seq2seq_step.h"

namespace attn::pretrained {

void whisper_start(const WhisperWeights& w, const PretrainedConfig& c, const Mat& features, Seq2SeqSession& s) {
    AttentionOptions opt;
    opt.compute_stats = false;
    const Mat memory = whisper_encode(w, c, features, opt).hidden_states.back();  // (S, d) after LN_enc
    const PretrainedModel* model = s.model;
    s = Seq2SeqSession{};
    s.model = model;
    s.memory = cross_memory(memory, w.decoder);
    s.cache.k.assign(w.decoder.size(), Mat(0, c.d_model));
    s.cache.v.assign(w.decoder.size(), Mat(0, c.d_model));
}

void whisper_append(const WhisperWeights& w, const PretrainedConfig& c, Seq2SeqSession& s, int id) {
    const int max_rows = int(w.decoder_positions.rows());
    assert(id >= 0 && id < w.embed.rows() && "whisper_append: token id out of range (callers check)");
    assert(s.length() < max_rows && "whisper_append: the decoder holds max_target_positions tokens");
    const int pos = s.length(), t = pos + 1, heads = c.seq2seq.decoder_heads;
    const float factor = logit_factor(true, 1.0f, c.d_model / heads);
    const float eps = c.layer_norm_eps;
    reserve_cache(s.cache, t, max_rows);
    Seq2SeqStep step;
    step.id = id;
    step.self_attention.resize(w.decoder.size());
    step.cross_attention.resize(w.decoder.size());
    Mat y = w.embed.row(id) + w.decoder_positions.row(pos);  // (1, d) the residual stream
    Mat a, q, k, v, concat, out, ff;                          // (1, d) … ff (1, d_ff)
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const Seq2SeqBlock& b = w.decoder[l];
        // self-attention over the transcript so far (this token's key and value appended first)
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, eps, a);
        linear_row(a, b.self_attn.w_q, b.self_attn.b_q, q);
        linear_row(a, b.self_attn.w_k, b.self_attn.b_k, k);
        linear_row(a, b.self_attn.w_v, b.self_attn.b_v, v);
        s.cache.k[l].row(pos) = k;
        s.cache.v[l].row(pos) = v;
        attend_row(q, s.cache.k[l].topRows(t), s.cache.v[l].topRows(t), heads, factor, step.self_attention[l], concat);
        linear_row(concat, b.self_attn.w_o, b.self_attn.b_o, out);
        y += out;
        // cross-attention over the frames (their keys and values computed once, in whisper_start)
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, eps, a);
        linear_row(a, b.cross_attn.w_q, b.cross_attn.b_q, q);
        attend_row(q, s.memory->k[l], s.memory->v[l], heads, factor, step.cross_attention[l], concat);
        linear_row(concat, b.cross_attn.w_o, b.cross_attn.b_o, out);
        y += out;
        // feed-forward
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, eps, a);
        linear_row(a, b.ff1_w, b.ff1_b, ff);
        apply_activation(c.activation, ff);
        linear_row(ff, b.ff2_w, b.ff2_b, out);
        y += out;
    }
    layer_norm(y, w.ln_dec_gamma, w.ln_dec_beta, eps, y);
    s.logits = whisper_logits(w, y);
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
