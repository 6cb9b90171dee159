// t5.h — T5 (T5ForConditionalGeneration: t5-small … t5-11b, T5 v1.1, Flan-T5, mT5): an encoder and
// a decoder joined by cross-attention, with no position vectors at all. Where a key sits relative
// to its query is a learned bias added to the score, and the scores are never divided by √d_k.
//
//   encoder:  x = E[src]                                                      (S, d) no scaling
//             B_enc[h](i, j) = bias_enc[bucket(j − i, both ways), h]          (H, S, S) block 0's table
//             per block:  x = x + SelfAttention(RMS_1(x), + B_enc)            every source key
//                         x = x + FF(RMS_2(x))
//             x = RMS_enc(x)
//   decoder:  y = E[tgt]                                                      (T, d)
//             B_dec[h](i, j) = bias_dec[bucket(j − i, causal), h]             (H, T, T)
//             per block:  y = y + SelfAttention(RMS_1(y), + B_dec)            causal
//                         y = y + CrossAttention(Q = RMS_2(y), K = V = x)     (T, S), no bias
//                         y = y + FF(RMS_3(y))
//             y = RMS_dec(y)
//   logits = y · lm_headᵀ  (untied: v1.1, Flan-T5, mT5)  or  (y · d^−½) · Eᵀ  (tied: the original T5)
//
//   SelfAttention(a, + B): q = a W_q, k = a W_k, v = a W_v      (T, H·d_kv)  no biases; H·d_kv may ≠ d
//                          head h: softmax(q_h k_hᵀ + B[h]) v_h           no ÷ √d_kv
//                          out = [O_1 … O_H] W_O                         (T, d)
//   FF(a) = relu(a W_i) W_o                        (feed_forward_proj "relu")
//         = (gelu_tanh(a W_i0) ⊙ a W_i1) W_o       ("gated-gelu")
//
// Hugging Face names: shared.weight (or encoder.embed_tokens.weight), {encoder,decoder}.block.{i}
// .layer.0.SelfAttention.{q,k,v,o}.weight and block 0's .relative_attention_bias.weight (buckets, H),
// .layer.0.layer_norm.weight, the decoder's .layer.1.EncDecAttention.{q,k,v,o} and
// .layer.1.layer_norm, the feed-forward's .layer.{1|2}.DenseReluDense.{wi | wi_0, wi_1, wo} and
// .layer.{1|2}.layer_norm, {encoder,decoder}.final_layer_norm.weight, lm_head.weight when untied.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"

namespace attn::pretrained {

// T5's own settings: a learned bias per relative distance instead of position vectors, and the
// feed-forward's form (its generation settings: Seq2SeqSettings). Heads are head_dim (d_kv) wide.
struct T5Settings : Seq2SeqSettings {
    int num_buckets = 32;       // relative_attention_num_buckets (per head, both directions together)
    int max_distance = 128;     // relative_attention_max_distance: farther keys share the last bucket
    bool gated = false;         // feed_forward_proj "gated-…": act(a W_i0) ⊙ a W_i1
    bool tied = true;           // tie_word_embeddings: logits = (y · d^−½) · Eᵀ
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<T5Settings>(*this); }
};
inline const T5Settings& t5_settings(const PretrainedConfig& c) { return settings_as<T5Settings>(c); }

struct T5Attention {
    Mat w_q, w_k, w_v;  // (d, H·d_kv) x·W layout
    Mat w_o;            // (H·d_kv, d)
};

struct T5Block {
    T5Attention self_attn;
    RowVec ln_self;        // (d) before self-attention
    T5Attention cross_attn;  // decoder only
    RowVec ln_cross;       // (d) decoder only, before cross-attention
    Mat wi, wi_gate;       // (d, d_ff): wi (relu) or wi_0; wi_1 (gated only, else empty)
    Mat wo;                // (d_ff, d)
    RowVec ln_ff;          // (d) before the feed-forward
};

struct T5Weights : FamilyWeights {
    Mat embed;                   // (V, d) shared by both stacks (and the output when tied)
    Mat lm_head;                 // (V, d) when untied; empty = embed, after y · d^−½
    Mat encoder_bias_table;      // (buckets, H) block 0's relative_attention_bias, used by every block
    Mat decoder_bias_table;      // (buckets, H)
    std::vector<T5Block> encoder, decoder;
    RowVec ln_enc, ln_dec;       // (d) each stack's final RMSNorm

    std::size_t bytes() const override;
    // logits of the decoder's output rows y (T, d) -> (T, V)
    Mat logits(const Mat& y, const PretrainedConfig& config) const;
};

Expected<T5Weights> load_t5_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                    const LayerLoaded& on_layer = {});

// The bias of every head for queries 0 … t_q − 1 against keys 0 … t_k − 1 placed `first_query`
// later than the first key: [h] (t_q, t_k), entry (i, j) = table(bucket(j − (i + first_query)), h).
std::vector<Mat> t5_position_bias(const Mat& table, const PretrainedConfig& config, bool bidirectional, int t_q,
                                  int t_k, int first_query = 0);

// The teacher-forced pass over checked source ids (S) and decoder input ids (T: the start token,
// then the target). `opt` applies in every attention of both stacks (T5's own: opt.scale false).
Seq2SeqPass t5_forward(const T5Weights& w, const PretrainedConfig& config, const std::vector<int>& source,
                       const std::vector<int>& decoder_input, const ForwardOptions& opt);

// The encoder alone: its self-attention and hidden states (the last after RMS_enc).
ForwardPass t5_encode(const T5Weights& w, const PretrainedConfig& config, const std::vector<int>& source,
                      const ForwardOptions& opt);

// The cached step (seq2seq_session.h): every decoder layer's cross-attention keys and values over
// the encoder's output, once; then one target row through every decoder block.
std::shared_ptr<CrossMemory> t5_cross_memory(const T5Weights& w, const Mat& memory);
void t5_decode_row(const T5Weights& w, const PretrainedConfig& config, Seq2SeqSession& s, int pos, Mat& y,
                   Seq2SeqStep& step);

// tokenizer_config.json's "extra_ids": how many <extra_id_N> sentinels follow the spm's pieces
// (absent: T5Tokenizer's 100). Errors name the file and the field.
Expected<int> t5_extra_ids(std::string_view tokenizer_config_json);

// The T5 family (family.h): model_type t5 and mt5.
const ModelFamily& t5_family();

}  // namespace attn::pretrained
