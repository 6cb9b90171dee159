// Benchmarks of the attention engine (Google Benchmark). Speed is reported, never asserted.
//
//   BM_Trace/N           the whole layer trace: Q, K, V, per-head scores and weights kept, concat,
//                        W_O, per-row stats for both scalings. d_model = 768, 12 heads.
//   BM_TraceNoStats/N    the same without the per-row stats.
//   BM_Reattend/N        what a toggle (scaling, temperature, mask) recomputes: softmax onwards.
//   BM_OpenBLAS/N        the same matrix products done by OpenBLAS sgemm (no softmax, nothing
//                        kept), split over the engine pool as the engine does (serial OpenBLAS
//                        per block): the machine's practical limit for this FLOP count.
//   BM_EngineText/N      text → trace through the tokenizer and built-in model (incl. embeddings).
//
// Counters: GFLOP/s over the matrix-product FLOPs 8·N·d² + 4·N²·d (projections + QKᵀ + AV).
// Every benchmark runs its body once untimed first: Google Benchmark may otherwise time a single
// iteration at N = 2048, the process's first, which pays the page faults of fresh memory (the
// engine keeps freed trace memory for the next trace: attention.cpp, keep_freed_memory). The cost
// of a first trace in a fresh process is printed by attnlab_peak_memory.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "bench/products.h"
#include "core/attention/attention.h"
#include "core/attention/engine.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "tests/random_matrix.h"

using namespace attn;

namespace {

constexpr int kD = 768;
constexpr int kHeads = 12;

Mat randn(int rows, int cols, float stddev, unsigned seed) {
    return testing::random_normal(rows, cols, stddev, seed);
}

const AttentionWeights& weights() {
    static const AttentionWeights w = [] {
        AttentionWeights w;
        w.n_heads = kHeads;
        const float s = 1.0f / std::sqrt(float(kD));
        w.w_q = randn(kD, kD, s, 1);
        w.w_k = randn(kD, kD, s, 2);
        w.w_v = randn(kD, kD, s, 3);
        w.w_o = randn(kD, kD, s, 4);
        return w;
    }();
    return w;
}

double flops(int n) { return 8.0 * n * kD * kD + 4.0 * double(n) * n * kD; }

void set_counters(benchmark::State& state, int n) {
    state.counters["GFLOP/s"] =
        benchmark::Counter(flops(n) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["N"] = n;
}

void run_trace(benchmark::State& state, bool stats) {
    const int n = int(state.range(0));
    const Mat x = randn(n, kD, 1.0f, 7);
    AttentionOptions opt;
    opt.compute_stats = stats;
    benchmark::DoNotOptimize(run_attention_layer(x, x, weights(), BoolMat(), opt).output.data());  // warm-up
    for (auto _ : state) {
        LayerTrace L = run_attention_layer(x, x, weights(), BoolMat(), opt);
        benchmark::DoNotOptimize(L.output.data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

void BM_Trace(benchmark::State& state) { run_trace(state, true); }
void BM_TraceNoStats(benchmark::State& state) { run_trace(state, false); }

// Toggling scaling / temperature / a mask: softmax onwards, reusing projections and raw scores.
void BM_Reattend(benchmark::State& state) {
    const int n = int(state.range(0));
    const Mat x = randn(n, kD, 1.0f, 7);
    const LayerTrace first = run_attention_layer(x, x, weights(), BoolMat(), AttentionOptions{});
    AttentionOptions opt;
    opt.scale = false;
    benchmark::DoNotOptimize(reattend_layer(first, weights(), BoolMat(), opt).output.data());  // warm-up
    for (auto _ : state) {
        LayerTrace L = reattend_layer(first, weights(), BoolMat(), opt);
        benchmark::DoNotOptimize(L.output.data());
        benchmark::ClobberMemory();
    }
    state.counters["N"] = n;
}

void BM_OpenBLAS(benchmark::State& state) {
    const int n = int(state.range(0));
    const int dk = kD / kHeads;
    const AttentionWeights& w = weights();
    const Mat x = randn(n, kD, 1.0f, 7);
    Mat q(n, kD), k(n, kD), v(n, kD), concat(n, kD), out(n, kD);
    std::vector<Mat> s(kHeads, Mat(n, n));  // one score buffer per head: heads run in parallel
    ThreadPool& pool = engine_pool();
    auto project = [&](std::initializer_list<bench::ProductJob> jobs) { bench::project_columns(pool, jobs); };
    auto products = [&] {
        project({{&x, &w.w_q, &q}, {&x, &w.w_k, &k}, {&x, &w.w_v, &v}});
        pool.parallel_for(kHeads, [&](int h) {
            matmul_bt(q.middleCols(h * dk, dk), k.middleCols(h * dk, dk), s[h]);
            matmul(s[h], v.middleCols(h * dk, dk), concat.middleCols(h * dk, dk));
        });
        project({{&concat, &w.w_o, &out}});
    };
    products();  // warm-up
    for (auto _ : state) {
        products();
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    set_counters(state, n);
}

void BM_EngineText(benchmark::State& state) {
    const int n = int(state.range(0));
    ModelConfig mc;
    mc.d_model = kD;
    mc.n_heads = kHeads;
    const BuiltinModel model = *make_builtin_model(mc);
    RunConfig run;
    for (int i = 0; i < n; ++i) run.text += "w" + std::to_string(i % 97) + " ";
    run.tokenizer.max_tokens = size_t(n);
    benchmark::DoNotOptimize(compute_trace(model, run));  // warm-up
    for (auto _ : state) {
        auto t = compute_trace(model, run);
        if (!t) state.SkipWithError(t.error().c_str());
        benchmark::DoNotOptimize(t->layers[0].output.data());
    }
    set_counters(state, n);
}

}  // namespace

BENCHMARK(BM_Trace)->Arg(8)->Arg(64)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TraceNoStats)->Arg(8)->Arg(64)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Reattend)->Arg(8)->Arg(64)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenBLAS)->Arg(8)->Arg(64)->Arg(512)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EngineText)->Arg(8)->Arg(64)->Arg(512)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
