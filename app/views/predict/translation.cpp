// translation.cpp — the Predict view's translation numbers (GL-free)
// (implementation; the interface and its contract are in translation.h)
#include "app/views/predict/translation.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "core/lm/knockout.h"

namespace attn::app {

bool fit_prefix(TranslateResult& r, const std::vector<int>& prefix, int held, int limit, int eos, int vocab) {
    r.prefix = prefix;
    const std::size_t room = std::size_t(std::max(limit - held, 1));  // the last one is chosen, never read
    for (std::size_t i = 0; i < r.prefix.size(); ++i)
        if (r.prefix[i] == eos || i + 1 >= room) {
            r.prefix.resize(i + 1);
            break;
        }
    for (int id : r.prefix)
        if (id < 0 || id >= vocab) {
            r.error = "A target token is not in the model's vocabulary.";
            return false;
        }
    r.ended = target_ended(r.prefix, held, limit, eos);
    return true;
}

bool target_ended(const std::vector<int>& prefix, int held, int limit, int eos) {
    return !prefix.empty() && (prefix.back() == eos || held + int(prefix.size()) >= std::max(limit, held + 1));
}

void replay_prefix(const pretrained::ModelFamily& family, pretrained::Seq2SeqSession& s, const TranslateResult& r) {
    const std::size_t read = r.ended ? r.prefix.size() - 1 : r.prefix.size();
    for (std::size_t i = 0; i < read; ++i) family.append_target(s, r.prefix[i]);
}

TranslateResult run_translate(const TranslateRequest& q) {
    EncodedSource nothing_kept;
    return run_translate(q, nothing_kept);
}

TranslateResult run_translate(const TranslateRequest& q, EncodedSource& kept) {
    TranslateResult r;
    if (!q.model) {
        r.error = "No translation model is open.";
        return r;
    }
    if (q.model->caps().inputs.audio) return run_listen(q, kept);
    const pretrained::PretrainedModel& m = *q.model;
    const pretrained::ModelFamily& family = m.family();
    if (!q.ablation.empty()) {
        if (Status st = pretrained::check_ablation(q.ablation, lm::ablation_shape(m)); !st) {
            r.error = st.message();
            return r;
        }
    }
    // The encoder's output depends on the knock-outs too.
    const std::string key = q.source + '\0' + pretrained::format_ablation(q.ablation) + '\0' +
                            pretrained::ablation_mode_name(q.ablation.mode);
    if (kept.model.lock() != q.model || kept.key != key) {
        kept.forget();
        auto source = pretrained::source_tokens(m, q.source, 1 << 16);
        if (!source) {
            r.error = source.error();
            return r;
        }
        for (const pretrained::SubwordToken& t : *source) {
            kept.source_ids.push_back(t.id);
            kept.source_labels.push_back(t.display.empty() ? t.piece : t.display);
        }
        kept.source_unknown = pretrained::unknown_source_tokens(m, *source);
        kept.unknown_words = pretrained::unknown_source_words(m, *source, q.source);
        if (!q.search) {  // the search encodes inside its own run
            family.start_translation(m, kept.source_ids, kept.start, q.ablation);
            ++kept.encodes;
            kept.model = q.model;
            kept.key = key;
        }
    }
    r.source_labels = kept.source_labels;
    r.source_ids = kept.source_ids;
    r.source_unknown = kept.source_unknown;
    r.unknown_words = kept.unknown_words;
    const int limit = pretrained::generation_limit(m.config);
    const pretrained::DecoderFacts dec = family.decoder_facts(m);
    r.n_layers = dec.layers;
    r.n_heads = dec.heads;
    const int eos = dec.eos_id;

    // The decoder after the target: the search's own (its steps kept), or the prefix replayed.
    pretrained::Seq2SeqSession s;
    if (q.search) {
        pretrained::Translation t = pretrained::translate(m, kept.source_ids, limit, q.ablation);
        r.prefix = t.ids;
        r.ended = target_ended(r.prefix, 1, limit, eos);
        r.beams = t.beams;
        r.score = t.score;
        r.tree = std::move(t.tree);
        for (const auto& step : r.tree) {
            r.tree_labels.emplace_back();
            for (const pretrained::BeamNode& n : step) r.tree_labels.back().push_back(family.token_label(m, n.id));
        }
        s = std::move(t.session);
    } else {
        if (!fit_prefix(r, q.prefix, 1, limit, eos, m.config.vocab_size)) return r;
        s = kept.start;  // the encoder's memory is shared, not copied
        replay_prefix(family, s, r);
    }
    // Step t read the start token or prefix[t − 1] and chose prefix[t].
    const std::size_t rows = std::min(std::max<std::size_t>(1, r.prefix.size()), s.steps.size());
    for (std::size_t t = 0; t < rows; ++t) r.cross.push_back(s.steps[t].cross_attention);
    const RowVec scores = r.ended ? RowVec() : pretrained::next_token_scores(m, s.logits, s.ids, limit);
    describe_target(r, q, scores, s.logits);
    return r;
}

bool describe_target(TranslateResult& r, const TranslateRequest& q, const RowVec& scores, const RowVec& logits) {
    const pretrained::PretrainedModel& m = *q.model;
    const pretrained::ModelFamily& family = m.family();
    std::vector<int> text_ids;
    for (int id : r.prefix) {
        r.prefix_labels.push_back(family.token_label(m, id));
        if (!m.target_tok().is_special(id)) text_ids.push_back(id);
    }
    r.text = family.decode(m, text_ids);
    if (r.ended || scores.size() == 0) return true;
    if (Status st = lm::validate_sampling(q.sampling); !st) {
        r.error = st.message();
        return false;
    }
    // The sampling distribution over the scores: softmax(s / T) renormalised over what top-k and
    // top-p keep; s is already log p (forced and banned tokens at −∞, so never drawn).
    const std::vector<lm::TokenProb> kept = lm::sampling_distribution(scores, q.sampling);
    auto share = [&](int id) {
        for (const lm::TokenProb& t : kept)
            if (t.id == id) return t.prob;
        return 0.0f;
    };
    for (const pretrained::TokenScore& k : pretrained::top_tokens(scores, logits, std::max(q.shown, 1))) {
        if (k.probability <= 0.0f) break;  // bad words and the forced end's others
        r.next.push_back(PredictRow{k.id, family.token_label(m, k.id), k.probability, share(k.id)});
    }
    lm::SampleRng rng(q.sampling.seed + 0x9E3779B97F4A7C15ull * std::uint64_t(r.prefix.size()));  // the stream's |prefix|-th
    r.written = lm::choose_token(scores, q.sampling, rng);
    return true;
}

Mat cross_rows(const std::vector<std::vector<Mat>>& cross, int layer, int head) {
    if (cross.empty() || layer < 0 || layer >= int(cross.front().size())) return Mat();
    const Mat& first = cross.front()[std::size_t(layer)];
    Mat out(int(cross.size()), first.cols());  // (T, S)
    for (std::size_t t = 0; t < cross.size(); ++t) {
        const Mat& rows = cross[t][std::size_t(layer)];  // (H, S)
        if (head >= 0 && head < rows.rows()) out.row(int(t)) = rows.row(head);
        else out.row(int(t)) = rows.colwise().mean();
    }
    return out;
}

}  // namespace attn::app
