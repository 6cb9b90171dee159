// pre_ln_stacks.h — the pre-LN encoder and decoder stacks that Whisper and mBART share (each
// sublayer reads the normalised stream and adds its output to it; each stack ends with its own
// LayerNorm), teacher-forced over whole sequences and one decoder row at a time. The families differ
// before the first block (their embeddings) and pass the result in.
//
//   encoder block:  x = x + SelfAttention(LN_1(x))                      every source key
//                   x = x + W_2 act(W_1 LN_2(x))
//   decoder block:  y = y + SelfAttention(LN_1(y))                      causal
//                   y = y + CrossAttention(Q = LN_2(y), K = V = memory) (T, S) weights
//                   y = y + W_2 act(W_1 LN_3(y))
//   after the last block: LN_final (the stack's layer_norm)
//
// Hidden states as Hugging Face's output_hidden_states gives them for these models: entry 0 is the
// embedding output (already in pass.hidden_states when a stack starts), entry i (1 … L−1) block
// i−1's output, entry L the final norm's output (the last block's raw output is in no entry).
//
// Knock-outs (opt.ablation, with sections: intervention.h) apply inside, as in post_ln_stacks.h: the
// encoder's heads and sublayers over every source position, the decoder's and the cross-attention's
// over the target so far (the cached step: the session's).
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"

namespace attn::pretrained {

// A stack's closing LayerNorm, (d) each.
struct FinalNorm {
    const RowVec& gamma;
    const RowVec& beta;
};

// The encoder's blocks over x (S, d), then its final norm: each block's attention into pass.layers
// (cut to its first `keep` queries and keys when keep ≥ 0: Whisper's frames that hold sound; the
// stream stays whole), hidden states as above; x ends as the encoder's output.
void pre_ln_encode(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& config,
                   const ForwardOptions& opt, int keep, Mat& x, ForwardPass& pass);

// The decoder's blocks over y (T, d) reading `memory` (S, d), then its final norm: self-attention
// into pass.layers, cross-attention into `cross`, hidden states as above; y ends as the decoder's
// output (normalised).
void pre_ln_decode(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& config,
                   const Mat& memory, const ForwardOptions& opt, Mat& y, ForwardPass& pass,
                   std::vector<LayerTrace>& cross);

// One decoder row y (1, d) at position `pos` through every block of the cached step and the final
// norm: its key and value written to the session's cache, each layer's attention rows into `step`.
// The caller has reserved the cache for pos + 1 rows.
void pre_ln_decode_row(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& config,
                       Seq2SeqSession& s, int pos, Mat& y, Seq2SeqStep& step);

}  // namespace attn::pretrained
