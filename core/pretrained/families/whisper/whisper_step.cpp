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
    whisper_start_from_memory(w, c, whisper_encode(w, c, features, opt).hidden_states.back(), s);
}

void whisper_start_from_memory(const WhisperWeights& w, const PretrainedConfig& c, const Mat& memory,
                               Seq2SeqSession& s) {
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
    Mat a, out;  // (1, d) a sublayer's normalised input and its output
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const Seq2SeqBlock& b = w.decoder[l];
        // pre-LN: each sublayer reads the normalised stream; its output is added
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, eps, a);
        self_attention_row(b.self_attn, a, s, l, pos, heads, factor, step.self_attention[l], out);
        y += out;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, eps, a);
        cross_attention_row(b.cross_attn, a, s, l, pos, heads, factor, step.cross_attention[l], out);
        y += out;
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, eps, a);
        feed_forward_row(b, c.activation, a, out);
        y += out;
    }
    layer_norm(y, w.ln_dec_gamma, w.ln_dec_beta, eps, y);
    s.logits = whisper_logits(w, y);
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
