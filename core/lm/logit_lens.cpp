// logit_lens.cpp — every block's residual stream read through the final norm and the unembedding.
#include "core/lm/logit_lens.h"

#include <cassert>

#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/lm_session.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::lm {

using namespace attn::pretrained;

int LogitLens::first_layer_with_answer(int position) const {
    assert(position >= 0 && position < int(answer.size()) && "first_layer_with_answer: a position of the text");
    for (const LensLayer& l : layers)
        if (!l.top[position].empty() && l.top[position][0].id == answer[position]) return l.layer;
    return layers.empty() ? 0 : layers.back().layer;
}

LogitLens logit_lens(const std::vector<Mat>& hidden_states, const RowsFn& final_norm, const RowsFn& unembed, int k,
                     bool with_embeddings) {
    assert(hidden_states.size() >= 2 && "logit_lens: the embeddings and at least one block");
    assert(k >= 1 && "logit_lens: k ≥ 1");
    const int n = int(hidden_states.size()), t = int(hidden_states[0].rows());
    LogitLens lens;
    // The final layer first: its top tokens are the answers every other layer is compared with.
    const Mat final_logits = unembed(hidden_states.back());  // (T, V)
    lens.answer.resize(t);
    for (int i = 0; i < t; ++i) {
        Eigen::Index best = 0;
        final_logits.row(i).maxCoeff(&best);
        lens.answer[i] = int(best);
    }
    for (int l = with_embeddings ? 0 : 1; l < n; ++l) {
        const Mat logits = l + 1 == n ? final_logits : unembed(final_norm(hidden_states[l]));  // (T, V)
        LensLayer entry;
        entry.layer = l;
        entry.top.resize(t);
        entry.answer_probability.resize(t);
        for (int i = 0; i < t; ++i) {
            const RowVec row = logits.row(i);  // (V)
            entry.top[i] = top_k_tokens(row, k);
            entry.answer_probability[i] = token_probabilities(row)[lens.answer[i]];
        }
        lens.layers.push_back(std::move(entry));
    }
    return lens;
}

Expected<LogitLens> logit_lens(const PretrainedModel& model, const std::vector<int>& ids, int k, bool with_embeddings,
                               const Ablation& ablation) {
    if (!model.caps().next_token) {
        return Status::Error(model.name + " is " + family_name(model.config) +
                             ", which does not predict the next token, so there is no answer to read after each "
                             "layer. The logit lens needs a GPT-2, Llama, Qwen or Mistral model.");
    }
    if (k < 1) return Status::Error("The lens needs at least one token per cell (top 1 or more).");
    if (Status s = check_ids(model, ids); !s) return s;
    if (Status s = check_ablation(ablation, model.config.n_layers, model.config.n_heads); !s) return s;
    const ForwardPass pass = forward_ids(model, ids, ablation);
    auto norm = [&](const Mat& x) { return final_norm(model, x); };  // (T, d)
    auto to_logits = [&](const Mat& h) { return unembed(model, h); };   // (T, V)
    LogitLens lens = logit_lens(pass.hidden_states, norm, to_logits, k, with_embeddings);
    lens.ids = ids;
    return lens;
}

Expected<LogitLens> translation_lens(const PretrainedModel& model, const std::vector<int>& source,
                                     const std::vector<int>& target, int k, bool with_embeddings,
                                     const Ablation& ablation) {
    if (Status s = check_translation_knockout(model, ablation); !s) return s;
    if (k < 1) return Status::Error("The lens needs at least one token per cell (top 1 or more).");
    if (Status s = check_translation_ids(model, source, target); !s) return s;
    std::vector<int> input = {model.family().decoder_facts(model).start_id};  // (T) the decoder's input
    input.insert(input.end(), target.begin(), target.end());
    ForwardOptions opt;
    opt.attention.scale = model.caps().scaled_scores;
    opt.attention.compute_stats = false;
    opt.ablation = ablation;
    const ModelFamily& family = model.family();
    const Seq2SeqPass pass = family.forward_pair(model, source, input, opt);
    auto norm = [&](const Mat& x) { return family.final_norm(model, x); };   // (T, d)
    auto to_logits = [&](const Mat& h) { return family.unembed(model, h); };  // (T, V)
    LogitLens lens = logit_lens(pass.decoder.hidden_states, norm, to_logits, k, with_embeddings);
    lens.ids = std::move(input);
    return lens;
}

Expected<TextLens> text_lens(const PretrainedModel& model, const std::string& text, int k, bool with_embeddings,
                             const Ablation& ablation) {
    TextLens out;
    if (model.caps().stacks != 2) {
        auto ids = encode_for_model(model, text);
        if (!ids) return ids.status();
        auto lens = logit_lens(model, *ids, k, with_embeddings, ablation);
        if (!lens) return lens.status();
        out.lens = std::move(*lens);
        return out;
    }
    if (Status st = check_translation_knockout(model, ablation); !st) return st;
    auto source = source_tokens(model, text, 1 << 20);
    if (!source) return source.status();
    for (const SubwordToken& s : *source) out.source.push_back(s.id);
    std::vector<int> target = translate(model, out.source, generation_limit(model.config), ablation).ids;
    if (!target.empty() && target.back() == model.family().decoder_facts(model).eos_id) target.pop_back();
    auto lens = translation_lens(model, out.source, target, k, with_embeddings, ablation);
    if (!lens) return lens.status();
    out.lens = std::move(*lens);
    return out;
}

}  // namespace attn::lm
