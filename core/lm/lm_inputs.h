// lm_inputs.h — token ids in and text out for core/lm: a sentence as the model's ids, one forward
// pass over given ids (the head-role probe is ids, not text), and ids back to text.
#pragma once

#include <string>
#include <vector>

#include "core/pretrained/intervention.h"
#include "core/pretrained/nn_ops.h"
#include "core/pretrained/pretrained_model.h"
#include "core/base/status.h"

namespace attn::lm {

// The model's ids for `text`, as compute_pretrained_trace reads it: BERT/DistilBERT get [CLS] …
// [SEP] around it, GPT-2 nothing. Errors: empty text, invalid UTF-8, longer than the model's
// positions, ids the model has no embedding for (tokenizer of another model).
Expected<std::vector<int>> encode_for_model(const pretrained::PretrainedModel& model, const std::string& text);

// Checks ids (each in [0, vocab), 1 … max_positions of them) with a user message.
Status check_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

// The model's own forward pass over checked ids (GPT-2 causal, BERT bidirectional, one segment),
// with the model's attention settings (scaled, temperature 1), no per-row statistics. Asserts
// check_ids passed.
pretrained::ForwardPass forward_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);
// The same with knocked-out heads or sublayers (pretrained/intervention.h; checked by the caller:
// check_ablation). An empty ablation gives forward_ids' pass, bit for bit.
pretrained::ForwardPass forward_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids,
                                    const pretrained::Ablation& ablation);

// A causal LM's (GPT-2 or a rotary decoder) last two steps, whichever family it is: the final norm
// of a residual stream x (T, d) -> (T, d), and the unembedding of normed rows h (T, d) -> logits
// (T, V). Asserted: model.config.is_causal_lm().
Mat final_norm(const pretrained::PretrainedModel& model, const Mat& x);
Mat unembed(const pretrained::PretrainedModel& model, const Mat& h);

// The text of ids, always valid UTF-8: GPT-2 pieces back to their bytes (a piece that is part of
// a UTF-8 character joins its neighbours; bytes that still form no whole character, e.g. at the
// end before the next token comes, show as U+FFFD), WordPiece pieces joined with spaces, "##"
// pieces glued to the previous one. Unknown ids are skipped.
std::string decode_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

// A label for one id: the tokenizer's display of it alone (GPT-2 " flies" -> "flies", control
// bytes spelled out), valid UTF-8.
std::string token_label(const pretrained::PretrainedModel& model, int id);

}  // namespace attn::lm
