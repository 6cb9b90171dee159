// whisper_step.cpp — Whisper's cached decoder step (seq2seq_session.h): the encoder once over the
// features, each decoder layer's cross-attention keys and values once, then the prompt and the
// transcript one token at a time (pre-LN rows through every decoder layer: pre_ln_stacks.h).
#include <cassert>

#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/seq2seq/pre_ln_stacks.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"

namespace attn::pretrained {

void whisper_start(const WhisperWeights& w, const PretrainedConfig& c, const Mat& features, Seq2SeqSession& s) {
    ForwardOptions opt;
    opt.attention.compute_stats = false;
    whisper_start_from_memory(w, c, whisper_encode(w, c, features, opt).hidden_states.back(), s);
}

void whisper_start_from_memory(const WhisperWeights& w, const PretrainedConfig& c, const Mat& memory,
                               Seq2SeqSession& s, const Ablation& ablation) {
    const PretrainedModel* model = s.model;
    s = Seq2SeqSession{};
    s.model = model;
    set_step_ablation(s, ablation, int(w.decoder.size()));
    s.memory = cross_memory(memory, w.decoder);
    s.cache.k.assign(w.decoder.size(), Mat(0, c.d_model));
    s.cache.v.assign(w.decoder.size(), Mat(0, c.d_model));
}

void whisper_append(const WhisperWeights& w, const PretrainedConfig& c, Seq2SeqSession& s, int id) {
    const int max_rows = int(w.decoder_positions.rows());
    assert(id >= 0 && id < w.embed.rows() && "whisper_append: token id out of range (callers check)");
    assert(s.length() < max_rows && "whisper_append: the decoder holds max_target_positions tokens");
    const int pos = s.length(), t = pos + 1;
    reserve_cache(s.cache, t, max_rows);
    Seq2SeqStep step;
    step.id = id;
    Mat y = w.embed.row(id) + w.decoder_positions.row(pos);  // (1, d) the residual stream
    pre_ln_decode_row(w.decoder, {w.ln_dec_gamma, w.ln_dec_beta}, c, s, pos, y, step);
    s.logits = whisper_logits(w, y);
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
