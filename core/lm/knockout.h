// knockout.h — what a model predicts with heads or sublayers knocked out, and which heads matter:
// every head removed alone, ranked by how much the probability of the model's answer changes.
//
//   logits' = unembed(forward(ids, ablation))             (T, V) next tokens (causal models)
//   for each head (l, h):  Δ = p'(answer | (l, h) removed) − p(answer)   at one position
//
// The ablation itself happens inside the families' forward passes (core/pretrained/blocks/intervention.h);
// this file drives it for core/lm's models. Layers and heads are 0-based.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

// Next-token logits at every position of a causal model's pass with `ablation` (checked against
// the model's sizes) — row i predicts token i + 1. (T, V). Errors: not a causal LM (BERT fills
// [MASK]s: masked_lm.h takes an ablation too), bad ids (check_ids), an index outside the model.
Expected<Mat> ablated_next_logits(const pretrained::PretrainedModel& model, const std::vector<int>& ids,
                                  const pretrained::Ablation& ablation);

struct HeadEffect {
    pretrained::HeadIndex head;
    float probability = 0.0f;  // p(answer) with this head removed (on top of the base ablation)
    float change = 0.0f;       // probability − HeadRanking::base_probability
};

struct HeadRanking {
    int position = 0;               // the position whose prediction is watched
    int answer_id = 0;              // the top token there with only the base ablation
    float base_probability = 0.0f;  // its probability then
    std::vector<HeadEffect> heads;  // every head, largest |change| first (ties: layer, head order)
    bool cancelled = false;         // stopped early: `heads` holds the heads done so far, unsorted
};

// The logits (V) at the watched position for one ablation: one forward pass of the model.
using AblatedLogits = std::function<RowVec(const pretrained::Ablation&)>;
// done, total; called after each head (from the calling thread).
using RankProgress = std::function<void(int done, int total)>;

// Removes each head of `candidates` alone (added to `base`, with base.mode) and ranks them by the
// change of the answer's probability. `logits` runs the model; `cancel` (optional) stops between heads.
HeadRanking rank_heads(const AblatedLogits& logits, const std::vector<pretrained::HeadIndex>& candidates,
                       const pretrained::Ablation& base, const RankProgress& progress = {},
                       const std::atomic<bool>* cancel = nullptr);
// Every head of a model of `shape`: layer by layer; two stacks: the encoder's, the decoder's, then
// the cross-attention's.
std::vector<pretrained::HeadIndex> every_head(const pretrained::AblationShape& shape);

// Removes each head of an n_layers × n_heads model alone (added to `base`, with base.mode) and
// ranks them. `logits` runs the model; `cancel` (optional) stops between heads.
HeadRanking rank_heads(const AblatedLogits& logits, int n_layers, int n_heads, const pretrained::Ablation& base,
                       const RankProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

// The same for a causal model over ids, watching the last position. Errors as ablated_next_logits.
Expected<HeadRanking> rank_heads(const pretrained::PretrainedModel& model, const std::vector<int>& ids,
                                 const pretrained::Ablation& base, const RankProgress& progress = {},
                                 const std::atomic<bool>* cancel = nullptr);

// ---- Encoder–decoders: heads named by section (encoder, decoder, cross)

// The sizes a knock-out of `model` is checked against (one stack, or an encoder and a decoder).
pretrained::AblationShape ablation_shape(const pretrained::PretrainedModel& model);

// A model that translates a text (two stacks reading a source and a target); a message for users
// otherwise (a speech model's says where its cross-attention is).
Status check_translation_model(const pretrained::PretrainedModel& model);
// A model that translates a text and an ablation inside it; a message for users otherwise (a
// one-stack model's points at its own knock-outs).
Status check_translation_knockout(const pretrained::PretrainedModel& model, const pretrained::Ablation& ablation);

// Source ids (1 … max_positions) and a target (after the start token, shorter than the decoder's
// positions), every id inside the vocabulary; a message otherwise.
Status check_translation_ids(const pretrained::PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& target);

// The next target token's logits (V) after the decoder has read its start token and `target`,
// over `source` (the encoder's ids), with `ablation` in every section — the cached step, as the
// Predict view and generation run it. Errors: not a translation model, an index outside it, ids
// outside the vocabulary, too long.
Expected<RowVec> ablated_translation_logits(const pretrained::PretrainedModel& model, const std::vector<int>& source,
                                            const std::vector<int>& target, const pretrained::Ablation& ablation);

// Every head of every section removed alone (on top of `base`), watching the token after `target`
// (HeadRanking::position = target.size(): the decoder input's last row). One encoder pass and
// target.size() + 1 decoder rows per head.
Expected<HeadRanking> rank_translation_heads(const pretrained::PretrainedModel& model, const std::vector<int>& source,
                                             const std::vector<int>& target, const pretrained::Ablation& base,
                                             const RankProgress& progress = {},
                                             const std::atomic<bool>* cancel = nullptr);

}  // namespace attn::lm
