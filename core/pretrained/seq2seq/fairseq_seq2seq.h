// fairseq_seq2seq.h — what fairseq's encoder–decoders share in Hugging Face's layout (BART and
// mBART): learned positions with fairseq's two padding rows, layernorm_embedding, their config
// fields, their weights, and the passes over either block form.
//
//   encoder:  x = LN_emb(E[src] · s + P[2 … S+1])                         (S, d)
//             BART: post-LN blocks (post_ln_stacks.h); mBART: pre-LN blocks, then LN_enc (pre_ln_stacks.h)
//   decoder:  y = LN_emb'(E[tgt] · s + P'[2 … T+1])                       (T, d)
//             the same block form: causal self-attention, cross-attention on x, feed-forward (mBART: then LN_dec)
//   logits = y · Eᵀ + final_logits_bias                                   (T, V)
//
// s = √d_model when scale_embedding, else 1. P and P' are learned tables of max_position_embeddings
// + 2 rows: fairseq kept the first two rows for padding, so position p reads row p + 2. LN_emb is
// layernorm_embedding, applied once after the sum. Hugging Face names: model.shared.weight (or the
// encoder's embed_tokens), model.{encoder,decoder}.embed_positions.weight, .layernorm_embedding,
// .layer_norm (mBART), .layers.{i}.{self_attn,encoder_attn}.{q,k,v,out}_proj, *_layer_norm, fc1,
// fc2, final_logits_bias, lm_head.weight when untied.
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/pretrained/seq2seq/text_seq2seq_family.h"

namespace attn::pretrained {

// fairseq's padding rows before position 0 in the position tables.
inline constexpr int kFairseqPositionOffset = 2;

struct FairseqSeq2SeqWeights : TextSeq2SeqWeights {  // embed, lm_head, final_logits_bias, the blocks
    Mat encoder_positions;       // (max_positions + 2, d) learned; position p is row p + 2
    Mat decoder_positions;       // (max_positions + 2, d)
    RowVec encoder_ln_gamma, encoder_ln_beta;  // (d) encoder.layernorm_embedding
    RowVec decoder_ln_gamma, decoder_ln_beta;  // (d) decoder.layernorm_embedding
    // Pre-LN (mBART): each stack's closing norm, encoder.layer_norm and decoder.layer_norm (d);
    // empty for post-LN (BART).
    RowVec encoder_norm_gamma, encoder_norm_beta;
    RowVec decoder_norm_gamma, decoder_norm_beta;

    bool pre_ln() const { return encoder_norm_gamma.size() > 0; }
    std::size_t bytes() const override;
};

// config.json's fields for `family` ("BART", "mBART"): d_model, both stacks, vocab_size,
// max_position_embeddings, activation_function, scale_embedding, the special ids, generation
// settings. `pre_ln`: the blocks normalise before each sublayer (normalize_before,
// add_final_layer_norm true); a flag that says the other form, or extra_pos_embeddings other than
// 2, is refused by name.
Status parse_fairseq_config(const ConfigJson& json, PretrainedConfig& config, const char* family, bool pre_ln);

// Every tensor the passes read (F32, F16, BF16); `pre_ln`: the two closing norms too. Errors name
// the missing or misshapen tensor; `family` names the model in them.
Expected<FairseqSeq2SeqWeights> load_fairseq_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                     const char* family, bool pre_ln, const LayerLoaded& on_layer = {});

// Source ids (S) and decoder input ids (T), each < vocab and at most max_positions (asserted:
// callers check). `opt` applies in every attention (its knock-outs, with sections, in theirs).
Seq2SeqPass fairseq_forward(const FairseqSeq2SeqWeights& w, const PretrainedConfig& config,
                            const std::vector<int>& source, const std::vector<int>& decoder_input,
                            const ForwardOptions& opt);
// The encoder alone over checked source ids (S); its output is hidden_states.back().
ForwardPass fairseq_encode(const FairseqSeq2SeqWeights& w, const PretrainedConfig& config,
                           const std::vector<int>& source, const ForwardOptions& opt);
// The decoder's first input row for token `id` at position `pos`: LN_emb'(E[id] · s + P'[pos + 2])  (1, d)
Mat fairseq_target_row(const FairseqSeq2SeqWeights& w, const PretrainedConfig& config, int id, int pos);

// The family part BART and mBART share: config and weights in their block form, what they read
// (a source and a target; learned positions), the special ids checked against the tokenizer, the
// source framed as [source_start] pieces </s>, the passes above behind the interface, the cached
// step in either block form, the decoder's closing norm for the logit lens, and generated text
// without its control tokens.
class FairseqFamily : public TextSeq2SeqFamily {
public:
    // `name` is what users see ("BART"); `pre_ln`: mBART's block form.
    FairseqFamily(const char* name, bool pre_ln) : name_(name), pre_ln_(pre_ln) {}
    // The token a source starts with: BART's <s>, mBART's language code.
    virtual int source_start(const PretrainedModel& model) const = 0;

    std::string display_name(const PretrainedConfig&) const override { return name_; }
    Status parse_config(const ConfigJson& json, PretrainedConfig& config) const override;
    Capabilities capabilities(const PretrainedConfig& config) const override;
    // config.json's special ids checked against the tokenizer, which learns from them which ids are
    // control tokens; then generation_config.json.
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override;
    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override;
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>* second, std::size_t second_bytes) const override;
    Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& decoder_input, const ForwardOptions& opt) const override;
    Mat encode_source(const PretrainedModel& model, const std::vector<int>& source,
                      const Ablation& ablation) const override;
    Mat embed_target(const PretrainedModel& model, int id, int pos) const override;
    RowVec decode_row(const PretrainedModel& model, Seq2SeqSession& s, int pos, Mat& y, Seq2SeqStep& step) const override;
    Mat final_norm(const PretrainedModel& model, const Mat& x) const override;
    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override;

private:
    const char* name_;
    bool pre_ln_;
};

}  // namespace attn::pretrained
