// run_options.h — the command-line options shared by `dump` and `export`: the sentence, the
// model and every attention switch, turned into the core's ModelConfig + RunConfig.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/builtin_model.h"
#include "core/status.h"
#include "core/trace.h"

namespace attn::cli {

struct RunOptions {
    std::string text;
    std::string cross_text;
    int d_model = 64;
    int heads = 4;
    unsigned long long seed = 42;
    bool no_pe = false;
    bool no_scale = false;
    float temperature = 1.0f;
    bool causal = false;
    int window = -1;
    std::string global_tokens;  // "0,3"
    int pad_to = 0;
    std::string block_cells;    // "0:1,2:3"
    unsigned long long max_tokens = 512;
};

void add_run_options(CLI::App& cmd, RunOptions& o);

struct RunSetup {
    ModelConfig model;
    RunConfig run;
};
// Validates what CLI11 cannot (lists, cell syntax, model shape); messages name the option.
Expected<RunSetup> make_run_setup(const RunOptions& o);

// "0,3,5" → {0,3,5}; errors name the bad item.
Expected<std::vector<int>> parse_int_list(const std::string& text, const char* option);

}  // namespace attn::cli
