// seq2seq_block.h — one block of an encoder–decoder's stacks, and a teacher-forced pass's result (Marian, Whisper): self-attention, the
// decoder's cross-attention on the encoder's output, the feed-forward, and a layer norm for each.
// Where the norms apply is the family's: after their sublayer (post-LN: Marian) or before it
// (pre-LN: Whisper). Hugging Face names under a block's prefix ("decoder.layers.3."): self_attn,
// self_attn_layer_norm, encoder_attn, encoder_attn_layer_norm, fc1, fc2, final_layer_norm.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/blocks/blocks.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

struct Seq2SeqBlock {
    AttentionWeights self_attn;            // (d, d) each, x·W layout
    RowVec ln_self_gamma, ln_self_beta;    // (d) self_attn_layer_norm
    AttentionWeights cross_attn;           // decoder only: encoder_attn (queries from y, keys from x)
    RowVec ln_cross_gamma, ln_cross_beta;  // decoder only: encoder_attn_layer_norm
    Mat ff1_w;                             // (d, d_ff) fc1
    RowVec ff1_b;                          // (d_ff)
    Mat ff2_w;                             // (d_ff, d) fc2
    RowVec ff2_b;                          // (d)
    RowVec ln_out_gamma, ln_out_beta;      // (d) final_layer_norm (around the feed-forward)
};

// Reads the block under `prefix` through `r` (errors kept in `r`). `cross`: the decoder's
// cross-attention too; `key_bias`: k_proj has a bias (Whisper's has none: b_k is then 0).
void read_seq2seq_block(WeightReader& r, const std::string& prefix, int d, int heads, int d_ff, bool cross,
                        bool key_bias, Seq2SeqBlock& b);

// Both stacks' blocks ("encoder.layers.{i}." then "decoder.layers.{i}.", the decoder's with
// cross-attention) into `encoder` and `decoder`, sized from `config`. Stops at the reader's first
// error (returned); after each block reports progress to `on_layer`, both stacks counting as
// config.n_layers layers (LayerLoaded's scale).
Status read_encoder_decoder_blocks(const PretrainedConfig& config, WeightReader& r, bool key_bias,
                                   const LayerLoaded& on_layer, std::vector<Seq2SeqBlock>& encoder,
                                   std::vector<Seq2SeqBlock>& decoder);

// A LayerNorm's weight and bias under `base` ("decoder.layer_norm"), each (d).
void read_layer_norm(WeightReader& r, const std::string& base, int d, RowVec& gamma, RowVec& beta);

// Floats the block holds (for FamilyWeights::bytes).
std::size_t seq2seq_block_floats(const Seq2SeqBlock& b);

// The block's self-attention and feed-forward as the shared pre-LN / post-LN blocks read them.
NormBlock norm_block(const Seq2SeqBlock& b);

}  // namespace attn::pretrained
