// train_ops_llama.h — the modern decoder's training ops (RMSNorm, SwiGLU, RoPE, grouped-query
// attention), each forward next to its hand-written backward, in train_ops.h's conventions:
// plain row-major float arrays, N = B·T rows, backward ACCUMULATES (+=) unless it says otherwise.
#pragma once

namespace attn {
class ThreadPool;
}

namespace attn::train {

// Token embeddings alone (rotary models have no position table): out[n] = wte[ids[n]].
//   out (N, C), ids (N), wte (V, C);  backward: dwte[ids[n]] += dout[n]
void embed_forward(float* out, const int* ids, const float* wte, int N, int C);
void embed_backward(float* dwte, const float* dout, const int* ids, int N, int C);

// RMSNorm over the C channels of each row: out = x · rstd ⊙ w,  rstd = 1 / √(mean(x²) + eps).
//   out (N, C), rstd (N) kept for backward, inp (N, C), w (C)
void rmsnorm_forward(float* out, float* rstd, const float* inp, const float* w, int N, int C, float eps);
// dinp += …, dw += Σ_rows dout ⊙ x̂ (x̂ = x · rstd).
void rmsnorm_backward(float* dinp, float* dw, const float* dout, const float* inp, const float* w,
                      const float* rstd, int N, int C);

// SwiGLU on the fused gate/up projection: h (N, 2F) = [gate | up] per row,
//   out (N, F) = silu(gate) ⊙ up,  silu(g) = g · σ(g)
void swiglu_forward(float* out, const float* h, int N, int F);
// dh (N, 2F) += [dout ⊙ up ⊙ σ(g)(1 + g(1 − σ(g))) | dout ⊙ silu(g)]
void swiglu_backward(float* dh, const float* dout, const float* h, int N, int F);

// Rotary position embeddings, rotate-half form, IN PLACE on the first `heads` head-slices of each
// row (the packed [Q | K] of a qkv row: heads = NH + NKV):
//   row n (position t = n mod T), head slice x (hs), pair i < hs/2, c = cos[t, i], s = sin[t, i]:
//     x_i ← x_i c − x_{i+hs/2} s,   x_{i+hs/2} ← x_{i+hs/2} c + x_i s
//   x (N, stride) with heads·hs ≤ stride; cos, sin (T, hs/2)
void rope_forward(float* x, const float* cos, const float* sin, int N, int T, int stride, int heads, int hs);
// The backward of a rotation is the inverse rotation (by −angle), applied IN PLACE to dx: the
// gradient with respect to the rotated values becomes the gradient with respect to the inputs.
void rope_backward(float* dx, const float* cos, const float* sin, int N, int T, int stride, int heads, int hs);

// Causal grouped-query attention on a packed projection:
//   qkv (N, (NH + 2·NKV)·hs) = [Q (NH heads) | K (NKV heads) | V (NKV heads)], head slices of hs
//   query head h reads key/value head g = h / (NH / NKV)
//   preatt (B, NH, T, T) = Q_h K_gᵀ raw (0 above the diagonal), att = softmax(preatt / √hs) causal
//   out (N, NH·hs) = [A_1 V_g(1) | … ]
void gqa_attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* qkv, int B, int T,
                           int NH, int NKV, int hs);
// dqkv += …; datt (B, NH, T, T) scratch. A shared K/V head's gradient is the sum over the query
// heads of its group (one work item per (batch, K/V head), so no two items write the same number).
void gqa_attention_backward(ThreadPool& pool, float* dqkv, float* datt, const float* dout, const float* qkv,
                            const float* att, int B, int T, int NH, int NKV, int hs);

}  // namespace attn::train
