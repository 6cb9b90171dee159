// model_config.h — the parts of a Hugging Face config.json that our forward pass needs.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>


namespace attn::pretrained {

class ModelFamily;  // family/family.h: the family that reads this config (families/registry.cpp)

// A family's own settings: its folder defines a struct deriving from this, its parse_config puts
// one in PretrainedConfig::settings, and only its folder reads it back (settings_as). A family with
// settings of its own adds nothing to this file (families/vit/vit.h: VitSettings;
// families/rotary/rotary_settings.h; the encoder–decoders' shared part: seq2seq_settings.h).
struct FamilySettings {
    virtual ~FamilySettings() = default;
    // The same settings as their own type (edit_settings changes a copy, never a shared original).
    virtual std::shared_ptr<FamilySettings> copy() const = 0;
};

struct PretrainedConfig {
    const ModelFamily* family = nullptr;  // set by parse_model_config (never null after it)
    std::string model_type;     // as in config.json: "gpt2", "bert", "distilbert", "llama", …
    int n_layers = 0;           // gpt2 n_layer, bert num_hidden_layers, distilbert n_layers
    int n_heads = 0;            // gpt2 n_head, bert num_attention_heads, distilbert n_heads
    int d_model = 0;            // gpt2 n_embd, bert hidden_size, distilbert dim
    int d_ff = 0;               // gpt2 n_inner (null = 4 d_model), bert intermediate_size, distilbert hidden_dim
    int vocab_size = 0;
    int max_positions = 0;      // gpt2 n_positions, bert/distilbert max_position_embeddings
    int type_vocab_size = 0;    // bert segment embeddings (0 = none: gpt2, distilbert)
    float layer_norm_eps = 1e-5f;  // gpt2 layer_norm_epsilon, bert layer_norm_eps, distilbert 1e-12
    std::string activation;     // "gelu_new" (tanh form) or "gelu" (erf form); others refused
    int head_dim = 0;           // d_k where the config sets it (Qwen3's head_dim, T5's d_kv); 0: d_model / n_heads
    int kv_heads = 0;           // grouped-query attention's key/value heads (num_key_value_heads); 0: n_heads
    // An encoder–decoder's second stack (0: the model has one stack); the encoder is n_layers, n_heads, d_ff.
    int decoder_layers = 0, decoder_heads = 0, decoder_ff = 0;
    std::shared_ptr<const FamilySettings> settings;  // the family's own (FamilySettings), or null
    // A head's width d_k and the key/value heads (grouped-query attention: fewer than the query heads).
    int d_k() const { return head_dim > 0 ? head_dim : d_model / n_heads; }
    int n_kv_heads() const { return kv_heads > 0 ? kv_heads : n_heads; }
};

// The family's own settings as its type (asserted: only the family that parsed the config asks).
template <class T>
const T& settings_as(const PretrainedConfig& config) {
    const T* s = dynamic_cast<const T*>(config.settings.get());
    assert(s && "settings_as: a family reads its own settings");
    return *s;
}

// The family's own settings to change (while parsing, or on a model's copy): a fresh copy of them
// in `config` (copies of a config share their settings, so a change never reaches another copy).
template <class T>
T& edit_settings(PretrainedConfig& config) {
    assert(config.settings && "edit_settings: a family edits its own settings");
    std::shared_ptr<FamilySettings> copy = config.settings->copy();
    T* s = dynamic_cast<T*>(copy.get());
    assert(s && "edit_settings: a family edits its own settings");
    config.settings = std::move(copy);
    return *s;
}

}  // namespace attn::pretrained
