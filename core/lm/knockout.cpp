// knockout.cpp — ablated next-token logits and the ranking of heads by their effect.
#include "core/lm/knockout.h"

#include <algorithm>
#include <cmath>

#include "core/lm/lm_inputs.h"
#include "core/lm/sampling.h"

namespace attn::lm {

using namespace attn::pretrained;

static Status check_causal(const PretrainedModel& model, const std::vector<int>& ids, const Ablation& ablation) {
    if (!model.caps().next_token) {
        return Status::Error(model.name + " is " + family_name(model.config) +
                             ", which does not predict the next token. Knock heads out of it with a [MASK] "
                             "in the text instead, or load a GPT-2, Llama, Qwen or Mistral model.");
    }
    if (Status s = check_ids(model, ids); !s) return s;
    return check_ablation(ablation, model.config.n_layers, model.config.n_heads);
}

Expected<Mat> ablated_next_logits(const PretrainedModel& model, const std::vector<int>& ids, const Ablation& ablation) {
    if (Status s = check_causal(model, ids, ablation); !s) return s;
    const ForwardPass pass = forward_ids(model, ids, ablation);
    return unembed(model, pass.hidden_states.back());  // (T, V)
}

HeadRanking rank_heads(const AblatedLogits& logits, int n_layers, int n_heads, const Ablation& base,
                       const RankProgress& progress, const std::atomic<bool>* cancel) {
    HeadRanking r;
    const RowVec base_logits = logits(base);  // (V)
    const RowVec base_p = token_probabilities(base_logits);
    Eigen::Index answer = 0;
    base_p.maxCoeff(&answer);
    r.answer_id = int(answer);
    r.base_probability = base_p[answer];
    const int total = n_layers * n_heads;
    Ablation one = base;
    for (int l = 0; l < n_layers; ++l) {
        for (int h = 0; h < n_heads; ++h) {
            if (cancel && cancel->load()) {
                r.cancelled = true;
                return r;
            }
            HeadEffect e;
            e.head = {l, h};
            if (base.head_removed(l, h)) {
                e.probability = r.base_probability;  // already out: removing it again changes nothing
            } else {
                one.heads.push_back(e.head);
                e.probability = token_probabilities(logits(one))[answer];
                one.heads.pop_back();
            }
            e.change = e.probability - r.base_probability;
            r.heads.push_back(e);
            if (progress) progress(int(r.heads.size()), total);
        }
    }
    std::stable_sort(r.heads.begin(), r.heads.end(),
                     [](const HeadEffect& a, const HeadEffect& b) { return std::fabs(a.change) > std::fabs(b.change); });
    return r;
}

Expected<HeadRanking> rank_heads(const PretrainedModel& model, const std::vector<int>& ids, const Ablation& base,
                                 const RankProgress& progress, const std::atomic<bool>* cancel) {
    if (Status s = check_causal(model, ids, base); !s) return s;
    // The base pass's residual streams: a head knocked out in layer l leaves blocks 0 … l−1 as
    // they were, so a family that can resume starts at hidden_states[l] (about half the work on
    // average); the others run whole passes (ModelFamily::forward_from).
    const ForwardPass pass = forward_ids(model, ids, base);
    ForwardOptions opt;
    opt.attention.compute_stats = false;
    auto logits = [&](const Ablation& a) -> RowVec {
        if (a.heads.size() == base.heads.size())  // the base itself
            return unembed(model, pass.hidden_states.back().bottomRows(1)).row(0);  // (V)
        int first = model.config.n_layers - 1;  // the earliest layer `a` differs from `base` in
        for (const HeadIndex& h : a.heads)
            if (!base.head_removed(h.layer, h.head)) first = std::min(first, h.layer);
        opt.ablation = a;
        const Mat h = model.family().forward_from(model, ids, pass.hidden_states[first], first, opt);  // (T, d)
        return unembed(model, h.bottomRows(1)).row(0);  // (V)
    };
    HeadRanking r = rank_heads(logits, model.config.n_layers, model.config.n_heads, base, progress, cancel);
    r.position = int(ids.size()) - 1;
    return r;
}

}  // namespace attn::lm
