// pretrained_model.cpp — a real model of any family loaded from a local folder, and one run of it
// (implementation; the interface and its contract are in pretrained_model.h)
#include "core/pretrained/family/pretrained_model.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "core/attention/engine.h"
#include "core/attention/mask.h"
#include "core/base/limits.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/tokenizer/chat_format.h"

namespace attn::pretrained {

// ------------------------------------------------------------------------------------------------
// [SECTION] Loading

// The text models' tokenizer, checked against the family config.json names.
Status ModelFamily::load_tokenizer(PretrainedModel& model, const ModelFolder& files) const {
    const bool folder_kinds = !files.tokenizer_json.empty() || !files.vocab_txt.empty() ||
                              (!files.vocab_json.empty() && !files.merges_txt.empty());
    if (!folder_kinds && !files.source_spm.empty()) {  // only SentencePiece files: another family's
        if (Status s = check_tokenizer(model, SubwordKind::SentencePiece); !s) return s;
    }
    auto tokenizer = load_subword_tokenizer(TokenizerFiles{files.tokenizer_json, files.vocab_json, files.merges_txt,
                                                           files.vocab_txt, files.tokenizer_config});
    if (!tokenizer) return tokenizer.status();
    if (Status s = check_tokenizer(model, (*tokenizer)->kind()); !s) return s;
    model.tokenizer = std::move(*tokenizer);
    return Status::Ok();
}

std::string wrap_chat_turn(const PretrainedModel& model, std::string_view user) {
    assert(model.chat_format != ChatFormat::None && model.tokenizer && "wrap_chat_turn: a model with a chat format");
    bool adds_bos = false;  // the post-processor puts a token before the text (Llama 3's, Mistral's <s>)
    for (const SubwordToken& t : model.tokenizer->with_special_tokens({}, 1)) adds_bos = adds_bos || t.byte_end == 0;
    return wrap_chat_prompt(model.chat_format, user, "", !adds_bos);
}

static bool cancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(); }

static Status cancelled_status() { return Status::Error("Loading was cancelled."); }

Expected<std::shared_ptr<const PretrainedModel>> load_pretrained_model(
    const std::string& folder, const LoadProgress& progress, const std::atomic<bool>* cancel) {
    auto report = [&](float fraction, const std::string& stage) {
        if (progress) progress(fraction, stage);
    };
    report(0.0f, "checking the folder");
    auto files = inspect_model_folder(folder, /*need_tokenizer=*/false);
    if (!files) return files.status();

    auto config_text = read_config_file(files->config_path);
    if (!config_text) return config_text.status();
    auto config = parse_model_config(*config_text);
    if (!config) return Status::Error(files->config_path + ": " + config.error());

    auto model = std::make_shared<PretrainedModel>();
    model->config = *config;
    model->folder = std::filesystem::path(files->config_path).parent_path().string();
    model->name = std::filesystem::path(model->folder).filename().string();
    if (model->name.empty()) model->name = family_name(*config);

    if (cancelled(cancel)) return cancelled_status();
    const ModelFamily& family = *config->family;
    const Capabilities caps = family.capabilities(*config);
    if (caps.inputs.image) {  // images need no tokenizer; their preprocessing is read now
        model->preprocess = image::default_preprocess(config->family->image_size(*config));
        if (!files->preprocessor_config.empty()) {
            auto text = read_config_file(files->preprocessor_config);
            if (!text) return text.status();
            auto pre = image::parse_preprocessor_config(*text);
            if (!pre) return Status::Error(files->preprocessor_config + ": " + pre.error());
            model->preprocess = *pre;
        }
    } else if (!files->tokenizer_error.empty()) {
        return Status::Error(files->tokenizer_error);
    } else {
        report(0.02f, "reading the tokenizer");
        if (Status s = family.load_tokenizer(*model, *files); !s) return s;
    }
    if (Status s = family.finish_loading(*model, *files); !s) return s;
    if (cancelled(cancel)) return cancelled_status();
    report(0.05f, "opening the weights");
    auto file = SafeTensorsFile::open(files->weights_path);
    if (!file) return file.status();

    const int n_layers = config->n_layers;
    auto on_layer = [&](int done) -> Status {
        if (cancelled(cancel)) return cancelled_status();
        report(0.05f + 0.95f * float(done) / float(n_layers),
               "reading layer " + std::to_string(done) + " of " + std::to_string(n_layers));
        return Status::Ok();
    };
    auto weights = family.load_weights(*file, *config, on_layer);
    if (!weights) return weights.status();
    model->weight_bytes = (*weights)->bytes();
    model->weights = std::move(*weights);
    report(1.0f, "ready");
    return std::shared_ptr<const PretrainedModel>(std::move(model));
}

namespace {
std::atomic<int> g_live_models{0};
}

LiveModelCounter::LiveModelCounter() { g_live_models.fetch_add(1, std::memory_order_relaxed); }
LiveModelCounter::LiveModelCounter(const LiveModelCounter&) { g_live_models.fetch_add(1, std::memory_order_relaxed); }
LiveModelCounter::~LiveModelCounter() { g_live_models.fetch_sub(1, std::memory_order_relaxed); }
int live_model_count() { return g_live_models.load(std::memory_order_relaxed); }

std::shared_ptr<const PretrainedModel> in_memory_model(const PretrainedConfig& config,
                                                       std::shared_ptr<const FamilyWeights> weights,
                                                       const std::string& name) {
    assert(config.family && weights && "in_memory_model: a family's config and its weights");
    auto model = std::make_shared<PretrainedModel>();
    model->name = name;
    model->config = config;
    model->weight_bytes = weights->bytes();
    model->weights = std::move(weights);
    // An image model prepares pictures as a folder without preprocessor_config.json would.
    if (model->caps().inputs.image) model->preprocess = image::default_preprocess(config.family->image_size(config));
    return model;
}

Expected<std::shared_ptr<const PretrainedModel>> with_languages(const PretrainedModel& model, const std::string& source,
                                                                const std::string& target) {
    const LanguageFacts languages = model.family().translation_languages(model);
    if (languages.codes.empty())
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model: it does not choose languages (only a many-language translator such as mBART-50 does).");
    auto known_code = [&](const std::string& code) {
        return std::find(languages.codes.begin(), languages.codes.end(), code) != languages.codes.end();
    };
    std::string known;
    for (const std::string& code : languages.codes) known += (known.empty() ? "" : ", ") + code;
    for (const std::string* code : {&source, &target})
        if (!code->empty() && !known_code(*code))
            return Status::Error("\"" + config_fields::printable(*code) + "\" is not a language " + model.name +
                                 " knows. Its codes: " + known + ".");
    auto copy = std::make_shared<PretrainedModel>(model);  // weights and tokenizers shared (pointers)
    model.family().set_translation_languages(*copy, source, target);
    return std::shared_ptr<const PretrainedModel>(std::move(copy));
}

// ------------------------------------------------------------------------------------------------
// [SECTION] One run

Expected<std::vector<Trace>> compute_pretrained_run(const PretrainedModel& model, const RunConfig& run) {
    assert(model.config.family && model.weights && "a model from load_pretrained_model");
    // A recording for a model that reads text: say so before the family looks for a text it was
    // not given ("the text is empty" would send the user to --text, which --audio refuses).
    if (!run.audio_path.empty() && !model.caps().inputs.audio)
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             ": it does not listen to sound. Open a speech model (Whisper).");
    return model.config.family->run(model, run);
}

Expected<Trace> compute_pretrained_trace(const PretrainedModel& model, const RunConfig& run) {
    auto sections = compute_pretrained_run(model, run);
    if (!sections) return sections.status();
    return std::move(sections->front());
}

Expected<Trace> compute_vision_trace(const PretrainedModel& model, const VisionInput& input, const RunConfig& run) {
    return model.config.family->run_image(model, input, run);
}

}  // namespace attn::pretrained
