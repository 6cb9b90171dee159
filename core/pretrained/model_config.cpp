// model_config.cpp — config.json → PretrainedConfig for the three families we run.
//
// Each family names the same quantities differently (table in model_config.h). Fields the forward
// pass depends on are required; the ones Hugging Face itself defaults (epsilon, activation, n_inner)
// get its defaults. Limits, generous for real models yet small enough that a typo cannot make us
// allocate terabytes:
//   layers 1..1024, heads 1..1024, d_model 1..65536, d_ff 1..1048576, vocab 1..1000000,
//   positions 1..1048576, type_vocab_size 0..1024, layer-norm epsilon in (0, 0.1].
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

namespace attn::pretrained {

using json = nlohmann::json;

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

// Text from the file made safe for a message: control characters become '?', and long text is
// cut at a character boundary. `ascii_only` also replaces every non-ASCII byte (for parser
// messages, which quote raw bytes that may not be UTF-8).
std::string printable(std::string_view text, bool ascii_only = false) {
    constexpr std::size_t kMax = 200;
    std::size_t n = text.size();
    if (n > kMax) {
        n = kMax;
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    }
    std::string out;
    for (char ch : text.substr(0, n)) {
        auto c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c == 0x7f || (ascii_only && c >= 0x80)) ? '?' : ch;
    }
    if (n < text.size()) out += "...";
    return out;
}

// Reads config fields with the family's names and reports the first problem.
class Fields {
public:
    Fields(const json& root, std::string family) : root_(root), family_(std::move(family)) {}
    // Fields of a nested object ("rope_scaling"): messages name them "rope_scaling.factor".
    Fields(const json& object, std::string family, std::string where)
        : root_(object), family_(std::move(family)), where_(std::move(where) + ".") {}

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }

    // A required integer in [lo, hi].
    int integer(const char* key, long long lo, long long hi) { return integer_or(key, lo, hi, nullptr); }

    // An optional integer; `fallback` when absent or null.
    int integer_or(const char* key, long long lo, long long hi, const int* fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) {
            if (fallback != nullptr) return *fallback;
            fail("config.json has no \"" + (where_ + key) + "\", which a " + family_ + " config needs.");
            return 0;
        }
        long long v = 0;
        if (it->is_number_unsigned() && it->get<unsigned long long>() > static_cast<unsigned long long>(hi)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + std::to_string(it->get<unsigned long long>()) +
                 "; expected " + std::to_string(lo) + " to " + std::to_string(hi) + ".");
            return 0;
        } else if (it->is_number_integer()) {
            v = it->get<long long>();
        } else if (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>() &&
                   std::fabs(it->get<double>()) < 1e15) {
            v = static_cast<long long>(it->get<double>());  // 768.0 is still 768
        } else {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a whole number.");
            return 0;
        }
        if (v < lo || v > hi) {
            fail("config.json: \"" + (where_ + key) + "\" is " + std::to_string(v) + "; expected " +
                 std::to_string(lo) + " to " + std::to_string(hi) + ".");
            return 0;
        }
        return static_cast<int>(v);
    }

    float epsilon(const char* key, float fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_number()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a small positive number.");
            return 0;
        }
        double v = it->get<double>();
        if (!(v > 0.0 && v <= 0.1)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) +
                 "; expected a small positive number (at most 0.1).");
            return 0;
        }
        return static_cast<float>(v);
    }

    // An optional number in [lo, hi]; `fallback` when absent or null.
    double number(const char* key, double lo, double hi, double fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_number()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a number.");
            return 0;
        }
        const double v = it->get<double>();
        if (!(v >= lo && v <= hi)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) + "; expected " +
                 printable(json(lo).dump()) + " to " + printable(json(hi).dump()) + ".");
            return 0;
        }
        return v;
    }

    bool boolean(const char* key, bool fallback) {
        if (!ok()) return false;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_boolean()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected true or false.");
            return false;
        }
        return it->get<bool>();
    }

    // A token id, or the first of a list of them (Llama 3.1's eos_token_id); -1 when absent.
    int token_id(const char* key, int vocab) {
        if (!ok()) return -1;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return -1;
        const json& v = it->is_array() && !it->empty() ? (*it)[0] : *it;
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() >= vocab) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) + "; expected a token id below " +
                 std::to_string(vocab) + ".");
            return -1;
        }
        return int(v.get<long long>());
    }

    const std::string& family() const { return family_; }
    bool present(const char* key) const { return root_.find(key) != root_.end(); }

    const json* find(const char* key) const {
        auto it = root_.find(key);
        return it == root_.end() || it->is_null() ? nullptr : &*it;
    }

    std::string text(const char* key, const char* fallback) {
        if (!ok()) return {};
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_string()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a string.");
            return {};
        }
        return it->get<std::string>();
    }

    // A flag that changes the math in a way our forward pass does not implement.
    void require_flag(const char* key, bool supported_value) {
        if (!ok()) return;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return;
        if (!it->is_boolean() || it->get<bool>() != supported_value)
            fail("config.json sets \"" + (where_ + key) + "\" to " + printable(it->dump()) + "; AttnLab runs " +
                 family_ + " models only with " + (supported_value ? "true" : "false") + " there.");
    }

    void fail(std::string message) {
        if (ok()) error_ = std::move(message);
    }

    static std::string describe(const json& v) {
        switch (v.type()) {
            case json::value_t::string: return "the string \"" + printable(v.get<std::string>()) + "\"";
            case json::value_t::array: return "an array";
            case json::value_t::object: return "an object";
            case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
            case json::value_t::null: return "null";
            default: return printable(v.dump());
        }
    }

private:
    const json& root_;
    std::string family_;
    std::string where_;
    std::string error_;
};

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

// The rotary settings: rope_theta (top level or inside rope_parameters), the scaling named by
// rope_scaling / rope_parameters ("rope_type" or the older "type"), partial_rotary_factor.
void parse_rope(PretrainedConfig& c, Fields& f) {
    RopeConfig& r = c.decoder.rope;
    r.theta = f.number("rope_theta", 1.0, 1e12, 10000.0);
    const double partial = f.number("partial_rotary_factor", 0.0, 1.0, 1.0);
    if (!f.ok()) return;
    const json* params = nullptr;
    const char* params_name = "rope_scaling";
    for (const char* key : {"rope_scaling", "rope_parameters"}) {
        if (const json* p = f.find(key)) {
            params = p;
            params_name = key;
            break;
        }
    }
    if (params != nullptr) {
        if (!params->is_object()) {
            f.fail("config.json: \"" + std::string(params_name) + "\" is " + Fields::describe(*params) +
                   "; expected an object such as {\"rope_type\": \"linear\", \"factor\": 2.0}.");
            return;
        }
        Fields p(*params, f.family(), params_name);
        r.theta = p.number("rope_theta", 1.0, 1e12, r.theta);
        std::string type = p.text("rope_type", "");
        if (type.empty()) type = p.text("type", "default");
        if (!p.ok()) return f.fail(p.error());
        if (type == "linear" || type == "llama3") {
            r.scaling = type == "linear" ? RopeScaling::Linear : RopeScaling::Llama3;
            r.factor = p.number("factor", 1.0, 1e6, 1.0);
            if (r.scaling == RopeScaling::Llama3) {
                r.low_freq_factor = p.number("low_freq_factor", 1e-6, 1e6, 1.0);
                r.high_freq_factor = p.number("high_freq_factor", 1e-6, 1e6, 4.0);
                const int default_original = 8192;
                r.original_max_positions =
                    p.integer_or("original_max_position_embeddings", 1, 1 << 24, &default_original);
                if (p.ok() && !(r.high_freq_factor > r.low_freq_factor))
                    p.fail("config.json: \"" + std::string(params_name) + "\" has high_freq_factor " +
                           printable(json(r.high_freq_factor).dump()) + " not above low_freq_factor " +
                           printable(json(r.low_freq_factor).dump()) + "; llama3 scaling needs it above.");
            }
            if (!p.ok()) return f.fail(p.error());
        } else if (type != "default") {
            return f.fail("config.json asks for the rotary scaling \"" + printable(type) + "\" in \"" + params_name +
                          "\"; AttnLab implements \"default\", \"linear\" and \"llama3\" only.");
        }
    }
    r.rotary_dim = int(double(c.decoder.head_dim) * partial) & ~1;
    if (r.rotary_dim < 2)
        f.fail("config.json: partial_rotary_factor " + printable(json(partial).dump()) + " leaves fewer than two of the " +
               std::to_string(c.decoder.head_dim) + " dimensions of a head to rotate.");
}

constexpr int kNoWindow = 0;

// Which layers attend through a sliding window: Mistral every layer (sliding_window, null = none);
// Qwen2 / Qwen3 the layers from max_window_layers on, when use_sliding_window; an explicit
// "layer_types" list ("full_attention" / "sliding_attention") decides where given.
void parse_windows(PretrainedConfig& c, Fields& f) {
    DecoderConfig& d = c.decoder;
    const bool qwen = c.model_type == "qwen2" || c.model_type == "qwen3";
    // Absent: Hugging Face's default of 4096; null: no window.
    const int default_window = f.present("sliding_window") ? kNoWindow : 4096;
    const int window = f.integer_or("sliding_window", 1, 1 << 24, &default_window);
    if (!f.ok()) return;
    std::vector<bool> sliding(std::size_t(c.n_layers), false);
    if (const json* types = f.find("layer_types")) {
        if (!types->is_array() || int(types->size()) != c.n_layers)
            return f.fail("config.json: \"layer_types\" must list one type per layer (" + std::to_string(c.n_layers) + ").");
        for (int l = 0; l < c.n_layers; ++l) {
            const json& t = (*types)[std::size_t(l)];
            if (t == "sliding_attention") {
                sliding[std::size_t(l)] = true;
            } else if (t != "full_attention") {
                return f.fail("config.json: \"layer_types\" names " + Fields::describe(t) +
                              "; AttnLab runs \"full_attention\" and \"sliding_attention\" layers only.");
            }
        }
    } else if (qwen) {
        const bool use = f.boolean("use_sliding_window", false);
        const int first = f.integer_or("max_window_layers", 0, limits::kMaxLayers, &c.n_layers);
        for (int l = first; use && l < c.n_layers; ++l) sliding[std::size_t(l)] = true;
    } else if (c.model_type == "mistral") {
        sliding.assign(sliding.size(), true);
    }
    if (!f.ok()) return;
    if (qwen && !f.boolean("use_sliding_window", false)) sliding.assign(sliding.size(), false);
    d.window.assign(std::size_t(c.n_layers), 0);
    for (int l = 0; l < c.n_layers; ++l)
        if (sliding[std::size_t(l)] && window != kNoWindow) d.window[std::size_t(l)] = window;
}

// Llama, Qwen2, Qwen3, Mistral: one pre-norm decoder with rotary positions, RMSNorm, SwiGLU and
// grouped-query attention; the families differ in biases, q/k norms, head_dim and windows.
void parse_decoder(PretrainedConfig& c, Fields& f) {
    DecoderConfig& d = c.decoder;
    c.n_layers = f.integer("num_hidden_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("num_attention_heads", 1, limits::kMaxHeads);
    c.d_model = f.integer("hidden_size", 1, limits::kMaxModelWidth);
    c.d_ff = f.integer("intermediate_size", 1, limits::kMaxFeedForward);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    // Rotary models have no table of positions; the config's length (up to 128k) is where the
    // checkpoint was trained. Longer than the trace limit cannot be reached anyway.
    const int default_positions = c.model_type == "llama" ? 2048 : c.model_type == "mistral" ? 131072 : 32768;
    c.max_positions = std::min(f.integer_or("max_position_embeddings", 1, 1 << 24, &default_positions),
                               limits::kMaxPositions);
    c.type_vocab_size = 0;
    c.activation = f.text("hidden_act", "silu");
    d.n_kv_heads = f.integer_or("num_key_value_heads", 1, limits::kMaxHeads, &c.n_heads);
    const int default_head_dim = c.model_type == "qwen3" ? 128 : (c.n_heads > 0 ? c.d_model / c.n_heads : 0);
    d.head_dim = f.integer_or("head_dim", 2, limits::kMaxModelWidth, &default_head_dim);
    d.rms_norm_eps = f.epsilon("rms_norm_eps", 1e-6f);
    c.layer_norm_eps = d.rms_norm_eps;
    d.tie_word_embeddings = f.boolean("tie_word_embeddings", false);
    const bool attention_bias = c.model_type != "qwen2" && c.model_type != "mistral" && f.boolean("attention_bias", false);
    d.qkv_bias = c.model_type == "qwen2" || attention_bias;
    d.o_bias = attention_bias;
    d.qk_norm = c.model_type == "qwen3";
    f.require_flag("mlp_bias", false);
    d.bos_id = f.token_id("bos_token_id", c.vocab_size);
    d.eos_id = f.token_id("eos_token_id", c.vocab_size);
    if (!f.ok()) return;
    if (c.activation != "silu")
        return f.fail("config.json asks for the activation \"" + printable(c.activation) + "\"; AttnLab runs " +
                      family_name(c) + " models with \"silu\" (SwiGLU) only.");
    if (c.n_heads % d.n_kv_heads != 0)
        return f.fail("config.json: the " + std::to_string(c.n_heads) + " query heads cannot share the " +
                      std::to_string(d.n_kv_heads) + " key/value heads evenly (num_attention_heads must be a multiple "
                      "of num_key_value_heads).");
    if (d.head_dim % 2 != 0)
        return f.fail("config.json: head_dim " + std::to_string(d.head_dim) +
                      " is odd; rotary positions turn the dimensions of a head in pairs.");
    if (std::int64_t(c.n_heads) * d.head_dim > limits::kMaxModelWidth)
        return f.fail("config.json: " + std::to_string(c.n_heads) + " heads of " + std::to_string(d.head_dim) +
                      " dimensions are wider than AttnLab's limit of " + std::to_string(limits::kMaxModelWidth) + ".");
    parse_rope(c, f);
    parse_windows(c, f);
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
