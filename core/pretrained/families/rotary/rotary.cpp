// rotary.cpp — the rotary decoders: Llama, Qwen2, Qwen3, Mistral
// (implementation; the interface, the formulas and the weight names are in rotary.h)
#include "core/pretrained/families/rotary/rotary.h"

#include <cassert>
#include <cmath>
#include <string>

#include "core/pretrained/families/rotary/rope.h"

namespace attn::pretrained {

std::size_t RotaryWeights::bytes() const {
    std::size_t n = (norm.size()) * sizeof(float) + embed.bytes() + lm_head.bytes();
    for (const RotaryBlock& b : blocks) {
        n += (b.input_norm.size() + b.post_norm.size() + b.q_norm.size() + b.k_norm.size()) * sizeof(float);
        n += (b.b_q.size() + b.b_k.size() + b.b_v.size() + b.b_o.size()) * sizeof(float);
        for (const WeightMatrix* m : {&b.w_q, &b.w_k, &b.w_v, &b.w_o, &b.w_gate, &b.w_up, &b.w_down}) n += m->bytes();
    }
    return n;
}

Expected<RotaryWeights> load_rotary_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                          const LayerLoaded& on_layer, bool compact) {
    const RotarySettings& dc = rotary_settings(config);
    const int d = config.d_model, d_ff = config.d_ff, dk = config.d_k();
    const int dq = config.n_heads * dk, dkv = config.n_kv_heads() * dk;
    auto prefix = find_name_prefix(file, {"model.", ""}, "embed_tokens.weight", family_name(config));
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    Status matrix_status;  // the first error of matrix() below
    // A big matrix as stored (rows, cols), 16-bit when the file's is and `compact`.
    auto matrix = [&](const std::string& name, int rows, int cols) {
        if (!matrix_status) return WeightMatrix();
        auto m = read_weight_matrix(file, name, rows, cols, compact);
        if (!m) {
            matrix_status = m.status();
            return WeightMatrix();
        }
        return std::move(*m);
    };

    RotaryWeights w;
    w.embed = matrix(*prefix + "embed_tokens.weight", config.vocab_size, d);  // (V, d)
    w.norm = r.vector("norm.weight", d);
    if (!matrix_status) return matrix_status;
    if (!r.status()) return r.status();
    if (!dc.tie_word_embeddings) {
        w.lm_head = matrix("lm_head.weight", config.vocab_size, d);  // (V, d); beside "model.", not under it
        if (!matrix_status) return matrix_status;
    }

    w.blocks.resize(std::size_t(config.n_layers));
    for (int i = 0; i < config.n_layers; ++i) {
        const std::string h = "layers." + std::to_string(i) + ".";
        const std::string ph = *prefix + h;
        RotaryBlock& b = w.blocks[std::size_t(i)];
        b.input_norm = r.vector(h + "input_layernorm.weight", d);
        b.w_q = matrix(ph + "self_attn.q_proj.weight", dq, d);    // (H·d_k, d)
        b.w_k = matrix(ph + "self_attn.k_proj.weight", dkv, d);   // (G·d_k, d)
        b.w_v = matrix(ph + "self_attn.v_proj.weight", dkv, d);   // (G·d_k, d)
        b.w_o = matrix(ph + "self_attn.o_proj.weight", d, dq);    // (d, H·d_k)
        if (dc.qkv_bias) {
            b.b_q = r.vector(h + "self_attn.q_proj.bias", dq);
            b.b_k = r.vector(h + "self_attn.k_proj.bias", dkv);
            b.b_v = r.vector(h + "self_attn.v_proj.bias", dkv);
        }
        if (dc.o_bias) b.b_o = r.vector(h + "self_attn.o_proj.bias", d);
        if (dc.qk_norm) {
            b.q_norm = r.vector(h + "self_attn.q_norm.weight", dk);
            b.k_norm = r.vector(h + "self_attn.k_norm.weight", dk);
        }
        b.post_norm = r.vector(h + "post_attention_layernorm.weight", d);
        b.w_gate = matrix(ph + "mlp.gate_proj.weight", d_ff, d);  // (d_ff, d)
        b.w_up = matrix(ph + "mlp.up_proj.weight", d_ff, d);      // (d_ff, d)
        b.w_down = matrix(ph + "mlp.down_proj.weight", d, d_ff);  // (d, d_ff)
        if (!matrix_status) return matrix_status;
        if (!r.status()) return r.status();
        if (on_layer) {
            if (Status s = on_layer(i + 1); !s) return s;
        }
    }
    return w;
}

void swiglu(Mat& gate, const Mat& up) {
    assert(gate.rows() == up.rows() && gate.cols() == up.cols() && "swiglu: gate and up (T, d_ff)");
    gate.array() = gate.array() / (1.0f + (-gate.array()).exp()) * up.array();
}

BoolMat causal_window_mask(int t, int window) {
    BoolMat blocked = BoolMat::Zero(t, t);  // (T, T)
    for (int i = 0; i < t; ++i) {
        blocked.row(i).tail(t - 1 - i).setOnes();                    // the future
        if (window > 0 && i - window >= 0) blocked.row(i).head(i - window + 1).setOnes();  // j ≤ i − window
    }
    return blocked;
}

// Per-head RMSNorm of x (T, n_heads · d_k) with gamma (d_k), in place.
static void head_rms_norm(Mat& x, int n_heads, const RowVec& gamma, float eps) {
    const int dk = int(gamma.size());
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        for (int h = 0; h < n_heads; ++h) {
            auto seg = x.row(t).segment(Eigen::Index(h) * dk, dk);  // (d_k)
            const float inv = 1.0f / std::sqrt(seg.squaredNorm() / float(dk) + eps);
            seg = (seg * inv).cwiseProduct(gamma);
        }
    }
}

// (T, G·d_k) → (T, H·d_k): query head h gets the block of K/V head h / (H/G).
static Mat expand_kv(const Mat& kv, int n_heads, int n_kv, int dk) {
    if (n_kv == n_heads) return kv;
    const int group = n_heads / n_kv;
    Mat out(kv.rows(), Eigen::Index(n_heads) * dk);  // (T, H·d_k)
    for (int h = 0; h < n_heads; ++h) out.middleCols(Eigen::Index(h) * dk, dk) = kv.middleCols(Eigen::Index(h / group) * dk, dk);
    return out;
}

ForwardPass rotary_forward(const RotaryWeights& w, const PretrainedConfig& config, const std::vector<int>& ids,
                          const DecoderOptions& opt) {
    const RotarySettings& dc = rotary_settings(config);
    const int t = int(ids.size()), d = config.d_model, H = config.n_heads, G = config.n_kv_heads(), dk = config.d_k();
    assert(t >= 1 && t <= config.max_positions && "rotary_forward: 1 … max_positions tokens (callers check)");
    assert((opt.extra_blocked.size() == 0 || (opt.extra_blocked.rows() == t && opt.extra_blocked.cols() == t)) &&
           "rotary_forward: extra mask must be (T, T)");
    assert(int(w.blocks.size()) == config.n_layers && opt.first_position >= 0);

    ForwardPass out;
    out.token_embeddings.resize(t, d);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[std::size_t(i)] >= 0 && ids[std::size_t(i)] < w.embed.rows && "rotary_forward: token id out of range");
        weight_rows(w.embed, ids[std::size_t(i)], 1, out.token_embeddings.row(i).data());
    }
    out.position_embeddings = Mat::Zero(t, d);  // rotary: nothing is added to the embeddings

    const RopeTable rope = rope_table(rope_inverse_frequencies(dc.rope), opt.first_position, t);
    std::vector<int> kv_head(static_cast<std::size_t>(H));
    for (int h = 0; h < H; ++h) kv_head[std::size_t(h)] = h / (H / G);

    Mat x = out.token_embeddings;  // (T, d) residual stream
    out.hidden_states.reserve(std::size_t(config.n_layers) + 1);
    out.hidden_states.push_back(x);
    out.layers.reserve(std::size_t(config.n_layers));
    Mat a, q, k, v, gate, up, y;  // (T, d), (T, H·d_k), (T, G·d_k) ×2, (T, d_ff) ×2, (T, d)
    for (int l = 0; l < config.n_layers; ++l) {
        const RotaryBlock& b = w.blocks[std::size_t(l)];
        rms_norm(x, b.input_norm, dc.rms_norm_eps, a);
        const LinearJob qkv[] = {{&b.w_q, &b.b_q, &q}, {&b.w_k, &b.b_k, &k}, {&b.w_v, &b.b_v, &v}};
        linear_t_many(a, qkv, 3);  // q (T, H·d_k), k and v (T, G·d_k)
        if (dc.qk_norm) {
            head_rms_norm(q, H, b.q_norm, dc.rms_norm_eps);
            head_rms_norm(k, G, b.k_norm, dc.rms_norm_eps);
        }
        LayerTrace L;
        L.n_heads = H;
        L.d_k = dk;
        L.kv_head = kv_head;
        L.n_kv_heads = G;
        L.q_unrotated = q;
        L.k_unrotated = expand_kv(k, H, G, dk);
        apply_rope(q, H, dk, rope);
        apply_rope(k, G, dk, rope);
        L.x_q = a;
        L.x_kv = a;
        L.q = std::move(q);
        L.k = expand_kv(k, H, G, dk);  // (T, H·d_k)
        L.v = expand_kv(v, H, G, dk);  // (T, H·d_k)
        L.blocked = causal_window_mask(t, dc.window_of(l));
        if (opt.extra_blocked.size() > 0)
            L.blocked = (L.blocked.array() != 0 || opt.extra_blocked.array() != 0).cast<std::uint8_t>();
        finish_attention_heads(L, opt.attention);
        ablate_head_outputs(opt.ablation, l, MeanOver::Prefix, L);  // removed heads' columns of concat
        linear_t(L.concat, b.w_o, b.b_o, L.output);                 // (T, d) = concat · W_Oᵀ-stored + b_O
        if (opt.ablation.attention_kept(l)) x += L.output;
        out.layers.push_back(std::move(L));
        if (opt.ablation.mlp_kept(l)) {
            rms_norm(x, b.post_norm, dc.rms_norm_eps, a);
            const RowVec none;
            const LinearJob gate_up[] = {{&b.w_gate, &none, &gate}, {&b.w_up, &none, &up}};
            linear_t_many(a, gate_up, 2);  // gate, up (T, d_ff)
            swiglu(gate, up);
            linear_t(gate, b.w_down, RowVec(), y);  // (T, d)
            x += y;
        }
        // Hugging Face records the last block's output after the final norm only.
        if (l + 1 < config.n_layers) out.hidden_states.push_back(x);
    }
    rms_norm(x, w.norm, dc.rms_norm_eps, x);
    out.hidden_states.push_back(std::move(x));
    return out;
}

Mat rotary_logits(const RotaryWeights& w, const Mat& h) {
    assert(h.cols() == w.head().cols && "rotary_logits: h must be (T, d)");
    Mat out;  // (T, V)
    linear_t(h, w.head(), RowVec(), out);
    return out;
}

}  // namespace attn::pretrained
