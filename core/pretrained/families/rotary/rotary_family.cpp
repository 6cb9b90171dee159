// rotary_family.cpp — the rotary decoders (Llama, Qwen2, Qwen3, Mistral) behind the family
// interface (family.h): their config.json fields, the post-processor's framing, the chat format,
// their weights, pass, cached step, sliding windows and rotary frequencies.
#include <fstream>
#include <sstream>

#include "core/pretrained/families/rotary/rope.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/families/rotary/rotary_config.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/tokenizer/chat_format.h"

namespace attn::pretrained {

namespace {

const RotaryWeights& weights_of(const PretrainedModel& model) { return weights_as<RotaryWeights>(*model.weights); }

class RotaryFamily final : public ModelFamily {
public:
    const char* id() const override { return "rotary"; }
    std::vector<std::string_view> model_types() const override { return {"llama", "qwen2", "qwen3", "mistral"}; }
    std::string display_name(const PretrainedConfig& c) const override {
        if (c.model_type == "qwen2") return "Qwen2";
        if (c.model_type == "qwen3") return "Qwen3";
        if (c.model_type == "mistral") return "Mistral";
        return "Llama";
    }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Llama", "llama"}, {"Qwen2", "qwen2"}, {"Qwen3", "qwen3"}, {"Mistral", "mistral"}};
    }
    std::vector<std::string> supported() const override {
        return {"llama (Llama, SmolLM, TinyLlama)", "qwen2 (Qwen2, Qwen2.5)", "qwen3 (Qwen3)", "mistral (Mistral)"};
    }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        config_fields::Fields f(json.root, display_name(c));
        config_fields::parse_decoder(c, f);
        if (!f.ok()) return Status::Error(f.error());
        return Status::Ok();
    }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities c;
        c.inputs.text = true;
        c.next_token = true;
        c.cached_step = true;
        c.always_causal = true;
        c.chat = true;
        c.positions = PositionKind::Rotary;
        return c;
    }

    // Byte-level BPE (Llama 3, Qwen) or SentencePiece-style BPE (Mistral, TinyLlama).
    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind != SubwordKind::WordPiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    // An instruct model's chat format: tokenizer_config.json's template (unreadable: the
    // vocabulary's special tokens decide).
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override {
        std::string config_text;
        if (!files.tokenizer_config.empty())
            if (auto text = read_config_file(files.tokenizer_config)) config_text = std::move(*text);
        model.chat_format = detect_chat_format(config_text, *model.tokenizer);
        return Status::Ok();
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file,
                                                                const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_rotary_weights(file, config, on_layer));
    }

    // What the post-processor adds: <|begin_of_text|>, <s>, or nothing (Qwen).
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>*, std::size_t) const override {
        FramedText f;
        f.tokens = model.tokenizer->with_special_tokens(std::move(first), first_bytes);
        f.segments.assign(f.tokens.size(), 0);
        return f;
    }
    // Padded with the end-of-text token: the tokenizer's, else config.json's eos_token_id, else its
    // bos_token_id, else token 0 (padding is hidden by the mask: any token of the vocabulary serves).
    int pad_id(const PretrainedModel& model) const override {
        const int vocab = model.config.vocab_size;
        const RotarySettings& dc = rotary_settings(model.config);
        for (int id : {model.tokenizer ? model.tokenizer->eos_id : -1, dc.eos_id, dc.bos_id})
            if (id >= 0 && id < vocab) return id;
        return 0;
    }

    ForwardPass forward(const PretrainedModel& model, const IdsInput& in, const PassOptions& opt) const override {
        DecoderOptions d;
        d.attention = opt.forward.attention;
        d.ablation = opt.forward.ablation;
        d.extra_blocked = opt.blocked;
        d.first_position = in.first_position;
        return rotary_forward(weights_of(model), model.config, in.ids, d);
    }

    // The file's own decoders (byte-level, or ▁ and byte fallback).
    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override {
        return decode_with_file_decoders(*model.tokenizer, ids);
    }
    std::string token_label(const PretrainedModel& model, int id) const override {
        return label_with_file_decoders(*model.tokenizer, id);
    }

    Mat final_norm(const PretrainedModel& model, const Mat& x) const override {
        Mat h;  // (T, d)
        rms_norm(x, weights_of(model).norm, rotary_settings(model.config).rms_norm_eps, h);
        return h;
    }
    Mat unembed(const PretrainedModel& model, const Mat& h) const override { return rotary_logits(weights_of(model), h); }

    void start_decoding(const PretrainedModel& model, const std::vector<int>& prompt,
                        DecodeSession& s) const override {
        rotary_start_decoding(weights_of(model), prompt, s);
    }
    void append_token(DecodeSession& s, int id) const override { rotary_append_token(weights_of(*s.model), s, id); }

    int window(const PretrainedConfig& c, int layer) const override { return rotary_settings(c).window_of(layer); }
    std::vector<double> rotary_frequencies(const PretrainedConfig& c) const override {
        return rope_inverse_frequencies(rotary_settings(c).rope);
    }
    int rotary_dim(const PretrainedConfig& c) const override { return rotary_settings(c).rope.rotary_dim; }
};

}  // namespace

const ModelFamily& rotary_family() {
    static const RotaryFamily family;
    return family;
}

}  // namespace attn::pretrained
