// stack_bounds.h — float32's bounds (tests/float32_bound.h) for a one-stack pass: GPT-2, BERT,
// DistilBERT, ViT and the rotary decoders. A value at the stack's end has been through
// kSumsPerLayer sums in sequence in each layer and kSumsAtTheEnd after them; the longest sum is the
// model's width, its feed-forward's or a row's keys.
#pragma once

#include <algorithm>
#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"
#include "tests/float32_bound.h"

namespace attn::test {

struct StackBounds {
    double attention = 0;  // an attention weight: range = the heads' largest ‖q‖·‖k‖·factor
    double hidden = 0;     // a hidden state, absolute: range = the largest |hidden state| of the pass
    double relative = 0;   // a difference relative to the values' own size (logits)
};

// The sums a stack's values go through (range 1).
inline Float32Sums stack_sums(const pretrained::PretrainedConfig& c, const std::vector<LayerTrace>& layers) {
    Float32Sums sums;
    const int tokens = layers.empty() ? 0 : int(layers.front().k.rows());
    sums.longest = std::max({c.d_model, c.d_ff, tokens});
    sums.steps = kSumsPerLayer * c.n_layers + kSumsAtTheEnd;
    return sums;
}

inline StackBounds float32_bounds(const pretrained::PretrainedConfig& c, const std::vector<LayerTrace>& layers,
                                  const std::vector<Mat>& hidden_states) {
    Float32Sums sums = stack_sums(c, layers);
    StackBounds b;
    b.relative = float32_bound(sums);
    double hidden = 1;
    for (const Mat& h : hidden_states)
        if (h.size() > 0) hidden = std::max(hidden, double(h.cwiseAbs().maxCoeff()));
    sums.range = hidden;
    b.hidden = float32_bound(sums);
    sums.range = attention_range(layers);
    b.attention = float32_bound(sums);
    return b;
}

// The logits' bound (relative to max(1, max |logit|)): the output head's terms against the logits'
// size (logit_range), the head reading the pass's last hidden state.
template <class Unembed>
double logits_bound(const pretrained::PretrainedConfig& c, const pretrained::ForwardPass& p, const Unembed& unembed) {
    Float32Sums sums = stack_sums(c, p.layers);
    sums.range = logit_range(p.hidden_states.back(), unembed);
    return float32_bound(sums);
}

inline StackBounds float32_bounds(const pretrained::PretrainedConfig& c, const pretrained::ForwardPass& p) {
    return float32_bounds(c, p.layers, p.hidden_states);
}

}  // namespace attn::test
