// lens_command.h — `attnlab lens`: the logit lens of a next-token model (GPT-2, Llama, Qwen, Mistral) over a text, written as JSON —
// what the model would predict after each block, at every position.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace attn::cli {

struct LensOptions {
    std::string model_path;
    std::string text;
    std::string output = "-";
    int top = 5;
    bool no_embeddings = false;
    bool compact = false;
    std::string ablate;             // as `predict --ablate`
    std::string ablation = "zero";
};

// Exit codes as the other commands: 0 ok, 1 could not compute, 2 bad options or model folder,
// 3 the output could not be written.
void add_lens_options(CLI::App& cmd, LensOptions& o);
int run_lens(const LensOptions& o);

}  // namespace attn::cli
