// gpt2_session.cpp — GPT-2's LM head and the cached one-token step.
#include "core/lm/gpt2_session.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/gemm.h"
#include "core/lm/lm_inputs.h"
#include "core/base/parallel.h"
#include "core/attention/softmax.h"
#include "core/pretrained/rope.h"

namespace attn::lm {

using namespace attn::pretrained;

// Work below this many multiply-adds stays on the calling thread.
constexpr double kParallelMacs = 64.0 * 1024;

// out = x · w + b for one row x (1, d_in), w (d_in, d_out): matrix-vector products, which a step
// is made of. Eigen's gemv reads w once; sgemm would first pack (copy) all of w for one row.
// Column blocks run in parallel on engine_pool().
static void linear_row(const Mat& x, const Mat& w, const RowVec& b, Mat& out) {  // b (d_out) or empty
    assert(x.rows() == 1 && x.cols() == w.rows() && "linear_row: x (1, d_in), w (d_in, d_out)");
    out.resize(1, w.cols());  // (1, d_out)
    ThreadPool& pool = engine_pool();
    const Eigen::Index cols = w.cols();
    const int blocks = double(w.size()) < kParallelMacs ? 1 : pool.size();
    auto block = [&](int part) {
        const Eigen::Index c0 = (cols * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index c1 = part + 1 == blocks ? cols : (cols * (part + 1) / blocks) & ~Eigen::Index(15);
        if (c1 <= c0) return;
        out.middleCols(c0, c1 - c0).noalias() = x * w.middleCols(c0, c1 - c0);  // (1, c1 - c0)
        if (b.size() > 0) out.middleCols(c0, c1 - c0) += b.segment(c0, c1 - c0);
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
}

Mat gpt2_logits(const Gpt2Weights& w, const Mat& h) {
    assert(h.cols() == w.wte.cols() && "gpt2_logits: h must be (T, d)");
    const Eigen::Index vocab = w.wte.rows();
    Mat out(h.rows(), vocab);  // (T, V)
    ThreadPool& pool = engine_pool();
    const int blocks = vocab < 1024 ? 1 : pool.size();
    auto block = [&](int part) {
        // Multiples of 16 columns keep every block's stores on whole AVX vectors.
        const Eigen::Index r0 = (vocab * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index r1 = part + 1 == blocks ? vocab : (vocab * (part + 1) / blocks) & ~Eigen::Index(15);
        if (r1 <= r0) return;
        if (h.rows() == 1) {  // one dot product per vocabulary row: gemv, wte read once
            out.middleCols(r0, r1 - r0).noalias() = h * w.wte.middleRows(r0, r1 - r0).transpose();
        } else {
            matmul_bt(h, w.wte.middleRows(r0, r1 - r0), out.middleCols(r0, r1 - r0));  // (T, r1 - r0)
        }
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
    return out;
}

Mat gpt2_logits_for(const Gpt2Weights& w, const PretrainedConfig& config, const std::vector<int>& ids) {
    const ForwardPass pass = gpt2_forward(w, config, ids, BoolMat(), AttentionOptions{});
    return gpt2_logits(w, pass.hidden_states.back());
}

// Grows the cache and hidden rows to hold at least n tokens (doubling, up to max_positions).
static void reserve(Gpt2Session& s, int n) {
    const int have = int(s.hidden.rows());
    if (n <= have) return;
    const int cap = std::min(s.config.max_positions, std::max({n, 2 * have, 32}));
    for (Mat& m : s.cache.k) m.conservativeResize(cap, Eigen::NoChange);
    for (Mat& m : s.cache.v) m.conservativeResize(cap, Eigen::NoChange);
    s.hidden.conservativeResize(cap, Eigen::NoChange);
}

// The parts of a session every family fills the same way from the prompt's pass: ids, the hidden
// rows, an empty cache of `kv_cols` columns a layer with room for the prompt, and each prompt
// token's attention rows. The caller copies its keys and values into s.cache (layouts differ).
static void start_from_pass(Gpt2Session& s, const std::vector<int>& prompt, const ForwardPass& pass, int kv_cols) {
    const PretrainedConfig& config = s.config;
    const int t = int(prompt.size()), H = config.n_heads;
    s.ids = prompt;
    s.prompt_length = t;
    s.cache.k.assign(config.n_layers, Mat(0, kv_cols));
    s.cache.v.assign(config.n_layers, Mat(0, kv_cols));
    s.hidden.resize(0, config.d_model);
    reserve(s, t);
    s.cache.n = t;
    s.hidden.topRows(t) = pass.hidden_states.back();  // (T, d)
    s.steps.assign(t, TokenStep{});
    for (int i = 0; i < t; ++i) {
        s.steps[i].id = prompt[i];
        s.steps[i].attention.resize(config.n_layers);
    }
    for (int l = 0; l < config.n_layers; ++l) {
        const LayerTrace& L = pass.layers[l];
        for (int i = 0; i < t; ++i) {
            Mat& row = s.steps[i].attention[l];  // (H, i + 1)
            row.resize(H, i + 1);
            for (int h = 0; h < H; ++h) row.row(h) = L.heads[h].weights.row(i).head(i + 1);
        }
    }
}

Gpt2Session start_session(const Gpt2Weights& w, const PretrainedConfig& config, const std::vector<int>& prompt) {
    Gpt2Session s;
    s.weights = &w;
    s.config = config;
    const int t = int(prompt.size());
    const ForwardPass pass = gpt2_forward(w, config, prompt, BoolMat(), AttentionOptions{});
    start_from_pass(s, prompt, pass, config.d_model);
    for (int l = 0; l < config.n_layers; ++l) {
        s.cache.k[l].topRows(t) = pass.layers[l].k;  // (T, d) with bias, as the step computes it
        s.cache.v[l].topRows(t) = pass.layers[l].v;
    }
    return s;
}

Expected<Gpt2Session> start_session(const PretrainedModel& model, const std::string& text) {
    const Gpt2Weights* w = gpt2_weights(model);
    if (const LlamaWeights* lw = llama_weights(model)) {
        auto ids = encode_for_model(model, text);
        if (!ids) return ids.status();
        return start_session(*lw, model.config, *ids);
    }
    if (!w && model.config.is_vision()) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             ": it reads images and cannot continue a text. Load a GPT-2, Llama, Qwen or Mistral "
                             "model to generate.");
    }
    if (!w) {
        return Status::Error(model.name + " is " + architecture_name(model.config.arch) +
                             ", which reads the whole sentence at once and cannot continue a text. "
                             "Put [MASK] where a word should be predicted, or load a GPT-2 model.");
    }
    auto ids = encode_for_model(model, text);
    if (!ids) return ids.status();
    return start_session(*w, model.config, *ids);
}

static void append_llama(Gpt2Session& s, int id);

Status append_token(Gpt2Session& s, int id) {
    assert((s.weights || s.llama) && "a session from start_session");
    const PretrainedConfig& c = s.config;
    if (s.full()) {
        return Status::Error("The text has reached " + std::to_string(c.max_positions) +
                             (s.llama ? " tokens, the model's context length. Undo some tokens or start again."
                                      : " tokens, all the positions the model learned. Undo some tokens or start again."));
    }
    if (id < 0 || id >= c.vocab_size)
        return Status::Error("Token id " + std::to_string(id) + " is outside the vocabulary (" +
                             std::to_string(c.vocab_size) + " tokens).");
    if (s.llama) {
        append_llama(s, id);
        return Status::Ok();
    }
    const Gpt2Weights& w = *s.weights;
    const int pos = s.length(), t = pos + 1, d = c.d_model, dk = c.d_k();
    reserve(s, t);
    const float factor = logit_factor(true, 1.0f, dk);

    TokenStep step;
    step.id = id;
    step.attention.resize(c.n_layers);
    Mat x = w.wte.row(id) + w.wpe.row(pos);  // (1, d) residual stream
    Mat a, q, k, v, concat(1, d), y, ff;      // (1, d) … , ff (1, d_ff)
    RowVec scores(t);                         // (t) one head's raw q·k
    for (int l = 0; l < c.n_layers; ++l) {
        const Gpt2Block& b = w.blocks[l];
        layer_norm(x, b.ln_1_gamma, b.ln_1_beta, c.layer_norm_eps, a);
        linear_row(a, b.attn.w_q, b.attn.b_q, q);
        linear_row(a, b.attn.w_k, b.attn.b_k, k);
        linear_row(a, b.attn.w_v, b.attn.b_v, v);
        Mat& keys = s.cache.k[l];    // (cap, d)
        Mat& values = s.cache.v[l];  // (cap, d)
        keys.row(pos) = k;
        values.row(pos) = v;
        Mat& rows = step.attention[l];  // (H, t)
        rows.resize(c.n_heads, t);
        for (int h = 0; h < c.n_heads; ++h) {
            // scores = K_h q_hᵀ over tokens 0 … pos: (t, d_k) · (d_k) -> (t)
            scores.noalias() = q.middleCols(h * dk, dk) * keys.topRows(t).middleCols(h * dk, dk).transpose();
            softmax_row(scores.data(), nullptr, t, factor, rows.row(h).data());
            concat.middleCols(h * dk, dk).noalias() = rows.row(h) * values.topRows(t).middleCols(h * dk, dk);
        }
        linear_row(concat, b.attn.w_o, b.attn.b_o, y);  // (1, d)
        x += y;
        layer_norm(x, b.ln_2_gamma, b.ln_2_beta, c.layer_norm_eps, a);
        linear_row(a, b.fc_w, b.fc_b, ff);              // (1, d_ff)
        apply_activation(c.activation, ff);
        linear_row(ff, b.proj_w, b.proj_b, y);          // (1, d)
        x += y;
    }
    layer_norm(x, w.ln_f_gamma, w.ln_f_beta, c.layer_norm_eps, x);
    s.hidden.row(pos) = x;
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
    return Status::Ok();
}

bool pop_token(Gpt2Session& s) {
    if (s.length() <= 1) return false;
    s.ids.pop_back();
    s.steps.pop_back();
    s.cache.n = s.length();  // the dropped rows are simply overwritten by the next token
    s.prompt_length = std::min(s.prompt_length, s.length());
    return true;
}

RowVec logits_at(const Gpt2Session& s, int pos) {
    assert(pos >= 0 && pos < s.length() && "logits_at: a position of the session");
    const Mat h = s.hidden.row(pos);             // (1, d)
    if (s.llama) return llama_logits(*s.llama, h).row(0);  // (V)
    return gpt2_logits(*s.weights, h).row(0);    // (V)
}

Mat all_logits(const Gpt2Session& s) {
    if (s.llama) return llama_logits(*s.llama, s.hidden.topRows(s.length()));
    return gpt2_logits(*s.weights, s.hidden.topRows(s.length()));
}

Mat attention_matrix(const Gpt2Session& s, int layer, int head) {
    assert(layer >= 0 && layer < s.config.n_layers && head >= 0 && head < s.config.n_heads);
    const int t = s.length();
    Mat a = Mat::Zero(t, t);  // (T, T) causal: zeros above the diagonal
    for (int i = 0; i < t; ++i) a.row(i).head(i + 1) = s.steps[i].attention[layer].row(head);
    return a;
}

Expected<std::vector<GenerationStep>> generate(Gpt2Session& s, int n, const SamplingOptions& o, int report_top,
                                               const std::function<bool(const GenerationStep&)>& on_step) {
    SampleRng rng(o.seed);
    return generate(s, n, o, rng, report_top, on_step);
}

Expected<std::vector<GenerationStep>> generate(Gpt2Session& s, int n, const SamplingOptions& o, SampleRng& rng,
                                               int report_top,
                                               const std::function<bool(const GenerationStep&)>& on_step) {
    if (Status st = validate_sampling(o); !st) return st;
    if (n < 0) return Status::Error("The number of tokens to generate cannot be negative.");
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

// ------------------------------------------------------------------------------------------------
// The rotary decoders (llama.h): the same session with their forward pass and step.

namespace attn::lm {

Gpt2Session start_session(const LlamaWeights& w, const PretrainedConfig& config, const std::vector<int>& prompt) {
    assert(config.arch == Architecture::Llama);
    Gpt2Session s;
    s.llama = &w;
    s.config = config;
    const int t = int(prompt.size()), H = config.n_heads, G = config.n_kv_heads(), dk = config.d_k(), group = H / G;
    const ForwardPass pass = llama_forward(w, config, prompt);
    start_from_pass(s, prompt, pass, G * dk);
    for (int l = 0; l < config.n_layers; ++l) {
        const LayerTrace& L = pass.layers[l];
        for (int g = 0; g < G; ++g) {  // K/V head g is the block of its group's first query head
            s.cache.k[l].topRows(t).middleCols(g * dk, dk) = L.k.middleCols(g * group * dk, dk);  // (T, d_k) rotated
            s.cache.v[l].topRows(t).middleCols(g * dk, dk) = L.v.middleCols(g * group * dk, dk);
        }
    }
    return s;
}

// Per-head RMSNorm of one row x (1, n_heads · d_k) with gamma (d_k).
static void head_rms_norm_row(Mat& x, int n_heads, const RowVec& gamma, float eps) {
    const int dk = int(gamma.size());
    for (int h = 0; h < n_heads; ++h) {
        auto seg = x.row(0).segment(Eigen::Index(h) * dk, dk);  // (d_k)
        const float inv = 1.0f / std::sqrt(seg.squaredNorm() / float(dk) + eps);
        seg = (seg * inv).cwiseProduct(gamma);
    }
}

static void append_llama(Gpt2Session& s, int id) {
    const LlamaWeights& w = *s.llama;
    const PretrainedConfig& c = s.config;
    const DecoderConfig& dc = c.decoder;
    const int pos = s.length(), t = pos + 1, H = c.n_heads, G = dc.n_kv_heads, dk = dc.head_dim, group = H / G;
    reserve(s, t);
    const float factor = logit_factor(true, 1.0f, dk);
    const RopeTable rope = rope_table(rope_inverse_frequencies(dc.rope), pos, 1);

    TokenStep step;
    step.id = id;
    step.attention.resize(c.n_layers);
    Mat x(1, c.d_model);                              // (1, d) residual stream
    weight_rows(w.embed, id, 1, x.data());
    Mat a, q, k, v, concat(1, H * dk), y, gate, up;   // (1, d), (1, H·d_k), (1, G·d_k) ×2, …, (1, d_ff) ×2
    RowVec scores(t);                                 // (t) one head's raw q·k over the window
    for (int l = 0; l < c.n_layers; ++l) {
        const LlamaBlock& b = w.blocks[l];
        rms_norm(x, b.input_norm, dc.rms_norm_eps, a);
        const LinearJob qkv[] = {{&b.w_q, &b.b_q, &q}, {&b.w_k, &b.b_k, &k}, {&b.w_v, &b.b_v, &v}};
        linear_t_many(a, qkv, 3);  // q (1, H·d_k), k and v (1, G·d_k)
        if (dc.qk_norm) {
            head_rms_norm_row(q, H, b.q_norm, dc.rms_norm_eps);
            head_rms_norm_row(k, G, b.k_norm, dc.rms_norm_eps);
        }
        apply_rope(q, H, dk, rope);
        apply_rope(k, G, dk, rope);
        Mat& keys = s.cache.k[l];    // (cap, G·d_k)
        Mat& values = s.cache.v[l];  // (cap, G·d_k)
        keys.row(pos) = k;
        values.row(pos) = v;
        const int window = dc.window_of(l);
        const int first = window > 0 ? std::max(0, t - window) : 0, n = t - first;  // keys [first, t)
        Mat& rows = step.attention[l];  // (H, t), zero before the window
        rows = Mat::Zero(H, t);
        for (int h = 0; h < H; ++h) {
            const int g = h / group;
            auto kh = keys.middleRows(first, n).middleCols(g * dk, dk);    // (n, d_k)
            auto vh = values.middleRows(first, n).middleCols(g * dk, dk);  // (n, d_k)
            scores.head(n).noalias() = q.middleCols(h * dk, dk) * kh.transpose();  // (n)
            softmax_row(scores.data(), nullptr, n, factor, rows.row(h).data() + first);
            concat.middleCols(h * dk, dk).noalias() = rows.row(h).segment(first, n) * vh;  // (1, d_k)
        }
        linear_t(concat, b.w_o, b.b_o.size() ? b.b_o : RowVec(), y);  // (1, d)
        x += y;
        rms_norm(x, b.post_norm, dc.rms_norm_eps, a);
        const RowVec none;
        const LinearJob gate_up[] = {{&b.w_gate, &none, &gate}, {&b.w_up, &none, &up}};
        linear_t_many(a, gate_up, 2);  // gate, up (1, d_ff)
        swiglu(gate, up);
        linear_t(gate, b.w_down, RowVec(), y);  // (1, d)
        x += y;
    }
    rms_norm(x, w.norm, dc.rms_norm_eps, x);
    s.hidden.row(pos) = x;
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::lm
