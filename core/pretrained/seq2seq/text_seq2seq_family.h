// text_seq2seq_family.h — what the families that read a source text and write a target text with
// two post-LN stacks share (Marian, BART): their weights' common part (one embedding for both
// stacks and the output, final_logits_bias, the blocks), and a family base that runs them through
// the interface (family.h) once each family says how it embeds a token.
//
//   forward:    the family's teacher-forced pass (its embeddings, then post_ln_stacks.h)
//   cached:     memory = the family's encoder over the source, once; each target token's row
//               = the family's embedding of (id, position), then post_ln_decode_row; logits
//   run:        seq2seq_run.h's three sections
#pragma once

#include <string>
#include <vector>

#include <memory>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"

namespace attn::pretrained {

struct TextSeq2SeqWeights : FamilyWeights {
    Mat embed;                    // (V, d) shared by both stacks and the output
    Mat lm_head;                  // (V, d) only when stored untied; empty = embed
    RowVec final_logits_bias;     // (V) or empty
    std::vector<Seq2SeqBlock> encoder, decoder;  // post-LN

    // logits = y · Oᵀ + final_logits_bias, O = lm_head or embed   y (T, d) -> (T, V)
    Mat logits(const Mat& y) const;
    // Floats of the parts above (a family adds its own: FamilyWeights::bytes).
    std::size_t shared_floats() const;
};

// The embedding (shared.weight, or the encoder's embed_tokens, under r's prefix) and, outside the
// prefix, final_logits_bias and an untied lm_head.weight. The first error is returned.
Status read_shared_output(const SafeTensorsFile& file, WeightReader& r, const PretrainedConfig& config,
                          TextSeq2SeqWeights& w);

// A source as Marian and T5 frame it: its pieces, then the end token (config's eos_token_id).
FramedText pieces_then_eos(const PretrainedModel& model, std::vector<SubwordToken> pieces, std::size_t text_bytes);

class TextSeq2SeqFamily : public ModelFamily {
public:
    // ---- What each family says
    // The teacher-forced pass over checked ids: source (S), decoder input (T); opt's knock-outs
    // (with sections) inside.
    Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& decoder_input, const ForwardOptions& opt) const override = 0;
    // The encoder's output over checked source ids (S, d), without statistics, with the encoder's
    // knock-outs of `ablation`.
    virtual Mat encode_source(const PretrainedModel& model, const std::vector<int>& source,
                              const Ablation& ablation) const = 0;
    // The decoder's first input row for token `id` at position `pos` (1, d).
    virtual Mat embed_target(const PretrainedModel& model, int id, int pos) const = 0;
    // The token a typed target starts with after the start token (BART's <s>), or -1.
    virtual int target_bos(const PretrainedModel&) const { return -1; }
    // The cached step's parts; the defaults run TextSeq2SeqWeights' post-LN stacks (T5 has its own).
    // Every decoder layer's cross-attention keys and values over the encoder's output (S, d).
    virtual std::shared_ptr<CrossMemory> cross_memory_of(const PretrainedModel& model, const Mat& memory) const;
    // The width of a decoder layer's cached keys and values (H·d_k).
    virtual int cache_width(const PretrainedModel& model) const;
    // Row y (1, d) at position `pos` through every decoder block (its key and value cached, its
    // attention rows into `step`), then the logits of the token after it (V).
    virtual RowVec decode_row(const PretrainedModel& model, Seq2SeqSession& s, int pos, Mat& y, Seq2SeqStep& step) const;

    // ---- Shared
    // generation_config.json, where the folder has one, over config.json's generation fields.
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override;
    int pad_id(const PretrainedModel& model) const override;
    DecoderFacts decoder_facts(const PretrainedModel& model) const override;
    // The decoder's end: post-LN stacks have no final norm (identity); logits = y·Oᵀ + final_logits_bias.
    Mat final_norm(const PretrainedModel& model, const Mat& x) const override;
    Mat unembed(const PretrainedModel& model, const Mat& h) const override;
    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override;
    Expected<std::vector<Trace>> run(const PretrainedModel& model, const RunConfig& run) const override;
    void start_translation(const PretrainedModel& model, const std::vector<int>& source, Seq2SeqSession& session,
                           const Ablation& ablation) const override;
    void append_target(Seq2SeqSession& session, int id) const override;
};

}  // namespace attn::pretrained
