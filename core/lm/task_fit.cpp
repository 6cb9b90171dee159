// task_fit.cpp — whether a text fits a trained model's task (task_fit.h).
#include "core/lm/task_fit.h"

#include <set>

#include "core/lm/head_roles_probe.h"

namespace attn::lm {

namespace {

// "a b c d e f g h" (at most 12 symbols, then "…").
std::string symbols_text(const train::Task& task, const std::set<int>& ids) {
    std::string out;
    int n = 0;
    for (int id : ids) {
        if (n++ == 12) return out + " …";
        out += (out.empty() ? "" : " ") + task.vocab[std::size_t(id)];
    }
    return out;
}

}  // namespace

std::string task_input_note(const train::Task& task, const std::vector<int>& ids, int samples) {
    const int reads = task.seq_len - 1;  // L − 1
    if (ids.empty() || reads < 1 || !task.exact_meaningful) return "";  // a text task: any window of its text
    const std::string name = "The " + task.name + " task";
    if (int(ids.size()) > reads)
        return name + "'s inputs are at most " + std::to_string(reads) + " tokens; this one has " +
               std::to_string(ids.size()) + ". The model never saw such an input: its prediction means nothing here.";
    std::vector<std::set<int>> allowed(static_cast<std::size_t>(reads));  // [position] the symbols seen there
    train::TaskRng rng(7);
    train::Example ex;
    for (int e = 0; e < samples; ++e) {
        task.sample(rng, ex);
        for (int i = 0; i < reads && i < int(ex.tokens.size()); ++i)
            allowed[std::size_t(i)].insert(ex.tokens[std::size_t(i)]);
    }
    for (int i = 0; i < int(ids.size()); ++i) {
        const int id = ids[std::size_t(i)];
        if (allowed[std::size_t(i)].count(id)) continue;
        const std::string what = id >= 0 && id < int(task.vocab.size()) ? "\"" + task.vocab[std::size_t(id)] + "\""
                                                                       : "a token outside its vocabulary";
        return name + " never has " + what + " at position " + std::to_string(i + 1) + " (it has " +
               symbols_text(task, allowed[std::size_t(i)]) +
               " there). The model never saw such an input: its prediction means nothing here.";
    }
    return "";
}

std::string task_input_note(const pretrained::PretrainedModel& model, const std::vector<int>& ids) {
    auto spec = folder_task(model);
    if (!spec || !spec->has_value()) return "";
    const train::TaskInfo* info = train::find_task((*spec)->task);
    if (!info) return "";
    auto task = info->make((*spec)->params);
    if (!task || task->vocab != (*spec)->vocabulary) return "";
    return task_input_note(*task, ids);
}

}  // namespace attn::lm
