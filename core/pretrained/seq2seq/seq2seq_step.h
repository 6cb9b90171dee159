// seq2seq_step.h — what every encoder–decoder family's cached step (seq2seq_session.h) shares:
// each decoder layer's cross-attention keys and values over the encoder's output, once; the
// decoder's growing self-attention cache; one query row attending to a set of keys.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"

namespace attn::pretrained {

// K_l = memory W_K + b_K and V_l = memory W_V + b_V for every decoder block l: (S, d) each.
std::shared_ptr<CrossMemory> cross_memory(const Mat& memory, const std::vector<Seq2SeqBlock>& decoder);

// The session's knock-outs (checked against the model by the caller) for every step to come.
void set_step_ablation(Seq2SeqSession& s, const Ablation& a, int decoder_layers);

// Room for n rows in every layer of `cache` (growing by doubling, at most max_rows).
void reserve_cache(KvCache& cache, int n, int max_rows);

// One query row q (1, H·d_k) against keys and values (n, H·d_k), every head: each head's weights
// into rows (H, n), the heads' outputs side by side into concat (1, H·d_k). The softmax input is
// factor · q_h k_hᵀ, plus row h of `bias` (H, n) when given (T5's relative positions).
void attend_row(const Mat& q, const Eigen::Ref<const Mat>& keys, const Eigen::Ref<const Mat>& values, int heads,
                float factor, Mat& rows, Mat& concat, const Mat* bias = nullptr);

// One decoder row a (1, d) at position `pos` through layer l's sublayers (the caller adds `out` to
// the residual stream and applies the family's norms around them; the session's knock-outs apply:
// removed heads rewritten before W_O, a removed sublayer's out = 0):
//   self_attention_row:  its key and value written to row `pos` of the cache, then its attention
//                        over rows 0 … pos: weights (H, pos + 1) into `rows`, out = concat W_O + b_O
//   cross_attention_row: its attention over the encoder's keys and values (s.memory): (H, S)
//   feed_forward_row:    out = act(a W_1 + b_1) W_2 + b_2
void self_attention_row(const AttentionWeights& w, const Mat& a, Seq2SeqSession& s, std::size_t l, int pos, int heads,
                        float factor, Mat& rows, Mat& out);
void cross_attention_row(const AttentionWeights& w, const Mat& a, Seq2SeqSession& s, std::size_t l, int pos, int heads,
                         float factor, Mat& rows, Mat& out);
// The knock-outs' part of a row's sublayer, for families that project themselves (T5): the removed
// heads of `off` (a section part) in concat (1, H·d_k) rewritten at position `pos` with the running
// sums of layer l; says whether the sublayer adds anything (attention_kept).
bool knock_out_row(const Ablation& off, std::vector<Eigen::RowVectorXd>& sums, std::size_t l, int pos, int d_k,
                   Mat& concat);
void feed_forward_row(const Seq2SeqBlock& b, const std::string& activation, const Mat& a, Mat& out);

}  // namespace attn::pretrained
