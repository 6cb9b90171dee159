// masked_lm.cpp — the family's MLM head, and top-k fillers for [MASK] positions.
#include "core/lm/masked_lm.h"

#include <algorithm>
#include <cassert>

#include "core/lm/lm_inputs.h"

namespace attn::lm {

using namespace attn::pretrained;

Expected<MlmHead> load_mlm_head(const PretrainedModel& model) {
    auto head = model.family().load_mlm_head(model);
    if (!head) return head.status();
    return MlmHead{std::move(*head)};
}

Mat mlm_logits(const PretrainedModel& model, const MlmHead& head, const Mat& h) {
    assert(head.weights && "mlm_logits: a head from load_mlm_head");
    return model.family().mlm_logits(model, *head.weights, h);
}

static Expected<int> mask_id(const PretrainedModel& model) {
    const int id = model.tokenizer->token_id("[MASK]");
    if (id < 0) return Status::Error(model.name + "'s vocabulary has no [MASK] token.");
    return id;
}

static MaskedLmResult predict(const PretrainedModel& model, const MlmHead& head, std::vector<int> ids,
                              const std::vector<int>& originals, int mask, int k, const Ablation& ablation) {
    MaskedLmResult out;
    std::vector<int> rows;
    for (int i = 0; i < int(ids.size()); ++i)
        if (ids[i] == mask) rows.push_back(i);
    out.ids = ids;
    if (rows.empty()) return out;  // nothing masked: nothing to predict
    const ForwardPass pass = forward_ids(model, ids, ablation);
    Mat h(int(rows.size()), model.config.d_model);  // (M, d) only the masked rows
    for (int m = 0; m < int(rows.size()); ++m) h.row(m) = pass.hidden_states.back().row(rows[m]);
    const Mat logits = mlm_logits(model, head, h);  // (M, V)
    for (int m = 0; m < int(rows.size()); ++m) {
        MaskPrediction p;
        p.position = rows[m];
        p.original_id = originals[rows[m]];
        p.top = top_k_tokens(logits.row(m), k);
        out.masks.push_back(std::move(p));
    }
    return out;
}

Expected<MaskedLmResult> predict_masked(const PretrainedModel& model, const MlmHead& head, const std::string& text,
                                        int k, const Ablation& ablation) {
    if (Status s = check_ablation(ablation, model.config.n_layers, model.config.n_heads); !s) return s;
    auto mask = mask_id(model);
    if (!mask) return mask.status();
    auto ids = encode_for_model(model, text);
    if (!ids) return ids.status();
    if (std::find(ids->begin(), ids->end(), *mask) == ids->end()) {
        return Status::Error("The text has no [MASK]. Type [MASK] where a word should be predicted, "
                             "e.g. \"the cat [MASK] on the mat\".");
    }
    return predict(model, head, *ids, *ids, *mask, k, ablation);
}

Expected<MaskedLmResult> predict_masked_ids(const PretrainedModel& model, const MlmHead& head, std::vector<int> ids,
                                            const std::vector<int>& positions, int k, const Ablation& ablation) {
    if (Status s = check_ablation(ablation, model.config.n_layers, model.config.n_heads); !s) return s;
    auto mask = mask_id(model);
    if (!mask) return mask.status();
    if (Status s = check_ids(model, ids); !s) return s;
    const std::vector<int> originals = ids;
    for (int p : positions) {
        if (p < 0 || p >= int(ids.size()))
            return Status::Error("Position " + std::to_string(p) + " is outside the " +
                                 std::to_string(ids.size()) + " tokens.");
        ids[p] = *mask;
    }
    return predict(model, head, std::move(ids), originals, *mask, k, ablation);
}

}  // namespace attn::lm
