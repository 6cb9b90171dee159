// task_copy.cpp — `abcd>abcd`: read n symbols, write them again. The template for a new task:
// copy this file, change the generator and the texts, add one line to task_registry.cpp.
#include "core/train/task.h"

namespace attn::train {

static Expected<Task> make_copy(const TaskParams& in) {
    TaskParams p = in;
    if (p.n_symbols == 0) p.n_symbols = 8;
    if (p.length == 0) p.length = 6;
    if (Status s = check_range("--symbols", p.n_symbols, 2, 26); !s) return s;
    if (Status s = check_range("--length", p.length, 1, 32); !s) return s;
    const int k = p.n_symbols, n = p.length;
    Task t = make_symbol_task("copy", std::string("abcdefghijklmnopqrstuvwxyz").substr(0, k) + ">",
                              2 * n + 1);
    t.params = p;
    t.sample = [k, n](TaskRng& rng, Example& ex) {
        ex.tokens.assign(2 * n + 1, k);  // (2n + 1) '>' (id k) in the middle
        for (int i = 0; i < n; ++i) ex.tokens[i] = ex.tokens[n + 1 + i] = rng.below(k);
        ex.scored.assign(2 * n, 0);      // (2n) the answer: predictions made at '>' and after
        for (int i = n; i < 2 * n; ++i) ex.scored[i] = 1;
    };
    return t;
}

TaskInfo copy_task_info() {
    TaskInfo info;
    info.name = "copy";
    info.summary_en = "abcd>abcd: write the input again";
    info.explain_en =
        "The model reads six letters, then '>', and writes the same letters again. Each output must "
        "fetch the input letter one copy-length back, so the attention that solves it is a shifted "
        "diagonal: a line parallel to the main diagonal, starting at the first input letter.";
    info.explain_ko =
        "모델은 글자 여섯 개와 '>'를 읽은 뒤 같은 글자들을 다시 씁니다. 각 출력은 입력 길이만큼 앞에 있는 "
        "글자를 가져와야 하므로, 이 과제를 푸는 어텐션은 옮겨진 대각선, 곧 첫 입력 글자에서 시작해 주대각선과 "
        "나란히 가는 선입니다.";
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 200;
    info.defaults.lr = 3e-3f;
    info.make = make_copy;
    return info;
}

}  // namespace attn::train
