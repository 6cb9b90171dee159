// train_ops_llama.cpp — forward and backward of the modern decoder's ops (see train_ops_llama.h).
//
// Shapes: N = B·T rows, C channels, F the SwiGLU width, NH query heads and NKV key/value heads of
// hs channels each.
#include "core/train/train_ops_llama.h"

#include <cassert>
#include <cmath>

#include <Eigen/Core>

#include "core/base/matrix.h"
#include "core/base/parallel.h"

namespace attn::train {

using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXf>;

// ---------------------------------------------------------------------------------------------
// Token embeddings.
void embed_forward(float* out, const int* ids, const float* wte, int N, int C) {
    for (int n = 0; n < N; ++n)
        ArrayMap(out + static_cast<long>(n) * C, C) = ConstArrayMap(wte + static_cast<long>(ids[n]) * C, C);
}

void embed_backward(float* dwte, const float* dout, const int* ids, int N, int C) {
    for (int n = 0; n < N; ++n)
        ArrayMap(dwte + static_cast<long>(ids[n]) * C, C) += ConstArrayMap(dout + static_cast<long>(n) * C, C);
}

// ---------------------------------------------------------------------------------------------
// RMSNorm: y = x · rstd ⊙ w.
void rmsnorm_forward(float* out, float* rstd, const float* inp, const float* w, int N, int C, float eps) {
    const ConstArrayMap wa(w, C);  // (C)
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap x(inp + static_cast<long>(n) * C, C);  // (C)
        const float s = 1.0f / std::sqrt(x.square().sum() / float(C) + eps);
        ArrayMap(out + static_cast<long>(n) * C, C) = x * s * wa;  // (C)
        rstd[n] = s;
    }
}

// With x̂ = x · rstd and g = dy ⊙ w:  dx = rstd · (g − x̂ · mean(g ⊙ x̂))  (LayerNorm's without the
// mean terms: d rstd / dx = −rstd³ x / C).
void rmsnorm_backward(float* dinp, float* dw, const float* dout, const float* inp, const float* w,
                      const float* rstd, int N, int C) {
    const ConstArrayMap wa(w, C);  // (C)
    ArrayMap dwa(dw, C);           // (C)
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap dy(dout + static_cast<long>(n) * C, C);  // (C)
        const ConstArrayMap x(inp + static_cast<long>(n) * C, C);    // (C)
        ArrayMap dx(dinp + static_cast<long>(n) * C, C);             // (C)
        const float s = rstd[n];
        const auto xh = x * s;
        const auto g = dy * wa;
        const float gx_mean = (g * xh).sum() / float(C);
        dwa += dy * xh;
        dx += s * (g - xh * gx_mean);
    }
}

// ---------------------------------------------------------------------------------------------
// SwiGLU: out = silu(gate) ⊙ up on the halves of each fused row.
void swiglu_forward(float* out, const float* h, int N, int F) {
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap g(h + static_cast<long>(n) * 2 * F, F);      // (F) gate
        const ConstArrayMap u(h + static_cast<long>(n) * 2 * F + F, F);  // (F) up
        ArrayMap(out + static_cast<long>(n) * F, F) = g / (1.0f + (-g).exp()) * u;
    }
}

void swiglu_backward(float* dh, const float* dout, const float* h, int N, int F) {
    Eigen::ArrayXf sig(F);  // (F) σ(gate)
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap g(h + static_cast<long>(n) * 2 * F, F);      // (F)
        const ConstArrayMap u(h + static_cast<long>(n) * 2 * F + F, F);  // (F)
        const ConstArrayMap dy(dout + static_cast<long>(n) * F, F);      // (F)
        ArrayMap dg(dh + static_cast<long>(n) * 2 * F, F);               // (F)
        ArrayMap du(dh + static_cast<long>(n) * 2 * F + F, F);           // (F)
        sig = 1.0f / (1.0f + (-g).exp());
        // d silu / dg = σ + g σ (1 − σ) = σ (1 + g (1 − σ))
        dg += dy * u * sig * (1.0f + g * (1.0f - sig));
        du += dy * g * sig;
    }
}

// ---------------------------------------------------------------------------------------------
// RoPE: a rotation of each pair (i, i + hs/2) by angle(t, i); backward rotates by the negative.
static void rotate(float* x, const float* cos, const float* sin, int N, int T, int stride, int heads, int hs,
                   float sign) {
    const int half = hs / 2;
    assert(hs % 2 == 0 && heads * hs <= stride);
    for (int n = 0; n < N; ++n) {
        const int t = n % T;
        const float* c = cos + static_cast<long>(t) * half;  // (hs/2)
        const float* s = sin + static_cast<long>(t) * half;  // (hs/2)
        for (int hd = 0; hd < heads; ++hd) {
            float* v = x + static_cast<long>(n) * stride + static_cast<long>(hd) * hs;  // (hs)
            for (int i = 0; i < half; ++i) {
                const float a = v[i], b = v[i + half], si = sign * s[i];
                v[i] = a * c[i] - b * si;
                v[i + half] = b * c[i] + a * si;
            }
        }
    }
}

void rope_forward(float* x, const float* cos, const float* sin, int N, int T, int stride, int heads, int hs) {
    rotate(x, cos, sin, N, T, stride, heads, hs, 1.0f);
}

// y = R x with R orthogonal, so dx = Rᵀ dy = R⁻¹ dy: the same rotation by −angle.
void rope_backward(float* dx, const float* cos, const float* sin, int N, int T, int stride, int heads, int hs) {
    rotate(dx, cos, sin, N, T, stride, heads, hs, -1.0f);
}

// ---------------------------------------------------------------------------------------------
// Grouped-query attention: train_ops.cpp's attention with the K/V slices chosen per group.
using Strided = Eigen::Map<Mat, 0, Eigen::OuterStride<>>;
using ConstStrided = Eigen::Map<const Mat, 0, Eigen::OuterStride<>>;

void gqa_attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* qkv, int B, int T,
                           int NH, int NKV, int hs) {
    assert(NKV >= 1 && NH % NKV == 0);
    const int C = NH * hs, KC = NKV * hs, W = C + 2 * KC;  // W: a qkv row
    const int group = NH / NKV;
    const float scale = 1.0f / std::sqrt(float(hs));
    pool.parallel_for(B * NH, [&](int bh) {
        const int b = bh / NH, h = bh % NH, g = h / group;
        const float* base = qkv + static_cast<long>(b) * T * W;                        // (T, W) this sequence
        const ConstStrided q(base + h * hs, T, hs, Eigen::OuterStride<>(W));            // (T, hs)
        const ConstStrided k(base + C + g * hs, T, hs, Eigen::OuterStride<>(W));        // (T, hs)
        const ConstStrided v(base + C + KC + g * hs, T, hs, Eigen::OuterStride<>(W));   // (T, hs)
        Eigen::Map<Mat> pre(preatt + static_cast<long>(bh) * T * T, T, T);              // (T, T)
        Eigen::Map<Mat> a(att + static_cast<long>(bh) * T * T, T, T);                   // (T, T)
        pre.noalias() = q * k.transpose();
        for (int i = 0; i < T; ++i) {
            auto z = pre.row(i).head(i + 1).array() * scale;  // keys j ≤ i
            const float maxval = z.maxCoeff();
            a.row(i).head(i + 1) = (z - maxval).exp().matrix();
            a.row(i).head(i + 1) *= 1.0f / a.row(i).head(i + 1).sum();
            pre.row(i).tail(T - i - 1).setZero();
            a.row(i).tail(T - i - 1).setZero();
        }
        Strided o(out + static_cast<long>(b) * T * C + h * hs, T, hs, Eigen::OuterStride<>(C));  // (T, hs)
        o.noalias() = a * v;
    });
}

void gqa_attention_backward(ThreadPool& pool, float* dqkv, float* datt, const float* dout, const float* qkv,
                            const float* att, int B, int T, int NH, int NKV, int hs) {
    const int C = NH * hs, KC = NKV * hs, W = C + 2 * KC;
    const int group = NH / NKV;
    const float scale = 1.0f / std::sqrt(float(hs));
    pool.parallel_for(B * NKV, [&](int bg) {
        const int b = bg / NKV, g = bg % NKV;
        const float* base = qkv + static_cast<long>(b) * T * W;  // (T, W)
        float* dbase = dqkv + static_cast<long>(b) * T * W;      // (T, W)
        const ConstStrided k(base + C + g * hs, T, hs, Eigen::OuterStride<>(W));       // (T, hs)
        const ConstStrided v(base + C + KC + g * hs, T, hs, Eigen::OuterStride<>(W));  // (T, hs)
        Strided dk(dbase + C + g * hs, T, hs, Eigen::OuterStride<>(W));
        Strided dv(dbase + C + KC + g * hs, T, hs, Eigen::OuterStride<>(W));
        for (int h = g * group; h < (g + 1) * group; ++h) {  // the group's query heads, in order
            const long bh = static_cast<long>(b) * NH + h;
            const ConstStrided q(base + h * hs, T, hs, Eigen::OuterStride<>(W));
            Strided dq(dbase + h * hs, T, hs, Eigen::OuterStride<>(W));
            const ConstStrided d_o(dout + static_cast<long>(b) * T * C + h * hs, T, hs, Eigen::OuterStride<>(C));
            const Eigen::Map<const Mat> a(att + bh * T * T, T, T);  // (T, T)
            Eigen::Map<Mat> dz(datt + bh * T * T, T, T);            // (T, T) scratch
            // out = A V:  dA = dO Vᵀ,  dV += Aᵀ dO (summed over the group)
            dz.noalias() = d_o * v.transpose();
            dv.noalias() += a.transpose() * d_o;
            // softmax backward, then z = scale · Q Kᵀ (hidden weights are 0, so their dz is 0)
            for (int i = 0; i < T; ++i) {
                const float dot = a.row(i).dot(dz.row(i));
                dz.row(i) = (a.row(i).array() * (dz.row(i).array() - dot) * scale).matrix();
            }
            dq.noalias() += dz * k;
            dk.noalias() += dz.transpose() * q;  // summed over the group
        }
    });
}

}  // namespace attn::train
