// decoder_model.cpp — parameter layout, initialisation, forward and backward of the trainable GPT-2.
#include "core/train/decoder_model.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/train/train_ops.h"

namespace attn::train {

const char* arch_name(Arch a) {
    switch (a) {
        case Arch::Gpt: return "gpt";
        case Arch::Llama: return "llama";
        case Arch::Seq2Seq: return "seq2seq";
    }
    return "gpt";
}

int ModelShape::d_ff() const {
    if (arch == Arch::Gpt) return 4 * d_model;
    return ffn > 0 ? ffn : (8 * d_model / 3 + 7) / 8 * 8;
}

Status validate_shape(const ModelShape& s) {
    auto range = [](const char* opt, int v, int lo, int hi) {
        return v >= lo && v <= hi
                   ? Status::Ok()
                   : Status::Error(std::string(opt) + " " + std::to_string(v) + ": must be " + std::to_string(lo) +
                                   " to " + std::to_string(hi) + ".");
    };
    if (Status st = range("--layers", s.n_layers, 1, 4); !st) return st;
    if (Status st = range("--heads", s.n_heads, 1, 8); !st) return st;
    if (Status st = range("--d-model", s.d_model, 16, 256); !st) return st;
    if (s.d_model % s.n_heads != 0) {
        return Status::Error("--d-model " + std::to_string(s.d_model) + " is not divisible by --heads " +
                             std::to_string(s.n_heads) + ": every head gets d_model / heads channels.");
    }
    if (s.vocab < 1 || s.n_positions < 1) return Status::Error("The task has no tokens.");
    return s.arch == Arch::Llama ? validate_llama_shape(s) : Status::Ok();
}

std::size_t add_tensor(std::vector<ParamTensor>& tensors, std::size_t& total, std::string name, std::vector<int> shape,
                       bool decay, bool trained) {
    ParamTensor t;
    t.name = std::move(name);
    t.size = 1;
    for (int d : shape) t.size *= std::size_t(d);
    t.shape = std::move(shape);
    t.offset = total;
    t.decay = decay;
    t.trained = trained;
    total += t.size;
    tensors.push_back(std::move(t));
    return tensors.back().offset;
}

LayerOffsets add_block_tensors(std::vector<ParamTensor>& tensors, std::size_t& total, const std::string& prefix, int C,
                               int F, const BlockTensorNames& n, bool mlp_trained) {
    auto add = [&](const std::string& name, std::vector<int> shape, bool decay, bool trained = true) {
        return add_tensor(tensors, total, prefix + name, std::move(shape), decay, trained);
    };
    const std::string qkv = n.qkv, attproj = n.attproj, fc = n.fc, fcproj = n.fcproj;
    LayerOffsets o{};
    o.ln1_w = add("ln_1.weight", {C}, false);
    o.ln1_b = add("ln_1.bias", {C}, false);
    o.qkv_w = add(qkv + ".weight", {C, 3 * C}, true);
    o.qkv_b = add(qkv + ".bias", {3 * C}, false);
    o.attproj_w = add(attproj + ".weight", {C, C}, true);
    o.attproj_b = add(attproj + ".bias", {C}, false);
    o.ln2_w = add("ln_2.weight", {C}, false, mlp_trained);
    o.ln2_b = add("ln_2.bias", {C}, false, mlp_trained);
    o.fc_w = add(fc + ".weight", {C, F}, true, mlp_trained);
    o.fc_b = add(fc + ".bias", {F}, false, mlp_trained);
    o.fcproj_w = add(fcproj + ".weight", {F, C}, true, mlp_trained);
    o.fcproj_b = add(fcproj + ".bias", {C}, false, mlp_trained);
    return o;
}

void init_block_params(Floats& params, const std::vector<ParamTensor>& tensors, std::uint64_t stream_seed,
                       int n_layers, bool (*keep_zero)(const ParamTensor&)) {
    NormalStream normal(stream_seed);
    const float proj_std = 0.02f / std::sqrt(2.0f * float(n_layers));
    for (const ParamTensor& t : tensors) {
        float* p = params.data() + t.offset;
        const bool is_ln = t.name.find("ln_") != std::string::npos;
        if (is_ln && t.name.find(".weight") != std::string::npos) {
            std::fill(p, p + t.size, 1.0f);
        } else if (!keep_zero(t)) {
            const float sd = t.name.find("proj.weight") != std::string::npos ? proj_std : 0.02f;
            for (std::size_t i = 0; i < t.size; ++i) p[i] = float(normal.next()) * sd;
        }
    }
}

ParamLayout make_layout(const ModelShape& s) {
    if (s.arch == Arch::Llama) return make_llama_layout(s);
    const int C = s.d_model, V = s.vocab, P = s.n_positions, F = s.d_ff();
    ParamLayout L;
    auto add = [&](const std::string& name, std::vector<int> shape, bool decay, bool trained = true) {
        return add_tensor(L.tensors, L.total, name, std::move(shape), decay, trained);
    };
    L.wte = add("wte.weight", {V, C}, true);
    L.wpe = add("wpe.weight", {P, C}, true);
    for (int l = 0; l < s.n_layers; ++l)
        L.layers.push_back(add_block_tensors(L.tensors, L.total, "h." + std::to_string(l) + ".", C, F,
                                             {"attn.c_attn", "attn.c_proj", "mlp.c_fc", "mlp.c_proj"}, s.mlp));
    L.lnf_w = add("ln_f.weight", {C}, false);
    L.lnf_b = add("ln_f.bias", {C}, false);
    return L;
}

DecoderModel make_model(const ModelShape& shape, std::uint64_t seed) {
    DecoderModel m;
    m.shape = shape;
    m.layout = make_layout(shape);
    m.params.assign(m.layout.total, 0.0f);
    m.grads.assign(m.layout.total, 0.0f);
    if (shape.arch == Arch::Llama) {
        init_llama_params(m, seed);
        return m;
    }
    // Biases and the untrained MLP stay 0.
    init_block_params(m.params, m.layout.tensors, splitmix64(seed ^ 0x7261696E5F677074ull), shape.n_layers,
                      [](const ParamTensor& t) { return t.shape.size() != 2 || !t.trained; });
    return m;
}

void resize_activations(Activations& a, const ModelShape& s, int B, int T) {
    if (a.B == B && a.T == T && int(a.layers.size()) == s.n_layers) return;
    const std::size_t N = std::size_t(B) * T, C = s.d_model, NH = s.n_heads;
    const std::size_t F = s.mlp ? std::size_t(s.d_ff()) : 0;
    const bool llama = s.arch == Arch::Llama;
    const std::size_t W = std::size_t(s.qkv_width()), FH = llama ? 2 * F : F;  // qkv row, fc row
    a.B = B;
    a.T = T;
    a.encoded.assign(N * C, 0.0f);
    a.layers.assign(s.n_layers, LayerActs{});
    for (LayerActs& l : a.layers) {
        l.ln1.assign(N * C, 0.0f);
        l.ln1_mean.assign(llama ? 0 : N, 0.0f);
        l.ln1_rstd.assign(N, 0.0f);
        l.qkv.assign(N * W, 0.0f);
        l.atty.assign(N * C, 0.0f);
        l.preatt.assign(B * NH * T * T, 0.0f);
        l.att.assign(B * NH * T * T, 0.0f);
        l.attproj.assign(N * C, 0.0f);
        l.res2.assign(N * C, 0.0f);
        l.ln2.assign(s.mlp ? N * C : 0, 0.0f);
        l.ln2_mean.assign(s.mlp && !llama ? N : 0, 0.0f);
        l.ln2_rstd.assign(s.mlp ? N : 0, 0.0f);
        l.fch.assign(N * FH, 0.0f);
        l.fch_gelu.assign(N * F, 0.0f);
        l.fcproj.assign(s.mlp ? N * C : 0, 0.0f);
        l.res3.assign(s.mlp ? N * C : 0, 0.0f);
    }
    a.lnf.assign(N * C, 0.0f);
    a.lnf_mean.assign(llama ? 0 : N, 0.0f);
    a.lnf_rstd.assign(N, 0.0f);
    a.head_rows.clear();  // the head's buffers are sized by each forward (S varies)
}

// The residual stream after layer l (res3, or res2 for an attention-only block).
static const float* layer_out(const ModelShape& s, const LayerActs& l) {
    return s.mlp ? l.res3.data() : l.res2.data();
}

float model_forward(ThreadPool& pool, const DecoderModel& m, Activations& a, const int* ids, const int* targets,
                    int B, int T) {
    const ModelShape& s = m.shape;
    if (s.arch == Arch::Llama) return llama_forward_pass(pool, m, a, ids, targets, B, T);
    assert(T <= s.n_positions && "model_forward: T beyond the position table");
    resize_activations(a, s, B, T);
    const int N = B * T, C = s.d_model, NH = s.n_heads, F = s.d_ff();
    const float* P = m.params.data();
    const ParamLayout& L = m.layout;

    encoder_forward(a.encoded.data(), ids, P + L.wte, P + L.wpe, N, T, C);  // (N, C)
    const float* x = a.encoded.data();                                       // (N, C) residual
    const BlockDims dims{B, T, C, NH, F, s.ln_eps, s.mlp, /*causal=*/true};
    for (int l = 0; l < s.n_layers; ++l) {
        block_forward(pool, P, L.layers[l], dims, x, a.layers[l]);  // (N, C) → (N, C)
        x = layer_out(s, a.layers[l]);
    }
    layernorm_forward(a.lnf.data(), a.lnf_mean.data(), a.lnf_rstd.data(), x, P + L.lnf_w, P + L.lnf_b, N, C,
                      s.ln_eps);                                                               // (N, C)
    return head_forward(m, a, targets);
}

float head_forward(const DecoderModel& m, Activations& a, const int* targets) {
    const int N = a.B * a.T, C = m.shape.d_model, V = m.shape.vocab;
    const float* P = m.params.data();
    // The head's rows: the scored positions, or all. Gathered into head_in when that is fewer.
    a.head_rows.clear();
    std::vector<int> head_targets;  // (S)
    for (int n = 0; n < N; ++n) {
        if (targets && targets[n] < 0) continue;
        a.head_rows.push_back(n);
        head_targets.push_back(targets ? targets[n] : -1);
    }
    const int S = int(a.head_rows.size());
    const float* head_x = a.lnf.data();  // (S, C)
    if (S < N) {
        a.head_in.resize(std::size_t(S) * C);
        for (int r = 0; r < S; ++r)
            std::copy_n(a.lnf.data() + std::size_t(a.head_rows[r]) * C, C, a.head_in.data() + std::size_t(r) * C);
        head_x = a.head_in.data();
    }
    a.logits.resize(std::size_t(S) * V);
    a.probs.resize(std::size_t(S) * V);
    a.losses.resize(S);
    // logits (S, V) = head_x (S, C) · wteᵀ (C, V): the tied output embedding
    logits_forward(a.logits.data(), head_x, P + m.layout.wte, S, C, V);
    return softmax_crossentropy_forward(a.probs.data(), a.losses.data(), a.logits.data(), head_targets.data(), S,
                                        V);
}

static void zero(Floats& v) { std::fill(v.begin(), v.end(), 0.0f); }

void block_forward(ThreadPool& pool, const float* P, const LayerOffsets& o, const BlockDims& dims, const float* x,
                   LayerActs& A) {
    const int B = dims.B, T = dims.T, N = B * T, C = dims.C, NH = dims.NH, F = dims.F;
    layernorm_forward(A.ln1.data(), A.ln1_mean.data(), A.ln1_rstd.data(), x, P + o.ln1_w, P + o.ln1_b, N, C,
                      dims.ln_eps);                                                             // (N, C)
    matmul_forward(pool, A.qkv.data(), A.ln1.data(), P + o.qkv_w, P + o.qkv_b, N, C, 3 * C);      // (N, 3C)
    attention_forward(pool, A.atty.data(), A.preatt.data(), A.att.data(), A.qkv.data(), B, T, C, NH,
                      dims.causal);                                                             // (N, C)
    matmul_forward(pool, A.attproj.data(), A.atty.data(), P + o.attproj_w, P + o.attproj_b, N, C, C);
    residual_forward(A.res2.data(), x, A.attproj.data(), N * C);                                // (N, C)
    if (!dims.mlp) return;
    layernorm_forward(A.ln2.data(), A.ln2_mean.data(), A.ln2_rstd.data(), A.res2.data(), P + o.ln2_w, P + o.ln2_b,
                      N, C, dims.ln_eps);                                                       // (N, C)
    matmul_forward(pool, A.fch.data(), A.ln2.data(), P + o.fc_w, P + o.fc_b, N, C, F);             // (N, 4C)
    gelu_forward(A.fch_gelu.data(), A.fch.data(), N * F);                                       // (N, 4C)
    matmul_forward(pool, A.fcproj.data(), A.fch_gelu.data(), P + o.fcproj_w, P + o.fcproj_b, N, F, C);
    residual_forward(A.res3.data(), A.res2.data(), A.fcproj.data(), N * C);                     // (N, C)
}

void block_backward(ThreadPool& pool, const float* P, float* G, const LayerOffsets& o, const BlockDims& dims,
                    const float* x_in, const LayerActs& A, LayerActs& D, Floats& dx_in) {
    const int B = dims.B, T = dims.T, N = B * T, C = dims.C, NH = dims.NH, F = dims.F;
    if (dims.mlp) {
        // res3 = res2 + fcproj
        zero(D.res2);
        zero(D.fcproj);
        residual_backward(D.res2.data(), D.fcproj.data(), D.res3.data(), N * C);
        zero(D.fch_gelu);
        matmul_backward(pool, D.fch_gelu.data(), G + o.fcproj_w, G + o.fcproj_b, D.fcproj.data(), A.fch_gelu.data(),
                        P + o.fcproj_w, N, F, C);
        zero(D.fch);
        gelu_backward(D.fch.data(), A.fch.data(), D.fch_gelu.data(), N * F);
        zero(D.ln2);
        matmul_backward(pool, D.ln2.data(), G + o.fc_w, G + o.fc_b, D.fch.data(), A.ln2.data(), P + o.fc_w, N, C, F);
        layernorm_backward(D.res2.data(), G + o.ln2_w, G + o.ln2_b, D.ln2.data(), A.res2.data(), P + o.ln2_w,
                           A.ln2_mean.data(), A.ln2_rstd.data(), N, C);
    }
    // res2 = x_in + attproj
    zero(dx_in);
    zero(D.attproj);
    residual_backward(dx_in.data(), D.attproj.data(), D.res2.data(), N * C);
    zero(D.atty);
    matmul_backward(pool, D.atty.data(), G + o.attproj_w, G + o.attproj_b, D.attproj.data(), A.atty.data(),
                    P + o.attproj_w, N, C, C);
    zero(D.qkv);
    attention_backward(pool, D.qkv.data(), D.att.data(), D.atty.data(), A.qkv.data(), A.att.data(), B, T, C, NH);
    zero(D.ln1);
    matmul_backward(pool, D.ln1.data(), G + o.qkv_w, G + o.qkv_b, D.qkv.data(), A.ln1.data(), P + o.qkv_w, N, C,
                    3 * C);
    layernorm_backward(dx_in.data(), G + o.ln1_w, G + o.ln1_b, D.ln1.data(), x_in, P + o.ln1_w, A.ln1_mean.data(),
                       A.ln1_rstd.data(), N, C);
}

void model_backward(ThreadPool& pool, DecoderModel& m, const Activations& a, Activations& d, const int* ids,
                    const int* targets) {
    const ModelShape& s = m.shape;
    if (s.arch == Arch::Llama) return llama_backward_pass(pool, m, a, d, ids, targets);
    const int B = a.B, T = a.T, N = B * T, C = s.d_model, NH = s.n_heads, F = s.d_ff();
    resize_activations(d, s, B, T);
    const float* P = m.params.data();
    float* G = m.grads.data();
    const ParamLayout& L = m.layout;
    std::fill(m.grads.begin(), m.grads.end(), 0.0f);

    head_backward(m, a, d, targets);

    // d of the residual stream: the last layer's output buffer in d
    Floats& dx_last = s.mlp ? d.layers.back().res3 : d.layers.back().res2;
    zero(dx_last);
    const float* x_last = layer_out(s, a.layers.back());
    layernorm_backward(dx_last.data(), G + L.lnf_w, G + L.lnf_b, d.lnf.data(), x_last, P + L.lnf_w,
                       a.lnf_mean.data(), a.lnf_rstd.data(), N, C);

    const BlockDims dims{B, T, C, NH, F, s.ln_eps, s.mlp, /*causal=*/true};
    for (int l = s.n_layers - 1; l >= 0; --l) {
        const float* x_in = l == 0 ? a.encoded.data() : layer_out(s, a.layers[l - 1]);  // (N, C)
        Floats& dx_in = l == 0 ? d.encoded : (s.mlp ? d.layers[l - 1].res3 : d.layers[l - 1].res2);
        block_backward(pool, P, G, L.layers[l], dims, x_in, a.layers[l], d.layers[l], dx_in);
    }
    encoder_backward(G + L.wte, G + L.wpe, d.encoded.data(), ids, N, T, C);
}

void head_backward(DecoderModel& m, const Activations& a, Activations& d, const int* targets) {
    const int N = a.B * a.T, C = m.shape.d_model, V = m.shape.vocab;
    const float* P = m.params.data();
    float* G = m.grads.data();
    // Only the buffers that receive += are zeroed; the others are overwritten.
    const int S = int(a.head_rows.size());
    std::vector<int> head_targets(S);  // (S)
    for (int r = 0; r < S; ++r) head_targets[r] = targets[a.head_rows[r]];
    d.logits.resize(std::size_t(S) * V);
    softmax_crossentropy_backward(d.logits.data(), a.probs.data(), head_targets.data(), S, V);  // (S, V)
    zero(d.lnf);
    // d x (S, C) += d logits (S, V) · wte (V, C);  d wte (V, C) += d logitsᵀ (V, S) · x (S, C)
    if (S < N) {
        d.head_in.assign(std::size_t(S) * C, 0.0f);
        logits_backward(d.head_in.data(), G + m.layout.wte, d.logits.data(), a.head_in.data(), P + m.layout.wte, S, C, V);
        for (int r = 0; r < S; ++r)  // scatter back: the unscored rows' gradient stays 0
            std::copy_n(d.head_in.data() + std::size_t(r) * C, C, d.lnf.data() + std::size_t(a.head_rows[r]) * C);
    } else {
        logits_backward(d.lnf.data(), G + m.layout.wte, d.logits.data(), a.lnf.data(), P + m.layout.wte, N, C, V);
    }
}

std::vector<std::vector<Mat>> attention_weights(const DecoderModel& m, const Activations& a, int b) {
    const int T = a.T, NH = m.shape.n_heads;
    std::vector<std::vector<Mat>> out(a.layers.size());
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        for (int h = 0; h < NH; ++h) {
            const float* att = a.layers[l].att.data() + (std::size_t(b) * NH + h) * T * T;  // (T, T)
            out[l].push_back(Eigen::Map<const Mat>(att, T, T));
        }
    }
    return out;
}

}  // namespace attn::train
