// Rotary decoder benchmarks (Google Benchmark) on a random-weight folder in a real model's shape
// (bench/make_llama_folder.py: SmolLM2-135M or Qwen2.5-0.5B, BF16, kept 16-bit as the app keeps it).
//
//   BM_LlamaForward/N    the whole pass over N tokens, every layer's per-head scores and weights
//                        kept (what the views show), no LM head
//   BM_LlamaProducts/N   the same pass's matrix products alone, by OpenBLAS sgemm on float32 copies
//                        of the weights, split over the engine pool as the engine splits them
//                        (q, k, v, o, gate, up, down; QKᵀ and AV of every query head): the
//                        machine's practical limit, for the ratio forward / products
//   BM_LlamaStep         after a 16-token prompt, 32 greedy tokens with the KV cache (each: one row
//                        through every layer, its attention rows kept, logits over the vocabulary,
//                        top-5); "ms_per_token" is the mean per token
//
// The folder: ATTNLAB_BENCH_LLAMA=DIR (ATTNLAB_BENCH_WIDEN=1: its weights widened to float32 at load,
// to see what keeping them 16-bit costs or saves). Threads: ATTNLAB_THREADS (default one per core). PyTorch
// counterpart: bench/bench_torch_llama.py (the same folder, float32, plain torch ops).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <vector>

#include "bench/llama_folder.h"
#include "bench/products.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "core/lm/lm_session.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

constexpr int kPrompt = 16, kSteps = 32;

const bench::LlamaFolder& folder() {
    static const bench::LlamaFolder f = [] {
        const char* dir = std::getenv("ATTNLAB_BENCH_LLAMA");
        if (!dir) {
            std::fprintf(stderr, "set ATTNLAB_BENCH_LLAMA to a folder from bench/make_llama_folder.py\n");
            std::exit(1);
        }
        return bench::load_llama_folder(dir, std::getenv("ATTNLAB_BENCH_WIDEN") == nullptr);
    }();
    return f;
}

std::vector<int> ids(int n) {
    std::vector<int> v(std::size_t(n), 0);
    for (int i = 0; i < n; ++i) v[std::size_t(i)] = (i * 37 + 11) % folder().config.vocab_size;
    return v;
}

double process_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

void counters(benchmark::State& state) {
    state.counters["threads"] = engine_pool().size();
    state.counters["weight_mib"] = double(folder().weights.bytes()) / (1 << 20);
}

void BM_LlamaForward(benchmark::State& state) {
    const std::vector<int> tokens = ids(int(state.range(0)));
    const bench::LlamaFolder& f = folder();
    for (auto _ : state) {
        ForwardPass pass = rotary_forward(f.weights, f.config, tokens);
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

// Per layer, float32 in our x·W layout: (d, H·d_k), (d, G·d_k) ×2, (H·d_k, d), (d, d_ff) ×2, (d_ff, d).
struct FloatLayer {
    Mat q, k, v, o, gate, up, down;
};

void BM_LlamaProducts(benchmark::State& state) {
    const int n = int(state.range(0));
    const bench::LlamaFolder& f = folder();
    const PretrainedConfig& c = f.config;
    const int d = c.d_model, H = c.n_heads, G = c.n_kv_heads(), dk = c.d_k(), group = H / G;
    static const std::vector<FloatLayer> layers = [&] {
        std::vector<FloatLayer> out;
        for (const RotaryBlock& b : f.weights.blocks)
            out.push_back({weight_to_float_transposed(b.w_q), weight_to_float_transposed(b.w_k),
                           weight_to_float_transposed(b.w_v), weight_to_float_transposed(b.w_o),
                           weight_to_float_transposed(b.w_gate), weight_to_float_transposed(b.w_up),
                           weight_to_float_transposed(b.w_down)});
        return out;
    }();
    const Mat x = Mat::Random(n, d) * 0.1f;  // (N, d)
    Mat q(n, H * dk), k(n, G * dk), v(n, G * dk), concat(n, H * dk), y(n, d), gate(n, c.d_ff), up(n, c.d_ff);
    std::vector<Mat> s(std::size_t(H), Mat(n, n));  // (N, N) per head: heads run in parallel
    ThreadPool& pool = engine_pool();
    auto project = [&](std::initializer_list<bench::ProductJob> jobs) { bench::project_columns(pool, jobs); };
    for (auto _ : state) {
        for (const FloatLayer& L : layers) {
            project({{&x, &L.q, &q}, {&x, &L.k, &k}, {&x, &L.v, &v}});
            pool.parallel_for(H, [&](int h) {
                const int g = h / group;
                matmul_bt(q.middleCols(h * dk, dk), k.middleCols(g * dk, dk), s[std::size_t(h)]);  // (N, N)
                matmul(s[std::size_t(h)], v.middleCols(g * dk, dk), concat.middleCols(h * dk, dk));  // (N, d_k)
            });
            project({{&concat, &L.o, &y}});
            project({{&x, &L.gate, &gate}, {&x, &L.up, &up}});
            project({{&gate, &L.down, &y}});
        }
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

void BM_LlamaStep(benchmark::State& state) {
    const bench::LlamaFolder& f = folder();
    const auto model = bench::model_of(f);
    lm::LmSession s = lm::start_session(*model, ids(kPrompt));
    double cpu = 0.0;
    for (auto _ : state) {
        const double c0 = process_cpu_ms();
        auto steps = lm::generate(s, kSteps, lm::SamplingOptions{}, 5);
        benchmark::DoNotOptimize(steps->back().id);
        cpu += process_cpu_ms() - c0;
        state.PauseTiming();
        for (int i = 0; i < kSteps; ++i) lm::pop_token(s);  // back to the prompt: every round is alike
        state.ResumeTiming();
    }
    state.counters["ms_per_token"] =
        benchmark::Counter(double(kSteps) * 1e-3, benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
    state.counters["cpu_ms_per_token"] = cpu / double(state.iterations()) / kSteps;
    counters(state);
}

}  // namespace

BENCHMARK(BM_LlamaForward)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LlamaProducts)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LlamaStep)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
