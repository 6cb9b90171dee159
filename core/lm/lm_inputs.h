// lm_inputs.h — token ids in and text out for core/lm: a sentence as the model's ids, one forward
// pass over given ids (the head-role probe is ids, not text), and ids back to text.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

// The model's ids for `text`, as compute_pretrained_trace reads it: framed by the model's family
// (BERT/DistilBERT: [CLS] … [SEP]; the rotary decoders: the post-processor's <s>; GPT-2 nothing). Errors: empty text, invalid UTF-8, longer than the model's
// positions, ids the model has no embedding for (tokenizer of another model).
Expected<std::vector<int>> encode_for_model(const pretrained::PretrainedModel& model, const std::string& text);

// Checks ids (each in [0, vocab), 1 … max_positions of them) with a user message.
Status check_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

// The model's own forward pass over checked ids (its family's: causal or bidirectional, one segment),
// with the model's attention settings (scaled, temperature 1), no per-row statistics. Asserts
// check_ids passed.
pretrained::ForwardPass forward_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);
// The same with knocked-out heads or sublayers (pretrained/intervention.h; checked by the caller:
// check_ablation). An empty ablation gives forward_ids' pass, bit for bit.
pretrained::ForwardPass forward_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids,
                                    const pretrained::Ablation& ablation);

// A next-token model's last two steps, whichever family it is: the final norm of a residual stream
// x (T, d) -> (T, d), and the unembedding of normed rows h (T, d) -> logits (T, V). Asserted (by
// the family): model.caps().next_token.
Mat final_norm(const pretrained::PretrainedModel& model, const Mat& x);
Mat unembed(const pretrained::PretrainedModel& model, const Mat& h);

// The text of ids, always valid UTF-8, as the family decodes (ModelFamily::decode): byte-level
// pieces back to their bytes (bytes that form no whole character, e.g. at the end before the next
// token comes, show as U+FFFD), WordPiece pieces joined with spaces, "##" pieces glued to the
// previous one, the file's own decoders where the family has them. Unknown ids are skipped.
std::string decode_ids(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

// A label for one id: the tokenizer's display of it alone (GPT-2 " flies" -> "flies", control
// bytes spelled out), valid UTF-8.
std::string token_label(const pretrained::PretrainedModel& model, int id);

}  // namespace attn::lm
