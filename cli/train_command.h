// train_command.h — `attnlab train`: train a tiny GPT-2 on a built-in task and save it as a model
// folder that `attnlab dump --model DIR` (and the app) can open.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "core/train/trainer.h"

namespace attn::cli {

struct TrainCommandOptions {
    std::string task = "reverse";
    std::string output;
    int layers = 0, heads = 0, d_model = 0, steps = 0, batch = 0, warmup = -1;  // 0 / −1 = the task's
    bool no_mlp = false;
    double lr = 0;
    long long seed = 1;
    int threads = 0;            // 0 = one per core
    int symbols = 0, length = 0;
    std::string text, text_file;
    bool list_tasks = false;
    bool quiet = false;
    std::string lang = "en";
};

void add_train_options(CLI::App& cmd, TrainCommandOptions& o);

// Returns the exit code: 0 trained and saved, 1 could not train or write, 2 bad options.
int run_train(const TrainCommandOptions& o);

}  // namespace attn::cli
