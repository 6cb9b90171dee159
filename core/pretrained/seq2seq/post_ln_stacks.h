// post_ln_stacks.h — the post-LN encoder and decoder stacks that Marian and BART share (each norm
// after its sublayer), teacher-forced over whole sequences and one decoder row at a time. The
// families differ only before the first block (their embeddings) and pass the result in.
//
//   encoder block:  x = LN_1(x + SelfAttention(x))                     every source key
//                   x = LN_2(x + W_2 act(W_1 x))
//   decoder block:  y = LN_1(y + SelfAttention(y))                     causal
//                   y = LN_2(y + CrossAttention(Q = y, K = V = memory)) (T, S) weights
//                   y = LN_3(y + W_2 act(W_1 y))
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"

namespace attn::pretrained {

// Knock-outs (opt.ablation, with sections: intervention.h) apply inside: the encoder's heads and
// sublayers in post_ln_encode (a mean over every source position), the decoder's and the
// cross-attention's in post_ln_decode and post_ln_decode_row (the session's; a mean over the
// target so far).

// The encoder's blocks over x (S, d), the embedding output already in pass.hidden_states[0]: each
// block's attention into pass.layers, its output appended to pass.hidden_states; x ends as the
// encoder's output.
void post_ln_encode(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& config,
                    const ForwardOptions& opt, Mat& x, ForwardPass& pass);

// The decoder's blocks over y (T, d) reading `memory` (S, d), the embedding output already in
// pass.hidden_states[0]: self-attention into pass.layers, cross-attention into `cross`, each
// block's output appended to pass.hidden_states; y ends as the decoder's output.
void post_ln_decode(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& config, const Mat& memory,
                    const ForwardOptions& opt, Mat& y, ForwardPass& pass, std::vector<LayerTrace>& cross);

// One decoder row y (1, d) at position `pos` through every block of the cached step: its key and
// value written to the session's cache, each layer's attention rows into `step`; y ends as the
// decoder's output row. The caller has reserved the cache for pos + 1 rows.
void post_ln_decode_row(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& config, Seq2SeqSession& s,
                        int pos, Mat& y, Seq2SeqStep& step);

}  // namespace attn::pretrained
