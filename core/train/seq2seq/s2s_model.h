// s2s_model.h — the trainable encoder–decoder (a tiny Marian: what `attnlab train --arch seq2seq`
// learns): parameters in one flat array, the activations of one batch, forward and backward built
// from train_ops (the same LayerNorm, linear, attention, GELU and residual ops as the decoder
// trainers), plus cross-attention.
//
//   x = E[src]·√C + P[0 … S−1]                                  (B·S, C)  P: sinusoids, [sin | cos]
//   encoder layer (post-LN, as Marian):
//     h = LN_1(x + proj(attention(qkv(x))))                     every source token sees every real one
//     x = LN_2(h + fc2(gelu(fc1(h))))                           (B·S, F) inside
//   y = E[dec]·√C + P[0 … T−1]                                  (B·T, C)  dec = start, target …
//   decoder layer:
//     h = LN_1(y + proj(attention(qkv(y))))                     causal
//     g = LN_c(h + cproj(attention(q(h), kv(x_enc))))            cross: target queries × source keys
//     y = LN_2(g + fc2(gelu(fc1(g))))
//   logits = y · Eᵀ                                             (B·T, V) one table for both stacks and
//                                                               the output, as Marian ties them
// Sources of one batch are padded to S with `pad`; a source's padding is never a key (src_len).
// The layout is the trainer's own ((in, out) matrices, q|k|v packed, cross k|v packed); saving
// converts to Marian's names and (out, in) layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/train/decoder_model.h"

namespace attn::train {

struct S2SShape {
    int enc_layers = 2, dec_layers = 2;
    int n_heads = 4, d_model = 64;
    int vocab = 0;          // V, the special tokens included
    int n_positions = 0;    // the longest source or decoder input
    float ln_eps = 1e-5f;   // Marian's LayerNorm eps

    int d_ff() const { return 4 * d_model; }
    int head_size() const { return d_model / n_heads; }
};

// Ranges named as the CLI's options (--layers 1 to 4, --heads, --d-model ...).
Status validate_s2s_shape(const S2SShape& s);

// One layer's tensors; an encoder layer leaves the cross-attention offsets at 0.
struct S2SLayerOffsets {
    std::size_t qkv_w, qkv_b, proj_w, proj_b, ln1_w, ln1_b;     // self-attention, its norm
    std::size_t cq_w, cq_b, ckv_w, ckv_b, cproj_w, cproj_b, lnc_w, lnc_b;  // cross-attention (decoder)
    std::size_t fc1_w, fc1_b, fc2_w, fc2_b, ln2_w, ln2_b;       // feed-forward, its norm
};

struct S2SLayout {
    std::size_t embed = 0;                   // (V, C) shared by both stacks and the output
    std::vector<S2SLayerOffsets> enc, dec;
    std::vector<ParamTensor> tensors;        // in order (the trainer's names)
    std::size_t total = 0;
};

S2SLayout make_s2s_layout(const S2SShape& s);

struct S2SModel {
    S2SShape shape;
    S2SLayout layout;
    Floats params;     // (total)
    Floats grads;      // (total) filled by s2s_backward
    Mat positions;     // (n_positions, C) the fixed sinusoids (not trained)
};

// Marian's initialisation (init_std 0.02): N(0, 0.02) matrices and embeddings, zero biases, unit
// LayerNorm gains. Deterministic for a seed.
S2SModel make_s2s_model(const S2SShape& shape, std::uint64_t seed);

// What one layer keeps for backward. N rows = B·S (encoder) or B·T (decoder).
struct S2SLayerActs {
    Floats qkv;                          // (N, 3C)
    Floats preatt, att;                  // (B, NH, Tq, Tq) raw scores, weights
    Floats atty, attproj, res1;          // (N, C)
    Floats ln1, ln1_mean, ln1_rstd;      // (N, C), (N), (N)
    Floats cq;                           // (N, C)       decoder: queries from ln1
    Floats ckv;                          // (B·S, 2C)    decoder: keys | values from the encoder's output
    Floats cpreatt, catt;                // (B, NH, T, S)
    Floats catty, cproj, resc;           // (N, C)
    Floats lnc, lnc_mean, lnc_rstd;      // (N, C), (N), (N)
    Floats fch, fch_gelu;                // (N, F)
    Floats fcproj, res2;                 // (N, C)
    Floats ln2, ln2_mean, ln2_rstd;      // (N, C) the layer's output, (N), (N)
};

struct S2SActs {
    int B = 0, S = 0, T = 0;
    std::vector<int> src_len;            // (B) real source tokens per row
    Floats src_x, tgt_x;                 // (B·S, C), (B·T, C) embedded inputs
    std::vector<S2SLayerActs> enc, dec;
    Floats enc_out_grad;                 // (B·S, C) backward: what the decoder's cross-attention sends back
    // The output head runs on the scored rows (all rows without targets), as the decoder trainer's.
    std::vector<int> head_rows;          // (R) ascending positions in B·T
    Floats head_in;                      // (R, C)
    Floats logits, probs, losses;        // (R, V), (R, V), (R)
};

// src (B·S) padded with any valid id after src_len[b]; dec (B·T) the decoder inputs; targets
// (B·T) the next tokens, −1 = not scored (null: no loss). Returns the mean loss over scored rows.
float s2s_forward(ThreadPool& pool, const S2SModel& m, S2SActs& a, const int* src, const int* src_len,
                  const int* dec, const int* targets, int B, int S, int T);
// Gradients of the last forward's loss into m.grads (zeroed first). `d` is scratch.
void s2s_backward(ThreadPool& pool, S2SModel& m, const S2SActs& a, S2SActs& d, const int* src, const int* dec,
                  const int* targets);

// Batch row b's attention of the last forward, one (Tq, Tk) matrix per head per layer:
// the encoder's (S, S), the decoder's (T, T) and the cross-attention's (T, S), cut to the row's
// real source length.
struct S2SAttention {
    std::vector<std::vector<Mat>> encoder, decoder, cross;
};
S2SAttention s2s_attention(const S2SModel& m, const S2SActs& a, int b);

}  // namespace attn::train
