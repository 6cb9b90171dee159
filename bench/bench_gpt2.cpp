// GPT-2-small-shaped forward pass (Google Benchmark): 12 layers, 12 heads, d = 768, d_ff = 3072,
// random weights, every layer's per-head scores and weights kept (what the app shows).
//
//   BM_Gpt2Forward/N     the whole pass: embeddings, 12 × (LN, attention trace, MLP), ln_f
//   BM_Gpt2Attention/N   one layer's run_attention_layer (projections, 12 heads, W_O, stats)
//   BM_Gpt2Mlp/N         one layer's MLP: LN, c_fc, gelu_new, c_proj
//   BM_ScalingView{TwoRuns,OneRun}/N  the Scaling view's response (causal, as the app runs GPT-2):
//                        before, the model ran twice (the run, then every layer with the scaling
//                        toggled); now once, and the shown head's other setting comes from the same
//                        scores (other_scaling_layer). Both include the lab's one-head softmax.
//   BM_Gpt2Products/N    the whole pass's matrix products alone (q, k, v, o, c_fc, c_proj; QKᵀ and
//                        AV of every head) by OpenBLAS sgemm, split over the engine pool as the
//                        engine splits them: the practical limit, for the ratio forward / products
//
// Threads: the engine pool's size, set by ATTNLAB_THREADS (default: one per core); the "threads"
// counter reports it. Compare with bench/bench_torch_gpt2.py, e.g.
//   ATTNLAB_THREADS=1 attnlab_bench_gpt2 && /usr/bin/python3 bench/bench_torch_gpt2.py 1 128
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/products.h"
#include "bench/random_weights.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

// Vocabulary 1024: the embedding lookup costs nothing either way.
PretrainedConfig small_config() { return bench::gpt2_small_config(1024); }

const Gpt2Weights& weights() {
    static const Gpt2Weights w = bench::random_gpt2_weights(small_config());
    return w;
}

std::vector<int> ids(int n) {
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = (i * 37 + 11) % 1024;
    return v;
}

void counters(benchmark::State& state) {
    state.counters["N"] = double(state.range(0));
    state.counters["threads"] = engine_pool().size();
}

void BM_Gpt2Forward(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const std::vector<int> tokens = ids(int(state.range(0)));
    const Gpt2Weights& w = weights();
    for (auto _ : state) {
        ForwardPass pass = gpt2_forward(w, c, tokens, BoolMat(), AttentionOptions{});
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

void BM_Gpt2Attention(benchmark::State& state) {
    const int n = int(state.range(0));
    const Mat x = testing::random_normal(n, 768, 1.0f, 7);  // (N, d)
    BoolMat causal = BoolMat::Zero(n, n);
    for (int i = 0; i < n; ++i) causal.row(i).tail(n - 1 - i).setOnes();
    for (auto _ : state) {
        LayerTrace L = run_attention_layer(x, x, weights().blocks[0].attn, causal, AttentionOptions{});
        benchmark::DoNotOptimize(L.output.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

void BM_Gpt2Mlp(benchmark::State& state) {
    const int n = int(state.range(0));
    const Gpt2Block& b = weights().blocks[0];
    const Mat x = testing::random_normal(n, 768, 1.0f, 7);  // (N, d)
    Mat a, h, y;  // (N, d), (N, d_ff), (N, d)
    for (auto _ : state) {
        layer_norm(x, b.ln_2_gamma, b.ln_2_beta, 1e-5f, a);
        linear(a, b.fc_w, b.fc_b, h);
        gelu_tanh(h);
        linear(h, b.proj_w, b.proj_b, y);
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

void BM_Gpt2Products(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const int n = int(state.range(0)), d = c.d_model, dk = d / c.n_heads;
    const Mat x = testing::random_normal(n, d, 1.0f, 7);  // (N, d)
    Mat q(n, d), k(n, d), v(n, d), concat(n, d), y(n, d), h(n, c.d_ff);
    std::vector<Mat> s(std::size_t(c.n_heads), Mat(n, n));  // (N, N) per head: heads run in parallel
    ThreadPool& pool = engine_pool();
    auto project = [&](std::initializer_list<bench::ProductJob> jobs) { bench::project_columns(pool, jobs); };
    for (auto _ : state) {
        for (const Gpt2Block& b : weights().blocks) {
            project({{&x, &b.attn.w_q, &q}, {&x, &b.attn.w_k, &k}, {&x, &b.attn.w_v, &v}});
            pool.parallel_for(c.n_heads, [&](int hd) {
                matmul_bt(q.middleCols(hd * dk, dk), k.middleCols(hd * dk, dk), s[std::size_t(hd)]);   // (N, N)
                matmul(s[std::size_t(hd)], v.middleCols(hd * dk, dk), concat.middleCols(hd * dk, dk));  // (N, d_k)
            });
            project({{&concat, &b.attn.w_o, &y}});
            project({{&x, &b.fc_w, &h}});
            project({{&h, &b.proj_w, &y}});
        }
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

BoolMat causal(int n) {
    BoolMat m = BoolMat::Zero(n, n);
    for (int i = 0; i < n; ++i) m.row(i).tail(n - 1 - i).setOnes();
    return m;
}

void BM_ScalingViewTwoRuns(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const std::vector<int> tokens = ids(int(state.range(0)));
    const BoolMat mask = causal(int(state.range(0)));
    AttentionOptions flipped;
    flipped.scale = false;
    for (auto _ : state) {
        ForwardPass pass = gpt2_forward(weights(), c, tokens, mask, AttentionOptions{});
        ForwardPass other = gpt2_forward(weights(), c, tokens, mask, flipped);
        benchmark::DoNotOptimize(pass.layers.back().heads[0].weights.data());
        benchmark::DoNotOptimize(other.layers.back().heads[0].weights.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

void BM_ScalingViewOneRun(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const std::vector<int> tokens = ids(int(state.range(0)));
    const BoolMat mask = causal(int(state.range(0)));
    for (auto _ : state) {
        ForwardPass pass = gpt2_forward(weights(), c, tokens, mask, AttentionOptions{});
        LayerTrace other = other_scaling_layer(pass.layers.back(), 0);
        benchmark::DoNotOptimize(other.heads[0].weights.data());
        benchmark::ClobberMemory();
    }
    counters(state);
}

}  // namespace

BENCHMARK(BM_ScalingViewTwoRuns)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ScalingViewOneRun)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Gpt2Forward)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Gpt2Attention)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Gpt2Products)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Gpt2Mlp)->Arg(128)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
