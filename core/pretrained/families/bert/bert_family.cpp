// bert_family.cpp — BERT and DistilBERT behind the family interface (family.h): their config.json
// fields, [CLS] … [SEP] framing and sentence pairs, their weights, pass and masked-LM head.
#include "core/base/limits.h"
#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;
using config_fields::printable;

const BertWeights& weights_of(const PretrainedModel& model) { return weights_as<BertWeights>(*model.weights); }

Status parse_bert(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "BERT");
    c.n_layers = f.integer("num_hidden_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("num_attention_heads", 1, limits::kMaxHeads);
    c.d_model = f.integer("hidden_size", 1, limits::kMaxModelWidth);
    c.d_ff = f.integer("intermediate_size", 1, limits::kMaxFeedForward);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    const int default_types = 2;
    c.type_vocab_size = f.integer_or("type_vocab_size", 0, 1024, &default_types);
    c.layer_norm_eps = f.epsilon("layer_norm_eps", 1e-12f);
    c.activation = f.text("hidden_act", "gelu");
    std::string pos = f.text("position_embedding_type", "absolute");
    if (f.ok() && pos != "absolute")
        f.fail("config.json sets \"position_embedding_type\" to \"" + printable(pos) +
               "\"; AttnLab runs BERT models only with absolute position embeddings.");
    if (!f.ok()) return Status::Error(f.error());
    return config_fields::check_activation_and_heads(c);
}

Status parse_distilbert(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "DistilBERT");
    c.n_layers = f.integer("n_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("n_heads", 1, limits::kMaxHeads);
    c.d_model = f.integer("dim", 1, limits::kMaxModelWidth);
    c.d_ff = f.integer("hidden_dim", 1, limits::kMaxFeedForward);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    c.type_vocab_size = 0;
    c.layer_norm_eps = 1e-12f;  // fixed in Hugging Face's DistilBERT, not in its config
    c.activation = f.text("activation", "gelu");
    if (!f.ok()) return Status::Error(f.error());
    return config_fields::check_activation_and_heads(c);
}

class BertFamily final : public ModelFamily {
public:
    const char* id() const override { return "bert"; }
    std::vector<std::string_view> model_types() const override { return {"bert", "distilbert"}; }
    std::string display_name(const PretrainedConfig& c) const override {
        return c.model_type == "distilbert" ? "DistilBERT" : "BERT";
    }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"DistilBert", "distilbert"}, {"Bert", "bert"}};
    }
    std::vector<std::string> supported() const override { return {"bert (BERT)", "distilbert (DistilBERT)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        return c.model_type == "distilbert" ? parse_distilbert(json, c) : parse_bert(json, c);
    }

    Capabilities capabilities(const PretrainedConfig& c) const override {
        Capabilities caps;
        caps.inputs.text = true;
        caps.inputs.text_pair = true;
        caps.inputs.pair_segments = c.type_vocab_size > 1;  // DistilBERT has no segment embeddings
        caps.fills_masks = true;
        caps.positions = PositionKind::Learned;
        return caps;
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::WordPiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file,
                                                                const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_bert_weights(file, config, on_layer));
    }

    // [CLS] A [SEP] (B [SEP]): segment 0 up to the first [SEP], 1 after.
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>* second, std::size_t second_bytes) const override {
        const SubwordTokenizer& tok = *model.tokenizer;
        if (tok.cls_id < 0 || tok.sep_id < 0) {
            return Status::Error(model.name + ": the vocabulary has no [CLS] or [SEP] token, which " +
                                 family_name(model.config) + " needs around every sentence.");
        }
        FramedText f;
        f.added = "[CLS]/[SEP]";
        f.tokens.push_back(special_token(tok, tok.cls_id, 0));
        for (SubwordToken& s : first) f.tokens.push_back(std::move(s));
        f.tokens.push_back(special_token(tok, tok.sep_id, first_bytes));
        f.segments.assign(f.tokens.size(), 0);
        if (second != nullptr) {
            for (const SubwordToken& s : *second) f.tokens.push_back(s);
            f.tokens.push_back(special_token(tok, tok.sep_id, second_bytes));
            f.segments.resize(f.tokens.size(), 1);
        }
        return f;
    }
    int pad_id(const PretrainedModel& model) const override { return model.tokenizer->pad_id; }

    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override {
        const int d = model.config.d_model;
        return validate_attention(weights_of(model).blocks.at(0).attn, opt, d, d);
    }

    ForwardPass forward(const PretrainedModel& model, const IdsInput& in, const PassOptions& opt) const override {
        static const std::vector<int> kNoSegments;
        return bert_forward(weights_of(model), model.config, in.ids, in.segments ? *in.segments : kNoSegments,
                            opt.blocked, opt.forward);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_mlm_head(const PretrainedModel& model) const override {
        return shared_weights(load_mlm_head_weights(model.name, model.folder, model.config));
    }
    Mat mlm_logits(const PretrainedModel& model, const FamilyWeights& head, const Mat& h) const override {
        return bert_mlm_logits(weights_of(model), model.config, weights_as<MlmHeadWeights>(head), h);
    }
};

}  // namespace

const ModelFamily& bert_family() {
    static const BertFamily family;
    return family;
}

}  // namespace attn::pretrained
