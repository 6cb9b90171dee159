// llama_model.cpp — the trainable modern decoder (Arch::Llama): parameter layout, initialisation,
// forward and backward from train_ops_llama (RoPE, RMSNorm, SwiGLU, grouped-query attention).
// decoder_model.cpp dispatches here; the output head (tied embedding, loss) is shared.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/pretrained/families/rotary/rope.h"
#include "core/train/decoder_model.h"
#include "core/train/train_ops.h"
#include "core/train/train_ops_llama.h"

namespace attn::train {

Status validate_llama_shape(const ModelShape& s) {
    const int kv = s.kv_heads();
    if (kv < 1 || kv > s.n_heads || s.n_heads % kv != 0) {
        return Status::Error("--kv-heads " + std::to_string(kv) + ": must divide --heads " +
                             std::to_string(s.n_heads) + " (each key/value head serves the same number of query heads).");
    }
    if (s.head_size() % 2 != 0) {
        return Status::Error("--d-model " + std::to_string(s.d_model) + " / --heads " + std::to_string(s.n_heads) +
                             " gives heads of " + std::to_string(s.head_size()) +
                             " channels: RoPE rotates pairs, so a head needs an even size.");
    }
    if (!(s.rope_theta >= 1.0f && s.rope_theta <= 1e9f)) {
        char v[32];
        std::snprintf(v, sizeof v, "%g", double(s.rope_theta));
        return Status::Error(std::string("--rope-theta ") + v + ": must be 1 to 1000000000.");
    }
    assert(s.ffn >= 0 && "ModelShape::ffn: 0 or a width");
    return Status::Ok();
}

ParamLayout make_llama_layout(const ModelShape& s) {
    const int C = s.d_model, V = s.vocab, F = s.d_ff(), W = s.qkv_width();
    ParamLayout L;
    auto add = [&](const std::string& name, std::vector<int> shape, bool decay, bool trained = true) {
        return add_tensor(L.tensors, L.total, name, std::move(shape), decay, trained);
    };
    // Our (in, out) layouts; llama_io splits and transposes them into Hugging Face's names.
    L.wte = add("embed_tokens.weight", {V, C}, true);
    for (int l = 0; l < s.n_layers; ++l) {
        const std::string h = "layers." + std::to_string(l) + ".";
        LayerOffsets o{};
        o.ln1_w = add(h + "input_layernorm.weight", {C}, false);
        o.qkv_w = add(h + "self_attn.qkv.weight", {C, W}, true);
        o.attproj_w = add(h + "self_attn.o_proj.weight", {C, C}, true);
        o.ln2_w = add(h + "post_attention_layernorm.weight", {C}, false, s.mlp);
        o.fc_w = add(h + "mlp.gate_up.weight", {C, 2 * F}, true, s.mlp);
        o.fcproj_w = add(h + "mlp.down_proj.weight", {F, C}, true, s.mlp);
        L.layers.push_back(o);
    }
    L.lnf_w = add("norm.weight", {C}, false);
    return L;
}

// N(0, 0.02) matrices and embeddings, the residual outputs (o_proj, down_proj) N(0, 0.02/√(2·layers))
// as GPT-2's, unit norm gains; zero MLP when !mlp. Deterministic for a seed.
void init_llama_params(DecoderModel& m, std::uint64_t seed) {
    NormalStream normal(splitmix64(seed ^ 0x7261696E5F6C6C6Dull));
    const float proj_std = 0.02f / std::sqrt(2.0f * float(m.shape.n_layers));
    for (const ParamTensor& t : m.layout.tensors) {
        float* p = m.params.data() + t.offset;
        if (t.shape.size() == 1) {
            std::fill(p, p + t.size, 1.0f);  // RMSNorm gains (the untrained one of !mlp too: harmless)
        } else if (t.trained) {
            const bool proj = t.name.find("o_proj") != std::string::npos || t.name.find("down_proj") != std::string::npos;
            const float sd = proj ? proj_std : 0.02f;
            for (std::size_t i = 0; i < t.size; ++i) p[i] = float(normal.next()) * sd;
        }
    }
}

// The rotation table for positions 0 … T−1: the loader's own frequencies (core/pretrained/rope.h),
// so the saved folder rotates exactly as the trainer did.
static void fill_rope_table(const ModelShape& s, int T, Activations& a) {
    const int half = s.head_size() / 2;
    if (int(a.rope_cos.size()) == T * half) return;
    pretrained::RopeConfig rope;
    rope.theta = double(s.rope_theta);
    rope.rotary_dim = s.head_size();
    const pretrained::RopeTable tab = pretrained::rope_table(pretrained::rope_inverse_frequencies(rope), 0, T);
    a.rope_cos.assign(tab.cos.data(), tab.cos.data() + std::size_t(T) * half);  // (T, hs/2)
    a.rope_sin.assign(tab.sin.data(), tab.sin.data() + std::size_t(T) * half);
}

static const float* layer_out(const ModelShape& s, const LayerActs& l) {
    return s.mlp ? l.res3.data() : l.res2.data();
}

float llama_forward_pass(ThreadPool& pool, const DecoderModel& m, Activations& a, const int* ids, const int* targets,
                         int B, int T) {
    const ModelShape& s = m.shape;
    const bool resized = a.B != B || a.T != T;
    resize_activations(a, s, B, T);
    if (resized) a.rope_cos.clear();
    fill_rope_table(s, T, a);
    const int N = B * T, C = s.d_model, NH = s.n_heads, NKV = s.kv_heads(), hs = s.head_size();
    const int W = s.qkv_width(), F = s.d_ff();
    const float* P = m.params.data();
    const ParamLayout& L = m.layout;

    embed_forward(a.encoded.data(), ids, P + L.wte, N, C);  // (N, C)
    const float* x = a.encoded.data();                       // (N, C) residual
    for (int l = 0; l < s.n_layers; ++l) {
        const LayerOffsets& o = L.layers[l];
        LayerActs& A = a.layers[l];
        rmsnorm_forward(A.ln1.data(), A.ln1_rstd.data(), x, P + o.ln1_w, N, C, s.ln_eps);          // (N, C)
        matmul_forward(pool, A.qkv.data(), A.ln1.data(), P + o.qkv_w, nullptr, N, C, W);           // (N, W)
        rope_forward(A.qkv.data(), a.rope_cos.data(), a.rope_sin.data(), N, T, W, NH + NKV, hs);  // q, k rotated
        gqa_attention_forward(pool, A.atty.data(), A.preatt.data(), A.att.data(), A.qkv.data(), B, T, NH, NKV, hs);
        matmul_forward(pool, A.attproj.data(), A.atty.data(), P + o.attproj_w, nullptr, N, C, C);  // (N, C)
        residual_forward(A.res2.data(), x, A.attproj.data(), N * C);
        if (s.mlp) {
            rmsnorm_forward(A.ln2.data(), A.ln2_rstd.data(), A.res2.data(), P + o.ln2_w, N, C, s.ln_eps);
            matmul_forward(pool, A.fch.data(), A.ln2.data(), P + o.fc_w, nullptr, N, C, 2 * F);  // (N, 2F)
            swiglu_forward(A.fch_gelu.data(), A.fch.data(), N, F);                                // (N, F)
            matmul_forward(pool, A.fcproj.data(), A.fch_gelu.data(), P + o.fcproj_w, nullptr, N, F, C);
            residual_forward(A.res3.data(), A.res2.data(), A.fcproj.data(), N * C);              // (N, C)
        }
        x = layer_out(s, A);
    }
    rmsnorm_forward(a.lnf.data(), a.lnf_rstd.data(), x, P + L.lnf_w, N, C, s.ln_eps);  // (N, C)
    return head_forward(m, a, targets);
}

static void zero(Floats& v) { std::fill(v.begin(), v.end(), 0.0f); }

void llama_backward_pass(ThreadPool& pool, DecoderModel& m, const Activations& a, Activations& d, const int* ids,
                         const int* targets) {
    const ModelShape& s = m.shape;
    const int B = a.B, T = a.T, N = B * T, C = s.d_model, NH = s.n_heads, NKV = s.kv_heads(), hs = s.head_size();
    const int W = s.qkv_width(), F = s.d_ff();
    resize_activations(d, s, B, T);
    const float* P = m.params.data();
    float* G = m.grads.data();
    const ParamLayout& L = m.layout;
    std::fill(m.grads.begin(), m.grads.end(), 0.0f);
    head_backward(m, a, d, targets);  // d.lnf

    Floats& dx_last = s.mlp ? d.layers.back().res3 : d.layers.back().res2;
    zero(dx_last);
    rmsnorm_backward(dx_last.data(), G + L.lnf_w, d.lnf.data(), layer_out(s, a.layers.back()), P + L.lnf_w,
                     a.lnf_rstd.data(), N, C);

    for (int l = s.n_layers - 1; l >= 0; --l) {
        const LayerOffsets& o = L.layers[l];
        const LayerActs& A = a.layers[l];
        LayerActs& D = d.layers[l];
        const float* x_in = l == 0 ? a.encoded.data() : layer_out(s, a.layers[l - 1]);  // (N, C)
        Floats& dx_in = l == 0 ? d.encoded : (s.mlp ? d.layers[l - 1].res3 : d.layers[l - 1].res2);
        if (s.mlp) {
            // res3 = res2 + down(swiglu(gate_up(rmsnorm_2(res2))))
            zero(D.res2);
            zero(D.fcproj);
            residual_backward(D.res2.data(), D.fcproj.data(), D.res3.data(), N * C);
            zero(D.fch_gelu);
            matmul_backward(pool, D.fch_gelu.data(), G + o.fcproj_w, nullptr, D.fcproj.data(), A.fch_gelu.data(),
                            P + o.fcproj_w, N, F, C);
            zero(D.fch);
            swiglu_backward(D.fch.data(), D.fch_gelu.data(), A.fch.data(), N, F);  // (N, 2F)
            zero(D.ln2);
            matmul_backward(pool, D.ln2.data(), G + o.fc_w, nullptr, D.fch.data(), A.ln2.data(), P + o.fc_w, N, C,
                            2 * F);
            rmsnorm_backward(D.res2.data(), G + o.ln2_w, D.ln2.data(), A.res2.data(), P + o.ln2_w,
                             A.ln2_rstd.data(), N, C);
        }
        // res2 = x_in + o(attention(rope(qkv(rmsnorm_1(x_in)))))
        zero(dx_in);
        zero(D.attproj);
        residual_backward(dx_in.data(), D.attproj.data(), D.res2.data(), N * C);
        zero(D.atty);
        matmul_backward(pool, D.atty.data(), G + o.attproj_w, nullptr, D.attproj.data(), A.atty.data(),
                        P + o.attproj_w, N, C, C);
        zero(D.qkv);
        gqa_attention_backward(pool, D.qkv.data(), D.att.data(), D.atty.data(), A.qkv.data(), A.att.data(), B, T,
                               NH, NKV, hs);
        rope_backward(D.qkv.data(), a.rope_cos.data(), a.rope_sin.data(), N, T, W, NH + NKV, hs);  // unrotate
        zero(D.ln1);
        matmul_backward(pool, D.ln1.data(), G + o.qkv_w, nullptr, D.qkv.data(), A.ln1.data(), P + o.qkv_w, N, C, W);
        rmsnorm_backward(dx_in.data(), G + o.ln1_w, D.ln1.data(), x_in, P + o.ln1_w, A.ln1_rstd.data(), N, C);
    }
    embed_backward(G + L.wte, d.encoded.data(), ids, N, C);
}

}  // namespace attn::train
