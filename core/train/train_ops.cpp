// train_ops.cpp — forward and backward of every training op, side by side (see train_ops.h).
//
// Shapes: N = B·T rows, C channels, OC output channels, NH heads of hs = C / NH, V vocabulary.
#include "core/train/train_ops.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <Eigen/Core>

#include "core/base/gemm.h"
#include "core/base/matrix.h"
#include "core/base/parallel.h"

namespace attn::train {

using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXf>;

int work_blocks(long long work, int n) {
    // ~512K multiply-adds per block keep a block's fixed cost (a pool hand-out, an sgemm call)
    // small; at most 8 blocks, at most one per row/column.
    constexpr long long kPerBlock = 2048 * 1024;
    long long blocks = std::max(1LL, work / kPerBlock);
    blocks = std::min<long long>({blocks, 8LL, static_cast<long long>(std::max(1, n))});
    return int(blocks);
}

// The range [begin, end) of block `i` of `blocks` over n items.
static void block_range(int i, int blocks, int n, int& begin, int& end) {
    begin = int(static_cast<long long>(n) * i / blocks);
    end = int(static_cast<long long>(n) * (i + 1) / blocks);
}

// ---------------------------------------------------------------------------------------------
// Encoder: token + position embeddings.
void encoder_forward(float* out, const int* ids, const float* wte, const float* wpe, int N, int T, int C) {
    for (int n = 0; n < N; ++n) {
        float* o = out + static_cast<long>(n) * C;            // (C)
        const float* e = wte + static_cast<long>(ids[n]) * C; // (C)
        const float* p = wpe + static_cast<long>(n % T) * C;  // (C)
        for (int c = 0; c < C; ++c) o[c] = e[c] + p[c];
    }
}

void encoder_backward(float* dwte, float* dwpe, const float* dout, const int* ids, int N, int T, int C) {
    for (int n = 0; n < N; ++n) {
        const float* d = dout + static_cast<long>(n) * C;     // (C)
        float* de = dwte + static_cast<long>(ids[n]) * C;     // (C)
        float* dp = dwpe + static_cast<long>(n % T) * C;      // (C)
        for (int c = 0; c < C; ++c) {
            de[c] += d[c];
            dp[c] += d[c];
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Vision Transformer input: [cls; patches · E + b] + positions.
void vit_embed_forward(float* out, const float* embedded, const float* cls, const float* pos, int B, int Np, int C) {
    const int T = Np + 1;
    for (int b = 0; b < B; ++b) {
        for (int t = 0; t < T; ++t) {
            float* o = out + (static_cast<long>(b) * T + t) * C;                                     // (C)
            const float* e = t == 0 ? cls : embedded + (static_cast<long>(b) * Np + t - 1) * C;    // (C)
            const float* p = pos + static_cast<long>(t) * C;                                        // (C)
            for (int c = 0; c < C; ++c) o[c] = e[c] + p[c];
        }
    }
}

void vit_embed_backward(float* dembedded, float* dcls, float* dpos, const float* dout, int B, int Np, int C) {
    const int T = Np + 1;
    for (int b = 0; b < B; ++b) {
        for (int t = 0; t < T; ++t) {
            const float* d = dout + (static_cast<long>(b) * T + t) * C;                            // (C)
            float* de = t == 0 ? dcls : dembedded + (static_cast<long>(b) * Np + t - 1) * C;      // (C)
            float* dp = dpos + static_cast<long>(t) * C;                                          // (C)
            for (int c = 0; c < C; ++c) {
                de[c] += d[c];
                dp[c] += d[c];
            }
        }
    }
}

void gather_rows_forward(float* out, const float* inp, int B, int stride, int C) {
    for (int b = 0; b < B; ++b)
        std::copy_n(inp + static_cast<long>(b) * stride * C, C, out + static_cast<long>(b) * C);
}

void gather_rows_backward(float* dinp, const float* dout, int B, int stride, int C) {
    for (int b = 0; b < B; ++b) {
        float* d = dinp + static_cast<long>(b) * stride * C;  // (C)
        const float* g = dout + static_cast<long>(b) * C;     // (C)
        for (int c = 0; c < C; ++c) d[c] += g[c];
    }
}

// ---------------------------------------------------------------------------------------------
// LayerNorm: y = (x − μ) · rstd · w + b,  rstd = 1 / √(σ² + eps).
void layernorm_forward(float* out, float* mean, float* rstd, const float* inp, const float* w,
                       const float* b, int N, int C, float eps) {
    const ConstArrayMap wa(w, C), ba(b, C);  // (C)
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap x(inp + static_cast<long>(n) * C, C);  // (C)
        const float m = x.sum() / float(C);
        const float v = (x - m).square().sum() / float(C);
        const float s = 1.0f / std::sqrt(v + eps);
        ArrayMap(out + static_cast<long>(n) * C, C) = (x - m) * s * wa + ba;  // (C)
        mean[n] = m;
        rstd[n] = s;
    }
}

// With x̂ = (x − μ)·rstd and g = dy ⊙ w:  dx = rstd · (g − mean(g) − x̂ · mean(g ⊙ x̂)).
void layernorm_backward(float* dinp, float* dw, float* db, const float* dout, const float* inp,
                        const float* w, const float* mean, const float* rstd, int N, int C) {
    const ConstArrayMap wa(w, C);    // (C)
    ArrayMap dwa(dw, C), dba(db, C);  // (C)
    for (int n = 0; n < N; ++n) {
        const ConstArrayMap dy(dout + static_cast<long>(n) * C, C);  // (C)
        const ConstArrayMap x(inp + static_cast<long>(n) * C, C);    // (C)
        ArrayMap dx(dinp + static_cast<long>(n) * C, C);             // (C)
        const float m = mean[n], s = rstd[n];
        const auto xh = (x - m) * s;
        const auto g = dy * wa;
        const float g_mean = g.sum() / float(C);
        const float gx_mean = (g * xh).sum() / float(C);
        dba += dy;
        dwa += dy * xh;
        dx += s * (g - g_mean - xh * gx_mean);
    }
}

// ---------------------------------------------------------------------------------------------
// Linear (Conv1D layout): out = inp · w + b.
//
// Products through OpenBLAS (core/base/gemm.h): the pthread build, safe when several threads call
// it at once (the serial build was not: tests/test_gemm_threads.cpp), one OpenBLAS thread per call,
// blocks split over the state's own pool.
using MatMap = Eigen::Map<Mat>;
using ConstRowVecMap = Eigen::Map<const RowVec>;

void matmul_forward(ThreadPool& pool, float* out, const float* inp, const float* w, const float* b,
                    int N, int C, int OC) {
    const int blocks = work_blocks(static_cast<long long>(N) * C * OC, N);
    pool.parallel_for(blocks, [&](int i) {
        int r0, r1;
        block_range(i, blocks, N, r0, r1);
        float* y = out + static_cast<long>(r0) * OC;  // (rows, OC)
        // y (rows, OC) = x (rows, C) · w (C, OC)
        gemm_rows(false, false, r1 - r0, OC, C, inp + static_cast<long>(r0) * C, C, w, OC, 0.0f, y, OC);
        if (b) MatMap(y, r1 - r0, OC).rowwise() += ConstRowVecMap(b, OC);
    });
}

void matmul_backward(ThreadPool& pool, float* dinp, float* dw, float* db, const float* dout,
                     const float* inp, const float* w, int N, int C, int OC) {
    // dinp (N, C) += dout (N, OC) · wᵀ (OC, C): row blocks.  dw (C, OC) += inpᵀ (C, N) · dout
    // (N, OC) and db: column blocks of OC, so no two blocks write the same number.
    const long long work = static_cast<long long>(N) * C * OC;
    const int row_blocks = work_blocks(work, N);
    const int col_blocks = work_blocks(work, OC);
    pool.parallel_for(row_blocks + col_blocks, [&](int i) {
        if (i < row_blocks) {
            int r0, r1;
            block_range(i, row_blocks, N, r0, r1);
            gemm_rows(false, true, r1 - r0, C, OC, dout + static_cast<long>(r0) * OC, OC, w, OC, 1.0f,
                      dinp + static_cast<long>(r0) * C, C);
            return;
        }
        int c0, c1;
        block_range(i - row_blocks, col_blocks, OC, c0, c1);
        // dw[:, c0:c1] (C, cols) += inpᵀ (C, N) · dout[:, c0:c1] (N, cols)
        gemm_rows(true, false, C, c1 - c0, N, inp, C, dout + c0, OC, 1.0f, dw + c0, OC);
        if (db) {
            for (int n = 0; n < N; ++n) {
                const float* d = dout + static_cast<long>(n) * OC;  // (OC)
                for (int o = c0; o < c1; ++o) db[o] += d[o];
            }
        }
    });
}

// Tied output embedding: logits = x · wteᵀ and its backward.
void logits_forward(float* logits, const float* x, const float* wte, int N, int C, int V) {
    gemm_rows(false, true, N, V, C, x, C, wte, C, 0.0f, logits, V);  // (N, V) = (N, C) · (V, C)ᵀ
}

void logits_backward(float* dx, float* dwte, const float* dlogits, const float* x, const float* wte, int N, int C,
                     int V) {
    gemm_rows(false, false, N, C, V, dlogits, V, wte, C, 1.0f, dx, C);  // dx (N, C) += dz (N, V) · wte (V, C)
    gemm_rows(true, false, V, C, N, dlogits, V, x, C, 1.0f, dwte, C);   // dwte (V, C) += dzᵀ (V, N) · x (N, C)
}

// ---------------------------------------------------------------------------------------------
// Causal attention, one (batch, head) pair per work item, as small Eigen products on strided
// views of the packed qkv rows (hs columns at stride 3C). The full T×T products do twice the
// causal half's arithmetic but vectorise; hidden entries are set to exactly 0 afterwards, and
// a hidden key's weight is exactly 0, so it adds nothing to any product below.
using Strided = Eigen::Map<Mat, 0, Eigen::OuterStride<>>;
using ConstStrided = Eigen::Map<const Mat, 0, Eigen::OuterStride<>>;

void mh_attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* q, int q_stride,
                          const float* k, const float* v, int kv_stride, const AttnDims& d) {
    const int Tq = d.Tq, Tk = d.Tk, C = d.C, NH = d.NH, hs = C / NH;
    const float scale = 1.0f / std::sqrt(float(hs));
    pool.parallel_for(d.B * NH, [&](int bh) {
        const int b = bh / NH, h = bh % NH;
        const long qrow = static_cast<long>(b) * Tq, krow = static_cast<long>(b) * Tk;  // this sequence's first rows
        const ConstStrided qh(q + qrow * q_stride + h * hs, Tq, hs, Eigen::OuterStride<>(q_stride));   // (Tq, hs)
        const ConstStrided kh(k + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride)); // (Tk, hs)
        const ConstStrided vh(v + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride)); // (Tk, hs)
        Eigen::Map<Mat> pre(preatt + static_cast<long>(bh) * Tq * Tk, Tq, Tk);  // (Tq, Tk)
        Eigen::Map<Mat> a(att + static_cast<long>(bh) * Tq * Tk, Tq, Tk);      // (Tq, Tk)
        pre.noalias() = qh * kh.transpose();  // raw scores Q_h K_hᵀ
        const int keys = d.key_len ? d.key_len[b] : Tk;
        for (int i = 0; i < Tq; ++i) {
            const int seen = std::min(d.causal ? i + 1 : Tk, keys);  // keys j ≤ i, or all; never padding
            auto z = pre.row(i).head(seen).array() * scale;
            const float maxval = z.maxCoeff();
            a.row(i).head(seen) = (z - maxval).exp().matrix();
            a.row(i).head(seen) *= 1.0f / a.row(i).head(seen).sum();  // sum ≥ 1: the max term is exp(0)
            pre.row(i).tail(Tk - seen).setZero();                     // hidden keys
            a.row(i).tail(Tk - seen).setZero();
        }
        Strided o(out + qrow * C + h * hs, Tq, hs, Eigen::OuterStride<>(C));  // (Tq, hs)
        o.noalias() = a * vh;  // A_h V_h
    });
}

void mh_attention_backward(ThreadPool& pool, float* dq, float* dk, float* dv, float* datt, const float* dout,
                           const float* q, int q_stride, const float* k, const float* v, int kv_stride,
                           const float* att, const AttnDims& d) {
    const int Tq = d.Tq, Tk = d.Tk, C = d.C, NH = d.NH, hs = C / NH;
    const float scale = 1.0f / std::sqrt(float(hs));
    pool.parallel_for(d.B * NH, [&](int bh) {
        const int b = bh / NH, h = bh % NH;
        const long qrow = static_cast<long>(b) * Tq, krow = static_cast<long>(b) * Tk;
        const ConstStrided qh(q + qrow * q_stride + h * hs, Tq, hs, Eigen::OuterStride<>(q_stride));   // (Tq, hs)
        const ConstStrided kh(k + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride)); // (Tk, hs)
        const ConstStrided vh(v + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride));
        Strided dqh(dq + qrow * q_stride + h * hs, Tq, hs, Eigen::OuterStride<>(q_stride));
        Strided dkh(dk + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride));
        Strided dvh(dv + krow * kv_stride + h * hs, Tk, hs, Eigen::OuterStride<>(kv_stride));
        const ConstStrided d_o(dout + qrow * C + h * hs, Tq, hs, Eigen::OuterStride<>(C));       // (Tq, hs)
        const Eigen::Map<const Mat> a(att + static_cast<long>(bh) * Tq * Tk, Tq, Tk);            // (Tq, Tk)
        Eigen::Map<Mat> dz(datt + static_cast<long>(bh) * Tq * Tk, Tq, Tk);                      // (Tq, Tk) scratch
        // out = A V:  dA = dO Vᵀ,  dV += Aᵀ dO
        dz.noalias() = d_o * vh.transpose();
        dvh.noalias() += a.transpose() * d_o;
        // softmax: dz_ij = a_ij (dA_ij − Σ_k a_ik dA_ik), then z = scale · Q Kᵀ (hidden a_ij = 0
        // gives dz_ij = 0 exactly)
        for (int i = 0; i < Tq; ++i) {
            const float dot = a.row(i).dot(dz.row(i));
            dz.row(i) = (a.row(i).array() * (dz.row(i).array() - dot) * scale).matrix();
        }
        dqh.noalias() += dz * kh;
        dkh.noalias() += dz.transpose() * qh;
    });
}

void attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* qkv,
                       int B, int T, int C, int NH, bool causal) {
    const AttnDims d{B, T, T, C, NH, causal, nullptr};
    mh_attention_forward(pool, out, preatt, att, qkv, 3 * C, qkv + C, qkv + 2 * C, 3 * C, d);
}

void attention_backward(ThreadPool& pool, float* dqkv, float* datt, const float* dout,
                        const float* qkv, const float* att, int B, int T, int C, int NH) {
    const AttnDims d{B, T, T, C, NH, /*causal=*/false, nullptr};  // hidden weights are 0 in att already
    mh_attention_backward(pool, dqkv, dqkv + C, dqkv + 2 * C, datt, dout, qkv, 3 * C, qkv + C, qkv + 2 * C, 3 * C,
                          att, d);
}

// ---------------------------------------------------------------------------------------------
// GELU, tanh form.
static constexpr float kGeluS = 0.7978845608028654f;  // √(2/π)

// Eigen's vectorised tanh (a rational approximation, within a few ulp of std::tanh): the libm call
// took half of a training step.
void gelu_forward(float* out, const float* inp, int n) {
    const ConstArrayMap x(inp, n);  // (n)
    ArrayMap y(out, n);             // (n)
    y = 0.5f * x * (1.0f + (kGeluS * (x + 0.044715f * x.cube())).tanh());
}

void gelu_backward(float* dinp, const float* inp, const float* dout, int n) {
    const ConstArrayMap x(inp, n), dy(dout, n);  // (n)
    ArrayMap dx(dinp, n);                        // (n)
    // d/dx = ½(1 + t) + ½ x (1 − t²) √(2/π) (1 + 3·0.044715 x²),  t = tanh(√(2/π)(x + 0.044715 x³))
    const Eigen::ArrayXf t = (kGeluS * (x + 0.044715f * x.cube())).tanh();
    dx += dy * (0.5f * (1.0f + t) + 0.5f * x * (1.0f - t.square()) * kGeluS * (1.0f + 3.0f * 0.044715f * x.square()));
}

// ---------------------------------------------------------------------------------------------
// Residual.
void residual_forward(float* out, const float* a, const float* b, int n) {
    for (int i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

void residual_backward(float* da, float* db, const float* dout, int n) {
    for (int i = 0; i < n; ++i) {
        da[i] += dout[i];
        db[i] += dout[i];
    }
}

// ---------------------------------------------------------------------------------------------
// Softmax + cross-entropy on the scored rows.
float softmax_crossentropy_forward(float* probs, float* losses, const float* logits, const int* targets,
                                   int N, int V) {
    double total = 0.0;
    int scored = 0;
    for (int n = 0; n < N; ++n) {
        const float* z = logits + static_cast<long>(n) * V;  // (V)
        float* p = probs + static_cast<long>(n) * V;         // (V)
        const ConstArrayMap zs(z, V);  // (V)
        ArrayMap ps(p, V);             // (V)
        const float maxval = zs.maxCoeff();
        ps = (zs - maxval).exp();      // Eigen's vectorised exp (within 2 ulp of std::exp)
        const float sum = ps.sum();
        ps *= 1.0f / sum;
        losses[n] = 0.0f;
        if (targets[n] >= 0) {
            assert(targets[n] < V && "softmax_crossentropy_forward: target out of range");
            // log p = z − max − log Σ, exact even when p underflows to 0
            losses[n] = -(z[targets[n]] - maxval - std::log(sum));
            total += losses[n];
            ++scored;
        }
    }
    return scored > 0 ? float(total / scored) : 0.0f;
}

void softmax_crossentropy_backward(float* dlogits, const float* probs, const int* targets, int N, int V) {
    int scored = 0;
    for (int n = 0; n < N; ++n) scored += targets[n] >= 0 ? 1 : 0;
    const float inv = scored > 0 ? 1.0f / float(scored) : 0.0f;
    for (int n = 0; n < N; ++n) {
        const float* p = probs + static_cast<long>(n) * V;  // (V)
        float* d = dlogits + static_cast<long>(n) * V;      // (V)
        if (targets[n] < 0) {
            std::fill(d, d + V, 0.0f);
            continue;
        }
        for (int v = 0; v < V; ++v) d[v] = p[v] * inv;
        d[targets[n]] -= inv;
    }
}

}  // namespace attn::train
