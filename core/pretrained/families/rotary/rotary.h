// rotary.h — the rotary decoders: Llama (Llama 3, SmolLM2, TinyLlama), Qwen2 / Qwen2.5, Qwen3 and
// Mistral, one pre-norm block with the families' differences as config flags.
//
//   x = embed_tokens[ids]                                  (T, d)        no position table
//   for each block:  a = RMSNorm_in(x)                     (T, d)
//                    q = a W_Q (+ b_Q)                     (T, H·d_k)    H query heads
//                    k = a W_K (+ b_K), v = a W_V (+ b_V)  (T, G·d_k)    G ≤ H key/value heads
//                    Qwen3: q, k ← RMSNorm over each head (d_k) before the rotation
//                    q, k ← RoPE(position)                 (rope.h)
//                    head h reads K/V head h / (H/G)       grouped-query attention
//                    x = x + Attention(q, k, v) W_O        causal ∧ sliding window ∧ the caller's mask
//                    x = x + W_down (silu(a' W_gate) ⊙ a' W_up),  a' = RMSNorm_post(x)   (T, d_ff) inside
//   h = RMSNorm_final(x)                                   (T, d)
//   logits = h · lm_headᵀ                                  (T, V)  (lm_head = embed_tokens when tied)
//
// RMSNorm(x) = x / √(mean(x²) + ε) ⊙ γ. Weights come from Hugging Face's names (model.layers.N.…),
// nn.Linear (d_out, d_in) kept as stored: a · W above is linear_t(a, W_stored) = a · W_storedᵀ.
#pragma once

#include <cstddef>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/blocks/weight_matrix.h"
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

// The big matrices are WeightMatrix (weight_matrix.h): as the file stores them, nn.Linear's
// (d_out, d_in), and 16-bit when the checkpoint is BF16 or F16 (half the memory of float32).
struct RotaryBlock {
    RowVec input_norm;            // (d) input_layernorm
    WeightMatrix w_q, w_k, w_v;   // (H·d_k, d), (G·d_k, d), (G·d_k, d) as stored
    RowVec b_q, b_k, b_v;         // (H·d_k), (G·d_k), (G·d_k) or empty (no bias)
    WeightMatrix w_o;             // (d, H·d_k) as stored
    RowVec b_o;                   // (d) or empty
    RowVec q_norm, k_norm;        // (d_k) Qwen3, else empty
    RowVec post_norm;             // (d) post_attention_layernorm
    WeightMatrix w_gate, w_up;    // (d_ff, d) as stored
    WeightMatrix w_down;          // (d, d_ff) as stored
};

struct RotaryWeights : FamilyWeights {
    WeightMatrix embed;             // (V, d) embed_tokens
    std::vector<RotaryBlock> blocks; // n_layers
    RowVec norm;                    // (d) the final RMSNorm
    WeightMatrix lm_head;           // (V, d) as stored; empty when tied to embed
    const WeightMatrix& head() const { return lm_head.empty() ? embed : lm_head; }  // (V, d)
    std::size_t bytes() const override;  // bytes held (16-bit matrices count 2 per value)
};

// Reads every tensor the forward pass needs under "model." (or no prefix), and lm_head unless the
// config ties it. F32, F16 or BF16. Errors name the missing or misshapen tensor; `on_layer` may stop
// loading by returning an error. `compact`: keep BF16 / F16 matrices 16-bit (false: widen all to
// float32, as before; tests compare the two).
Expected<RotaryWeights> load_rotary_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                          const LayerLoaded& on_layer = {}, bool compact = true);

// Options of one pass; the defaults are the model's own computation.
struct DecoderOptions {
    AttentionOptions attention;   // √d_k scaling, temperature, statistics: every layer
    BoolMat extra_blocked;        // (T, T) hidden on top of the causal and window masks, or empty
    int first_position = 0;       // rotary position of ids[0] (shifting a sentence leaves the scores)
    Ablation ablation;            // heads or sublayers knocked out (intervention.h); empty = none
};

// The keys query i may not see: j > i (causal) or j ≤ i − window (window > 0). (T, T)
BoolMat causal_window_mask(int t, int window);

// The forward pass over token ids (each < vocab, 1 … max_positions of them: asserted — callers
// check and report). One LayerTrace per layer with H heads of d_k = head_dim, kv_head filled,
// q_unrotated / k_unrotated kept; hidden_states as Hugging Face's (the last after the final norm);
// position_embeddings are zeros (the positions live inside q and k).
ForwardPass rotary_forward(const RotaryWeights& w, const PretrainedConfig& config, const std::vector<int>& ids,
                          const DecoderOptions& opt = {});

// logits = h · head()ᵀ for every row of h (T, d): (T, V). Vocabulary blocks run in parallel.
Mat rotary_logits(const RotaryWeights& w, const Mat& h);

// silu(gate) ⊙ up, in place in gate. Both (T, d_ff).
void swiglu(Mat& gate, const Mat& up);

// The cached step (decode_session.h) of the rotary decoders: the cache holds the G key/value
// heads' rows (G·d_k wide, keys already rotated), the new row's q and k are rotated at its absolute
// position, query head h reads K/V head h / (H/G), and a sliding-window layer looks at the last W
// keys only (its attention row is 0 before them).
void rotary_start_decoding(const RotaryWeights& w, const std::vector<int>& prompt, DecodeSession& s);
void rotary_append_token(const RotaryWeights& w, DecodeSession& s, int id);

// The rotary decoders' family (family.h): model_type llama, qwen2, qwen3 and mistral.
const ModelFamily& rotary_family();

}  // namespace attn::pretrained
