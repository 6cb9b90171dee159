// masked_lm.cpp — the MLM head read from the checkpoint, and top-k fillers for [MASK] positions.
#include "core/lm/masked_lm.h"

#include <algorithm>
#include <cassert>

#include "core/base/gemm.h"
#include "core/lm/lm_inputs.h"
#include "core/pretrained/bert.h"
#include "core/pretrained/model_folder.h"
#include "core/pretrained/nn_ops.h"
#include "core/pretrained/safetensors.h"

namespace attn::lm {

using namespace attn::pretrained;

namespace {

struct HeadNames {
    const char* probe;       // the tensor whose presence says "this file has an MLM head"
    const char* dense;       // + ".weight" / ".bias"
    const char* layer_norm;  // + ".weight"/".bias" (or ".gamma"/".beta")
    const char* decoder;     // + ".weight" when untied
    const char* bias;        // (V)
    const char* alt_bias;    // another name some checkpoints use for the same bias
    const char* what;        // for messages
};

constexpr HeadNames kBertHead = {
    "cls.predictions.transform.dense.weight", "cls.predictions.transform.dense",
    "cls.predictions.transform.LayerNorm", "cls.predictions.decoder", "cls.predictions.bias",
    "cls.predictions.decoder.bias", "BertForMaskedLM / BertForPreTraining"};
constexpr HeadNames kDistilHead = {
    "vocab_transform.weight", "vocab_transform", "vocab_layer_norm", "vocab_projector",
    "vocab_projector.bias", "vocab_projector.bias", "DistilBertForMaskedLM"};

}  // namespace

Expected<MlmHead> load_mlm_head(const PretrainedModel& model) {
    const PretrainedConfig& c = model.config;
    if (c.is_causal_lm()) {
        return Status::Error(model.name + " is " + family_name(c) + ": it predicts the next token, not masked ones "
                             "(there is no [MASK] in its vocabulary).");
    }
    auto folder = inspect_model_folder(model.folder);
    if (!folder) return folder.status();
    auto file = SafeTensorsFile::open(folder->weights_path);
    if (!file) return file.status();
    const HeadNames& n = c.arch == Architecture::Bert ? kBertHead : kDistilHead;
    if (!file->find(n.probe)) {
        return Status::Error(model.name + " has no masked-LM head: " + folder->weights_path + " has no " +
                             n.probe + ". The checkpoint was saved as a bare encoder; masked-token "
                             "prediction needs the " + n.what + " weights (e.g. the original "
                             "bert-base-uncased download). Its attention can still be explored.");
    }
    const int d = c.d_model, v = c.vocab_size;
    WeightReader r(*file, "");
    MlmHead head;
    head.transform_w = r.linear_weight(std::string(n.dense) + ".weight", d, d);  // (d, d)
    head.transform_b = r.vector(std::string(n.dense) + ".bias", d);
    const std::string ln = n.layer_norm;
    head.ln_gamma = r.vector(r.either(ln + ".weight", ln + ".gamma"), d);
    head.ln_beta = r.vector(r.either(ln + ".bias", ln + ".beta"), d);
    const std::string dec = std::string(n.decoder) + ".weight";
    if (r.has(dec)) head.decoder = r.matrix(dec, v, d);  // (V, d) untied copy
    head.bias = r.vector(r.either(n.bias, n.alt_bias), v);
    if (!r.status()) return r.status();
    return head;
}

Mat mlm_logits(const PretrainedModel& model, const MlmHead& head, const Mat& h) {
    const BertWeights* w = bert_weights(model);
    assert(w && "mlm_logits: a BERT-family model");
    Mat t;  // (T, d)
    linear(h, head.transform_w, head.transform_b, t);
    apply_activation(model.config.activation, t);
    layer_norm(t, head.ln_gamma, head.ln_beta, model.config.layer_norm_eps, t);
    const Mat& embed = head.decoder.size() > 0 ? head.decoder : w->word;  // (V, d)
    Mat logits(h.rows(), embed.rows());  // (T, V)
    matmul_bt(t, embed, logits);
    logits.rowwise() += head.bias;
    return logits;
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
