// marian.h — the Marian translation model (MarianMTModel: Helsinki-NLP's opus-mt): an encoder
// that reads the source and a decoder that writes the target, joined by cross-attention.
//
//   encoder:  x = E[src] · √d + P[0 … S−1]                                    (S, d)
//             per block:  x = LN_1(x + SelfAttention(x))                      every source key
//                         x = LN_2(x + W_2 swish(W_1 x))
//   decoder:  y = E[tgt] · √d + P[0 … T−1]                                    (T, d)
//             per block:  y = LN_1(y + SelfAttention(y))                      causal
//                         y = LN_2(y + CrossAttention(Q = y, K = V = x))      (T, S) weights
//                         y = LN_3(y + W_2 swish(W_1 y))
//   logits = y · Eᵀ + final_logits_bias                                       (T, V)
//
// P is the sinusoidal table (sin in the first half of each row, cos in the second), read from the
// file when it stores one and computed otherwise. Hugging Face names: model.shared.weight (or the
// encoder's / decoder's embed_tokens), model.{encoder,decoder}.layers.{i}.{self_attn,encoder_attn}
// .{q,k,v,out}_proj, *_layer_norm, fc1, fc2, final_logits_bias, lm_head.weight when untied.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "core/attention/attention.h"
#include "core/attention/positional.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/pretrained/seq2seq/text_seq2seq_family.h"

namespace attn::pretrained {

struct MarianWeights : TextSeq2SeqWeights {  // embed, lm_head, final_logits_bias, the post-LN stacks
    Mat encoder_positions;       // (max_positions, d) sinusoidal (read or computed)
    Mat decoder_positions;       // (max_positions, d)

    std::size_t bytes() const override;
};

Expected<MarianWeights> load_marian_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                            const LayerLoaded& on_layer = {});

// Source ids (S) and decoder input ids (T: the start token, then the target), each < vocab and at
// most max_positions (asserted: callers check). `opt` applies in every attention of both stacks
// (its knock-outs, with sections, in theirs).
Seq2SeqPass marian_forward(const MarianWeights& w, const PretrainedConfig& config, const std::vector<int>& source,
                           const std::vector<int>& decoder_input, const ForwardOptions& opt);

// The encoder alone over checked source ids (S): its self-attention and hidden states.
ForwardPass marian_encode(const MarianWeights& w, const PretrainedConfig& config, const std::vector<int>& source,
                          const ForwardOptions& opt);

// The Marian family (family.h): model_type marian.
const ModelFamily& marian_family();

}  // namespace attn::pretrained
