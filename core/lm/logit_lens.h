// logit_lens.h — the logit lens: what the model would predict if it stopped after each block.
//
//   for each residual stream x_l (T, d), l = 0 (embeddings) … L (block outputs):
//       logits_l = unembed(final_norm(x_l))        (T, V)
//       top-k of softmax(logits_l) at every position
// The last block's state goes through the final norm in the forward pass already (Hugging Face's
// hidden_states convention, which every family here follows), so its row of the lens is exactly
// the model's prediction. Generic over the two functions, so a family only supplies its final norm
// and unembedding.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/lm/sampling.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

struct LensLayer {
    int layer = 0;  // 0 = the embeddings (before block 1), 1 … L = the output of that block
    // [position] the k most probable next tokens, most probable first
    std::vector<std::vector<TokenProb>> top;
    // [position] the probability this layer gives the model's final answer there (the last
    // layer's top token): how the answer grows through the layers.
    std::vector<float> answer_probability;
};

struct LogitLens {
    std::vector<int> ids;            // (T) the tokens read
    std::vector<LensLayer> layers;   // in order: the embeddings first when asked for, then blocks 1 … L
    std::vector<int> answer;         // (T) the final layer's top token at each position

    // The first listed layer whose top token at `position` is already the final answer (the
    // layer number, 0 = embeddings); the last layer at worst.
    int first_layer_with_answer(int position) const;
};

using RowsFn = std::function<Mat(const Mat&)>;  // (T, d) -> (T, d) or (T, V)

// hidden_states: L + 1 states as ForwardPass::hidden_states (the embeddings first, the last one
// already through the final norm). final_norm (T, d) -> (T, d); unembed (T, d) -> (T, V).
// k ≥ 1 (clamped to V).
LogitLens logit_lens(const std::vector<Mat>& hidden_states, const RowsFn& final_norm, const RowsFn& unembed,
                     int k, bool with_embeddings);

// The lens of a causal model over ids (with an optional ablation). Errors: not a next-token model
// (BERT, vision models), bad ids, an ablation outside the model.
Expected<LogitLens> logit_lens(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int k,
                               bool with_embeddings = true, const pretrained::Ablation& ablation = {});

// The lens of an encoder–decoder's decoder (a model that translates text): source ids (S) read
// by the encoder, the decoder input = the start token, then `target`; each decoder layer's stream
// through the decoder's final norm (none after post-LN stacks) and the output. Row i predicts
// target token i + 1 (row 0, reading the start token, the first word). LogitLens::ids is the
// decoder input. Errors: not a translation model, bad ids, an ablation outside the model.
Expected<LogitLens> translation_lens(const pretrained::PretrainedModel& model, const std::vector<int>& source,
                                     const std::vector<int>& target, int k, bool with_embeddings = true,
                                     const pretrained::Ablation& ablation = {});

// The lens of a typed text as the model reads it: a next-token model's over its tokens
// (encode_for_model); a translation model's decoder while it writes its own translation of `text`
// (the folder's search, with the ablation; the end token left out: the last row predicts it).
struct TextLens {
    LogitLens lens;
    std::vector<int> source;  // a translation model's source ids (the encoder's input); else empty
};
Expected<TextLens> text_lens(const pretrained::PretrainedModel& model, const std::string& text, int k,
                             bool with_embeddings = true, const pretrained::Ablation& ablation = {});

}  // namespace attn::lm
