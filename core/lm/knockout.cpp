// knockout.cpp — ablated next-token logits and the ranking of heads by their effect.
#include "core/lm/knockout.h"

#include <algorithm>
#include <cmath>

#include "core/lm/lm_inputs.h"
#include "core/lm/sampling.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/seq2seq_session.h"

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

HeadRanking rank_heads(const AblatedLogits& logits, const std::vector<HeadIndex>& candidates, const Ablation& base,
                       const RankProgress& progress, const std::atomic<bool>* cancel) {
    HeadRanking r;
    const RowVec base_logits = logits(base);  // (V)
    const RowVec base_p = token_probabilities(base_logits);
    Eigen::Index answer = 0;
    base_p.maxCoeff(&answer);
    r.answer_id = int(answer);
    r.base_probability = base_p[answer];
    const int total = int(candidates.size());
    Ablation one = base;
    for (const HeadIndex& head : candidates) {
        if (cancel && cancel->load()) {
            r.cancelled = true;
            return r;
        }
        HeadEffect e;
        e.head = head;
        if (base.head_removed(head.layer, head.head, head.section)) {
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
    std::stable_sort(r.heads.begin(), r.heads.end(),
                     [](const HeadEffect& a, const HeadEffect& b) { return std::fabs(a.change) > std::fabs(b.change); });
    return r;
}

std::vector<HeadIndex> every_head(const AblationShape& shape) {
    std::vector<HeadIndex> out;
    auto add = [&](Section s) {
        for (int l = 0; l < shape.layers_of(s); ++l)
            for (int h = 0; h < shape.heads_of(s); ++h) out.push_back(HeadIndex{l, h, s});
    };
    if (!shape.two_stacks()) {
        add(Section::Only);
    } else {
        for (Section s : {Section::Encoder, Section::Decoder, Section::Cross}) add(s);
    }
    return out;
}

HeadRanking rank_heads(const AblatedLogits& logits, int n_layers, int n_heads, const Ablation& base,
                       const RankProgress& progress, const std::atomic<bool>* cancel) {
    return rank_heads(logits, every_head(AblationShape{n_layers, n_heads, 0, 0}), base, progress, cancel);
}

AblationShape ablation_shape(const PretrainedModel& model) {
    const PretrainedConfig& c = model.config;
    if (model.caps().stacks == 2) return AblationShape{c.n_layers, c.n_heads, c.decoder_layers, c.decoder_heads};
    return AblationShape{c.n_layers, c.n_heads, 0, 0};
}

Status check_translation_model(const PretrainedModel& model) {
    const Capabilities caps = model.caps();
    if (caps.stacks == 2 && caps.inputs.source_target) return Status::Ok();
    if (caps.stacks == 2) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model: it listens to a recording, and this reads translation models (Marian, BART, "
                             "T5). Its cross-attention is in the Audio view.");
    }
    return Status::Error(model.name + " is " + family_name(model.config) +
                         ", which does not translate a text. This reads translation models (Marian, BART, T5).");
}

Status check_translation_knockout(const PretrainedModel& model, const Ablation& ablation) {
    if (model.caps().stacks == 1) {  // its knock-outs have their own place
        return Status::Error(model.name + " is " + family_name(model.config) +
                             ", which does not translate a text: knock its heads out in the Predict view's own "
                             "panel (or with predict --ablate).");
    }
    if (Status s = check_translation_model(model); !s) return s;
    return check_ablation(ablation, ablation_shape(model));
}

Status check_translation_ids(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& target) {
    const PretrainedConfig& c = model.config;
    if (source.empty() || int(source.size()) > c.max_positions || int(target.size()) + 1 >= c.max_positions)
        return Status::Error("The source or the target is longer than " + model.name + " reads.");
    for (const auto* ids : {&source, &target})
        for (int id : *ids)
            if (id < 0 || id >= c.vocab_size)
                return Status::Error("Token id " + std::to_string(id) + " is outside " + model.name + "'s " +
                                     std::to_string(c.vocab_size) + " token embeddings.");
    return Status::Ok();
}

Expected<RowVec> ablated_translation_logits(const PretrainedModel& model, const std::vector<int>& source,
                                            const std::vector<int>& target, const Ablation& ablation) {
    if (Status s = check_translation_knockout(model, ablation); !s) return s;
    if (Status s = check_translation_ids(model, source, target); !s) return s;
    Seq2SeqSession s;
    model.family().start_translation(model, source, s, ablation);
    for (int id : target) model.family().append_target(s, id);
    return RowVec(s.logits);
}

Expected<HeadRanking> rank_translation_heads(const PretrainedModel& model, const std::vector<int>& source,
                                             const std::vector<int>& target, const Ablation& base,
                                             const RankProgress& progress, const std::atomic<bool>* cancel) {
    auto first = ablated_translation_logits(model, source, target, base);  // checks everything once
    if (!first) return first.status();
    auto logits = [&](const Ablation& a) -> RowVec {
        if (a.heads.size() == base.heads.size()) return *first;
        return *ablated_translation_logits(model, source, target, a);
    };
    HeadRanking r = rank_heads(logits, every_head(ablation_shape(model)), base, progress, cancel);
    r.position = int(target.size());
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
