// seq2seq_task.h — the encoder–decoder trainer's tasks: a source to read and a target to write
// (reverse and sort as translation, and a toy English → Korean grammar that reorders words and
// chooses particles). Their own registry beside task.h's: a decoder reads one sequence, these
// read two. A new one is a file in core/task/tasks/ plus a line in seq2seq_tasks.cpp (reverse and sort,
// a few lines each, live in seq2seq_tasks.cpp itself).
//
// Tokens are SentencePiece-style pieces: "▁" (U+2581) starts a piece that begins a word ("▁cat",
// "▁고양이"), a piece without it continues the word before ("가" in 고양이가). The trained model is
// saved with SentencePiece models that cut the same texts into these same pieces.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/task/task.h"

namespace attn::train {

// One example: the source the encoder reads, the target the decoder writes (ids into the
// task's vocab; no start or end marks, the trainer adds those).
struct Seq2SeqExample {
    std::vector<int> source;  // (S) 1 ≤ S ≤ max_source
    std::vector<int> target;  // (T) 1 ≤ T ≤ max_target
};

struct Seq2SeqTask {
    std::string name;
    TaskParams params;                // resolved
    std::vector<std::string> vocab;   // id -> piece; source and target share it
    int max_source = 0, max_target = 0;
    std::function<void(TaskRng&, Seq2SeqExample&)> sample;

    // The pieces as text: "▁" becomes a space between words, none at the start.
    std::string text(const std::vector<int>& ids) const;
};

struct Seq2SeqTaskInfo {
    const char* name = "";
    const char* summary_en = "";  // one line
    // One paragraph: what the cross-attention should learn to look at. English, marked N_();
    // shown translated (core/i18n/languages.h translate).
    const char* explain = "";
    TaskDefaults defaults;        // n_layers is the layers of EACH stack (encoder and decoder)
    Expected<Seq2SeqTask> (*make)(const TaskParams& params) = nullptr;
};

const std::vector<Seq2SeqTaskInfo>& seq2seq_task_registry();
const Seq2SeqTaskInfo* find_seq2seq_task(const std::string& name);  // null if unknown
std::string seq2seq_task_names();                                    // "reverse, sort, en-ko"

// The task files' infos.
Seq2SeqTaskInfo reverse_seq2seq_info();
Seq2SeqTaskInfo sort_seq2seq_info();
Seq2SeqTaskInfo en_ko_task_info();

}  // namespace attn::train
