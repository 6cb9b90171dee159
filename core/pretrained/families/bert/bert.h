// bert.h — the BERT and DistilBERT forward pass (post-LN encoder, learned positions, bidirectional).
//
//   x = LN_emb(word[ids] + position[0 … T−1] (+ token_type[segments]))    (T, d)
//   for each block:  x = LN_attn(x + Attention(x))        every key visible unless masked
//                    x = LN_out(x + W_2 gelu(W_1 x))      (T, d_ff) inside
//
// Hugging Face names: BERT "bert." prefix optional (embeddings.*, encoder.layer.{i}.*), LayerNorm
// .weight/.bias or the older .gamma/.beta; DistilBERT "distilbert." prefix optional
// (embeddings.*, transformer.layer.{i}.*), no segment embeddings. nn.Linear stores (d_out, d_in):
// transposed at load to our x·W layout. Pooler, MLM heads and position_ids buffers are ignored.
#pragma once

#include <cstddef>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

struct BertBlock {
    AttentionWeights attn;           // self.query/key/value + output.dense (DistilBERT q/k/v/out_lin)
    RowVec ln_attn_gamma, ln_attn_beta;  // (d) attention.output.LayerNorm / sa_layer_norm
    Mat ff1_w;                       // (d, d_ff) intermediate.dense / ffn.lin1
    RowVec ff1_b;                    // (d_ff)
    Mat ff2_w;                       // (d_ff, d) output.dense / ffn.lin2
    RowVec ff2_b;                    // (d)
    RowVec ln_out_gamma, ln_out_beta;    // (d) output.LayerNorm / output_layer_norm
};

struct BertWeights : FamilyWeights {
    Mat word;                        // (vocab, d)
    Mat position;                    // (max_positions, d)
    Mat token_type;                  // (type_vocab, d); empty for DistilBERT
    RowVec ln_emb_gamma, ln_emb_beta;    // (d)
    std::vector<BertBlock> blocks;   // n_layers

    std::size_t bytes() const override;  // float32 bytes held
};

// BERT or DistilBERT per config.model_type. Errors name the missing or misshapen tensor; `on_layer` may
// stop loading by returning an error.
Expected<BertWeights> load_bert_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                        const LayerLoaded& on_layer = {});

// The forward pass over token ids (each < vocab, at most max_positions: asserted — callers check).
// `segments` (T) are token type ids (0 first sentence, 1 second) or empty = all 0; ignored by
// DistilBERT. `blocked` (T, T) or empty hides keys (padding, the user's mask) in every layer.
ForwardPass bert_forward(const BertWeights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const std::vector<int>& segments,
                         const BoolMat& blocked, const AttentionOptions& opt);
// The same with knocked-out heads or sublayers (intervention.h; a mean ablation averages over the
// whole sentence; a removed sublayer still has its LayerNorm). An empty opt.ablation gives the
// pass above, bit for bit.
ForwardPass bert_forward(const BertWeights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const std::vector<int>& segments,
                         const BoolMat& blocked, const ForwardOptions& opt);

// The masked-LM head (BertForMaskedLM / DistilBertForMaskedLM):
//   t = LN(act(h W_t + b_t))       (T, d)   BERT: cls.predictions.transform.{dense, LayerNorm}
//                                           DistilBERT: vocab_transform, vocab_layer_norm
//   logits = t · Eᵀ + b            (T, V)   E = the word embeddings (tied; an untied
//                                           cls.predictions.decoder.weight / vocab_projector.weight
//                                           is used when the file has one), b = the head's bias
struct MlmHeadWeights : FamilyWeights {
    Mat transform_w;           // (d, d) x·W layout
    RowVec transform_b;        // (d)
    RowVec ln_gamma, ln_beta;  // (d)
    Mat decoder;               // (V, d) only when stored untied; empty = the word embeddings
    RowVec bias;               // (V)
    std::size_t bytes() const override;
};

// Reads the head from the model folder's weights. Errors: the file has no MLM head (names what
// was looked for), misshapen tensors.
Expected<MlmHeadWeights> load_mlm_head_weights(const std::string& name, const std::string& folder,
                                               const PretrainedConfig& config);
// Logits for every row of the last hidden state h (T, d) -> (T, V).
Mat bert_mlm_logits(const BertWeights& w, const PretrainedConfig& config, const MlmHeadWeights& head, const Mat& h);

// The BERT family (family.h): model_type bert and distilbert.
const ModelFamily& bert_family();

}  // namespace attn::pretrained
