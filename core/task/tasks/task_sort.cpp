// task_sort.cpp — `dbfa>abdf`: read n symbols, write them in alphabetical order.
#include <algorithm>

#include "core/task/task.h"
#include "core/i18n/marks.h"

namespace attn::train {

static void sort_answer(const int* input, int n, int* answer) {
    std::copy(input, input + n, answer);
    std::sort(answer, answer + n);
}

static Expected<Task> make_sort(const TaskParams& p) { return make_answer_task("sort", p, sort_answer); }

TaskInfo sort_task_info() {
    TaskInfo info;
    info.name = "sort";
    info.summary_en = "dbfa>abdf: write the input sorted";
    info.explain =
        N_("The model reads six letters (repeats allowed), then '>', and writes them in alphabetical "
           "order. Each output looks back at the input for the smallest letter not yet written: expect "
           "heads whose rows jump around the input, each output attending to the input letter that "
           "comes next in the alphabet after the one it just wrote.");
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 600;
    info.defaults.lr = 3e-3f;
    info.make = make_sort;
    return info;
}

}  // namespace attn::train
