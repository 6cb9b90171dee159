// train_ops.h — the training model's operations, each forward next to its hand-written backward
// (llm.c style): plain float arrays, row-major, N = B·T rows (batch × positions), C channels.
//
// Backward functions ACCUMULATE (+=) into the gradient arrays they are given, as llm.c does, so
// a tensor used twice (the residual stream, the tied embedding) sums its gradients for free.
// Products go through Eigen in column/row blocks on a ThreadPool (see matmul_forward); every block
// split is fixed by the shapes only, never by the thread count, so results are bit-identical
// whatever the pool's size.
#pragma once

#include <cstdint>

namespace attn {
class ThreadPool;
}

namespace attn::train {

// Tokens and positions: out[n] = wte[ids[n]] + wpe[n % T].
//   out (N, C), ids (N), wte (V, C), wpe (≥T, C)
void encoder_forward(float* out, const int* ids, const float* wte, const float* wpe, int N, int T, int C);
void encoder_backward(float* dwte, float* dwpe, const float* dout, const int* ids, int N, int T, int C);

// The Vision Transformer's input: a class token, then the embedded patches, plus positions.
//   out (B·T, C), T = 1 + Np: out[b, 0] = cls + pos[0], out[b, 1 + i] = embedded[b·Np + i] + pos[1 + i]
//   embedded (B·Np, C), cls (C), pos (T, C)
void vit_embed_forward(float* out, const float* embedded, const float* cls, const float* pos, int B, int Np, int C);
// dembedded += …, dcls += Σ_b dout[b, 0], dpos += Σ_b dout[b].
void vit_embed_backward(float* dembedded, float* dcls, float* dpos, const float* dout, int B, int Np, int C);

// Rows every `stride` (the class token of each of B sequences): out (B, C) = inp[b·stride];
// backward adds dout's rows back into those rows of dinp (the other rows get nothing).
void gather_rows_forward(float* out, const float* inp, int B, int stride, int C);
void gather_rows_backward(float* dinp, const float* dout, int B, int stride, int C);

// LayerNorm over the C channels of each row (biased variance, eps inside the root).
//   out (N, C), mean (N), rstd (N) kept for backward; inp (N, C), w (C), b (C)
void layernorm_forward(float* out, float* mean, float* rstd, const float* inp, const float* w,
                       const float* b, int N, int C, float eps);
void layernorm_backward(float* dinp, float* dw, float* db, const float* dout, const float* inp,
                        const float* w, const float* mean, const float* rstd, int N, int C);

// Linear layer in GPT-2's Conv1D layout: out = inp · w + b.
//   out (N, OC), inp (N, C), w (C, OC), b (OC) or null
void matmul_forward(ThreadPool& pool, float* out, const float* inp, const float* w, const float* b,
                    int N, int C, int OC);
// dinp += dout · wᵀ (N, C);  dw += inpᵀ · dout (C, OC);  db += Σ_rows dout (OC), db may be null.
void matmul_backward(ThreadPool& pool, float* dinp, float* dw, float* db, const float* dout,
                     const float* inp, const float* w, int N, int C, int OC);

// The tied output embedding: logits (N, V) = x (N, C) · wteᵀ;  dx += dlogits · wte,
// dwte += dlogitsᵀ · x.
void logits_forward(float* logits, const float* x, const float* wte, int N, int C, int V);
void logits_backward(float* dx, float* dwte, const float* dlogits, const float* x, const float* wte, int N, int C,
                     int V);

// Multi-head self-attention on packed projections (GPT-2's c_attn output), causal by default.
//   qkv (N, 3C) = [Q | K | V], head h = columns [h·hs, (h+1)·hs) of each third, hs = C / NH
//   preatt (B, NH, T, T) = Q_h K_hᵀ (raw, unscaled, as the views show "scores"), 0 above the diagonal
//   att (B, NH, T, T) = softmax_row(preatt / √hs) over keys j ≤ i, exactly 0 for j > i
//   out (N, C) = [A_1 V_1 | … | A_NH V_NH]
// causal = false (the Vision Transformer): every query sees every key, nothing is zeroed.
void attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* qkv,
                       int B, int T, int C, int NH, bool causal = true);
// dqkv += …; datt (B, NH, T, T) is scratch (overwritten). Causal or not: a hidden key's weight is
// exactly 0, so its gradient is too.
void attention_backward(ThreadPool& pool, float* dqkv, float* datt, const float* dout,
                        const float* qkv, const float* att, int B, int T, int C, int NH);

// The general form both use, and the encoder–decoder's attentions: queries, keys and values in
// separate strided arrays (cross-attention reads queries from the decoder, keys and values from
// the encoder), Tq queries × Tk keys, and each sequence's real key count for padded batches.
//   q (B·Tq rows of q_stride floats; head h = columns [h·hs, (h+1)·hs)), k, v (B·Tk rows of kv_stride)
//   preatt, att (B, NH, Tq, Tk): raw scores and weights, 0 at hidden keys; out (B·Tq, C)
//   query i of sequence b sees keys j < key_len[b] (all Tk when key_len is null), and j ≤ i if causal
struct AttnDims {
    int B = 0, Tq = 0, Tk = 0, C = 0, NH = 0;
    bool causal = false;
    const int* key_len = nullptr;  // (B) or null
};
void mh_attention_forward(ThreadPool& pool, float* out, float* preatt, float* att, const float* q, int q_stride,
                          const float* k, const float* v, int kv_stride, const AttnDims& d);
// dq, dk, dv += … (the same layouts and strides as q, k, v); datt (B, NH, Tq, Tk) scratch.
void mh_attention_backward(ThreadPool& pool, float* dq, float* dk, float* dv, float* datt, const float* dout,
                           const float* q, int q_stride, const float* k, const float* v, int kv_stride,
                           const float* att, const AttnDims& d);

// GPT-2's GELU ("gelu_new"): 0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³))).   (n) elementwise
void gelu_forward(float* out, const float* inp, int n);
void gelu_backward(float* dinp, const float* inp, const float* dout, int n);  // dinp += …

// Residual add: out = a + b (n); backward adds dout to both.
void residual_forward(float* out, const float* a, const float* b, int n);
void residual_backward(float* da, float* db, const float* dout, int n);

// Softmax over the vocabulary and cross-entropy on the scored rows only.
//   probs (N, V) from logits (N, V); targets (N), −1 = not scored.
//   losses (N): −log p[target] on scored rows, 0 elsewhere. Returns the mean over scored rows
//   (0 when none).
float softmax_crossentropy_forward(float* probs, float* losses, const float* logits, const int* targets,
                                   int N, int V);
// dlogits = (probs − onehot(target)) / n_scored on scored rows, 0 on the others (overwritten).
void softmax_crossentropy_backward(float* dlogits, const float* probs, const int* targets, int N, int V);

// The number of fixed work blocks a dimension of `n` is cut into (shapes only, never threads).
int work_blocks(long long work, int n);

}  // namespace attn::train
