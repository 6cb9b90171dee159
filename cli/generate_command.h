// generate_command.h — `attnlab generate`, `attnlab predict` and `attnlab heads`: what a real
// model predicts (next tokens, masked tokens) and what its heads do, written as JSON / CSV.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "core/base/json_writer.h"
#include "core/base/status.h"
#include "core/lm/sampling.h"
#include "core/pretrained/intervention.h"
#include "core/pretrained/pretrained_model.h"

namespace attn::cli {

struct GenerateOptions {
    std::string model_path;
    std::string text;
    std::string output;
    int tokens = 10;
    float temperature = 1.0f;
    int top_k = 0;
    float top_p = 1.0f;
    unsigned long long seed = 0;
    int report_top = 5;
    bool no_attention = false;
    bool compact = false;
    bool sample = false;  // set after parsing: --temperature, --top-k or --top-p was given
    bool chat = false;    // wrap --text as one user turn in the model's chat format
    int beams = 0;        // translation models: beam search width (0: the folder's num_beams)
    bool tokens_given = false;  // set after parsing: --tokens was given (translation: else the folder's limit)
    bool beams_given = false;   // set after parsing: --beams was given
    std::string ablate;             // translation models: "cross.1.2,enc.3.attn" (1-based); empty = none
    std::string ablation = "zero";  // zero | mean
    std::string language, target_language;  // mBART-50: the source's and the target's codes ("" = the folder's)
};

struct PredictOptions {
    std::string model_path;
    std::string text;
    std::string image;   // vision models: classify this image instead of reading text
    std::string output;
    int top_k = 5;
    bool compact = false;
    std::string ablate;             // "1.2,3.4,2.attn,5.mlp" (1-based); empty = the whole model
    std::string ablation = "zero";  // zero | mean
    bool chat = false;              // wrap --text as one user turn in the model's chat format
};

struct HeadsOptions {
    std::string model_path;
    std::string text;
    std::string section;  // a translation model's: encoder (default) or decoder
    std::string output;
    std::string format;  // "csv", "json" or "" (from the output's name)
};

// Each adds its options to `cmd` and returns the exit code (cli_messages.h): 0 ok, 1 a value or a
// model folder refused or the computation failed, 2 a required option missing, 3 the output
// could not be written.
void add_generate_options(CLI::App& cmd, GenerateOptions& o);
void note_generate_options(const CLI::App& cmd, GenerateOptions& o);
int run_generate(const GenerateOptions& o);

void add_predict_options(CLI::App& cmd, PredictOptions& o);
int run_predict(const PredictOptions& o);

void add_heads_options(CLI::App& cmd, HeadsOptions& o);
int run_heads(const HeadsOptions& o);

// Pieces the language-model commands share (lens_command.cpp too).
// Writes to `path` atomically, or to standard output for "-".
Status write_output(const std::string& path, const std::function<void(std::ostream&)>& fill);
void write_model(JsonWriter& j, const pretrained::PretrainedModel& m);  // "model": {name, family, …}
void write_token(JsonWriter& j, const pretrained::PretrainedModel& m, int id);  // {id, token}
void write_top(JsonWriter& j, const pretrained::PretrainedModel& m, const std::vector<lm::TokenProb>& top);
// "ablation": {spec, mode, heads: [{layer, head}], attention_off: [layer], mlp_off: [layer]}, 1-based.
void write_ablation(JsonWriter& j, const pretrained::Ablation& a);
// --ablate / --ablation for `predict` and `lens`, and the parsed ablation for a model (errors
// name the bad item; the caller exits with kExitBadInput).
void add_ablation_options(CLI::App& cmd, std::string& ablate, std::string& mode);
Expected<pretrained::Ablation> ablation_for(const pretrained::PretrainedModel& m, const std::string& ablate,
                                            const std::string& mode);

}  // namespace attn::cli
