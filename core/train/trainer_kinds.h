// trainer_kinds.h — the registry of text trainers: the Train view's architectures and the command
// line's --arch. The views and the CLI ask a kind what it offers (its own tasks, an MLP switch,
// grouped K/V heads, its defaults); only core/train knows which Arch a kind trains.
//
// A new trainer: its folder under core/train, one entry in trainer_kinds.cpp, its label's Korean in
// app/i18n/core_messages_train.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/train/trainer.h"

namespace attn::train {

struct TrainerKind {
    Arch arch = Arch::Gpt;     // what it trains (core/train's own switch; callers never compare it)
    const char* id = "";       // --arch's value and the saved settings' name: "gpt", "llama", "seq2seq"
    const char* label = "";    // its name in the view's combo (English; the app translates it)
    bool own_tasks = false;    // trains on its own tasks (the translation tasks), not the text tasks
    bool mlp_switch = true;    // the feed-forward layers can be left out (--no-mlp)
    bool grouped_kv = false;   // key/value heads (--kv-heads) and RoPE's base θ (--rope-theta)
    bool two_stacks = false;   // an encoder and a decoder joined by cross-attention
    // The task's defaults with its parameters resolved (the controls show real values); an
    // unknown task gives the kind's first task's. Sets arch.
    TrainOptions (*defaults)(const std::string& task) = nullptr;
};

// Every kind, in the order the view lists them: gpt, llama, seq2seq.
const std::vector<TrainerKind>& trainer_kinds();
// The kind that trains `o` (by o.arch).
const TrainerKind& trainer_of(const TrainOptions& o);
// The kind with that --arch value, or null.
const TrainerKind* find_trainer(std::string_view id);
// The kind that trains on its own task `task` (the translation tasks), or null.
const TrainerKind* own_task_trainer(const std::string& task);
// "gpt, llama or seq2seq" for messages.
std::string trainer_ids();

}  // namespace attn::train
