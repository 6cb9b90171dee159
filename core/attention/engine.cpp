// engine.cpp — text in, trace out: tokenize → embed (+ positions) → mask → attention
// (implementation; the interface and its contract are in engine.h)
#include "core/attention/engine.h"

#include <cstdio>
#include <string>

#include "core/attention/positional.h"

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

// The (T_q, T_k) mask, or empty when every key is visible (the softmax's fast path).
static Expected<BoolMat> make_mask(const MaskConfig& config, const Trace& tr) {
    if (!config.any()) return BoolMat();
    auto blocked = build_mask(config, tr.t_q(), tr.t_k(),
                              config.pad_to > 0 ? tr.key_is_pad : std::vector<std::uint8_t>{});
    if (!blocked) return blocked.status();
    if (blocked->cast<int>().sum() == 0) return BoolMat();
    return blocked;
}

Status check_run_limits(const RunConfig& run) {
    for (const std::string* text : {&run.text, &run.cross_text}) {
        if (text->size() > kMaxTextBytes) {
            return Status::Error("The text is " + std::to_string(text->size() / 1024) +
                                 " KiB; AttnLab takes at most " + std::to_string(kMaxTextBytes / 1024) +
                                 " KiB. Paste a shorter passage.");
        }
    }
    if (run.mask.pad_to < 0) return Status::Error("The padding length cannot be negative.");
    if (size_t(run.mask.pad_to) > run.tokenizer.max_tokens) {
        return Status::Error("The padding length " + std::to_string(run.mask.pad_to) +
                             " is above the token limit (" + std::to_string(run.tokenizer.max_tokens) + ").");
    }
    if (run.tokenizer.max_tokens > limits::kMaxTokens) {
        return Status::Error("The token limit " + std::to_string(run.tokenizer.max_tokens) + " is above " +
                             std::to_string(limits::kMaxTokens) + ", the most AttnLab shows.");
    }
    return Status::Ok();
}

RunMemory trace_memory(std::int64_t t_q, std::int64_t t_k, std::int64_t n_heads, std::int64_t n_layers,
                       std::int64_t d_model) {
    // Per head: raw scores and weights (T_q x T_k); per layer: inputs, Q, K, V, concat, output.
    RunMemory m;
    m.kept_bytes = 4.0 * double(n_layers) *
                   (2.0 * double(n_heads) * double(t_q) * double(t_k) + 8.0 * double(t_q + t_k) * double(d_model));
    m.what = std::to_string(t_q) + " x " + std::to_string(t_k) + " tokens, " + std::to_string(n_heads) + " heads, " +
             std::to_string(n_layers) + " layers";
    return m;
}

Status check_run_memory(const RunMemory& m, const std::string& advice) {
    const double total = m.kept_bytes + m.working_bytes;
    if (total <= double(limits::kMaxTraceBytes)) return Status::Ok();
    auto mib = [](double bytes) { return std::to_string(std::int64_t(bytes / double(1 << 20))); };
    const std::string limit = std::to_string(limits::kMaxTraceBytes >> 20);
    if (m.working_bytes == 0)
        return Status::Error("This run would keep " + mib(total) + " MiB of matrices (" + m.what + "); the limit is " +
                             limit + " MiB. " + advice);
    if (m.kept_bytes == 0)
        return Status::Error("This run would need " + mib(total) + " MiB while it works (" + m.what + "); the limit is " +
                             limit + " MiB. " + advice);
    return Status::Error("This run would need " + mib(total) + " MiB (" + mib(m.kept_bytes) + " MiB kept, " +
                         mib(m.working_bytes) + " MiB while it works: " + m.what + "); the limit is " + limit +
                         " MiB. " + advice);
}

Status check_trace_budget(std::int64_t t_q, std::int64_t t_k, std::int64_t n_heads, std::int64_t n_layers,
                          std::int64_t d_model) {
    return check_run_memory(trace_memory(t_q, t_k, n_heads, n_layers, d_model), "Use fewer tokens or heads.");
}

static bool all_finite(const Mat& m) { return m.size() == 0 || m.allFinite(); }

Status check_trace_finite(const Trace& tr) {
    for (size_t l = 0; l < tr.layers.size(); ++l) {
        const LayerTrace& L = tr.layers[l];
        bool ok = all_finite(L.q) && all_finite(L.k) && all_finite(L.v) && all_finite(L.output);
        for (const HeadTrace& H : L.heads) ok = ok && all_finite(H.scores) && all_finite(H.weights);
        if (!ok) {
            return Status::Error("The numbers overflowed in layer " + std::to_string(l + 1) +
                                 " (a value beyond the float range); no result is shown. Are the weights usable?");
        }
    }
    return Status::Ok();
}

bool can_reuse_projections(const Trace& prev, const BuiltinModel& model, const RunConfig& run) {
    return prev.model_name == "built-in" && prev.model == model.config && prev.layers.size() == 1 &&
           prev.run.text == run.text && prev.run.cross_text == run.cross_text &&
           prev.run.mask.pad_to == run.mask.pad_to &&
           prev.run.tokenizer.max_tokens == run.tokenizer.max_tokens;
}

// Tokens, pads and input embeddings: everything before the attention layer.
static Status prepare_inputs(Trace& tr, const ModelConfig& mc, const RunConfig& run) {
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

    tr.q_embeddings = embed_tokens(tr.q_tokens, mc);
    tr.k_embeddings = run.is_cross() ? embed_tokens(tr.k_tokens, mc) : tr.q_embeddings;
    if (mc.positional) {
        tr.q_positions = sinusoidal_positions(tr.t_q(), mc.d_model);
        tr.k_positions = run.is_cross() ? sinusoidal_positions(tr.t_k(), mc.d_model) : tr.q_positions;
    } else {
        tr.q_positions = Mat::Zero(tr.t_q(), mc.d_model);
        tr.k_positions = Mat::Zero(tr.t_k(), mc.d_model);
    }
    return Status::Ok();
}

Expected<Trace> compute_trace(const BuiltinModel& model, const RunConfig& run, const Trace* previous) {
    const ModelConfig& mc = model.config;
    if (Status s = check_run_limits(run); !s) return s;
    if (Status s = validate_attention(model.weights, run.attention, mc.d_model, mc.d_model); !s) return s;

    Trace tr;
    const bool reuse = previous && can_reuse_projections(*previous, model, run);
    if (reuse) {
        tr.model_name = previous->model_name;
        tr.model = previous->model;
        tr.q_tokens = previous->q_tokens;
        tr.k_tokens = previous->k_tokens;
        tr.key_is_pad = previous->key_is_pad;
        tr.q_embeddings = previous->q_embeddings;
        tr.q_positions = previous->q_positions;
        tr.k_embeddings = previous->k_embeddings;
        tr.k_positions = previous->k_positions;
    } else {
        tr.model_name = "built-in";
        tr.model = mc;
        if (Status s = prepare_inputs(tr, mc, run); !s) return s;
    }
    tr.run = run;
    tr.run.mask = mask_for_matrix(run.mask, tr.t_q(), tr.t_k());  // what was applied

    if (Status s = check_trace_budget(tr.t_q(), tr.t_k(), mc.n_heads, 1, mc.d_model); !s) return s;
    auto mask = make_mask(run.mask, tr);
    if (!mask) return mask.status();
    if (reuse) {
        tr.layers.push_back(reattend_layer(previous->layers[0], model.weights, *mask, run.attention));
    } else {
        const Mat x_q = tr.q_embeddings + tr.q_positions;   // (T_q, d_model)
        const Mat x_kv = tr.k_embeddings + tr.k_positions;  // (T_k, d_model)
        tr.layers.push_back(run_attention_layer(x_q, x_kv, model.weights, *mask, run.attention));
    }
    if (Status s = check_trace_finite(tr); !s) return s;
    return tr;
}

}  // namespace attn
