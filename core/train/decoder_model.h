// decoder_model.h — the trainable decoder (GPT-2, or Llama with --arch llama: llama_model.cpp): parameters in one flat array (Hugging Face names and
// layouts), the activations of one batch, and the forward / backward passes built from train_ops.
//
//   x = wte[ids] + wpe[0 … T−1]                                   (B·T, C)
//   per layer: x += c_proj(attention(c_attn(ln_1(x))))             causal, NH heads
//              x += mlp.c_proj(gelu(mlp.c_fc(ln_2(x))))            (B·T, 4C) inside; skipped if !mlp
//   logits = ln_f(x) · wteᵀ                                        (B·T, V) tied output embedding
// Attention-only models keep the MLP tensors as zeros (never trained), so the saved folder is
// still a plain GPT-2 (zero weights and biases give a zero MLP output).
//
// Arch::Llama (llama_model.cpp) is the modern decoder on the same arrays, no biases, no positions:
//   x = wte[ids]                                                   (B·T, C)
//   per layer: x += o(attention(rope(qkv(rmsnorm_1(x)))))           causal, NH query heads, NKV K/V heads
//              x += down(silu(gate(a)) ⊙ up(a)),  a = rmsnorm_2(x)  (B·T, F) inside; skipped if !mlp
//   logits = rmsnorm_f(x) · wteᵀ                                   tied, as GPT-2's
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/base/status.h"
#include "core/attention/trace.h"

namespace attn {
class ThreadPool;
}

namespace attn::train {

// Every training buffer starts on a 64-byte boundary, so each address the ops touch is fixed by
// the shapes alone: Eigen's vectorised loops split a row into a scalar head, packets and a
// scalar tail by alignment, and the two paths round differently (FMA contraction, exp), so an
// ordinary vector's 16-byte alignment made results depend on where malloc put the buffer.
using Floats = std::vector<float, Eigen::aligned_allocator<float>>;

// The architecture: GPT-2's parts, or the modern decoder's (RoPE, RMSNorm, SwiGLU, GQA); Seq2Seq is
// the encoder–decoder, trained by seq2seq/s2s_trainer.h on its own tasks (never a DecoderModel).
enum class Arch { Gpt, Llama, Seq2Seq };
const char* arch_name(Arch a);  // "gpt", "llama", "seq2seq" (the CLI's --arch values)

struct ModelShape {
    Arch arch = Arch::Gpt;
    int n_layers = 2;
    int n_heads = 4;
    int d_model = 64;
    int vocab = 0;        // V
    int n_positions = 0;  // the longest input (task length − 1)
    bool mlp = true;
    float ln_eps = 1e-5f;   // LayerNorm's eps, RMSNorm's for Arch::Llama
    int n_kv_heads = 0;     // Llama: key/value heads, dividing n_heads (0 = n_heads: no grouping)
    float rope_theta = 10000.0f;  // Llama: RoPE's base
    int ffn = 0;            // Llama: the SwiGLU width (0 = 8C/3 rounded up to a multiple of 8,
                            // GPT-2's MLP parameter count)

    int d_ff() const;
    int kv_heads() const { return arch == Arch::Llama && n_kv_heads > 0 ? n_kv_heads : n_heads; }
    int head_size() const { return d_model / n_heads; }
    int qkv_width() const { return d_model + 2 * kv_heads() * head_size(); }  // (C + 2·NKV·hs)
};

// Checks the ranges the trainer supports; messages name the option (--layers 1 to 4, ...).
Status validate_shape(const ModelShape& s);

// One named tensor of the flat parameter array.
struct ParamTensor {
    std::string name;            // Hugging Face GPT-2 name ("h.0.attn.c_attn.weight")
    std::vector<int> shape;      // as stored: Conv1D weights (in, out)
    std::size_t offset = 0;      // into the flat array
    std::size_t size = 0;        // elements
    bool decay = false;          // weight decay applies (matrices and embeddings)
    bool trained = true;         // false for the zero MLP of an attention-only model
};

// Llama reuses the slots without biases: ln1_w input norm, qkv_w (C, C + 2·NKV·hs), attproj_w o,
// ln2_w post-attention norm, fc_w the fused [gate | up] (C, 2F), fcproj_w down (F, C).
struct LayerOffsets {
    std::size_t ln1_w, ln1_b, qkv_w, qkv_b, attproj_w, attproj_b, ln2_w, ln2_b, fc_w, fc_b, fcproj_w,
        fcproj_b;
};

struct ParamLayout {
    std::size_t wte = 0, wpe = 0, lnf_w = 0, lnf_b = 0;
    std::vector<LayerOffsets> layers;
    std::vector<ParamTensor> tensors;  // in file order
    std::size_t total = 0;
};

ParamLayout make_layout(const ModelShape& s);

// Appends a tensor of `shape` at the end of a flat array of `total` elements (grown by its size)
// and returns its offset: how every trainer (GPT-2, Llama, ViT) lays out its parameters.
std::size_t add_tensor(std::vector<ParamTensor>& tensors, std::size_t& total, std::string name, std::vector<int> shape,
                       bool decay, bool trained = true);

// One pre-LN block's tensors (ln_1, the fused qkv, the attention's output, ln_2, the MLP's two
// layers), named `prefix` + the model's names for them; the MLP's marked untrained when
// !mlp_trained. The GPT-2 and ViT layouts share it (their block_forward is the same too).
struct BlockTensorNames {
    const char* qkv;      // "attn.c_attn" (GPT-2), "attn.qkv" (ViT); + ".weight" / ".bias"
    const char* attproj;  // "attn.c_proj", "attn.proj"
    const char* fc;       // "mlp.c_fc", "mlp.fc"
    const char* fcproj;   // "mlp.c_proj", "mlp.proj"
};
LayerOffsets add_block_tensors(std::vector<ParamTensor>& tensors, std::size_t& total, const std::string& prefix, int C,
                               int F, const BlockTensorNames& names, bool mlp_trained = true);

// The GPT-2 and ViT trainers' initialisation, in layout order from one normal stream: LayerNorm
// weights 1, the tensors `keep_zero` names 0, every other N(0, 0.02), and the projections back into
// the residual ("…proj.weight") N(0, 0.02 / √(2·layers)) as in GPT-2's paper.
void init_block_params(Floats& params, const std::vector<ParamTensor>& tensors, std::uint64_t stream_seed,
                       int n_layers, bool (*keep_zero)(const ParamTensor&));

struct DecoderModel {
    ModelShape shape;
    ParamLayout layout;
    Floats params;  // (total)
    Floats grads;   // (total) filled by model_backward
};

// GPT-2's initialisation: N(0, 0.02) weights and embeddings, c_proj weights N(0, 0.02/√(2·layers)),
// zero biases, unit LayerNorm gains; zero MLP when !mlp. Deterministic for a seed.
DecoderModel make_model(const ModelShape& shape, std::uint64_t seed);

// Everything the forward pass keeps for backward, for one batch shape (B, T).
struct LayerActs {
    Floats ln1, ln1_mean, ln1_rstd;  // (N, C), (N), (N)
    Floats qkv;                      // (N, 3C)
    Floats atty;                     // (N, C) heads side by side, before c_proj
    Floats preatt, att;              // (B, NH, T, T) raw scores, weights
    Floats attproj;                  // (N, C)
    Floats res2;                     // (N, C) x after attention
    Floats ln2, ln2_mean, ln2_rstd;  // (N, C), (N), (N)
    Floats fch, fch_gelu;            // (N, 4C); Llama: (N, 2F) [gate | up], (N, F) swiglu
    Floats fcproj;                   // (N, C)
    Floats res3;                     // (N, C) x after the block
};

struct Activations {
    int B = 0, T = 0;
    Floats encoded;                  // (N, C)
    Floats rope_cos, rope_sin;       // (T, hs/2) Llama's rotation table
    std::vector<LayerActs> layers;
    Floats lnf, lnf_mean, lnf_rstd;  // (N, C), (N), (N)
    // The output head runs on the S scored rows when there are targets (all that training and
    // evaluation read: half the head's work for the answer-only tasks), on all N rows without.
    std::vector<int> head_rows;      // (S) ascending: head row r is position head_rows[r]
    Floats head_in;                  // (S, C) lnf rows gathered (used when S < N)
    Floats logits, probs, losses;    // (S, V), (S, V), (S)
};

// Sizes the buffers (kept when already this shape).
void resize_activations(Activations& a, const ModelShape& s, int B, int T);

// ids, targets (B·T); targets −1 = not scored (null: no loss). Returns the mean loss over scored
// positions (0 without targets). logits/probs/losses have a row per head row (see Activations):
// with targets, the scored positions only.
float model_forward(ThreadPool& pool, const DecoderModel& m, Activations& a, const int* ids, const int* targets,
                    int B, int T);
// Gradients of the last forward's loss into m.grads (zeroed first). `d` is scratch of the same
// shape; targets are the forward's.
void model_backward(ThreadPool& pool, DecoderModel& m, const Activations& a, Activations& d, const int* ids,
                    const int* targets);

// The attention of batch row `b` of the last forward as LayerTraces' weights: (T, T) per head.
// Used by tests to compare with the loader's forward.
std::vector<std::vector<Mat>> attention_weights(const DecoderModel& m, const Activations& a, int b);

// One GPT-2 block (pre-LayerNorm attention, then the GELU MLP when `mlp`), shared by the GPT-2 and
// the ViT trainers; N = B·T rows, F the MLP width, `causal` false for the ViT:
//   res2 = x + attproj(attention(qkv(ln1(x))))          (N, C)
//   res3 = res2 + fcproj(gelu(fc(ln2(res2))))           (N, C), only when mlp
struct BlockDims {
    int B = 0, T = 0, C = 0, NH = 0, F = 0;
    float ln_eps = 1e-5f;
    bool mlp = true, causal = true;
};
// x (N, C) → A (every activation the backward reads). P: the flat parameters.
void block_forward(ThreadPool& pool, const float* P, const LayerOffsets& o, const BlockDims& dims, const float* x,
                   LayerActs& A);
// From D's output gradient (D.res3, or D.res2 without MLP) to dx_in (N, C, zeroed first) and the
// block's parameter gradients (+= into G); x_in is the forward's input, A its activations.
void block_backward(ThreadPool& pool, const float* P, float* G, const LayerOffsets& o, const BlockDims& dims,
                    const float* x_in, const LayerActs& A, LayerActs& D, Floats& dx_in);

// The output head shared by both architectures, on a.lnf (the final norm's output): gathers the
// scored rows, logits, softmax and loss (model_forward's tail). head_backward fills d.lnf (and
// dwte in m.grads) from the loss.
float head_forward(const DecoderModel& m, Activations& a, const int* targets);
void head_backward(DecoderModel& m, const Activations& a, Activations& d, const int* targets);

// llama_model.cpp: the Arch::Llama halves of the functions above (they dispatch there).
Status validate_llama_shape(const ModelShape& s);
ParamLayout make_llama_layout(const ModelShape& s);
void init_llama_params(DecoderModel& m, std::uint64_t seed);
float llama_forward_pass(ThreadPool& pool, const DecoderModel& m, Activations& a, const int* ids, const int* targets,
                         int B, int T);
void llama_backward_pass(ThreadPool& pool, DecoderModel& m, const Activations& a, Activations& d, const int* ids,
                         const int* targets);

}  // namespace attn::train
