// lm_session.cpp — a next-token model's session: its family's cached step, logits, generation.
#include "core/lm/lm_session.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/lm/lm_inputs.h"

namespace attn::lm {

using namespace attn::pretrained;

Mat logits_for(const PretrainedModel& model, const std::vector<int>& ids) {
    return unembed(model, forward_ids(model, ids).hidden_states.back());  // (T, V)
}

LmSession start_session(const PretrainedModel& model, const std::vector<int>& prompt) {
    assert(model.caps().cached_step && "start_session: a model with a cached step");
    LmSession s;
    s.model = &model;
    s.config = model.config;
    model.family().start_decoding(model, prompt, s);
    return s;
}

Expected<LmSession> start_session(const PretrainedModel& model, const std::string& text) {
    if (model.caps().inputs.image) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             ": it reads images and cannot continue a text. Load a GPT-2, Llama, Qwen or Mistral "
                             "model to generate.");
    }
    if (!model.caps().cached_step) {
        return Status::Error(model.name + " is " + family_name(model.config) +
                             ", which reads the whole sentence at once and cannot continue a text. "
                             "Put [MASK] where a word should be predicted, or load a GPT-2 model.");
    }
    auto ids = encode_for_model(model, text);
    if (!ids) return ids.status();
    return start_session(model, *ids);
}



Status append_token(LmSession& s, int id) {
    assert(s.model && "a session from start_session");
    const PretrainedConfig& c = s.config;
    if (s.full()) {
        const bool rotary = s.model->caps().positions == pretrained::PositionKind::Rotary;
        return Status::Error("The text has reached " + std::to_string(c.max_positions) +
                             (rotary ? " tokens, the model's context length. Undo some tokens or start again."
                                     : " tokens, all the positions the model learned. Undo some tokens or start again."));
    }
    if (id < 0 || id >= c.vocab_size)
        return Status::Error("Token id " + std::to_string(id) + " is outside the vocabulary (" +
                             std::to_string(c.vocab_size) + " tokens).");
    s.model->family().append_token(s, id);
    return Status::Ok();
}

bool pop_token(LmSession& s) {
    if (s.length() <= 1) return false;
    s.ids.pop_back();
    s.steps.pop_back();
    s.cache.n = s.length();  // the dropped rows are simply overwritten by the next token
    s.prompt_length = std::min(s.prompt_length, s.length());
    return true;
}

RowVec logits_at(const LmSession& s, int pos) {
    assert(pos >= 0 && pos < s.length() && "logits_at: a position of the session");
    return unembed(*s.model, s.hidden.row(pos)).row(0);  // (V)
}

Mat all_logits(const LmSession& s) {
    return unembed(*s.model, s.hidden.topRows(s.length()));  // (T, V)
}

Mat attention_matrix(const LmSession& s, int layer, int head) {
    assert(layer >= 0 && layer < s.config.n_layers && head >= 0 && head < s.config.n_heads);
    const int t = s.length();
    Mat a = Mat::Zero(t, t);  // (T, T) causal: zeros above the diagonal
    for (int i = 0; i < t; ++i) a.row(i).head(i + 1) = s.steps[i].attention[layer].row(head);
    return a;
}

RunMemory generation_memory(const LmSession& s, int n) {
    const PretrainedConfig& c = s.config;
    const double t = std::min<double>(double(s.length()) + std::max(n, 0), double(std::max(c.max_positions, s.length())));
    const double L = c.n_layers, H = c.n_heads, d = std::max(c.d_model, c.n_heads * c.d_k());
    RunMemory m;
    // Every token's attention rows (token i: H x (i + 1) per layer), the key and value cache and
    // the hidden rows, at the session's final length (the cache may double past it: 2x).
    m.kept_bytes = 4.0 * (L * H * t * (t + 1) / 2 + 2.0 * (2.0 * L * t * d) + 2.0 * t * d);
    m.what = std::to_string(std::int64_t(t)) + " tokens, " + std::to_string(c.n_layers) + " layers of " +
             std::to_string(c.n_heads) + " heads";
    return m;
}

Expected<std::vector<GenerationStep>> generate(LmSession& s, int n, const SamplingOptions& o, int report_top,
                                               const std::function<bool(const GenerationStep&)>& on_step) {
    SampleRng rng(o.seed);
    return generate(s, n, o, rng, report_top, on_step);
}

Expected<std::vector<GenerationStep>> generate(LmSession& s, int n, const SamplingOptions& o, SampleRng& rng,
                                               int report_top,
                                               const std::function<bool(const GenerationStep&)>& on_step) {
    if (Status st = validate_sampling(o); !st) return st;
    if (n < 0) return Status::Error("The number of tokens to generate cannot be negative.");
    if (Status st = check_run_memory(generation_memory(s, n), kGenerationAdvice); !st) return st;
    std::vector<GenerationStep> out;
    for (int i = 0; i < n; ++i) {
        const RowVec logits = logits_at(s, s.length() - 1);  // (V)
        GenerationStep g;
        g.id = choose_token(logits, o, rng);
        g.position = s.length();
        g.top = top_k_tokens(logits, report_top);
        g.prob = token_probabilities(logits)[g.id];
        for (const TokenProb& t : sampling_distribution(logits, o))
            if (t.id == g.id) g.sampled_prob = t.prob;
        if (Status st = append_token(s, g.id); !st) return st;
        out.push_back(std::move(g));
        if (on_step && !on_step(out.back())) break;
    }
    return out;
}

}  // namespace attn::lm
