#include "core/engine.h"

#include <string>

#include "core/positional.h"

namespace attn {

static void pad_tokens(std::vector<Token>& tokens, int pad_to, size_t text_size) {
    while (int(tokens.size()) < pad_to) {
        Token t;
        t.text = kPadToken;
        t.byte_begin = t.byte_end = text_size;
        t.kind = TokenKind::Special;
        tokens.push_back(std::move(t));
    }
}

Expected<Trace> compute_trace(const BuiltinModel& model, const RunConfig& run) {
    const ModelConfig& mc = model.config;
    Trace tr;
    tr.model_name = "built-in";
    tr.model = mc;
    tr.run = run;

    for (const std::string* text : {&run.text, &run.cross_text}) {
        if (text->size() > kMaxTextBytes) {
            return Status::Error("The text is " + std::to_string(text->size() / 1024) +
                                 " KiB; AttnLab takes at most " + std::to_string(kMaxTextBytes / 1024) +
                                 " KiB. Paste a shorter passage.");
        }
    }
    const size_t limit = run.tokenizer.max_tokens;
    if (run.mask.pad_to < 0) return Status::Error("The padding length cannot be negative.");
    if (size_t(run.mask.pad_to) > limit) {
        return Status::Error("The padding length " + std::to_string(run.mask.pad_to) +
                             " is above the token limit (" + std::to_string(limit) + ").");
    }

    auto q_tokens = tokenize(run.text, run.tokenizer);
    if (!q_tokens) return q_tokens.status();
    tr.q_tokens = std::move(*q_tokens);
    if (run.is_cross()) {
        auto k_tokens = tokenize(run.cross_text, run.tokenizer);
        if (!k_tokens) return Status::Error("Second sentence: " + k_tokens.error());
        tr.k_tokens = std::move(*k_tokens);
        pad_tokens(tr.k_tokens, run.mask.pad_to, run.cross_text.size());
    } else {
        pad_tokens(tr.q_tokens, run.mask.pad_to, run.text.size());
        tr.k_tokens = tr.q_tokens;
    }
    tr.key_is_pad.resize(tr.k_tokens.size());
    for (size_t j = 0; j < tr.k_tokens.size(); ++j) {
        tr.key_is_pad[j] = tr.k_tokens[j].kind == TokenKind::Special && tr.k_tokens[j].text == kPadToken;
    }

    BoolMat mask;  // empty = every key visible (the softmax's fast path)
    if (run.mask.any()) {
        auto blocked = build_mask(run.mask, tr.t_q(), tr.t_k(),
                                  run.mask.pad_to > 0 ? tr.key_is_pad : std::vector<std::uint8_t>{});
        if (!blocked) return blocked.status();
        mask = std::move(*blocked);
        if (mask.cast<int>().sum() == 0) mask.resize(0, 0);
    }
    if (Status s = validate_attention(model.weights, run.attention, mc.d_model, mc.d_model); !s) return s;

    tr.q_embeddings = embed_tokens(tr.q_tokens, mc);
    tr.k_embeddings = run.is_cross() ? embed_tokens(tr.k_tokens, mc) : tr.q_embeddings;
    if (mc.positional) {
        tr.q_positions = sinusoidal_positions(tr.t_q(), mc.d_model);
        tr.k_positions = run.is_cross() ? sinusoidal_positions(tr.t_k(), mc.d_model) : tr.q_positions;
    } else {
        tr.q_positions = Mat::Zero(tr.t_q(), mc.d_model);
        tr.k_positions = Mat::Zero(tr.t_k(), mc.d_model);
    }
    const Mat x_q = tr.q_embeddings + tr.q_positions;   // (T_q, d_model)
    const Mat x_kv = tr.k_embeddings + tr.k_positions;  // (T_k, d_model)

    tr.layers.push_back(run_attention_layer(x_q, x_kv, model.weights, mask, run.attention));
    return tr;
}

}  // namespace attn
