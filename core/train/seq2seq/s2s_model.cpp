// s2s_model.cpp — layout, initialisation, forward and backward of the trainable encoder–decoder
// (see s2s_model.h). Each post-LN sub-layer's forward sits next to its backward.
#include "core/train/seq2seq/s2s_model.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/attention/positional.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/task/task.h"
#include "core/train/train_ops.h"

namespace attn::train {

Status validate_s2s_shape(const S2SShape& s) {
    if (Status st = check_range("--layers", s.enc_layers, 1, 4); !st) return st;
    if (Status st = check_range("--layers", s.dec_layers, 1, 4); !st) return st;
    if (Status st = check_range("--heads", s.n_heads, 1, 8); !st) return st;
    if (Status st = check_range("--d-model", s.d_model, 16, 256); !st) return st;
    if (s.d_model % s.n_heads != 0)
        return Status::Error("--d-model " + std::to_string(s.d_model) + " is not divisible by --heads " +
                             std::to_string(s.n_heads) + ": every head gets d_model / heads channels.");
    if (s.vocab < 4) return Status::Error("The task's vocabulary is empty.");
    if (s.n_positions < 2) return Status::Error("The task's sequences are too short.");
    return Status::Ok();
}

S2SLayout make_s2s_layout(const S2SShape& s) {
    const int C = s.d_model, F = s.d_ff();
    S2SLayout L;
    auto add = [&](const std::string& name, std::vector<int> shape, bool decay) {
        return add_tensor(L.tensors, L.total, name, std::move(shape), decay);
    };
    L.embed = add("shared.weight", {s.vocab, C}, true);
    auto layer = [&](const std::string& h, bool cross) {
        S2SLayerOffsets o{};
        o.qkv_w = add(h + "self_attn.qkv.weight", {C, 3 * C}, true);
        o.qkv_b = add(h + "self_attn.qkv.bias", {3 * C}, false);
        o.proj_w = add(h + "self_attn.out_proj.weight", {C, C}, true);
        o.proj_b = add(h + "self_attn.out_proj.bias", {C}, false);
        o.ln1_w = add(h + "self_attn_layer_norm.weight", {C}, false);
        o.ln1_b = add(h + "self_attn_layer_norm.bias", {C}, false);
        if (cross) {
            o.cq_w = add(h + "encoder_attn.q.weight", {C, C}, true);
            o.cq_b = add(h + "encoder_attn.q.bias", {C}, false);
            o.ckv_w = add(h + "encoder_attn.kv.weight", {C, 2 * C}, true);
            o.ckv_b = add(h + "encoder_attn.kv.bias", {2 * C}, false);
            o.cproj_w = add(h + "encoder_attn.out_proj.weight", {C, C}, true);
            o.cproj_b = add(h + "encoder_attn.out_proj.bias", {C}, false);
            o.lnc_w = add(h + "encoder_attn_layer_norm.weight", {C}, false);
            o.lnc_b = add(h + "encoder_attn_layer_norm.bias", {C}, false);
        }
        o.fc1_w = add(h + "fc1.weight", {C, F}, true);
        o.fc1_b = add(h + "fc1.bias", {F}, false);
        o.fc2_w = add(h + "fc2.weight", {F, C}, true);
        o.fc2_b = add(h + "fc2.bias", {C}, false);
        o.ln2_w = add(h + "final_layer_norm.weight", {C}, false);
        o.ln2_b = add(h + "final_layer_norm.bias", {C}, false);
        return o;
    };
    for (int l = 0; l < s.enc_layers; ++l) L.enc.push_back(layer("encoder.layers." + std::to_string(l) + ".", false));
    for (int l = 0; l < s.dec_layers; ++l) L.dec.push_back(layer("decoder.layers." + std::to_string(l) + ".", true));
    return L;
}

S2SModel make_s2s_model(const S2SShape& shape, std::uint64_t seed) {
    S2SModel m;
    m.shape = shape;
    m.layout = make_s2s_layout(shape);
    m.params.assign(m.layout.total, 0.0f);
    m.grads.assign(m.layout.total, 0.0f);
    m.positions = sinusoidal_positions_halves(shape.n_positions, shape.d_model);
    NormalStream normal(splitmix64(seed ^ 0x7472616E5F733273ull));
    for (const ParamTensor& t : m.layout.tensors) {
        float* p = m.params.data() + t.offset;
        const bool norm = t.name.find("layer_norm") != std::string::npos;
        if (norm && t.name.find(".weight") != std::string::npos) {
            std::fill(p, p + t.size, 1.0f);
        } else if (t.shape.size() == 2) {
            for (std::size_t i = 0; i < t.size; ++i) p[i] = float(normal.next()) * 0.02f;
        }  // biases stay 0
    }
    return m;
}

namespace {

void zero(Floats& v) { std::fill(v.begin(), v.end(), 0.0f); }

void resize_layer(S2SLayerActs& l, const S2SShape& s, int B, int Tq, int S, bool cross) {
    const std::size_t N = std::size_t(B) * Tq, C = s.d_model, NH = s.n_heads, F = s.d_ff();
    for (Floats* f : {&l.atty, &l.attproj, &l.res1, &l.ln1, &l.fcproj, &l.res2, &l.ln2}) f->assign(N * C, 0.0f);
    for (Floats* f : {&l.ln1_mean, &l.ln1_rstd, &l.ln2_mean, &l.ln2_rstd}) f->assign(N, 0.0f);
    l.qkv.assign(N * 3 * C, 0.0f);
    l.preatt.assign(B * NH * Tq * Tq, 0.0f);
    l.att.assign(B * NH * Tq * Tq, 0.0f);
    l.fch.assign(N * F, 0.0f);
    l.fch_gelu.assign(N * F, 0.0f);
    if (!cross) return;
    for (Floats* f : {&l.cq, &l.catty, &l.cproj, &l.resc, &l.lnc}) f->assign(N * C, 0.0f);
    for (Floats* f : {&l.lnc_mean, &l.lnc_rstd}) f->assign(N, 0.0f);
    l.ckv.assign(std::size_t(B) * S * 2 * C, 0.0f);
    l.cpreatt.assign(B * NH * Tq * S, 0.0f);
    l.catt.assign(B * NH * Tq * S, 0.0f);
}

void resize(S2SActs& a, const S2SShape& s, int B, int S, int T) {
    if (a.B == B && a.S == S && a.T == T && int(a.enc.size()) == s.enc_layers) return;
    a.B = B, a.S = S, a.T = T;
    const std::size_t C = s.d_model;
    a.src_x.assign(std::size_t(B) * S * C, 0.0f);
    a.tgt_x.assign(std::size_t(B) * T * C, 0.0f);
    a.enc_out_grad.assign(std::size_t(B) * S * C, 0.0f);
    a.enc.assign(s.enc_layers, {});
    a.dec.assign(s.dec_layers, {});
    for (S2SLayerActs& l : a.enc) resize_layer(l, s, B, S, S, false);
    for (S2SLayerActs& l : a.dec) resize_layer(l, s, B, T, S, true);
}

// x (N, C) = E[ids]·scale + P[n % T]; backward: dE[ids] += dx·scale (the positions are fixed).
void embed_forward(float* x, const int* ids, const float* E, const Mat& P, float scale, int N, int T, int C) {
    for (int n = 0; n < N; ++n) {
        const float* e = E + std::size_t(ids[n]) * C;
        float* o = x + std::size_t(n) * C;
        for (int c = 0; c < C; ++c) o[c] = e[c] * scale + P(n % T, c);
    }
}

void embed_backward(float* dE, const int* ids, const float* dx, float scale, int N, int C) {
    for (int n = 0; n < N; ++n) {
        const float* d = dx + std::size_t(n) * C;
        float* de = dE + std::size_t(ids[n]) * C;
        for (int c = 0; c < C; ++c) de[c] += d[c] * scale;
    }
}

// The post-LN step: out = LN(x + y) (N, C), res keeps x + y.
void add_norm_forward(float* out, float* mean, float* rstd, float* res, const float* x, const float* y,
                      const float* w, const float* b, int N, int C, float eps) {
    residual_forward(res, x, y, N * C);
    layernorm_forward(out, mean, rstd, res, w, b, N, C, eps);
}
// dres (N, C) is overwritten with d(x + y): the gradient of both x and y.
void add_norm_backward(Floats& dres, float* dw, float* db, const float* dout, const float* res, const float* w,
                       const float* mean, const float* rstd, int N, int C) {
    zero(dres);
    layernorm_backward(dres.data(), dw, db, dout, res, w, mean, rstd, N, C);
}

struct Dims {
    int B, Tq, S, C, NH, F;
    float eps;
    const int* src_len;
};

// Self-attention sub-layer: A.ln1 = LN_1(x + proj(attention(qkv(x)))); causal for the decoder,
// over the real source keys for the encoder.
void self_forward(ThreadPool& pool, const float* P, const S2SLayerOffsets& o, const Dims& d, bool causal,
                  const float* x, S2SLayerActs& A) {
    const int N = d.B * d.Tq, C = d.C;
    matmul_forward(pool, A.qkv.data(), x, P + o.qkv_w, P + o.qkv_b, N, C, 3 * C);               // (N, 3C)
    const AttnDims ad{d.B, d.Tq, d.Tq, C, d.NH, causal, causal ? nullptr : d.src_len};
    mh_attention_forward(pool, A.atty.data(), A.preatt.data(), A.att.data(), A.qkv.data(), 3 * C,
                         A.qkv.data() + C, A.qkv.data() + 2 * C, 3 * C, ad);                      // (N, C)
    matmul_forward(pool, A.attproj.data(), A.atty.data(), P + o.proj_w, P + o.proj_b, N, C, C);
    add_norm_forward(A.ln1.data(), A.ln1_mean.data(), A.ln1_rstd.data(), A.res1.data(), x, A.attproj.data(),
                     P + o.ln1_w, P + o.ln1_b, N, C, d.eps);
}
// From D.ln1 (the sub-layer's output gradient) to dx (N, C, overwritten).
void self_backward(ThreadPool& pool, const float* P, float* G, const S2SLayerOffsets& o, const Dims& d, bool causal,
                   const float* x, const S2SLayerActs& A, S2SLayerActs& D, Floats& dx) {
    const int N = d.B * d.Tq, C = d.C;
    add_norm_backward(D.res1, G + o.ln1_w, G + o.ln1_b, D.ln1.data(), A.res1.data(), P + o.ln1_w,
                      A.ln1_mean.data(), A.ln1_rstd.data(), N, C);
    std::copy(D.res1.begin(), D.res1.end(), dx.begin());  // the residual path
    zero(D.atty);
    matmul_backward(pool, D.atty.data(), G + o.proj_w, G + o.proj_b, D.res1.data(), A.atty.data(), P + o.proj_w, N, C,
                    C);
    zero(D.qkv);
    const AttnDims ad{d.B, d.Tq, d.Tq, C, d.NH, causal, causal ? nullptr : d.src_len};
    mh_attention_backward(pool, D.qkv.data(), D.qkv.data() + C, D.qkv.data() + 2 * C, D.att.data(), D.atty.data(),
                          A.qkv.data(), 3 * C, A.qkv.data() + C, A.qkv.data() + 2 * C, 3 * C, A.att.data(), ad);
    matmul_backward(pool, dx.data(), G + o.qkv_w, G + o.qkv_b, D.qkv.data(), x, P + o.qkv_w, N, C, 3 * C);
}

// Cross-attention sub-layer: A.lnc = LN_c(A.ln1 + cproj(attention(q(A.ln1), kv(enc)))).
void cross_forward(ThreadPool& pool, const float* P, const S2SLayerOffsets& o, const Dims& d, const float* enc,
                   S2SLayerActs& A) {
    const int N = d.B * d.Tq, C = d.C;
    matmul_forward(pool, A.cq.data(), A.ln1.data(), P + o.cq_w, P + o.cq_b, N, C, C);            // (N, C)
    matmul_forward(pool, A.ckv.data(), enc, P + o.ckv_w, P + o.ckv_b, d.B * d.S, C, 2 * C);      // (B·S, 2C)
    const AttnDims ad{d.B, d.Tq, d.S, C, d.NH, false, d.src_len};
    mh_attention_forward(pool, A.catty.data(), A.cpreatt.data(), A.catt.data(), A.cq.data(), C, A.ckv.data(),
                         A.ckv.data() + C, 2 * C, ad);                                            // (N, C)
    matmul_forward(pool, A.cproj.data(), A.catty.data(), P + o.cproj_w, P + o.cproj_b, N, C, C);
    add_norm_forward(A.lnc.data(), A.lnc_mean.data(), A.lnc_rstd.data(), A.resc.data(), A.ln1.data(), A.cproj.data(),
                     P + o.lnc_w, P + o.lnc_b, N, C, d.eps);
}
// From D.lnc to D.ln1 (overwritten) and denc (+=, B·S × C).
void cross_backward(ThreadPool& pool, const float* P, float* G, const S2SLayerOffsets& o, const Dims& d,
                    const float* enc, const S2SLayerActs& A, S2SLayerActs& D, float* denc) {
    const int N = d.B * d.Tq, C = d.C;
    add_norm_backward(D.resc, G + o.lnc_w, G + o.lnc_b, D.lnc.data(), A.resc.data(), P + o.lnc_w,
                      A.lnc_mean.data(), A.lnc_rstd.data(), N, C);
    std::copy(D.resc.begin(), D.resc.end(), D.ln1.begin());  // the residual path
    zero(D.catty);
    matmul_backward(pool, D.catty.data(), G + o.cproj_w, G + o.cproj_b, D.resc.data(), A.catty.data(), P + o.cproj_w,
                    N, C, C);
    zero(D.cq);
    zero(D.ckv);
    const AttnDims ad{d.B, d.Tq, d.S, C, d.NH, false, d.src_len};
    mh_attention_backward(pool, D.cq.data(), D.ckv.data(), D.ckv.data() + C, D.catt.data(), D.catty.data(),
                          A.cq.data(), C, A.ckv.data(), A.ckv.data() + C, 2 * C, A.catt.data(), ad);
    matmul_backward(pool, D.ln1.data(), G + o.cq_w, G + o.cq_b, D.cq.data(), A.ln1.data(), P + o.cq_w, N, C, C);
    matmul_backward(pool, denc, G + o.ckv_w, G + o.ckv_b, D.ckv.data(), enc, P + o.ckv_w, d.B * d.S, C, 2 * C);
}

// Feed-forward sub-layer: A.ln2 = LN_2(h + fc2(gelu(fc1(h)))), h = the previous sub-layer's output.
void ffn_forward(ThreadPool& pool, const float* P, const S2SLayerOffsets& o, const Dims& d, const float* h,
                 S2SLayerActs& A) {
    const int N = d.B * d.Tq, C = d.C, F = d.F;
    matmul_forward(pool, A.fch.data(), h, P + o.fc1_w, P + o.fc1_b, N, C, F);                      // (N, F)
    gelu_forward(A.fch_gelu.data(), A.fch.data(), N * F);
    matmul_forward(pool, A.fcproj.data(), A.fch_gelu.data(), P + o.fc2_w, P + o.fc2_b, N, F, C);   // (N, C)
    add_norm_forward(A.ln2.data(), A.ln2_mean.data(), A.ln2_rstd.data(), A.res2.data(), h, A.fcproj.data(),
                     P + o.ln2_w, P + o.ln2_b, N, C, d.eps);
}
// From D.ln2 to dh (overwritten).
void ffn_backward(ThreadPool& pool, const float* P, float* G, const S2SLayerOffsets& o, const Dims& d, const float* h,
                  const S2SLayerActs& A, S2SLayerActs& D, float* dh) {
    const int N = d.B * d.Tq, C = d.C, F = d.F;
    add_norm_backward(D.res2, G + o.ln2_w, G + o.ln2_b, D.ln2.data(), A.res2.data(), P + o.ln2_w,
                      A.ln2_mean.data(), A.ln2_rstd.data(), N, C);
    std::copy(D.res2.begin(), D.res2.end(), dh);  // the residual path
    zero(D.fch_gelu);
    matmul_backward(pool, D.fch_gelu.data(), G + o.fc2_w, G + o.fc2_b, D.res2.data(), A.fch_gelu.data(), P + o.fc2_w,
                    N, F, C);
    zero(D.fch);
    gelu_backward(D.fch.data(), A.fch.data(), D.fch_gelu.data(), N * F);
    matmul_backward(pool, dh, G + o.fc1_w, G + o.fc1_b, D.fch.data(), h, P + o.fc1_w, N, C, F);
}

}  // namespace

float s2s_forward(ThreadPool& pool, const S2SModel& m, S2SActs& a, const int* src, const int* src_len,
                  const int* dec, const int* targets, int B, int S, int T) {
    const S2SShape& s = m.shape;
    assert(S <= s.n_positions && T <= s.n_positions && "s2s_forward: longer than the position table");
    resize(a, s, B, S, T);
    a.src_len.assign(src_len, src_len + B);
    const int C = s.d_model, V = s.vocab;
    const float* P = m.params.data();
    const float scale = std::sqrt(float(C));
    const Dims de{B, S, S, C, s.n_heads, s.d_ff(), s.ln_eps, a.src_len.data()};
    const Dims dd{B, T, S, C, s.n_heads, s.d_ff(), s.ln_eps, a.src_len.data()};

    embed_forward(a.src_x.data(), src, P + m.layout.embed, m.positions, scale, B * S, S, C);  // (B·S, C)
    const float* x = a.src_x.data();
    for (int l = 0; l < s.enc_layers; ++l) {
        S2SLayerActs& A = a.enc[l];
        self_forward(pool, P, m.layout.enc[l], de, /*causal=*/false, x, A);
        ffn_forward(pool, P, m.layout.enc[l], de, A.ln1.data(), A);
        x = A.ln2.data();
    }
    const float* enc = x;  // (B·S, C) the encoder's output

    embed_forward(a.tgt_x.data(), dec, P + m.layout.embed, m.positions, scale, B * T, T, C);  // (B·T, C)
    const float* y = a.tgt_x.data();
    for (int l = 0; l < s.dec_layers; ++l) {
        S2SLayerActs& A = a.dec[l];
        self_forward(pool, P, m.layout.dec[l], dd, /*causal=*/true, y, A);
        cross_forward(pool, P, m.layout.dec[l], dd, enc, A);
        ffn_forward(pool, P, m.layout.dec[l], dd, A.lnc.data(), A);
        y = A.ln2.data();
    }

    // The head: the scored rows (all without targets), logits = y · Eᵀ, softmax, loss.
    const int N = B * T;
    a.head_rows.clear();
    std::vector<int> head_targets;  // (R)
    for (int n = 0; n < N; ++n) {
        if (targets && targets[n] < 0) continue;
        a.head_rows.push_back(n);
        head_targets.push_back(targets ? targets[n] : -1);
    }
    const int R = int(a.head_rows.size());
    a.head_in.resize(std::size_t(R) * C);
    for (int r = 0; r < R; ++r) std::copy_n(y + std::size_t(a.head_rows[r]) * C, C, a.head_in.data() + std::size_t(r) * C);
    a.logits.resize(std::size_t(R) * V);
    a.probs.resize(std::size_t(R) * V);
    a.losses.resize(R);
    logits_forward(a.logits.data(), a.head_in.data(), P + m.layout.embed, R, C, V);  // (R, V)
    return softmax_crossentropy_forward(a.probs.data(), a.losses.data(), a.logits.data(), head_targets.data(), R, V);
}

void s2s_backward(ThreadPool& pool, S2SModel& m, const S2SActs& a, S2SActs& d, const int* src, const int* dec,
                  const int* targets) {
    const S2SShape& s = m.shape;
    const int B = a.B, S = a.S, T = a.T, C = s.d_model, V = s.vocab;
    resize(d, s, B, S, T);
    const float* P = m.params.data();
    float* G = m.grads.data();
    std::fill(m.grads.begin(), m.grads.end(), 0.0f);
    const float scale = std::sqrt(float(C));
    const Dims de{B, S, S, C, s.n_heads, s.d_ff(), s.ln_eps, a.src_len.data()};
    const Dims dd{B, T, S, C, s.n_heads, s.d_ff(), s.ln_eps, a.src_len.data()};

    // The head: d logits (R, V) → d head_in (R, C) → the decoder output's rows (others stay 0).
    const int R = int(a.head_rows.size());
    std::vector<int> head_targets(R);
    for (int r = 0; r < R; ++r) head_targets[r] = targets[a.head_rows[r]];
    d.logits.resize(std::size_t(R) * V);
    softmax_crossentropy_backward(d.logits.data(), a.probs.data(), head_targets.data(), R, V);
    d.head_in.assign(std::size_t(R) * C, 0.0f);
    logits_backward(d.head_in.data(), G + m.layout.embed, d.logits.data(), a.head_in.data(), P + m.layout.embed, R, C,
                    V);
    Floats& dy_out = d.dec.back().ln2;
    zero(dy_out);
    for (int r = 0; r < R; ++r)
        std::copy_n(d.head_in.data() + std::size_t(r) * C, C, dy_out.data() + std::size_t(a.head_rows[r]) * C);

    const float* enc = a.enc.back().ln2.data();
    zero(d.enc_out_grad);
    for (int l = s.dec_layers - 1; l >= 0; --l) {
        const S2SLayerActs& A = a.dec[l];
        S2SLayerActs& D = d.dec[l];
        const float* y_in = l == 0 ? a.tgt_x.data() : a.dec[l - 1].ln2.data();
        Floats& dy_in = l == 0 ? d.tgt_x : d.dec[l - 1].ln2;
        ffn_backward(pool, P, G, m.layout.dec[l], dd, A.lnc.data(), A, D, D.lnc.data());
        cross_backward(pool, P, G, m.layout.dec[l], dd, enc, A, D, d.enc_out_grad.data());
        self_backward(pool, P, G, m.layout.dec[l], dd, /*causal=*/true, y_in, A, D, dy_in);
    }
    embed_backward(G + m.layout.embed, dec, d.tgt_x.data(), scale, B * T, C);

    std::copy(d.enc_out_grad.begin(), d.enc_out_grad.end(), d.enc.back().ln2.begin());
    for (int l = s.enc_layers - 1; l >= 0; --l) {
        const S2SLayerActs& A = a.enc[l];
        S2SLayerActs& D = d.enc[l];
        const float* x_in = l == 0 ? a.src_x.data() : a.enc[l - 1].ln2.data();
        Floats& dx_in = l == 0 ? d.src_x : d.enc[l - 1].ln2;
        ffn_backward(pool, P, G, m.layout.enc[l], de, A.ln1.data(), A, D, D.ln1.data());
        self_backward(pool, P, G, m.layout.enc[l], de, /*causal=*/false, x_in, A, D, dx_in);
    }
    embed_backward(G + m.layout.embed, src, d.src_x.data(), scale, B * S, C);
}

S2SAttention s2s_attention(const S2SModel& m, const S2SActs& a, int b) {
    const int NH = m.shape.n_heads, S = a.S, T = a.T, keys = a.src_len[b];
    auto cut = [&](const Floats& w, int Tq, int Tk, int rows, int cols, int h) {
        const float* p = w.data() + (std::size_t(b) * NH + h) * Tq * Tk;  // (Tq, Tk)
        return Mat(Eigen::Map<const Mat>(p, Tq, Tk).topLeftCorner(rows, cols));
    };
    S2SAttention out;
    for (const S2SLayerActs& l : a.enc) {
        out.encoder.emplace_back();
        for (int h = 0; h < NH; ++h) out.encoder.back().push_back(cut(l.att, S, S, keys, keys, h));
    }
    for (const S2SLayerActs& l : a.dec) {
        out.decoder.emplace_back();
        out.cross.emplace_back();
        for (int h = 0; h < NH; ++h) {
            out.decoder.back().push_back(cut(l.att, T, T, T, T, h));
            out.cross.back().push_back(cut(l.catt, T, S, T, keys, h));
        }
    }
    return out;
}

}  // namespace attn::train
