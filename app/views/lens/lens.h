// lens.h — the Lens view's numbers (GL-free): the logit lens of the open next-token model (GPT-2, Llama, Qwen, Mistral) over the
// sentence (with the knocked-out heads out), as a table of layers × positions.
//
//   cell (l, i) = the top token of softmax(unembed(final_norm(x_l)))[i], its probability
//   highlighted: the first layer at which position i's final answer is already on top
// Computed on the panel's job thread (run_lens); the panel only draws.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "core/figure/figure_lens.h"
#include "core/lm/logit_lens.h"
#include "core/pretrained/blocks/intervention.h"

namespace attn::app {

struct LensRequest {
    PretrainedPtr model;
    std::string text;
    pretrained::Ablation ablation;  // heads outside the model are dropped
    int k = 5;                      // tokens per cell (the hover list)
};

struct LensCell {
    std::string label;              // the top token
    float probability = 0.0f;
    bool first_answer = false;      // the first layer with the final answer on top
    bool answer = false;            // the top token is the final answer
};

struct LensResult {
    std::string error;              // core English; "" = ok
    std::vector<std::string> tokens;             // (T) the sentence's token labels
    std::vector<int> layers;                     // (rows) 0 = embeddings, 1 … L = blocks
    std::vector<std::vector<LensCell>> cells;    // [row][position]
    std::vector<std::vector<std::vector<std::pair<std::string, float>>>> top;  // [row][position] the k best
    std::vector<std::string> answers;            // (T) the final layer's top token
    std::shared_ptr<const LensFigureData> figure;  // the same table for Export (null on errors)
};

// The lens of `request.model` over `request.text` (errors: not a next-token model, the text's).
// Without a model: an empty result.
LensResult run_lens(const LensRequest& request);

}  // namespace attn::app
