// run_options.h — the command-line options shared by `dump` and `export`: the sentence, the
// model and every attention switch, turned into the core's ModelConfig + RunConfig.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/attention/builtin_model.h"
#include "core/attention/trace.h"
#include "core/base/status.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

struct RunOptions {
    std::string text;
    std::string cross_text;
    int d_model = 64;
    int heads = 4;
    unsigned long long seed = 42;
    bool no_pe = false;
    bool no_scale = false;
    bool scale_scores = false;  // --scale-scores: divide by sqrt(d_k) even where the model does not (T5)
    float temperature = 1.0f;
    std::string temperature_text;  // --temperature as typed (parsed by make_run_setup; echoed as is)
    bool causal = false;
    int window = -1;
    std::string global_tokens;  // "0,3"
    int pad_to = 0;
    std::string block_cells;    // "0:1,2:3"
    unsigned long long max_tokens = 512;
    std::string model_path;     // --model: a local Hugging Face folder; empty = the built-in model
    std::string image_path;     // --image: a PNG/JPEG for a vision model (ViT/DeiT) instead of --text
    std::string audio_path;     // --audio: a recording for a speech model (Whisper) instead of --text
    std::string language;       // --language: the language spoken ("" = detected); mBART-50: the source's
    std::string target_language;  // --target-language: mBART-50's language to write ("" = the folder's)
    bool translate = false;     // --translate: Whisper's translate task
    bool all_frames = false;    // --all-frames: a speech run keeps the whole chunk's frames
    bool text_given = false;    // --text typed (set by parsing): --text or --image is required
    bool builtin_options_given = false;  // --d-model/--heads/--seed/--no-pe typed (set by parsing)
};

void add_run_options(CLI::App& cmd, RunOptions& o);

// --language / --target-language for a many-language translator (mBART-50): `model` translating
// from `source` into `target` (either "" = as the folder says). Both empty: `model` itself.
// Errors: a model that does not choose languages, a code it does not know.
Expected<std::shared_ptr<const pretrained::PretrainedModel>> choose_languages(
    std::shared_ptr<const pretrained::PretrainedModel> model, const std::string& source, const std::string& target);
// The --language / --target-language options' help, shared by the commands that take them.
extern const char* const kLanguageHelp;
extern const char* const kTargetLanguageHelp;
// After parsing: records which options were typed (see RunOptions::builtin_options_given).
void note_parsed_options(const CLI::App& cmd, RunOptions& o);

struct RunSetup {
    ModelConfig model;
    RunConfig run;
};
// Validates what CLI11 cannot (lists, cell syntax, model shape); messages name the option.
Expected<RunSetup> make_run_setup(const RunOptions& o);
// The exit code for make_run_setup's error (cli_messages.h): kExitUsage when neither --text nor
// --image was given (a required option missing), else kExitBadInput.
int run_setup_exit_code(const RunOptions& o);

// The model a run goes through: the built-in one, or a pretrained folder given with --model.
struct CliModel {
    std::optional<BuiltinModel> builtin;
    std::shared_ptr<const pretrained::PretrainedModel> pretrained;
};
// Builds or loads it. Errors: a bad model shape, a folder that is not a supported model, or
// built-in options (--d-model, --heads, --seed, --no-pe) combined with --model.
Expected<CliModel> load_cli_model(const RunOptions& o, RunSetup& setup);
// One run through either model.
Expected<Trace> compute_cli_trace(const CliModel& model, const RunConfig& run);
// Every section of the run (an encoder–decoder: encoder, decoder, cross; others: one).
Expected<std::vector<Trace>> compute_cli_run(const CliModel& model, const RunConfig& run);

// "0,3,5" → {0,3,5}; errors name the bad item.
Expected<std::vector<int>> parse_int_list(const std::string& text, const char* option);

}  // namespace attn::cli
