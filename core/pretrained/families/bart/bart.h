// bart.h — BART (BartForConditionalGeneration: facebook/bart-base, bart-large, bart-large-cnn,
// distilbart …): a denoising encoder–decoder whose decoder writes text while it reads the encoder's
// output through cross-attention.
//
//   encoder:  x = LN_emb(E[src] · s + P[2 … S+1])                         (S, d)
//             post-LN blocks (post_ln_stacks.h), every source key
//   decoder:  y = LN_emb'(E[tgt] · s + P'[2 … T+1])                       (T, d)
//             post-LN blocks: causal self-attention, cross-attention on x, feed-forward
//   logits = y · Eᵀ + final_logits_bias                                   (T, V)
//
// s = √d_model when scale_embedding, else 1. P and P' are learned tables of max_position_embeddings
// + 2 rows: fairseq kept the first two rows for padding, so position p reads row p + 2. LN_emb is
// layernorm_embedding, applied once after the sum. Hugging Face names: model.shared.weight (or the
// encoder's embed_tokens), model.{encoder,decoder}.embed_positions.weight, .layernorm_embedding,
// .layers.{i}.{self_attn,encoder_attn}.{q,k,v,out}_proj, *_layer_norm, fc1, fc2, final_logits_bias,
// lm_head.weight when untied.
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/model_config.h"
#include "core/pretrained/nn_ops.h"
#include "core/pretrained/safetensors.h"
#include "core/pretrained/seq2seq_block.h"
#include "core/pretrained/text_seq2seq_family.h"

namespace attn::pretrained {

// fairseq's padding rows before position 0 in BART's position tables.
inline constexpr int kBartPositionOffset = 2;

struct BartWeights : TextSeq2SeqWeights {  // embed, lm_head, final_logits_bias, the post-LN stacks
    Mat encoder_positions;       // (max_positions + 2, d) learned; position p is row p + 2
    Mat decoder_positions;       // (max_positions + 2, d)
    RowVec encoder_ln_gamma, encoder_ln_beta;  // (d) encoder.layernorm_embedding
    RowVec decoder_ln_gamma, decoder_ln_beta;  // (d) decoder.layernorm_embedding

    std::size_t bytes() const override;
};

Expected<BartWeights> load_bart_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                        const LayerLoaded& on_layer = {});

// Source ids (S) and decoder input ids (T: the start token, <s>, then the target), each < vocab
// and at most max_positions (asserted: callers check). `opt` applies in every attention (its
// knock-outs, with sections, in theirs).
Seq2SeqPass bart_forward(const BartWeights& w, const PretrainedConfig& config, const std::vector<int>& source,
                         const std::vector<int>& decoder_input, const ForwardOptions& opt);
// The encoder alone over checked source ids (S).
ForwardPass bart_encode(const BartWeights& w, const PretrainedConfig& config, const std::vector<int>& source,
                        const ForwardOptions& opt);
// The decoder's first input row for token `id` at position `pos`: LN_emb'(E[id] · s + P'[pos + 2])  (1, d)
Mat bart_target_row(const BartWeights& w, const PretrainedConfig& config, int id, int pos);

// The BART family (family.h): model_type bart.
const ModelFamily& bart_family();

}  // namespace attn::pretrained
