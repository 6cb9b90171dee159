// task_repeat.cpp — `abcabcab`: three random symbols, then the same three over and over; each
// output is the token three places back. The relative-rule task for the length experiment.
#include "core/task/task.h"
#include "core/i18n/marks.h"

namespace attn::train {

constexpr int kPeriod = 3;  // the pattern's length: every scored token equals the one 3 back

static Expected<Task> make_repeat(const TaskParams& in) {
    TaskParams p = in;
    if (p.n_symbols == 0) p.n_symbols = 8;
    if (p.length == 0) p.length = 6;
    if (Status s = check_range("--symbols", p.n_symbols, 2, 26); !s) return s;
    if (Status s = check_range("--length", p.length, 1, 32); !s) return s;
    const int k = p.n_symbols, n = p.length;
    Task t = make_symbol_task("repeat", std::string("abcdefghijklmnopqrstuvwxyz").substr(0, k), kPeriod + n);
    t.params = p;
    t.sample = [k, n](TaskRng& rng, Example& ex) {
        ex.tokens.resize(kPeriod + n);  // (3 + n) the pattern, then n tokens that continue it
        for (int i = 0; i < kPeriod; ++i) ex.tokens[i] = rng.below(k);
        for (int i = kPeriod; i < kPeriod + n; ++i) ex.tokens[i] = ex.tokens[i - kPeriod];
        ex.scored.assign(kPeriod + n - 1, 0);  // (2 + n) the predictions of tokens 3 … 3 + n − 1
        for (int i = kPeriod - 1; i < kPeriod + n - 1; ++i) ex.scored[i] = 1;
    };
    return t;
}

TaskInfo repeat_task_info() {
    TaskInfo info;
    info.name = "repeat";
    info.summary_en = "abcabcab: continue a pattern of three";
    info.explain =
        N_("The model reads three random letters and then continues them as a repeating pattern. Every "
           "output is the letter three places back, whatever the position, so the attention that solves "
           "it is a diagonal two places below the main one (each position looks two back, at the letter "
           "that comes next). Because the rule is relative, rotary positions can apply it to longer "
           "inputs than the model trained on; learned positions cannot.");
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 300;
    info.defaults.lr = 3e-3f;
    info.make = make_repeat;
    return info;
}

}  // namespace attn::train
