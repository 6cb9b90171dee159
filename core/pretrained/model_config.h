// model_config.h — the parts of a Hugging Face config.json that our forward pass needs.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"

namespace attn::pretrained {

class ModelFamily;  // family.h: the family that reads this config (families/registry.cpp)
struct Capabilities;  // family.h

// A family's own settings: its folder defines a struct deriving from this, its parse_config puts
// one in PretrainedConfig::settings, and only its folder reads it back (settings_as). A family with
// settings of its own adds nothing to this file (families/vit/vit.h: VitSettings; families/t5/t5.h).
struct FamilySettings {
    virtual ~FamilySettings() = default;
};

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

// The rotary decoders' side (llama, qwen2, qwen3, mistral: families/rotary), with Hugging Face's defaults.
struct DecoderConfig {
    int n_kv_heads = 0;             // num_key_value_heads (default: the number of query heads)
    int head_dim = 0;               // d_k: head_dim (Qwen3 sets it; T5's d_kv; default hidden_size / heads)
    float rms_norm_eps = 1e-6f;
    RopeConfig rope;
    bool tie_word_embeddings = false;  // lm_head = embed_tokens
    bool qkv_bias = false;          // Qwen2 always; Llama / Qwen3 attention_bias
    bool o_bias = false;            // Llama / Qwen3 attention_bias
    bool qk_norm = false;           // Qwen3: RMSNorm over each head's q and k before the rotation
    std::vector<int> window;        // [layer] keys a query sees in a sliding-window layer (itself included); 0 = all
    int bos_id = -1, eos_id = -1;   // bos_token_id, eos_token_id (the first, when a list); -1 = none
    int window_of(int layer) const { return window.empty() ? 0 : window[std::size_t(layer)]; }
};

// The encoder–decoder families' side (Marian, BART, Whisper): the decoder's stack and the special tokens a
// translation is framed and generated with. The encoder's stack is PretrainedConfig's n_layers,
// n_heads, d_ff. Token ids always come from the folder's config, never a family's usual numbers.
struct Seq2SeqConfig {
    int decoder_layers = 0, decoder_heads = 0, decoder_ff = 0;
    int decoder_start_id = -1;      // decoder_start_token_id (Marian: the pad token)
    int eos_id = -1, pad_id = -1;   // eos_token_id, pad_token_id
    int bos_id = -1;                // bos_token_id where the tokenizer starts every text with it (BART's <s>)
    int forced_bos_id = -1;         // forced_bos_token_id: the first generated token (BART: <s>)
    int forced_eos_id = -1;         // forced_eos_token_id: the last step a length limit allows
    bool scale_embedding = false;   // embeddings × √d_model
    std::vector<std::vector<int>> bad_words;  // bad_words_ids: never generated (single ids only)
    int min_length = 0;             // min_length: no end token before the decoder input is this long
    int no_repeat_ngram = 0;        // no_repeat_ngram_size: no n-gram written twice (0 = off)
    int max_length = 0;             // generation's limit, the start token included (0: max_positions)
    int num_beams = 1;
    float length_penalty = 1.0f;    // a finished beam's score: Σ log p / length^length_penalty
    bool early_stopping = false;    // stop once num_beams beams have finished
    // Speech (Whisper): the encoder reads n_mels log-mel bins through two convolutions, not ids;
    // max_positions is then the encoder's frames after them (1500), and the decoder has its own table.
    int n_mels = 0;                 // num_mel_bins; 0: the encoder reads token ids
    int decoder_max_positions = 0;  // max_target_positions (448); 0: max_positions
    // Many-language text models (mBART-50): every language code the tokenizer knows, (code, id) in
    // id order, and the two a run uses: the source is framed with source_lang_id, and the decoder
    // writes target_lang_id first (forced_bos_id). Empty / −1 for the others.
    std::vector<std::pair<std::string, int>> languages;
    int source_lang_id = -1, target_lang_id = -1;
};

// A speech model's generation settings (Whisper's generation_config.json): the prompt's special
// tokens, what is never written, and which heads time the words. Ids come from the folder.
struct SpeechConfig {
    int start_id = -1;              // <|startoftranscript|> (decoder_start_token_id)
    int no_timestamps_id = -1;      // <|notimestamps|>
    int transcribe_id = -1, translate_id = -1;  // task_to_id
    std::vector<std::pair<std::string, int>> languages;  // lang_to_id: ("en", id), … in id order
    std::vector<int> suppress;        // suppress_tokens: never written
    std::vector<int> begin_suppress;  // begin_suppress_tokens: never the first token after the prompt
    std::vector<std::pair<int, int>> alignment_heads;  // (decoder layer, head) that time the words
    bool multilingual = false;        // is_multilingual (else an English-only ".en" model: no language token)
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
    DecoderConfig decoder;      // the rotary decoders only
    Seq2SeqConfig seq2seq;      // the encoder–decoder families only
    SpeechConfig speech;        // speech models only (Whisper)
    std::shared_ptr<const FamilySettings> settings;  // the family's own (FamilySettings), or null
    // A head's width d_k (Qwen3 sets head_dim; else d_model / heads) and the key/value heads
    // (grouped-query attention: fewer than the query heads).
    int d_k() const { return decoder.head_dim > 0 ? decoder.head_dim : d_model / n_heads; }
    int n_kv_heads() const { return decoder.n_kv_heads > 0 ? decoder.n_kv_heads : n_heads; }
};

// The family's own settings as its type (asserted: only the family that parsed the config asks).
template <class T>
const T& settings_as(const PretrainedConfig& config) {
    const T* s = dynamic_cast<const T*>(config.settings.get());
    assert(s && "settings_as: a family reads its own settings");
    return *s;
}

// The name users see, as the family gives it: "GPT-2", "DistilBERT", "DeiT", "Qwen2", …
std::string family_name(const PretrainedConfig& config);
// What the model reads and predicts, as its family answers (family.h).
Capabilities capabilities(const PretrainedConfig& config);

// Parses config.json text. Errors: malformed JSON (with the parser's position), unsupported
// model_type (names it and lists what is supported), missing or out-of-range fields (named),
// d_model not divisible by n_heads, unsupported activation.
Expected<PretrainedConfig> parse_model_config(std::string_view json_text);

}  // namespace attn::pretrained
