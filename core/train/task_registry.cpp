// task_registry.cpp — the list of training tasks and the helpers task files share.
#include <algorithm>

#include "core/train/task.h"

namespace attn::train {

std::uint64_t TaskRng::next() {
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t x = state;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

int TaskRng::below(int n) {
    // Multiply-shift: uniform enough for n ≪ 2³², and the same everywhere.
    return int((next() >> 32) * static_cast<std::uint64_t>(n) >> 32);
}

std::string Task::decode(const std::vector<int>& ids) const {
    std::string s;
    for (int id : ids) s += (id >= 0 && id < int(vocab.size())) ? vocab[id] : "?";
    return s;
}

const std::vector<TaskInfo>& task_registry() {
    static const std::vector<TaskInfo> tasks = {
        reverse_task_info(), sort_task_info(),     copy_task_info(),
        induction_task_info(), brackets_task_info(), text_task_info(),
    };
    return tasks;
}

const TaskInfo* find_task(const std::string& name) {
    for (const TaskInfo& t : task_registry())
        if (name == t.name) return &t;
    return nullptr;
}

std::string task_names() {
    std::string s;
    for (const TaskInfo& t : task_registry()) s += (s.empty() ? "" : ", ") + std::string(t.name);
    return s;
}

Task make_symbol_task(const std::string& name, const std::string& symbols, int seq_len) {
    Task t;
    t.name = name;
    for (char ch : symbols) t.vocab.emplace_back(1, ch);
    t.seq_len = seq_len;
    return t;
}

Status check_range(const char* what, int value, int lo, int hi) {
    if (value >= lo && value <= hi) return Status::Ok();
    return Status::Error(std::string(what) + " " + std::to_string(value) + ": must be " + std::to_string(lo) +
                         " to " + std::to_string(hi) + ".");
}

}  // namespace attn::train
