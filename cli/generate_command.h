// generate_command.h — `attnlab generate`, `attnlab predict` and `attnlab heads`: what a real
// model predicts (next tokens, masked tokens) and what its heads do, written as JSON / CSV.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

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
};

struct PredictOptions {
    std::string model_path;
    std::string text;
    std::string image;   // vision models: classify this image instead of reading text
    std::string output;
    int top_k = 5;
    bool compact = false;
};

struct HeadsOptions {
    std::string model_path;
    std::string text;
    std::string output;
    std::string format;  // "csv", "json" or "" (from the output's name)
};

// Each adds its options to `cmd` and returns the exit code: 0 ok, 1 could not compute or write,
// 2 bad options or model folder.
void add_generate_options(CLI::App& cmd, GenerateOptions& o);
void note_generate_options(const CLI::App& cmd, GenerateOptions& o);
int run_generate(const GenerateOptions& o);

void add_predict_options(CLI::App& cmd, PredictOptions& o);
int run_predict(const PredictOptions& o);

void add_heads_options(CLI::App& cmd, HeadsOptions& o);
int run_heads(const HeadsOptions& o);

}  // namespace attn::cli
