// task_fit.h — whether a text fits the task a trained model learned (its folder's task.json).
//
// A model trained on a task answers any input confidently; outside the task's format the answer
// means nothing. The task's own examples (sampled, seeded) fix which symbols each position holds:
//   allowed[i] = { the symbol at position i in any of n examples }      i < L − 1 (what it reads)
// and an input fits when it is at most L − 1 tokens and each token is in its position's set.
// ("abc>" for reverse over a–h with 6 symbols: '>' is only ever at position 7, so it does not fit.)
#pragma once

#include <string>
#include <vector>

#include "core/pretrained/family/pretrained_model.h"
#include "core/task/task.h"

namespace attn::lm {

// "" when `ids` fits `task` (or is empty, or the task is a text's windows, where any text may
// come); else one English sentence naming the first position that does not fit and what the task
// has there. `samples` examples fix the sets.
std::string task_input_note(const train::Task& task, const std::vector<int>& ids, int samples = 2000);

// The same for a model: "" when its folder has no usable task.json (nothing to check against).
std::string task_input_note(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

}  // namespace attn::lm
