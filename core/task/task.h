// task.h — the training tasks: what a task is (a generator of token sequences, which positions
// are scored, its vocabulary of single characters, an EN/KO explanation, default settings) and
// the registry. A new task is one file in core/task/tasks/ (copy task_copy.cpp) plus one line
// in task_registry.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::train {

// Deterministic random numbers for generators (splitmix64): the same seed gives the same examples
// on every machine.
struct TaskRng {
    std::uint64_t state = 0;
    explicit TaskRng(std::uint64_t seed = 0) : state(seed) {}
    std::uint64_t next();
    int below(int n);  // uniform in [0, n), n ≥ 1
};

// One example: a whole sequence; the model reads tokens[0 … L−2] and predicts tokens[1 … L−1].
struct Example {
    std::vector<int> tokens;           // (L) ids into Task::vocab
    std::vector<std::uint8_t> scored;  // (L−1) 1 = the prediction at position i (of tokens[i+1]) counts
};

// What the user may set on a task (0 / empty = the task's default).
struct TaskParams {
    int n_symbols = 0;  // alphabet size k (reverse, sort, copy, induction)
    int length = 0;     // input length (reverse, sort, copy: symbols; induction: segment; text: window)
    std::string text;   // text task: the training text (empty = the preset sentences)
};

// The settings a task trains well with (chosen so `attnlab train --task T` learns it).
struct TaskDefaults {
    int n_layers = 2, n_heads = 4, d_model = 64;
    bool mlp = true;
    int steps = 400, batch = 64, warmup = 20;
    float lr = 3e-3f;
};

// A task made concrete by its parameters: ready to sample.
struct Task {
    std::string name;
    TaskParams params;                    // resolved (no zeros left, except text's unused fields)
    std::vector<std::string> vocab;       // id -> its one character (UTF-8 of one byte's text)
    int seq_len = 0;                      // L: tokens per example (the model sees L − 1)
    bool exact_meaningful = true;         // false for text: only per-token accuracy means anything
    std::function<void(TaskRng&, Example&)> sample;

    std::string decode(const std::vector<int>& ids) const;  // concatenated characters
};

struct TaskInfo {
    const char* name;
    const char* summary_en;   // one line
    // One paragraph: the pattern to expect in the attention. English, marked N_(); shown translated
    // (core/i18n/languages.h translate).
    const char* explain;
    TaskDefaults defaults;
    // Builds the task; errors name the parameter and its range.
    Expected<Task> (*make)(const TaskParams& params);
};

const std::vector<TaskInfo>& task_registry();
const TaskInfo* find_task(const std::string& name);  // null if unknown
std::string task_names();  // "reverse, sort, ..." for messages

// Helpers for task files.
// A task over single-character symbols: vocab = the characters of `symbols`, in order.
Task make_symbol_task(const std::string& name, const std::string& symbols, int seq_len);
Status check_range(const char* what, int value, int lo, int hi);  // "--length 40: must be 1 to 16"
// A "symbols > answer" task (reverse, sort, copy): n random symbols from the first k letters, '>',
// then answer(input); only the answer's predictions are scored. k and n default to 8 and 6
// (--symbols 2 to 26, --length 1 to 32).
using SymbolAnswer = void (*)(const int* input, int n, int* answer);  // input (n) -> answer (n)
Expected<Task> make_answer_task(const char* name, const TaskParams& params, SymbolAnswer answer);

// The task files' TaskInfo (one per file in tasks/).
TaskInfo reverse_task_info();
TaskInfo sort_task_info();
TaskInfo copy_task_info();
TaskInfo induction_task_info();
TaskInfo brackets_task_info();
TaskInfo text_task_info();
TaskInfo repeat_task_info();

}  // namespace attn::train
