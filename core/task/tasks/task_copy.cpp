// task_copy.cpp — `abcd>abcd`: read n symbols, write them again. The template for a new task:
// copy this file, change the answer (or write a generator, as task_induction.cpp does) and the
// texts, add one line to task_registry.cpp.
#include <algorithm>

#include "core/task/task.h"
#include "core/i18n/marks.h"

namespace attn::train {

static void copy_answer(const int* input, int n, int* answer) { std::copy(input, input + n, answer); }

static Expected<Task> make_copy(const TaskParams& p) { return make_answer_task("copy", p, copy_answer); }

TaskInfo copy_task_info() {
    TaskInfo info;
    info.name = "copy";
    info.summary_en = "abcd>abcd: write the input again";
    info.explain =
        N_("The model reads six letters, then '>', and writes the same letters again. Each output must "
           "fetch the input letter one copy-length back, so the attention that solves it is a shifted "
           "diagonal: a line parallel to the main diagonal, starting at the first input letter.");
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 200;
    info.defaults.lr = 3e-3f;
    info.make = make_copy;
    return info;
}

}  // namespace attn::train
