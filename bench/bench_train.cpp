// bench_train.cpp — training speed of the default `reverse` configuration (2 layers, 4 heads,
// d = 64, batch 4, T = 12, AdamW), and wall time until a task reaches 99% exact on fresh examples.
// BENCH_D_MODEL, BENCH_BATCH, BENCH_LR and BENCH_SEED override the defaults (bench_torch_train.py
// reads the same variables), e.g. BENCH_BATCH=64 for the configuration of earlier reports.
// PyTorch counterpart: bench_torch_train.py (same model, batch, optimizer and threads).
//
// Usage: attnlab_bench_train THREADS [STEPS]          -> "ours-train threads=T steps_per_s=… cpu_steps_per_s=…"
//        attnlab_bench_train THREADS --time-to-99 TASK -> "ours-99 task=… threads=T steps=… seconds=…"
// The evaluation (256 fresh examples every 10 steps) is left out of the time-to-99 clock.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "core/train/trainer.h"

using namespace attn::train;

static double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s THREADS [STEPS | --time-to-99 TASK]\n", argv[0]);
        return 2;
    }
    const int threads = std::atoi(argv[1]);
    const bool to99 = argc >= 4 && std::string(argv[2]) == "--time-to-99";
    TrainOptions o;
    apply_task_defaults(o, to99 ? argv[3] : "reverse");
    if (const char* e = std::getenv("BENCH_D_MODEL")) o.d_model = std::atoi(e);
    if (const char* e = std::getenv("BENCH_BATCH")) o.batch = std::atoi(e);
    if (const char* e = std::getenv("BENCH_LR")) o.lr = std::atof(e);
    if (const char* e = std::getenv("BENCH_SEED")) o.seed = std::atoi(e);
    o.threads = threads;
    o.eval_every = 0;
    if (to99) {
        o.steps = 20000;  // the schedule's length; we stop at 99%
        auto st = make_train_state(o);
        if (!st) return std::fprintf(stderr, "%s\n", st.error().c_str()), 1;
        TrainState& s = **st;
        // the task's own step count sets the schedule, as `attnlab train` runs it
        TrainOptions d;
        apply_task_defaults(d, argv[3]);
        s.options.steps = d.steps * 4;
        double train_s = 0;
        while (s.step < s.options.steps) {
            const auto t0 = std::chrono::steady_clock::now();
            train_step(s);
            train_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (s.step % 10 == 0) {
                const Evaluation ev = evaluate(s, 256, 1000 + s.step);
                if ((s.task.exact_meaningful ? ev.exact : ev.token_acc) >= 0.99f) {
                    std::printf("ours-99 task=%s threads=%d steps=%d seconds=%.2f\n", argv[3], threads, s.step, train_s);
                    return 0;
                }
            }
        }
        std::printf("ours-99 task=%s threads=%d steps=never seconds=%.2f\n", argv[3], threads, train_s);
        return 0;
    }
    const int steps = argc >= 3 ? std::atoi(argv[2]) : 200;
    o.steps = steps + 10;
    auto st = make_train_state(o);
    if (!st) return std::fprintf(stderr, "%s\n", st.error().c_str()), 1;
    TrainState& s = **st;
    for (int i = 0; i < 10; ++i) train_step(s);  // warm-up: buffers sized, caches warm
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    for (int i = 0; i < steps; ++i) train_step(s);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_seconds() - c0;
    std::printf("ours-train threads=%d steps=%d steps_per_s=%.1f cpu_steps_per_s=%.1f\n", threads, steps,
                steps / wall, steps / cpu);
    return 0;
}
