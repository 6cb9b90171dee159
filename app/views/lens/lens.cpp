// lens.cpp — the Lens view's numbers (GL-free)
// (implementation; the interface and its contract are in lens.h)
#include "app/views/lens/lens.h"

#include <algorithm>

#include "core/lm/knockout.h"
#include "core/lm/lens_figure.h"
#include "core/lm/lm_inputs.h"

namespace attn::app {

LensResult run_lens(const LensRequest& r) {
    LensResult out;
    if (!r.model) return out;  // the panel says to open a model
    const pretrained::PretrainedModel& m = *r.model;
    if (!m.tokenizer) {
        out.error = m.name + " is " + pretrained::family_name(m.config) +
                    ", which does not predict the next token, so there is no answer to read after each layer. "
                    "The logit lens needs a GPT-2, Llama, Qwen or Mistral model.";
        return out;
    }
    // Heads knocked out in another model (or another section) stay out of this one's run.
    const pretrained::Ablation a = pretrained::ablation_inside(r.ablation, lm::ablation_shape(m));
    auto read = lm::text_lens(m, r.text, std::max(1, r.k), true, a);
    if (!read) {
        out.error = read.error();
        return out;
    }
    const lm::LogitLens* lens = &read->lens;
    const std::vector<int>* ids = &lens->ids;
    const int t = int(ids->size());
    for (int id : *ids) out.tokens.push_back(lm::token_label(m, id));
    for (int id : lens->answer) out.answers.push_back(lm::token_label(m, id));
    std::vector<int> first(t);
    for (int i = 0; i < t; ++i) first[i] = lens->first_layer_with_answer(i);
    for (const lm::LensLayer& l : lens->layers) {
        out.layers.push_back(l.layer);
        std::vector<LensCell> row(t);
        std::vector<std::vector<std::pair<std::string, float>>> tops(t);
        for (int i = 0; i < t; ++i) {
            const lm::TokenProb& best = l.top[i][0];
            row[i].label = lm::token_label(m, best.id);
            row[i].probability = best.prob;
            row[i].answer = best.id == lens->answer[i];
            row[i].first_answer = l.layer == first[i];
            for (const lm::TokenProb& p : l.top[i]) tops[i].emplace_back(lm::token_label(m, p.id), p.prob);
        }
        out.cells.push_back(std::move(row));
        out.top.push_back(std::move(tops));
    }
    out.figure = std::make_shared<const LensFigureData>(lm::lens_figure_data(m, *lens, r.text, a));
    return out;
}

}  // namespace attn::app
