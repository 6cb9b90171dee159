// fuzz_train_text.cpp — the text task's training text (attnlab train --text-file, the Train
// view's text box): the first byte picks the window length, the rest is the text; a few examples
// are sampled and every token must lie in the task's vocabulary.
#include "core/task/task.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(train_text) {
    if (size < 1) return 0;
    attn::train::TaskParams params;
    params.length = data[0];  // 0 = the default window; 1 must be refused with a message
    params.text.assign(reinterpret_cast<const char*>(data + 1), size - 1);
    const attn::train::TaskInfo* info = attn::train::find_task("text");
    if (info == nullptr) __builtin_trap();
    auto task = info->make(params);
    if (!task.ok()) {
        if (task.error().empty()) __builtin_trap();
        return 0;
    }
    attn::train::TaskRng rng(size);
    attn::train::Example example;
    for (int i = 0; i < 4; ++i) {
        task->sample(rng, example);
        if (static_cast<int>(example.tokens.size()) != task->seq_len) __builtin_trap();
        if (example.scored.size() + 1 != example.tokens.size()) __builtin_trap();
        for (int t : example.tokens)
            if (t < 0 || t >= static_cast<int>(task->vocab.size())) __builtin_trap();
    }
    (void)task->decode(example.tokens);
    return 0;
}
