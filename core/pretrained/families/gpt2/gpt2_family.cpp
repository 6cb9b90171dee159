// gpt2_family.cpp — GPT-2 behind the family interface (family.h): its config.json fields, what it
// reads and predicts, its weights, its pass and its cached step.
#include "core/base/limits.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;

const Gpt2Weights& weights_of(const PretrainedModel& model) { return weights_as<Gpt2Weights>(*model.weights); }

class Gpt2Family final : public ModelFamily {
public:
    const char* id() const override { return "gpt2"; }
    std::vector<std::string_view> model_types() const override { return {"gpt2"}; }
    std::string display_name(const PretrainedConfig&) const override { return "GPT-2"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"GPT2", "gpt2"}};
    }
    std::vector<std::string> supported() const override { return {"gpt2 (GPT-2)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        Fields f(json.root, "GPT-2");
        c.n_layers = f.integer("n_layer", 1, limits::kMaxLayers);
        c.n_heads = f.integer("n_head", 1, limits::kMaxHeads);
        c.d_model = f.integer("n_embd", 1, limits::kMaxModelWidth);
        const int default_ff = 4 * c.d_model;
        c.d_ff = f.integer_or("n_inner", 1, limits::kMaxFeedForward, &default_ff);
        c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
        c.max_positions = f.integer("n_positions", 1, limits::kMaxPositions);
        c.type_vocab_size = 0;
        c.layer_norm_eps = f.epsilon("layer_norm_epsilon", 1e-5f);
        c.activation = f.text("activation_function", "gelu_new");
        f.require_flag("scale_attn_weights", true);
        f.require_flag("scale_attn_by_inverse_layer_idx", false);
        if (!f.ok()) return Status::Error(f.error());
        return config_fields::check_activation_and_heads(c);
    }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities c;
        c.inputs.text = true;
        c.next_token = true;
        c.cached_step = true;
        c.always_causal = true;
        c.positions = PositionKind::Learned;
        return c;
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::ByteLevelBpe ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file,
                                                                const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_gpt2_weights(file, config, on_layer));
    }

    // GPT-2 reads its text as it is; Hugging Face pads it with <|endoftext|>, which also starts a
    // text without changing it (what GPT-2 saw between documents).
    int start_of_text(const PretrainedModel& model) const override {
        const int eos = model.tokenizer->eos_id;
        return eos >= 0 && eos < model.config.vocab_size ? eos : -1;
    }
    int pad_id(const PretrainedModel& model) const override { return model.tokenizer->eos_id; }

    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override {
        const int d = model.config.d_model;
        return validate_attention(weights_of(model).blocks.at(0).attn, opt, d, d);
    }

    ForwardPass forward(const PretrainedModel& model, const IdsInput& in, const PassOptions& opt) const override {
        return gpt2_forward(weights_of(model), model.config, in.ids, opt.blocked, opt.forward);
    }

    Mat forward_from(const PretrainedModel& model, const std::vector<int>&, const Mat& x, int first_layer,
                     const ForwardOptions& opt) const override {
        return gpt2_forward_from(weights_of(model), model.config, x, first_layer, opt);
    }

    Mat final_norm(const PretrainedModel& model, const Mat& x) const override {
        const Gpt2Weights& w = weights_of(model);
        Mat h;  // (T, d)
        layer_norm(x, w.ln_f_gamma, w.ln_f_beta, model.config.layer_norm_eps, h);
        return h;
    }

    Mat unembed(const PretrainedModel& model, const Mat& h) const override { return gpt2_logits(weights_of(model), h); }

    void start_decoding(const PretrainedModel& model, const std::vector<int>& prompt,
                        DecodeSession& s) const override {
        gpt2_start_decoding(weights_of(model), prompt, s);
    }
    void append_token(DecodeSession& s, int id) const override { gpt2_append_token(weights_of(*s.model), s, id); }
};

}  // namespace

const ModelFamily& gpt2_family() {
    static const Gpt2Family family;
    return family;
}

}  // namespace attn::pretrained
