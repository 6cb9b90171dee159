// seq2seq_run.h — an encoder–decoder's run as the app and the CLI see it: three trace sections,
// the encoder's self-attention (source × source), the decoder's causal self-attention (target ×
// target) and the cross-attention between them (target queries × source keys).
//
// run_text_seq2seq is the whole run of the families that translate text (Marian, BART): it reads
// RunConfig::text as the source and RunConfig::cross_text as the target. A typed target is
// teacher-forced exactly as Hugging Face builds the decoder input from labels: the start token,
// then the target tokenizer's ids (the labels shifted right: BART's <s> first, Marian's nothing).
// An empty target is translated first (greedy or beam search, as the folder says: translate.h),
// and the decoder reads what the model wrote.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/status.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"

namespace attn::pretrained {

struct PretrainedModel;

// One side of a section: its tokens, and the token and position parts of its first input (T, d).
struct SectionSide {
    const std::vector<Token>& tokens;
    const Mat& embeddings;
    const Mat& positions;
};

// A section named `name` ("encoder", "decoder", "cross") of a run of `model`: queries from `q`,
// keys from `k`, the layers' traces, the user's mask replaced by the model's own (causal or
// nothing), RunConfig::cross_text set to `target_text` (the target as the decoder read it).
Trace seq2seq_section(const PretrainedModel& model, const RunConfig& run, const char* name, const SectionSide& q,
                      const SectionSide& k, std::vector<LayerTrace> layers, bool causal, const std::string& target_text);

// What a text encoder–decoder family gives run_text_seq2seq.
struct TextSeq2Seq {
    int target_bos = -1;  // the token a typed target starts with after the start token (BART's <s>), or -1
    // The teacher-forced pass over checked ids: source (S), decoder input (T).
    std::function<Seq2SeqPass(const std::vector<int>& source, const std::vector<int>& decoder_input,
                              const AttentionOptions& opt)>
        forward;
};

// The three sections (above). Errors are messages for users (too long, unknown characters, a
// trace over budget, numbers that overflowed).
Expected<std::vector<Trace>> run_text_seq2seq(const PretrainedModel& model, const RunConfig& run,
                                              const TextSeq2Seq& how);

}  // namespace attn::pretrained
