// trainer_kinds.cpp — the registry of text trainers (trainer_kinds.h)
#include "core/train/trainer_kinds.h"

#include <cassert>

#include "core/task/seq2seq_task.h"
#include "core/train/seq2seq/s2s_trainer.h"

namespace attn::train {
namespace {

// The decoder tasks' defaults, resolved (symbols, length, the text task's preset text).
TrainOptions decoder_defaults(const std::string& task, Arch arch) {
    TrainOptions o;
    if (!apply_task_defaults(o, task)) apply_task_defaults(o, "reverse");
    if (const TaskInfo* info = find_task(o.task)) {
        if (auto made = info->make(TaskParams{})) o.task_params = made->params;
    }
    o.arch = arch;
    return o;
}

TrainOptions gpt_defaults(const std::string& task) { return decoder_defaults(task, Arch::Gpt); }
TrainOptions llama_defaults(const std::string& task) { return decoder_defaults(task, Arch::Llama); }

TrainOptions seq2seq_defaults(const std::string& task) {
    TrainOptions o;
    if (!apply_s2s_task_defaults(o, task)) apply_s2s_task_defaults(o, "en-ko");
    if (const Seq2SeqTaskInfo* info = find_seq2seq_task(o.task)) {
        if (auto made = info->make(TaskParams{})) o.task_params = made->params;
    }
    return o;
}

}  // namespace

const std::vector<TrainerKind>& trainer_kinds() {
    static const std::vector<TrainerKind> kinds = {
        {Arch::Gpt, "gpt", "GPT-2 (learned positions)", false, true, false, false, gpt_defaults},
        {Arch::Llama, "llama", "Llama (RoPE, RMSNorm, SwiGLU)", false, true, true, false, llama_defaults},
        {Arch::Seq2Seq, "seq2seq", "Encoder–decoder (cross-attention)", true, false, false, true, seq2seq_defaults},
    };
    return kinds;
}

const TrainerKind& trainer_of(const TrainOptions& o) {
    for (const TrainerKind& k : trainer_kinds())
        if (k.arch == o.arch) return k;
    assert(false && "trainer_of: every Arch has a kind");
    return trainer_kinds().front();
}

const TrainerKind* find_trainer(std::string_view id) {
    for (const TrainerKind& k : trainer_kinds())
        if (id == k.id) return &k;
    return nullptr;
}

const TrainerKind* own_task_trainer(const std::string& task) {
    for (const TrainerKind& k : trainer_kinds())
        if (k.own_tasks && k.defaults(task).task == task) return &k;
    return nullptr;
}

std::string trainer_ids() {
    std::string out;
    const auto& kinds = trainer_kinds();
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i > 0) out += i + 1 == kinds.size() ? " or " : ", ";
        out += kinds[i].id;
    }
    return out;
}

}  // namespace attn::train
