// predict.cpp — the Predict view's numbers (GL-free)
// (implementation; the interface and its contract are in predict.h)
#include "app/views/predict/predict.h"

#include <algorithm>
#include <cassert>
#include <unordered_map>

#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"

namespace attn::app {

PredictSupport predict_support(const pretrained::PretrainedModel* model) {
    if (model == nullptr) return PredictSupport::NoModel;
    const pretrained::Capabilities caps = model->caps();
    if (caps.next_token) return PredictSupport::NextToken;
    if (caps.fills_masks) return PredictSupport::Masked;
    if (caps.inputs.source_target) return PredictSupport::Translation;
    if (caps.inputs.audio) return PredictSupport::Speech;
    return caps.inputs.image ? PredictSupport::Vision : PredictSupport::NoModel;
}

Txt predict_intro(PredictSupport support) {
    switch (support) {
        case PredictSupport::NextToken: return Txt::PredictIntroGpt2;
        case PredictSupport::Masked: return Txt::PredictIntroBert;
        case PredictSupport::Vision: return Txt::PredictVision;
        case PredictSupport::Translation: return Txt::PredictTranslation;
        case PredictSupport::Speech: return Txt::PredictSpeech;
        case PredictSupport::NoModel: break;
    }
    return Txt::PredictNoModel;
}

int resolve_position(int chosen, int length) {
    if (length <= 0) return -1;
    return chosen >= 0 && chosen < length ? chosen : length - 1;
}

namespace {
std::string label_of(const pretrained::PretrainedModel* model, int id) {
    if (model != nullptr && model->tokenizer) return lm::token_label(*model, id);
    return "#" + std::to_string(id);
}
}  // namespace

Prediction make_prediction(const RowVec& logits, int position, const lm::SamplingOptions& options, int shown,
                           const pretrained::PretrainedModel* model) {
    Prediction p;
    p.position = position;
    if (logits.size() == 0) return p;
    if (Status s = lm::validate_sampling(options); !options.greedy && !s) {
        p.error = s.message();
        return p;
    }
    const std::vector<lm::TokenProb> raw = lm::top_k_tokens(logits, std::max(shown, 1));
    const std::vector<lm::TokenProb> dist = lm::sampling_distribution(logits, options);  // most probable first
    std::unordered_map<int, float> q;
    q.reserve(dist.size());
    for (const lm::TokenProb& t : dist) q.emplace(t.id, t.prob);
    p.kept = int(dist.size());
    const RowVec probs = lm::token_probabilities(logits);  // (V) temperature 1
    double mass = 0.0;
    for (const lm::TokenProb& t : dist) mass += double(probs[t.id]);
    p.kept_raw_mass = float(mass);
    for (const lm::TokenProb& t : raw) {
        PredictRow row;
        row.id = t.id;
        row.label = label_of(model, t.id);
        row.raw = t.prob;
        const auto it = q.find(t.id);
        row.sampled = it == q.end() ? 0.0f : it->second;
        p.rows.push_back(std::move(row));
    }
    return p;
}

Mat grown_attention(const std::vector<std::vector<Mat>>& rows, int layer, int head) {
    const int t = int(rows.size());
    Mat a = Mat::Zero(t, t);  // (T, T)
    for (int i = 0; i < t; ++i) {
        assert(layer < int(rows[size_t(i)].size()) && "grown_attention: layer out of range");
        const Mat& r = rows[size_t(i)][size_t(layer)];  // (n_heads, i + 1)
        assert(head < r.rows() && r.cols() == i + 1 && "grown_attention: step rows misshapen");
        a.block(i, 0, 1, i + 1) = r.row(head);
    }
    return a;
}

bool has_typed_mask(const std::string& text) { return text.find("[MASK]") != std::string::npos; }

MaskedResult run_masked(const MaskedRequest& request, MlmHeadCache& cache) {
    MaskedResult out;
    if (!request.model) {
        out.error = "No model is open.";
        return out;
    }
    const pretrained::PretrainedModel& model = *request.model;
    if (cache.model.lock() != request.model) {  // another model, or the cached one has closed
        cache = MlmHeadCache{};
        cache.model = request.model;
        auto head = lm::load_mlm_head(model);
        if (head) cache.head = std::make_shared<lm::MlmHead>(std::move(*head));
        else cache.error = head.error();
    }
    if (!cache.head) {
        out.error = cache.error;
        out.no_head = true;
        return out;
    }
    // The fillers with k tokens, or (knocked-out run) with every token, to look the base rows up.
    auto fill = [&](int k, const pretrained::Ablation& a) -> Expected<lm::MaskedLmResult> {
        if (has_typed_mask(request.text)) return lm::predict_masked(model, *cache.head, request.text, k, a);
        auto ids = lm::encode_for_model(model, request.text);
        if (!ids) return ids.status();
        return lm::predict_masked_ids(model, *cache.head, *ids, request.positions, k, a);  // none: just the ids
    };
    auto r = fill(request.k, {});
    if (!r) {
        out.error = r.error();
        return out;
    }
    out.ids = r->ids;
    for (int id : out.ids) out.labels.push_back(label_of(&model, id));
    for (const lm::MaskPrediction& m : r->masks) {
        MaskedResult::Mask mask;
        mask.position = m.position;
        mask.original = label_of(&model, m.original_id);
        for (const lm::TokenProb& t : m.top) {
            PredictRow row;
            row.id = t.id;
            row.label = label_of(&model, t.id);
            row.raw = row.sampled = t.prob;
            mask.rows.push_back(std::move(row));
        }
        out.masks.push_back(std::move(mask));
    }
    const pretrained::Ablation a = heads_inside(request.ablation, model.config.n_layers, model.config.n_heads);
    if (a.empty() || out.masks.empty()) return out;
    auto knocked = fill(model.config.vocab_size, a);  // every token, most probable first
    if (!knocked) {
        out.error = knocked.error();
        return out;
    }
    assert(knocked->masks.size() == out.masks.size() && "run_masked: the same text masks the same positions");
    constexpr size_t kKnockedTop = 3;
    for (size_t j = 0; j < out.masks.size(); ++j) {
        MaskedResult::Mask& mask = out.masks[j];
        const std::vector<lm::TokenProb>& all = knocked->masks[j].top;
        std::vector<float> p(size_t(model.config.vocab_size), 0.0f);  // (V) by id
        for (const lm::TokenProb& t : all)
            if (t.id >= 0 && size_t(t.id) < p.size()) p[size_t(t.id)] = t.prob;
        for (const PredictRow& row : mask.rows) mask.knocked.push_back(p[size_t(row.id)]);
        for (size_t i = 0; i < std::min(kKnockedTop, all.size()); ++i) {
            PredictRow row;
            row.id = all[i].id;
            row.label = label_of(&model, all[i].id);
            row.raw = row.sampled = all[i].prob;
            mask.knocked_top.push_back(std::move(row));
        }
    }
    return out;
}

pretrained::Ablation heads_inside(pretrained::Ablation a, int n_layers, int n_heads) {
    return pretrained::ablation_inside(a, pretrained::AblationShape{n_layers, n_heads, 0, 0});
}

KnockoutResult run_knockout(const KnockoutRequest& r) {
    KnockoutResult out;
    if (!r.model) return out;
    const pretrained::Ablation a = heads_inside(r.ablation, r.model->config.n_layers, r.model->config.n_heads);
    if (r.position < 0 || r.position >= int(r.ids.size())) return out;
    // Causal: the tokens after the position do not change its prediction.
    const std::vector<int> ids(r.ids.begin(), r.ids.begin() + r.position + 1);
    auto logits = lm::ablated_next_logits(*r.model, ids, a);  // (T, V)
    if (!logits) {
        out.error = logits.error();
        return out;
    }
    const RowVec row = logits->row(r.position);  // (V)
    const RowVec p = lm::token_probabilities(row);
    for (int id : r.row_ids) out.knocked.push_back(id >= 0 && id < p.size() ? p[id] : 0.0f);
    for (const lm::TokenProb& t : lm::top_k_tokens(row, std::max(1, int(r.row_ids.size())))) {
        PredictRow pr;
        pr.id = t.id;
        pr.label = lm::token_label(*r.model, t.id);
        pr.raw = pr.sampled = t.prob;
        out.top.push_back(std::move(pr));
    }
    return out;
}

}  // namespace attn::app
