// pretrained_model.h — a real model of any family (family.h) loaded from a local folder, and the
// trace of one run through it: every layer's attention in the same LayerTrace types the
// built-in model uses, so every view works on it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/attention/trace.h"
#include "core/audio/log_mel.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/image/preprocess.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/tokenizer/chat_format.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

// Counts the PretrainedModel objects alive, as a member so that every way of making one counts. A
// model the app has closed must go at once (the frame log reports the count, tools/soak.sh reads it).
struct LiveModelCounter {
    LiveModelCounter();
    LiveModelCounter(const LiveModelCounter&);
    LiveModelCounter& operator=(const LiveModelCounter&) { return *this; }
    ~LiveModelCounter();
};
int live_model_count();

struct PretrainedModel {
    std::string name;         // folder name, e.g. "gpt2", "bert-base-uncased"
    std::string folder;
    PretrainedConfig config;
    // Shared (never changed after loading) with the models with_languages makes.
    std::shared_ptr<SubwordTokenizer> tokenizer;  // null for vision models (they read images)
    // An encoder–decoder's target side when it has its own (Marian's target.spm); null = tokenizer.
    std::shared_ptr<SubwordTokenizer> target_tokenizer;
    const SubwordTokenizer& target_tok() const { return target_tokenizer ? *target_tokenizer : *tokenizer; }
    image::PreprocessConfig preprocess;  // vision models: preprocessor_config.json, or the defaults for image_size
    audio::MelConfig mel;                // speech models: preprocessor_config.json (a WhisperFeatureExtractor)
    std::shared_ptr<const FamilyWeights> weights;  // the family's own (family.h: weights_as)
    std::size_t weight_bytes = 0;  // bytes held
    const ModelFamily& family() const { return *config.family; }
    Capabilities caps() const { return capabilities(config); }
    // The rotary decoders' chat format (core/tokenizer/chat_format.h: from tokenizer_config.json's
    // chat_template or the vocabulary's special tokens); None for every other model.
    ChatFormat chat_format = ChatFormat::None;
    LiveModelCounter alive;
};

// `user` as one user turn in the model's chat format (model.chat_format, not None: asserted), ready
// to be tokenized: the begin-of-text token written into the text only when the tokenizer's
// post-processor does not add it itself.
std::string wrap_chat_turn(const PretrainedModel& model, std::string_view user);

// fraction in [0, 1] and a short stage text ("reading weights", ...); called from the loading thread.
using LoadProgress = std::function<void(float fraction, const std::string& stage)>;

// Loads config, tokenizer and weights. `cancel` (optional) set to true stops early with an error.
// Errors are user messages naming the folder/file and what is wrong.
Expected<std::shared_ptr<const PretrainedModel>> load_pretrained_model(
    const std::string& folder, const LoadProgress& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// A model held in memory, not read from a folder (a trainer's model as it trains): its family from
// config.family, its weights as that family's own type; no tokenizer, no folder. An image model
// gets the default preprocessing for its image_size (resize, mean = std = 0.5).
std::shared_ptr<const PretrainedModel> in_memory_model(const PretrainedConfig& config,
                                                       std::shared_ptr<const FamilyWeights> weights,
                                                       const std::string& name);

// The same model translating from `source` into `target` (language codes the model knows:
// its family's translation_languages, e.g. "ko_KR", "en_XX"; "" keeps that side as it is): its weights and
// tokenizer shared, the new languages in its config. Errors: the model does not choose languages;
// a code it does not know (the message lists the ones it knows).
Expected<std::shared_ptr<const PretrainedModel>> with_languages(const PretrainedModel& model, const std::string& source,
                                                                const std::string& target);

// One run, as the model's family reads it (ModelFamily::run): a text family takes run.text (and
// run.cross_text as the second segment where it reads pairs; refused with a message otherwise)
// -> subword tokens framed by the family ([CLS]/[SEP], <s>, nothing) -> forward pass, one
// LayerTrace per layer. run.attention (scale, temperature) and run.mask apply in every layer on top
// of the model's own masking (causal models are always causal). Trace::model_name is the model
// name, Trace::model.d_model / n_heads are the model's; q_embeddings are token (+ segment)
// embeddings, q_positions the learned position embeddings (zeros where positions rotate).
// A vision model reads run.image_path instead (load_vision_input, then compute_vision_trace); text
// models refuse an image.
// One trace per section (Trace::section): one for a single stack, more for an encoder–decoder.
Expected<std::vector<Trace>> compute_pretrained_run(const PretrainedModel& model, const RunConfig& run);
// The first section alone (single-stack models: the whole run).
Expected<Trace> compute_pretrained_trace(const PretrainedModel& model, const RunConfig& run);

// An image made ready for a vision model (core/image decodes and preprocesses it).
struct VisionInput {
    int height = 0, width = 0;
    std::vector<float> chw;            // (3, height, width) normalised pixels
    std::vector<std::uint8_t> rgb;     // (height, width, 3) the same pixels in 8 bits, for the views
    std::string source;                // file name, for captions
    int source_width = 0, source_height = 0;
};

// One run of a vision model over an image: tokens are the prefix ([CLS], DeiT's [DIST]) then one
// Patch token per grid square (row by row); every layer's attention as for text. run.text is
// ignored; run.attention and run.mask apply as for BERT (a mask's sizes count every token).
// At most limits::kMaxTokens tokens. Trace::image holds the picture, the grid and the classes'
// logits; q_embeddings are [prefix; patches·E], q_positions the (maybe interpolated) E_pos.
Expected<Trace> compute_vision_trace(const PretrainedModel& model, const VisionInput& input, const RunConfig& run);

// Reads an image file (PNG/JPEG, core/image) and prepares it as `model`'s preprocessor says.
Expected<VisionInput> load_vision_input(const PretrainedModel& model, const std::string& path);
// The same for an image already in memory; `source` names it in captions.
Expected<VisionInput> make_vision_input(const PretrainedModel& model, const image::Image& img, const std::string& source);

}  // namespace attn::pretrained
