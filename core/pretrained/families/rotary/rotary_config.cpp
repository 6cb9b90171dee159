// rotary_config.cpp — config.json → PretrainedConfig for the rotary decoders (llama, qwen2,
// qwen3, mistral): sizes, RoPE and its scaling, grouped K/V heads, sliding windows, norms, token ids.
// (the dispatch: model_config.cpp; the field reader: model_config_fields.h)
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/limits.h"
#include "core/pretrained/families/rotary/rotary_config.h"
#include "core/pretrained/family/family.h"

namespace attn::pretrained::config_fields {

namespace {

// The rotary settings: rope_theta (top level or inside rope_parameters), the scaling named by
// rope_scaling / rope_parameters ("rope_type" or the older "type"), partial_rotary_factor.
void parse_rope(PretrainedConfig& c, RotarySettings& d, Fields& f) {
    RopeConfig& r = d.rope;
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
    r.rotary_dim = int(double(c.head_dim) * partial) & ~1;
    if (r.rotary_dim < 2)
        f.fail("config.json: partial_rotary_factor " + printable(json(partial).dump()) + " leaves fewer than two of the " +
               std::to_string(c.head_dim) + " dimensions of a head to rotate.");
}

constexpr int kNoWindow = 0;

// Which layers attend through a sliding window: Mistral every layer (sliding_window, null = none);
// Qwen2 / Qwen3 the layers from max_window_layers on, when use_sliding_window; an explicit
// "layer_types" list ("full_attention" / "sliding_attention") decides where given.
void parse_windows(const PretrainedConfig& c, RotarySettings& d, Fields& f) {
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

}  // namespace

// Llama, Qwen2, Qwen3, Mistral: one pre-norm decoder with rotary positions, RMSNorm, SwiGLU and
// grouped-query attention; the families differ in biases, q/k norms, head_dim and windows.
void parse_decoder(PretrainedConfig& c, Fields& f) {
    auto settings = std::make_shared<RotarySettings>();
    c.settings = settings;
    RotarySettings& d = *settings;
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
    c.kv_heads = f.integer_or("num_key_value_heads", 1, limits::kMaxHeads, &c.n_heads);
    const int default_head_dim = c.model_type == "qwen3" ? 128 : (c.n_heads > 0 ? c.d_model / c.n_heads : 0);
    c.head_dim = f.integer_or("head_dim", 2, limits::kMaxModelWidth, &default_head_dim);
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
    if (c.n_heads % c.kv_heads != 0)
        return f.fail("config.json: the " + std::to_string(c.n_heads) + " query heads cannot share the " +
                      std::to_string(c.kv_heads) + " key/value heads evenly (num_attention_heads must be a multiple "
                      "of num_key_value_heads).");
    if (c.head_dim % 2 != 0)
        return f.fail("config.json: head_dim " + std::to_string(c.head_dim) +
                      " is odd; rotary positions turn the dimensions of a head in pairs.");
    if (std::int64_t(c.n_heads) * c.head_dim > limits::kMaxModelWidth)
        return f.fail("config.json: " + std::to_string(c.n_heads) + " heads of " + std::to_string(c.head_dim) +
                      " dimensions are wider than AttnLab's limit of " + std::to_string(limits::kMaxModelWidth) + ".");
    parse_rope(c, d, f);
    parse_windows(c, d, f);
}

}  // namespace attn::pretrained::config_fields
