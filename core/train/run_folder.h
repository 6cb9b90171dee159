// run_folder.h — a trainer's run saved as a Hugging Face folder, written atomically: a temporary
// folder beside the target, renamed at the end; on any error removed, and nothing is left. An
// existing folder is never overwritten. The folders' contents: gpt2_io.h (GPT-2), llama_io.h
// (Llama), vit_io.h (ViT), seq2seq/s2s_io.h (the encoder–decoder); task.json and train_log.json
// (the run: its options, examples of the task, the log) are written here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::train {

struct TrainState;
struct ImageTrainState;
struct TrainLogEntry;

// What an evaluation's numbers are called in a trainer's train_log.json (null: not written).
struct EvalLogKeys {
    const char* loss;       // the evaluation's loss
    const char* exact;      // the share of examples exactly right
    const char* token_acc;  // the share of tokens right
    const char* examples;   // how many examples were evaluated
};
// train_log.json's text: one object per log entry (step, loss, lr, grad_norm, seconds, and the
// evaluation's numbers under `keys` where the entry was evaluated).
std::string train_log_text(const std::vector<TrainLogEntry>& log, const EvalLogKeys& keys);

// Creates `dir` atomically: `fill` writes the files into a temporary folder beside it, which is
// renamed to `dir` when fill succeeds. Errors: `dir` exists already, its parent is missing or not
// writable, fill's own.
Status write_folder_atomically(const std::string& dir, const std::function<Status(const std::string& tmp)>& fill);
// A text file written whole (errors name the file and the reason).
Status write_text_file(const std::string& path, const std::string& text);

// The GPT-2 or Llama trainer's run (its architecture picks the folder's family).
Status save_model_folder(const TrainState& s, const std::string& dir);
// The ViT trainer's run: a ViTForImageClassification folder with its preprocessor_config.json.
Status save_vit_folder(const ImageTrainState& s, const std::string& dir);

}  // namespace attn::train
