// train_command.h — `attnlab train`: train a tiny GPT-2 or Llama on a built-in task (or a tiny ViT on an
// image task) and save it as a model folder that `attnlab dump --model DIR` (and the app) can open,
// and/or a figure of the run.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "core/train/trainer.h"

namespace attn::cli {

struct TrainCommandOptions {
    std::string task = "reverse";
    std::string output;
    // kUnset = not given: the task's default. Given values are checked, whatever they are.
    static constexpr int kUnset = -2147483647;
    int layers = kUnset, heads = kUnset, d_model = kUnset, steps = kUnset, batch = kUnset, warmup = kUnset;
    bool no_mlp = false;
    double lr = -1e300;
    long long seed = 1;
    int threads = kUnset;       // unset = one per core
    int symbols = kUnset, length = kUnset;
    std::string text, text_file;
    bool list_tasks = false;
    bool quiet = false;
    std::string lang = "en";    // --list-tasks and the figure
    std::string figure;         // --figure FILE (.png, .svg, .pdf): written after training
    // Image tasks (fashion, odd-one): the tiny Vision Transformer.
    int patch = kUnset, train_size = kUnset, test_size = kUnset;
    std::string data_dir;       // Fashion-MNIST's folder (default: the Debian package's)
    // The text tasks' architecture: gpt (learned positions, LayerNorm, GELU) or llama (RoPE,
    // RMSNorm, SwiGLU, grouped-query attention).
    std::string arch = "gpt";
    int kv_heads = kUnset;
    double rope_theta = -1;     // unset: 10000
    std::string eval_lengths;   // "6,8,10": evaluate on these input lengths too
};

void add_train_options(CLI::App& cmd, TrainCommandOptions& o);

// Returns the exit code: 0 trained and saved, 1 could not train or write, 2 bad options (an
// existing, missing or unwritable output folder or figure folder included: checked before training).
// argv0 locates the bundled figure font (as `attnlab export`).
int run_train(const TrainCommandOptions& o, const char* argv0 = nullptr);

// The image tasks' part of run_train (cli/train_image.cpp): same exit codes.
int run_image_train(const TrainCommandOptions& o);

}  // namespace attn::cli
