// generate_command.h — `attnlab generate`, `attnlab predict` and `attnlab heads`: what a real
// model predicts (next tokens, masked tokens) and what its heads do, written as JSON / CSV.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/generate_options.h"
#include "cli/lm_output.h"

namespace attn::cli {

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

}  // namespace attn::cli
