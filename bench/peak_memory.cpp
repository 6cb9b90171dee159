// Peak resident memory of one whole trace at N tokens, d_model 768, 12 heads (fresh process), and
// the time of that first trace (its memory is new to the process: page faults) and of a second one
// computed after freeing the first (the engine keeps freed memory for reuse: attention.cpp).
// Usage: attnlab_peak_memory N
//
// With --llama DIR (a folder from bench/make_llama_folder.py): the peak resident memory of loading
// that rotary decoder, a 16-token prompt's session and 8 generated tokens — the weights kept 16-bit
// as the app keeps them, or with --widen all float32 (as before compact weights), to compare.
// Usage: attnlab_peak_memory --llama DIR [--widen]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/llama_folder.h"
#include "core/attention/engine.h"
#include "core/lm/lm_session.h"

static int llama_peak(const std::string& dir, bool widen) {
    using namespace attn;
    const auto t0 = std::chrono::steady_clock::now();
    const bench::LlamaFolder f = bench::load_llama_folder(dir, !widen);
    const auto t1 = std::chrono::steady_clock::now();
    rusage loaded{};
    getrusage(RUSAGE_SELF, &loaded);
    std::vector<int> prompt(16);
    for (int i = 0; i < 16; ++i) prompt[std::size_t(i)] = (i * 37 + 11) % f.config.vocab_size;
    const auto model = bench::model_of(f);
    lm::LmSession s = lm::start_session(*model, prompt);
    auto steps = lm::generate(s, 8, lm::SamplingOptions{}, 5);
    if (!steps) return 1;
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    std::printf("llama %s%s: weights %.1f MiB, load %.1f s, peak RSS after load %.1f MiB, after 16 + 8 tokens %.1f MiB\n",
                dir.c_str(), widen ? " (widened to float32)" : " (16-bit kept)", double(f.weights.bytes()) / (1 << 20),
                std::chrono::duration<double>(t1 - t0).count(), loaded.ru_maxrss / 1024.0, after.ru_maxrss / 1024.0);
    return 0;
}

int main(int argc, char** argv) {
    using namespace attn;
    if (argc > 2 && std::string(argv[1]) == "--llama")
        return llama_peak(argv[2], argc > 3 && std::string(argv[3]) == "--widen");
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
