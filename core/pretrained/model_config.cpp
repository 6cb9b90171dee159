// model_config.cpp — config.json → PretrainedConfig for the three families we run.
//
// Each family names the same quantities differently (table in model_config.h). Fields the forward
// pass depends on are required; the ones Hugging Face itself defaults (epsilon, activation, n_inner)
// get its defaults. Limits, generous for real models yet small enough that a typo cannot make us
// allocate terabytes:
//   layers 1..1024, heads 1..1024, d_model 1..65536, d_ff 1..1048576, vocab 1..1000000,
//   positions 1..1048576, type_vocab_size 0..1024, layer-norm epsilon in (0, 0.1].
// The rotary decoders' part is in model_config_decoders.cpp, the field reader both use in
// model_config_fields.h.
#include "core/pretrained/model_config.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <utility>
#include <vector>
#include <exception>

#include <nlohmann/json.hpp>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/model_config_fields.h"

namespace attn::pretrained {

using json = nlohmann::json;
using config_fields::Fields;
using config_fields::parse_decoder;
using config_fields::printable;

const char* architecture_name(Architecture a) {
    switch (a) {
        case Architecture::Gpt2: return "GPT-2";
        case Architecture::Bert: return "BERT";
        case Architecture::DistilBert: return "DistilBERT";
        case Architecture::Vit: return "ViT";
        case Architecture::Llama: return "Llama";
    }
    return "unknown";
}

std::string family_name(const PretrainedConfig& config) {
    if (config.arch == Architecture::Vit && config.model_type == "deit") return "DeiT";
    if (config.arch == Architecture::Llama) {
        if (config.model_type == "qwen2") return "Qwen2";
        if (config.model_type == "qwen3") return "Qwen3";
        if (config.model_type == "mistral") return "Mistral";
    }
    return architecture_name(config.arch);
}

namespace {

constexpr const char* kSupported =
    "gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO), deit (DeiT), llama (Llama, SmolLM, "
    "TinyLlama), qwen2 (Qwen2, Qwen2.5), qwen3 (Qwen3) and mistral (Mistral)";

// "gelu_pytorch_tanh" is Hugging Face's newer name for the tanh approximation.
bool normalize_activation(std::string& act) {
    if (act == "gelu_pytorch_tanh") act = "gelu_new";
    return act == "gelu_new" || act == "gelu";
}

// model_type from the "architectures" list of older configs, e.g. ["GPT2LMHeadModel"].
std::string type_from_architectures(const json& root) {
    auto it = root.find("architectures");
    if (it == root.end() || !it->is_array()) return {};
    for (const json& a : *it) {
        if (!a.is_string()) continue;
        const std::string& name = a.get_ref<const std::string&>();
        auto starts = [&](const char* p) { return name.rfind(p, 0) == 0; };
        if (starts("GPT2")) return "gpt2";
        if (starts("DistilBert")) return "distilbert";
        if (starts("Bert")) return "bert";
        if (starts("ViT")) return "vit";
        if (starts("DeiT")) return "deit";
        if (starts("Llama")) return "llama";
        if (starts("Qwen2")) return "qwen2";
        if (starts("Qwen3")) return "qwen3";
        if (starts("Mistral")) return "mistral";
    }
    return {};
}

// The first "architectures" entry, or "".
std::string first_architecture(const json& root) {
    auto it = root.find("architectures");
    if (it == root.end() || !it->is_array() || it->empty() || !(*it)[0].is_string()) return {};
    return (*it)[0].get<std::string>();
}

// id2label {"0": "tench", ...} in id order; ids without a label get "LABEL_<id>" as Hugging Face
// names them. An absent or null map gives no labels.
void read_labels(const json& root, Fields& f, std::vector<std::string>& labels) {
    auto it = root.find("id2label");
    if (it == root.end() || it->is_null()) return;
    if (!it->is_object()) {
        f.fail("config.json: \"id2label\" is " + Fields::describe(*it) + "; expected an object such as {\"0\": \"cat\"}.");
        return;
    }
    std::vector<std::pair<long, std::string>> found;
    for (auto e = it->begin(); e != it->end(); ++e) {
        const std::string& key = e.key();
        long id = -1;
        if (!key.empty() && key.size() <= 7 && key.find_first_not_of("0123456789") == std::string::npos) id = std::stol(key);
        if (id < 0 || id >= long(limits::kMaxLabels)) {
            f.fail("config.json: \"id2label\" has the key \"" + printable(key) + "\"; expected class ids 0 to " +
                   std::to_string(limits::kMaxLabels - 1) + ".");
            return;
        }
        if (!e.value().is_string()) {
            f.fail("config.json: \"id2label\" gives class " + key + " " + Fields::describe(e.value()) + "; expected a name.");
            return;
        }
        found.emplace_back(id, e.value().get<std::string>());
    }
    long n = 0;
    for (const auto& [id, name] : found) n = std::max(n, id + 1);
    labels.assign(std::size_t(n), std::string());
    for (long i = 0; i < n; ++i) labels[std::size_t(i)] = "LABEL_" + std::to_string(i);
    for (auto& [id, name] : found) labels[std::size_t(id)] = std::move(name);
}

// ViT / DeiT: the encoder's sizes and the image side.
void parse_vision(const json& root, PretrainedConfig& c, Fields& f) {
    const bool deit = c.model_type == "deit";
    c.n_layers = f.integer("num_hidden_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("num_attention_heads", 1, limits::kMaxHeads);
    c.d_model = f.integer("hidden_size", 1, limits::kMaxModelWidth);
    c.d_ff = f.integer("intermediate_size", 1, limits::kMaxFeedForward);
    c.layer_norm_eps = f.epsilon("layer_norm_eps", 1e-12f);
    c.activation = f.text("hidden_act", "gelu");
    c.type_vocab_size = 0;
    VisionConfig& v = c.vision;
    const int default_size = 224, default_patch = 16, default_channels = 3;
    v.image_size = f.integer_or("image_size", 1, limits::kMaxModelImageSide, &default_size);
    v.patch_size = f.integer_or("patch_size", 1, limits::kMaxModelImageSide, &default_patch);
    v.num_channels = f.integer_or("num_channels", 1, 4, &default_channels);
    v.prefix_tokens = deit ? 2 : 1;
    if (!f.ok()) return;
    if (v.num_channels != 3) {
        f.fail("config.json: \"num_channels\" is " + std::to_string(v.num_channels) +
               "; AttnLab runs vision models on colour (3-channel) images only.");
        return;
    }
    if (v.patch_size > v.image_size) {
        f.fail("config.json: the patch size " + std::to_string(v.patch_size) + " is larger than the image size " +
               std::to_string(v.image_size) + ".");
        return;
    }
    auto qkv = root.find("qkv_bias");
    if (qkv != root.end() && !qkv->is_null()) {
        if (!qkv->is_boolean()) {
            f.fail("config.json: \"qkv_bias\" is " + Fields::describe(*qkv) + "; expected true or false.");
            return;
        }
        v.qkv_bias = qkv->get<bool>();
    }
    const std::string a = first_architecture(root);
    if (a.empty() || a == "ViTModel" || a == "DeiTModel") {
        v.head = VisionHead::None;
    } else if (a == "ViTForImageClassification" || a == "DeiTForImageClassification") {
        v.head = VisionHead::Classifier;
    } else if (a == "DeiTForImageClassificationWithTeacher") {
        v.head = VisionHead::Teacher;
    } else {
        f.fail("config.json names the architecture \"" + printable(a) + "\", which AttnLab cannot run. Supported "
               "vision models: ViTModel, ViTForImageClassification, DeiTModel, DeiTForImageClassification and "
               "DeiTForImageClassificationWithTeacher.");
        return;
    }
    read_labels(root, f, v.labels);
    const long grid = v.image_size / v.patch_size;
    c.max_positions = int(grid * grid) + v.prefix_tokens;
    c.vocab_size = 0;  // no token embeddings: the patches are embedded by a linear map
}

Expected<PretrainedConfig> parse(const json& root) {
    if (!root.is_object()) return Status::Error("config.json is " + Fields::describe(root) + ", not a JSON object.");

    PretrainedConfig c;
    auto mt = root.find("model_type");
    if (mt != root.end() && !mt->is_null()) {
        if (!mt->is_string())
            return Status::Error("config.json: \"model_type\" is " + Fields::describe(*mt) + "; expected a string such as \"gpt2\".");
        c.model_type = mt->get<std::string>();
    } else {
        c.model_type = type_from_architectures(root);
        if (c.model_type.empty())
            return Status::Error("config.json has no \"model_type\" (and no \"architectures\" entry AttnLab knows). "
                                 "Supported: " + std::string(kSupported) + ".");
    }

    if (c.model_type == "gpt2") {
        c.arch = Architecture::Gpt2;
        Fields f(root, "GPT-2");
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
    } else if (c.model_type == "bert") {
        c.arch = Architecture::Bert;
        Fields f(root, "BERT");
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
    } else if (c.model_type == "distilbert") {
        c.arch = Architecture::DistilBert;
        Fields f(root, "DistilBERT");
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
    } else if (c.model_type == "vit" || c.model_type == "deit") {
        c.arch = Architecture::Vit;
        Fields f(root, c.model_type == "deit" ? "DeiT" : "ViT");
        parse_vision(root, c, f);
        if (!f.ok()) return Status::Error(f.error());
    } else if (c.model_type == "llama" || c.model_type == "qwen2" || c.model_type == "qwen3" ||
               c.model_type == "mistral") {
        c.arch = Architecture::Llama;
        Fields f(root, family_name(c));
        parse_decoder(c, f);
        if (!f.ok()) return Status::Error(f.error());
        return c;
    } else if (c.model_type.rfind("gemma", 0) == 0) {
        return Status::Error("config.json has model_type \"" + printable(c.model_type) +
                             "\": Gemma models (scaled embeddings, soft-capped scores) are not supported yet. "
                             "Supported: " + std::string(kSupported) + ".");
    } else {
        return Status::Error("config.json has model_type \"" + printable(c.model_type) +
                             "\", which AttnLab cannot run. Supported: " + std::string(kSupported) + ".");
    }

    if (!normalize_activation(c.activation))
        return Status::Error("config.json asks for the activation \"" + printable(c.activation) +
                             "\"; AttnLab implements \"gelu\" (erf) and \"gelu_new\" (tanh) only.");
    if (c.d_model % c.n_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) + " is not divisible by the " +
                             std::to_string(c.n_heads) + " attention heads, so the heads cannot split it evenly.");
    return c;
}

}  // namespace

Expected<PretrainedConfig> parse_model_config(std::string_view json_text) {
    if (Status s = check_json_depth(json_text, limits::kMaxJsonDepth, "config.json"); !s) return s;
    json root;
    try {
        root = json::parse(json_text.begin(), json_text.end());
    } catch (const json::parse_error& e) {
        std::string_view what(e.what());
        if (auto tag_end = what.find("] "); tag_end != std::string_view::npos) what.remove_prefix(tag_end + 2);
        return Status::Error("config.json is not valid JSON: " + printable(what, true) + ".");
    } catch (const std::exception& e) {
        return Status::Error(std::string("config.json could not be parsed: ") + printable(e.what(), true) + ".");
    }
    try {
        return parse(root);
    } catch (const std::exception& e) {  // every access above checks its type first; stay safe anyway
        return Status::Error(std::string("config.json could not be read: ") + printable(e.what(), true) + ".");
    }
}

}  // namespace attn::pretrained
