// task_brackets.cpp — `([]{>})`: close every bracket still open, innermost first.
//
//   [P brackets, a valid prefix with at least one left open] '>' [the closing ones] ['.' padding]
#include <vector>

#include "core/task/task.h"
#include "core/i18n/marks.h"

namespace attn::train {

static Expected<Task> make_brackets(const TaskParams& in) {
    TaskParams p = in;
    if (p.length == 0) p.length = 8;
    p.n_symbols = 3;  // (), [], {}
    if (Status s = check_range("--length", p.length, 2, 24); !s) return s;
    const int P = p.length, L = 2 * P + 1;
    // ids: 0 ( 1 ) 2 [ 3 ] 4 { 5 } 6 > 7 .
    Task t = make_symbol_task("brackets", "()[]{}>.", L);
    t.params = p;
    t.sample = [P, L](TaskRng& rng, Example& ex) {
        std::vector<int> open;  // stack of open bracket types (0, 1, 2)
        ex.tokens.assign(L, 7);   // (L) '.' padding by default
        do {
            open.clear();
            for (int i = 0; i < P; ++i) {
                if (open.empty() || rng.below(2) == 0) {
                    const int type = rng.below(3);
                    open.push_back(type);
                    ex.tokens[i] = 2 * type;
                } else {
                    ex.tokens[i] = 2 * open.back() + 1;
                    open.pop_back();
                }
            }
        } while (open.empty());
        ex.tokens[P] = 6;  // '>'
        ex.scored.assign(L - 1, 0);  // (L − 1)
        for (int i = 0; !open.empty(); ++i) {
            ex.tokens[P + 1 + i] = 2 * open.back() + 1;
            ex.scored[P + i] = 1;  // the prediction of this closing bracket, made one step before
            open.pop_back();
        }
    };
    return t;
}

TaskInfo brackets_task_info() {
    TaskInfo info;
    info.name = "brackets";
    info.summary_en = "([]{>}): close the brackets still open";
    info.explain =
        N_("The model reads a run of brackets of three kinds, some still open, then '>', and must close "
           "the open ones in the right order (innermost first) and with the right kind. Each closing "
           "bracket it writes has to look back at the opening bracket it matches: expect a head whose "
           "weights jump from each closing position to its partner, skipping pairs already closed.");
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 1500;
    info.defaults.lr = 3e-3f;
    info.make = make_brackets;
    return info;
}

}  // namespace attn::train
