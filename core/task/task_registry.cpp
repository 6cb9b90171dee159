// task_registry.cpp — the list of training tasks and the helpers task files share.
#include <algorithm>

#include "core/task/task.h"

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
        repeat_task_info(),
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

Expected<Task> make_answer_task(const char* name, const TaskParams& in, SymbolAnswer answer) {
    TaskParams p = in;
    if (p.n_symbols == 0) p.n_symbols = 8;
    if (p.length == 0) p.length = 6;
    if (Status s = check_range("--symbols", p.n_symbols, 2, 26); !s) return s;
    if (Status s = check_range("--length", p.length, 1, 32); !s) return s;
    const int k = p.n_symbols, n = p.length;
    Task t = make_symbol_task(name, std::string("abcdefghijklmnopqrstuvwxyz").substr(0, k) + ">", 2 * n + 1);
    t.params = p;
    t.sample = [k, n, answer](TaskRng& rng, Example& ex) {
        ex.tokens.assign(2 * n + 1, k);  // (2n + 1) '>' (id k) in the middle
        for (int i = 0; i < n; ++i) ex.tokens[i] = rng.below(k);
        answer(ex.tokens.data(), n, ex.tokens.data() + n + 1);
        ex.scored.assign(2 * n, 0);  // (2n) the answer: the predictions made at '>' and after
        for (int i = n; i < 2 * n; ++i) ex.scored[i] = 1;
    };
    return t;
}

}  // namespace attn::train
