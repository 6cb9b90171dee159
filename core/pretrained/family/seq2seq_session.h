// seq2seq_session.h — a target written one token at a time by an encoder–decoder family (the
// state ModelFamily::start_translation / append_target fill the same way for every such family).
//
//   start:  memory = Encoder(source)                  (S, d), once per source
//           per decoder layer l:  K_l = memory W_K + b_K,  V_l = memory W_V + b_V   (S, d), once
//   step:   the new target token's row through every decoder layer:
//             self-attention over the cached target rows (causal by construction)     (1, t + 1)
//             cross-attention c_h = softmax(q_h K_{l,h}ᵀ / √d_k)                      (1, S) kept
//           logits of the token after it                                             (V)
// so a target token costs one row of every decoder layer, and equals the teacher-forced pass over
// the same target (tested). core/pretrained/seq2seq/translate.h builds greedy and beam search on it.
#pragma once

#include <memory>
#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/decode_session.h"

namespace attn::pretrained {

// The encoder's output as every decoder layer's cross-attention reads it: computed once per
// source, shared (read-only) by every beam.
struct CrossMemory {
    std::vector<Mat> k, v;  // [decoder layer] (S, d): all heads side by side
    int source_length = 0;  // S
};

// What one target token's step computed.
struct Seq2SeqStep {
    int id = 0;                          // the token read at this step (the start token first)
    std::vector<Mat> self_attention;     // [layer] (H, t + 1): its row of each head's causal heatmap
    std::vector<Mat> cross_attention;    // [layer] (H, S): its row of each head's cross-attention
};

struct Seq2SeqSession {
    const PretrainedModel* model = nullptr;    // not owned; its weights must outlive the session
    std::vector<int> source;                   // (S) the encoder's ids
    std::shared_ptr<const CrossMemory> memory; // shared by copies of the session (beams)
    std::vector<int> ids;                      // (t) the decoder's input so far: start token, then target
    KvCache cache;                             // the decoder's self-attention keys and values
    std::vector<Seq2SeqStep> steps;            // (t) one per token in ids
    RowVec logits;                             // (V) the next token's logits after ids.back()
    // Knock-outs in force for the whole session (intervention.h; empty = none): the encoder's are
    // applied once by start_translation; the decoder's and the cross-attention's, kept here as
    // section_part(…, Decoder / Cross) by set_step_ablation, at every step. A mean ablation's
    // running sums of the removed heads' outputs: [decoder layer] (1, H·d_k), copied with the
    // session (each beam its own).
    Ablation self_off, cross_off;
    std::vector<Eigen::RowVectorXd> self_sums, cross_sums;

    int length() const { return int(ids.size()); }
};

}  // namespace attn::pretrained
