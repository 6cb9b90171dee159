// gpt2.h — GPT-2's forward pass (pre-LN decoder, learned positions, causal attention).
//
//   x = wte[ids] + wpe[0 … T−1]                          (T, d)
//   for each block:  a = LN_1(x)                         (T, d)
//                    x = x + Attention(a)               causal, W_Q | W_K | W_V = c_attn
//                    x = x + c_proj(gelu_new(c_fc(LN_2(x))))   (T, d_ff) inside
//   h = LN_f(x)                                          (T, d)
//
// Weights come from Hugging Face's names, with or without the "transformer." prefix. GPT-2 stores
// its projections as Conv1D (d_in, d_out): already our x·W layout, no transpose.
#pragma once

#include <cstddef>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

struct Gpt2Block {
    RowVec ln_1_gamma, ln_1_beta;  // (d)
    AttentionWeights attn;         // W_Q, W_K, W_V: column thirds of c_attn (d, 3d); W_O = attn.c_proj
    RowVec ln_2_gamma, ln_2_beta;  // (d)
    Mat fc_w;                      // (d, d_ff) mlp.c_fc
    RowVec fc_b;                   // (d_ff)
    Mat proj_w;                    // (d_ff, d) mlp.c_proj
    RowVec proj_b;                 // (d)
};

struct Gpt2Weights : FamilyWeights {
    Mat wte;                       // (vocab, d) token embeddings
    Mat wpe;                       // (n_positions, d) position embeddings
    std::vector<Gpt2Block> blocks; // n_layers
    RowVec ln_f_gamma, ln_f_beta;  // (d)

    std::size_t bytes() const override;  // float32 bytes held
};

// Reads every tensor the forward pass needs (F32, F16 or BF16; others are refused by the reader).
// Ignored: attn.bias / attn.masked_bias buffers and lm_head (tied to wte). Errors name the missing
// or misshapen tensor; `on_layer` may stop loading by returning an error.
Expected<Gpt2Weights> load_gpt2_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                        const LayerLoaded& on_layer = {});

// The forward pass over token ids (each < vocab, at most n_positions of them: asserted — callers
// check and report). `extra_blocked` (T, T) or empty hides more keys on top of the causal mask.
// `opt` applies to every layer (the model's own setting is scale on, temperature 1).
ForwardPass gpt2_forward(const Gpt2Weights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const BoolMat& extra_blocked,
                         const AttentionOptions& opt);
// The same with knocked-out heads or sublayers (intervention.h; a mean ablation averages over the
// positions each query could see). An empty opt.ablation gives the pass above, bit for bit.
ForwardPass gpt2_forward(const Gpt2Weights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const BoolMat& extra_blocked,
                         const ForwardOptions& opt);

// Blocks first_layer … L−1 and ln_f over x (T, d): the residual stream entering block first_layer,
// i.e. hidden_states[first_layer] of a pass whose earlier blocks were the same (causal, no extra
// mask). Returns the final hidden state (T, d), as ForwardPass::hidden_states.back(). A head
// knocked out in layer l changes nothing before it: rank_heads starts each pass there.
Mat gpt2_forward_from(const Gpt2Weights& w, const PretrainedConfig& config, Mat x, int first_layer,
                      const ForwardOptions& opt);

// Logits for every row of h (T, d) (the ln_f output): h · wteᵀ -> (T, V) (the LM head is tied to
// the token embedding). Vocabulary blocks run in parallel on engine_pool().
Mat gpt2_logits(const Gpt2Weights& w, const Mat& h);

// The cached step (decode_session.h), GPT-2's way:
//   new token t:  x = wte[id] + wpe[t]                 (1, d)
//     per layer:  q, k, v = LN_1(x) W + b              (1, d) each; k, v appended to the cache
//                 a_h = softmax(q_h K_hᵀ / √d_k)       (1, t+1) over every token so far, kept
//                 x += (a_h V_h …) W_O + b_O;  x += MLP(LN_2(x))
// The session over `prompt` (checked ids): one full pass fills the cache (all heads, (T, d)).
void gpt2_start_decoding(const Gpt2Weights& w, const std::vector<int>& prompt, DecodeSession& s);
// One token through every layer; the session has room (checked by the caller).
void gpt2_append_token(const Gpt2Weights& w, DecodeSession& s, int id);

// The GPT-2 family (family.h): model_type gpt2.
const ModelFamily& gpt2_family();

}  // namespace attn::pretrained
