// Peak resident memory of one whole trace at N tokens, d_model 768, 12 heads (fresh process), and
// the time of that first trace (its memory is new to the process: page faults) and of a second one
// computed after freeing the first (the engine keeps freed memory for reuse: attention.cpp).
// Usage: attnlab_peak_memory N
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/attention/engine.h"

int main(int argc, char** argv) {
    using namespace attn;
    const int n = argc > 1 ? std::atoi(argv[1]) : 2048;
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    ModelConfig mc;
    mc.d_model = 768;
    mc.n_heads = 12;
    const BuiltinModel model = *make_builtin_model(mc);
    RunConfig run;
    for (int i = 0; i < n; ++i) run.text += "w" + std::to_string(i) + " ";
    run.tokenizer.max_tokens = size_t(n);
    const auto t0 = std::chrono::steady_clock::now();
    auto trace = compute_trace(model, run);
    const auto t1 = std::chrono::steady_clock::now();
    if (!trace) {
        std::fprintf(stderr, "%s\n", trace.error().c_str());
        return 1;
    }
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    trace = Status::Error("freed");  // drop the first trace before the second
    const auto t2 = std::chrono::steady_clock::now();
    auto again = compute_trace(model, run);
    const auto t3 = std::chrono::steady_clock::now();
    if (!again) return 1;
    auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
    std::printf("N=%d: first trace %.1f ms, second %.1f ms; peak RSS %.1f MiB (before the run %.1f MiB)\n",
                n, ms(t0, t1), ms(t2, t3), after.ru_maxrss / 1024.0, before.ru_maxrss / 1024.0);
    return 0;
}
