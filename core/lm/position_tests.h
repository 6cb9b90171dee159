// position_tests.h — what rotary positions keep and what they change, measured on a real model
// through its family's forward pass (the RoPE view runs these on a job): a sentence shifted along
// the positions, and a sentence padded in front with the padding hidden or visible.
//
//   RoPE: q_p · k_s depends on p − s only, so shifting every token by k leaves every raw score.
#pragma once

#include <vector>

#include "core/attention/attention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

// The largest |S_a − S_b| over every (query, key) cell of each layer and head of two runs of the
// same tokens (same shapes: asserted): (layers · heads) row by row.
std::vector<float> score_changes(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b);

// Runs a rotary model over `ids` twice, the first token at position 0 and at position `shift`
// (the model's own computation, no extra mask), and compares every raw score. The model is a
// rotary one (its capabilities say so), 1 ≤ T and shift + T ≤ max_positions (asserted: the panel offers
// only shifts up to max_shift).
struct ShiftResult {
    int shift = 0;
    int layers = 0, heads = 0;
    std::vector<float> change;  // (layers · heads) max |Δ score| of each head
    float max_change = 0.0f;    // over all of them
    double ms = 0.0;            // both runs
    float of(int layer, int head) const { return change[std::size_t(layer * heads + head)]; }
};
ShiftResult run_shift_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int shift);
// The largest shift a sentence of n tokens allows (max_positions − n, at least 0).
int max_shift(const pretrained::PretrainedConfig& config, int n);

// "Or pad in front": prepends `pad` copies of token `pad_id` to `ids` (the sentence then starts at
// position `pad`) and runs the rotary model twice more, comparing the original tokens only — rows
// and columns pad … pad + T − 1 against the unpadded run:
//   hidden  the padding keys hidden from every query by the mask, as batched generation hides left
//           padding (positions not reset): RoPE sees distances only, so every score, weight and
//           the next-token logits stay the same in every layer.
//   visible the padding an ordinary part of the text: layer 1's raw scores among the original
//           tokens are the same, and so are its weights renormalised over the original keys
//           (A_ij / Σ_j' A_ij', j' original); but every query also took some of the padding's
//           values into its output, so from layer 2 on the inputs, scores and logits differ.
// The model is a rotary one, 1 ≤ T, pad ≥ 1, pad + T ≤ max_positions and
// 0 ≤ pad_id < vocab (asserted).
struct PadResult {
    int pad = 0, pad_id = -1;
    int layers = 0, heads = 0;
    std::vector<float> hidden_score, visible_score, visible_weight;  // (layers · heads) max |Δ| of each head
    float hidden_max_score = 0.0f, hidden_max_weight = 0.0f;  // over every layer and head
    float visible_first_score = 0.0f, visible_first_weight = 0.0f;  // layer 1
    float visible_later_score = 0.0f, visible_later_weight = 0.0f;  // layers 2 … (0 with one layer)
    float hidden_logits = 0.0f, visible_logits = 0.0f;  // max |Δ| of the last token's logits
    double ms = 0.0;                                     // all three runs
};
// The filler is the family's pad_id (the rotary decoders: their end-of-text token).
PadResult run_pad_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int pad_id, int pad);

}  // namespace attn::lm
