// bert_mlm_head.cpp — BERT's and DistilBERT's masked-LM head, read from the checkpoint (the
// contract is in bert.h).
#include "core/base/gemm.h"
#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/folder/model_folder.h"

namespace attn::pretrained {

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

std::size_t MlmHeadWeights::bytes() const {
    return std::size_t(transform_w.size() + transform_b.size() + ln_gamma.size() + ln_beta.size() + decoder.size() +
                       bias.size()) *
           sizeof(float);
}

Expected<MlmHeadWeights> load_mlm_head_weights(const std::string& name, const std::string& folder,
                                               const PretrainedConfig& c) {
    auto files = inspect_model_folder(folder);
    if (!files) return files.status();
    auto file = SafeTensorsFile::open(files->weights_path);
    if (!file) return file.status();
    const HeadNames& n = c.model_type == "distilbert" ? kDistilHead : kBertHead;
    if (!file->find(n.probe)) {
        return Status::Error(name + " has no masked-LM head: " + files->weights_path + " has no " + n.probe +
                             ". The checkpoint was saved as a bare encoder; masked-token "
                             "prediction needs the " + n.what + " weights (e.g. the original "
                             "bert-base-uncased download). Its attention can still be explored.");
    }
    const int d = c.d_model, v = c.vocab_size;
    WeightReader r(*file, "");
    MlmHeadWeights head;
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

Mat bert_mlm_logits(const BertWeights& w, const PretrainedConfig& config, const MlmHeadWeights& head, const Mat& h) {
    Mat t;  // (T, d)
    linear(h, head.transform_w, head.transform_b, t);
    apply_activation(config.activation, t);
    layer_norm(t, head.ln_gamma, head.ln_beta, config.layer_norm_eps, t);
    const Mat& embed = head.decoder.size() > 0 ? head.decoder : w.word;  // (V, d)
    Mat logits(h.rows(), embed.rows());  // (T, V)
    matmul_bt(t, embed, logits);
    logits.rowwise() += head.bias;
    return logits;
}

}  // namespace attn::pretrained
