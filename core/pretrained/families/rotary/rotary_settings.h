// rotary_settings.h — the rotary decoders' own settings (llama, qwen2, qwen3, mistral), read from
// config.json by rotary_config.cpp with Hugging Face's defaults. Only this family (and the rotary
// trainer's exporter, which writes such a config) reads them.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

// Rotary position embeddings as the checkpoint's config sets them (rope_theta, rope_scaling or
// rope_parameters, partial_rotary_factor).
enum class RopeScaling { None, Linear, Llama3 };
struct RopeConfig {
    double theta = 10000.0;
    RopeScaling scaling = RopeScaling::None;
    double factor = 1.0;                        // linear and llama3: positions (frequencies) ÷ factor
    double low_freq_factor = 1.0;               // llama3
    double high_freq_factor = 4.0;              // llama3
    int original_max_positions = 8192;          // llama3: the context length before scaling
    int rotary_dim = 0;                         // head_dim · partial_rotary_factor (even): the rotated dims
};

// The rest of a rotary decoder's config (its sizes, head_dim and num_key_value_heads included,
// are PretrainedConfig's).
struct RotarySettings : FamilySettings {
    float rms_norm_eps = 1e-6f;
    RopeConfig rope;
    bool tie_word_embeddings = false;  // lm_head = embed_tokens
    bool qkv_bias = false;          // Qwen2 always; Llama / Qwen3 attention_bias
    bool o_bias = false;            // Llama / Qwen3 attention_bias
    bool qk_norm = false;           // Qwen3: RMSNorm over each head's q and k before the rotation
    std::vector<int> window;        // [layer] keys a query sees in a sliding-window layer (itself included); 0 = all
    int bos_id = -1, eos_id = -1;   // bos_token_id, eos_token_id (the first, when a list); -1 = none
    int window_of(int layer) const { return window.empty() ? 0 : window[std::size_t(layer)]; }
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<RotarySettings>(*this); }
};
inline const RotarySettings& rotary_settings(const PretrainedConfig& c) { return settings_as<RotarySettings>(c); }

}  // namespace attn::pretrained
