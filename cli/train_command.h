// train_command.h — `attnlab train`: train a tiny GPT-2 or Llama on a built-in task (or a tiny ViT on an
// image task) and save it as a model folder that `attnlab dump --model DIR` (and the app) can open,
// and/or a figure of the run.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/figure/figure_train.h"
#include "core/train/trainer.h"

namespace attn::cli {

struct TrainCommandOptions {
    std::string task = "reverse";
    std::string output;
    // Not given (nullopt): the task's default. Given values are checked, whatever they are.
    std::optional<int> layers, heads, d_model, steps, batch, warmup;
    bool no_mlp = false;
    std::optional<double> lr;
    long long seed = 1;
    std::optional<int> threads;  // not given: one per core
    std::optional<int> symbols, length;
    std::string text, text_file;
    bool list_tasks = false;
    bool quiet = false;
    std::string lang = "en";    // --list-tasks and the figure
    std::string figure;         // --figure FILE (.png, .svg, .pdf): written after training
    // Image tasks (fashion, odd-one): the tiny Vision Transformer.
    std::optional<int> patch, train_size, test_size;
    std::string data_dir;       // Fashion-MNIST's folder (default: the Debian package's)
    // The text tasks' architecture: gpt (learned positions, LayerNorm, GELU), llama (RoPE,
    // RMSNorm, SwiGLU, grouped-query attention) or seq2seq (an encoder–decoder, saved as Marian).
    std::string arch = "gpt";
    std::optional<int> kv_heads;
    std::optional<double> rope_theta;  // not given: 10000
    std::string eval_lengths;   // "6,8,10": evaluate on these input lengths too
};

void add_train_options(CLI::App& cmd, TrainCommandOptions& o);

// Returns the exit code (cli_messages.h): 0 trained and saved; 1 a value refused (an existing
// output folder included) or training failed; 2 no -o nor --figure; 3 the output or figure
// folder is missing or unwritable (checked before training), or the save failed.
// argv0 locates the bundled figure font (as `attnlab export`).
int run_train(const TrainCommandOptions& o, const char* argv0 = nullptr);

// The image tasks' part of run_train (cli/train_image.cpp): same exit codes.
int run_image_train(const TrainCommandOptions& o);
// --arch seq2seq (cli/train_seq2seq.cpp): the encoder–decoder on its tasks; same exit codes.
int run_seq2seq_train(const TrainCommandOptions& o, const char* argv0 = nullptr);

// Before training: -o must not exist and its folder must be writable; --figure must end in .png,
// .svg or .pdf (*figure_format set), not be a folder, and be writable. 0, or the exit code after
// the message was printed.
int check_train_outputs(const TrainCommandOptions& o, FigureFormat* figure_format);
// --figure after training: renders `d` in --lang, writes it atomically (nothing is left behind on
// failure; argv0 finds the bundled font) and says where. 0, or the exit code after the message.
int write_run_figure(const TrainCommandOptions& o, const TrainFigureData& d, FigureFormat format, const char* argv0);

// The progress line on a terminal every 10 steps and at the last: a bar, steps/s, the loss and the
// last evaluation's exact (or token, when `token_acc`) accuracy under `label`.
void print_progress(const train::TrainLogEntry& e, int steps, const std::vector<train::TrainLogEntry>& log,
                    const char* label, bool token_acc);
// "attnlab train: <message>" as one printable line (cli_messages.h fail()); returns `code`.
int train_fail(const std::string& message, int code);
// "" when `path`'s folder exists and is writable, else the reason (checked before training).
std::string unwritable_reason(const std::filesystem::path& path);

}  // namespace attn::cli
