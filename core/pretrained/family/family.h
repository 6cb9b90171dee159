// family.h — one interface for every model family (GPT-2, BERT, ViT, the rotary decoders, …).
//
// A family is one folder under core/pretrained/families/<name>/ holding what it alone knows: its
// config.json fields, its weights, its forward pass, its cached step. It registers itself with one
// line in families/registry.cpp. Everything outside core/pretrained (core/lm, the jobs, the views,
// the CLI) talks to a model through this interface and asks its capabilities — what it reads, what
// it predicts, how it places tokens — never which family it is.
//
//   config.json ──parse_config──▶ PretrainedConfig ──load_weights──▶ FamilyWeights
//   text ──frame──▶ ids (+ segments) ──forward──▶ ForwardPass (LayerTrace per layer, hidden states)
//   hidden ──final_norm, unembed──▶ logits          (families that predict the next token)
//   ids ──start_decoding, append_token──▶ DecodeSession   (families with a cached one-token step)
#pragma once

#include <cassert>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

struct PretrainedModel;      // pretrained_model.h
struct ModelFolder;          // model_folder.h
struct ConfigJson;           // model_config_fields.h: config.json's root object
struct DecodeSession;        // decode_session.h
struct Seq2SeqSession;       // seq2seq_session.h
struct VisionInput;          // pretrained_model.h
struct SpeechOptions;        // speech.h
struct Transcript;           // speech.h
}  // namespace attn::pretrained
namespace attn::audio {
struct Sound;                // core/audio/audio.h
}  // namespace attn::audio
namespace attn::pretrained {

// What a model reads. One family may read several (BERT: one text or a pair).
struct InputKinds {
    bool text = false;           // a typed text, tokenized by the folder's tokenizer
    bool text_pair = false;      // a second sentence after the first ([CLS] A [SEP] B [SEP])
    bool pair_segments = false;  // … with its own segment embedding (BERT's sentence B; not DistilBERT)
    bool source_target = false;  // a source for the encoder and a target for the decoder
    bool image = false;          // a picture, cut into patches
    bool audio = false;          // a recording
};

// How a model tells positions apart.
enum class PositionKind {
    Learned,       // a trained vector per place, added to the token (GPT-2, BERT, ViT)
    Sinusoidal,    // sin / cos vectors computed, added to the token
    Rotary,        // q and k rotated by an angle per place (RoPE)
    RelativeBias,  // a learned bias per distance added to the scores
};

// The questions the views, core/lm and the CLI ask of a model.
struct Capabilities {
    InputKinds inputs;
    bool next_token = false;      // predicts the next token (a causal language-model head)
    bool fills_masks = false;     // predicts [MASK] tokens (a masked-LM head may be in the file)
    bool cached_step = false;     // continues a text one token at a time with a key-value cache
    bool always_causal = false;   // its self-attention is causal whatever the user's mask says
    bool chat = false;            // may have a chat format (tokenizer_config.json's template)
    PositionKind positions = PositionKind::Learned;
    int stacks = 1;               // 1: one stack of blocks; 2: an encoder and a decoder
    // Divides q·k by √d_k. T5 does not: its initialisation folds the factor into W_Q, so the run's
    // own setting is AttentionOptions::scale = false (the app and the CLI start from this).
    bool scaled_scores = true;
    bool names_classes = false;   // an image classifier: its output names classes (a ViT with a head)
};

// An encoder–decoder's decoder as generation needs it (its family answers from its own settings:
// the views, the command line and core/lm read this, never a family's config block).
struct DecoderFacts {
    int layers = 0, heads = 0;      // the decoder's stack (0: the model has no separate decoder)
    int start_id = -1;              // the decoder's first input (decoder_start_token_id)
    int eos_id = -1;                // the token that ends a written text
    int num_beams = 1;              // generation_config.json's beams (1: greedy)
    float length_penalty = 1.0f;    // a finished beam's score: Σ log p / length^length_penalty
    bool early_stopping = false;    // stop once num_beams beams have finished
    int limit = 0;                  // the longest decoder input generation writes, the start token included
};

// Languages a model can be set to, by code in id order ("ko_KR" for mBART-50, "ko" for Whisper);
// empty codes: nothing to choose.
struct LanguageFacts {
    std::vector<std::string> codes;
    std::string source, target;  // a translator's current pair (mBART-50); empty otherwise
};

// A family's loaded weights; each family derives its own and reads it back with weights_as<>.
struct FamilyWeights {
    virtual ~FamilyWeights() = default;
    virtual std::size_t bytes() const = 0;  // bytes held (16-bit matrices count 2 per value)
};

// One text (and a second sentence, for families that read pairs) as the model reads it: the
// tokenizer's pieces with the family's special tokens around them.
struct FramedText {
    std::vector<SubwordToken> tokens;  // (T) special ones with empty spans at 0 or the text's end
    std::vector<int> segments;         // (T) 0 for the first text, 1 for the second
    std::string added;                 // what the family added, for messages ("[CLS]/[SEP]"), or ""
};

// One input of a forward pass over ids.
struct IdsInput {
    const std::vector<int>& ids;          // (T) each < vocab, 1 … max_positions (checked by callers)
    const std::vector<int>* segments;     // (T) segment ids (BERT's sentence A / B), or null = all 0
    int first_position = 0;               // position of ids[0] (rotary families: a shifted sentence)
};

// Options of one forward pass, on top of the model's own computation.
struct PassOptions {
    ForwardOptions forward;   // √d_k, temperature, statistics, ablation: every layer
    BoolMat blocked;          // (T, T) keys hidden from queries on top of the model's own mask, or empty
};

class ModelFamily {
public:
    virtual ~ModelFamily() = default;

    // ---- Identity and config
    virtual const char* id() const = 0;  // "gpt2", "bert", "vit", "rotary": the folder's name
    // The config.json model_type values this family reads ("llama", "qwen2", …).
    virtual std::vector<std::string_view> model_types() const = 0;
    // The name users see: "GPT-2", "DistilBERT", "DeiT", "Qwen2" (the model_type may decide).
    virtual std::string display_name(const PretrainedConfig& config) const = 0;
    // Fills `config` (model_type already set) from config.json. Errors name the field.
    virtual Status parse_config(const ConfigJson& root, PretrainedConfig& config) const = 0;
    virtual Capabilities capabilities(const PretrainedConfig& config) const = 0;
    // Older configs without model_type name a class in "architectures": {"GPT2", "gpt2"} reads a
    // name that starts with "GPT2" as model_type gpt2 (the longest prefix of any family wins).
    virtual std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const = 0;
    // For the list of what AttnLab reads, one entry per model_type: {"gpt2 (GPT-2)"}.
    virtual std::vector<std::string> supported() const = 0;

    // ---- Loading
    // Reads the folder's tokenizer into model.tokenizer (and model.target_tokenizer where the
    // target has its own). Default: tokenizer.json, vocab.json + merges.txt or vocab.txt, checked
    // with check_tokenizer.
    virtual Status load_tokenizer(PretrainedModel& model, const ModelFolder& files) const;
    // Accepts or refuses the folder's tokenizer kind (a message when the folder mixes two models).
    virtual Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const;
    // What else the loader reads once the tokenizer is in (the rotary decoders' chat format,
    // a vision model's preprocessing). Default: nothing.
    virtual Status finish_loading(PretrainedModel& model, const ModelFolder& files) const;
    virtual Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file,
                                                                        const PretrainedConfig& config,
                                                                        const LayerLoaded& on_layer) const = 0;

    // ---- One run
    // `first` (the tokenizer's pieces of a text of `first_bytes`) framed as the model reads it, and
    // `second` as its second segment (null: one text; families without pairs are never given one).
    // Default: the pieces as they are. Errors: a special token the vocabulary lacks.
    virtual Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first,
                                       std::size_t first_bytes, const std::vector<SubwordToken>* second,
                                       std::size_t second_bytes) const;
    // A token that may start a text without changing what follows (GPT-2's <|endoftext|>: the
    // head-role probes put it first when the frame adds nothing), or -1.
    virtual int start_of_text(const PretrainedModel& model) const;
    // The token that pads a sequence (BERT's [PAD]; the decoders' end-of-text), or -1 (cannot pad).
    virtual int pad_id(const PretrainedModel& model) const;
    // An encoder–decoder's decoder (DecoderFacts); default: none (layers 0).
    virtual DecoderFacts decoder_facts(const PretrainedModel& model) const;
    // The languages it translates between (a many-language translator) and the ones it listens in
    // (a speech model); default: none.
    virtual LanguageFacts translation_languages(const PretrainedModel& model) const;
    virtual LanguageFacts spoken_languages(const PretrainedModel& model) const;
    // Sets the pair a many-language translator reads and writes in `model`'s config (codes from
    // translation_languages, checked by the caller; "" keeps that side). Default: nothing to set.
    virtual void set_translation_languages(PretrainedModel& model, const std::string& source,
                                           const std::string& target) const;
    // An image model's square input side (its default preprocessing resizes to it); 0 otherwise.
    virtual int image_size(const PretrainedConfig& config) const;
    // Checks the run's attention options against the model (a message for users).
    virtual Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const;
    // The app's and the CLI's run: `run` as the family reads it (text, pair, image) into one
    // trace per section. Default (text families): frame → mask → forward (run_text_model).
    virtual Expected<std::vector<Trace>> run(const PretrainedModel& model, const RunConfig& run) const;
    // The forward pass over checked ids (families that read text).
    virtual ForwardPass forward(const PretrainedModel& model, const IdsInput& in, const PassOptions& opt) const;
    // Blocks first_layer … L−1 and the final norm over x (T, d), the residual stream entering
    // block first_layer of a pass over `ids` whose earlier blocks were the same. Default: the whole
    // pass again (bit-identical, only slower); families that can resume override.
    virtual Mat forward_from(const PretrainedModel& model, const std::vector<int>& ids, const Mat& x,
                             int first_layer, const ForwardOptions& opt) const;

    // ---- Ids back to text (text_of_ids.cpp), always valid UTF-8 (U+FFFD where bytes form no
    // character); unknown ids skipped. Default by the tokenizer's kind: byte-level pieces back to
    // their bytes, WordPiece pieces joined with spaces ("##" glued on).
    virtual std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const;
    // A label for one id: the tokenizer's display of it alone (" flies" -> "flies", control bytes
    // spelled out).
    virtual std::string token_label(const PretrainedModel& model, int id) const;

    // ---- Predicting the next token (capabilities().next_token; an encoder–decoder that reads text:
    // its decoder's final norm — the identity for post-LN stacks — and its output, so the logit lens
    // reads the decoder's layers)
    virtual Mat final_norm(const PretrainedModel& model, const Mat& x) const;  // (T, d) -> (T, d)
    virtual Mat unembed(const PretrainedModel& model, const Mat& h) const;     // (T, d) -> (T, V)
    // The cached step (capabilities().cached_step): a session over checked prompt ids, one full
    // pass filling the cache; then one token at a time, one row through every layer.
    virtual void start_decoding(const PretrainedModel& model, const std::vector<int>& prompt,
                                DecodeSession& session) const;
    virtual void append_token(DecodeSession& session, int id) const;

    // ---- Writing a target (capabilities().stacks == 2): the encoder once over checked source ids
    // (its cross-attention keys and values kept), then the decoder's start token; then one target
    // token at a time, one row through every decoder layer (seq2seq_session.h). `ablation`'s
    // knock-outs (with sections, checked by the caller; empty: none) hold for the whole session.
    virtual void start_translation(const PretrainedModel& model, const std::vector<int>& source,
                                   Seq2SeqSession& session, const Ablation& ablation) const;
    virtual void append_target(Seq2SeqSession& session, int id) const;
    // The teacher-forced pass of a family that reads a source text and a target (inputs.source_target)
    // over checked ids: source (S), decoder input (T: the start token, then the target); every
    // section's attention, both stacks' hidden states (Hugging Face's convention: the last one
    // through the stack's final norm), the logits; opt's knock-outs (with sections) inside.
    virtual Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                                     const std::vector<int>& decoder_input, const ForwardOptions& opt) const;

    // ---- Filling masks (capabilities().fills_masks)
    // The masked-LM head from the folder's weights file (an error naming what was looked for when
    // the checkpoint was saved without one), and its logits over rows h (T, d) -> (T, V).
    virtual Expected<std::shared_ptr<const FamilyWeights>> load_mlm_head(const PretrainedModel& model) const;
    virtual Mat mlm_logits(const PretrainedModel& model, const FamilyWeights& head, const Mat& h) const;

    // ---- Reading an image (capabilities().inputs.image): one run over a prepared picture.
    virtual Expected<Trace> run_image(const PretrainedModel& model, const VisionInput& input,
                                      const RunConfig& run) const;

    // ---- Listening (capabilities().inputs.audio): a recording (mono, at the model's rate:
    // PretrainedModel::mel) written out as text, with the language and each word's time (speech.h).
    // Errors are messages for users. Default: this model does not listen.
    virtual Expected<Transcript> transcribe(const PretrainedModel& model, const audio::Sound& sound,
                                            const SpeechOptions& opt) const;
    // The decoder ready to write, step by step (the Predict view): the encoder over the sound once,
    // the prompt read into `s` (then append_target writes; speech_next_scores rates the next token).
    // `out` receives the prompt, the language, frames, seconds_per_frame and the alignment heads.
    virtual Status start_listening(const PretrainedModel& model, const audio::Sound& sound, const SpeechOptions& opt,
                                   Seq2SeqSession& s, Transcript& out) const;
    // The scores of the next token while listening (log-probabilities; `first`: the first token
    // after the prompt). Default: log-softmax of the logits.
    virtual RowVec listening_scores(const PretrainedModel& model, const RowVec& logits, bool first) const;

    // ---- What a family alone knows, asked by the views
    // Keys a query of `layer` sees (itself included) in a sliding-window layer; 0 = all.
    virtual int window(const PretrainedConfig& config, int layer) const;
    // Rotary frequencies (radians per position, one per dimension pair; empty = no rotation).
    virtual std::vector<double> rotary_frequencies(const PretrainedConfig& config) const;
    // How many dimensions of each head rotate (0 = none).
    virtual int rotary_dim(const PretrainedConfig& config) const;
};

// A family's weights back as its own type (the family that loaded them asks; asserted).
template <typename W>
const W& weights_as(const FamilyWeights& w) {
    assert(dynamic_cast<const W*>(&w) != nullptr && "weights_as: a family reads its own weights");
    return static_cast<const W&>(w);
}

// A family's loader's result as the interface returns it (load_weights).
template <typename W>
Expected<std::shared_ptr<const FamilyWeights>> shared_weights(Expected<W> loaded) {
    if (!loaded) return loaded.status();
    return std::shared_ptr<const FamilyWeights>(std::make_shared<W>(std::move(*loaded)));
}

// The name users see, as the family gives it: "GPT-2", "DistilBERT", "DeiT", "Qwen2", …
std::string family_name(const PretrainedConfig& config);
// What the model reads and predicts, as its family answers (above).
Capabilities capabilities(const PretrainedConfig& config);

// Parses config.json text (read_config.cpp): model_type picks the family, which reads its fields. Errors: malformed JSON (with the parser's position), unsupported
// model_type (names it and lists what is supported), missing or out-of-range fields (named),
// d_model not divisible by n_heads, unsupported activation.
Expected<PretrainedConfig> parse_model_config(std::string_view json_text);

// ---- The registry (families/registry.cpp)
const std::vector<const ModelFamily*>& model_families();
const ModelFamily* find_family(std::string_view model_type);  // null when no family reads it
std::string supported_model_types();  // "gpt2, bert, …" for messages

// For families whose tokenizer files carry their own decoders (tokenizer.json: byte-level, or ▁
// and byte fallback): decode and token_label through them.
std::string decode_with_file_decoders(const SubwordTokenizer& tok, const std::vector<int>& ids);
std::string label_with_file_decoders(const SubwordTokenizer& tok, int id);

// For check_tokenizer: "config.json says X but the tokenizer files are Y. The folder mixes two models."
Status tokenizer_mismatch(const PretrainedModel& model, SubwordKind kind);

// A special token a family adds around a text (frame): `id`'s piece, an empty span at byte `at`.
SubwordToken special_token(const SubwordTokenizer& tok, int id, std::size_t at);

// One tokenizer piece as a trace's token: a special token by its piece, text by its display, with
// its byte span and a kind the views colour (word, number, punctuation, special).
Token trace_token(const SubwordTokenizer& tok, const SubwordToken& s);

// Why a model reads at most config.max_positions tokens, as its refusals say it after "reads at
// most M": " (its context length)" (rotary positions) or " (it learned one position embedding per place)".
const char* position_limit_why(const PretrainedModel& model);

// "The text has more than M tokens, but NAME reads at most M" + position_limit_why + ". Shorten
// the text." — M = config.max_positions.
Status text_longer_than_model(const PretrainedModel& model);

// A text's pieces for `model`, stopped early at the smaller of the model's positions and
// max_tokens. Past either, the refusal names the limit that was reached: the model's own
// (text_longer_than_model), else the run's max_tokens (too_many_tokens: raise it).
Expected<std::vector<SubwordToken>> encode_within_limits(const PretrainedModel& model, const std::string& text,
                                                         std::size_t max_tokens);

// A text family's run (ModelFamily::run's default): frame run.text (and run.cross_text as the
// second segment where the family reads pairs), the user's mask over the family's own, forward.
Expected<Trace> run_text_model(const PretrainedModel& model, const RunConfig& run);

}  // namespace attn::pretrained
