// GPT-2-small-shaped generation and head roles (Google Benchmark): 12 layers, 12 heads, d = 768,
// d_ff = 3072, vocabulary 50257 (the LM head is a fair share of a token's cost), random weights.
//
//   BM_GenerateToken   after a 16-token prompt, 32 greedy tokens with the KV cache (each: one row
//                      through every layer, its attention rows kept, logits over the vocabulary,
//                      top-5); "ms_per_token" is the mean per token. PyTorch counterpart:
//                      bench/bench_torch_generate.py (its own cache in plain torch ops).
//   BM_HeadRoles       the standard probe (41 tokens: <bos> + 20 random + the same 20) and the six
//                      unrepeated contents of positional through the model (7 forwards), then all
//                      seven role scores for all 144 heads (target < 1 s).
//   BM_RankHeads       "Which heads matter here?" on the 16-token prompt: 1 + 144 forward passes
//                      (every head zeroed alone), each with the LM head on the last position.
//
// Threads: ATTNLAB_THREADS (default one per core), reported as the "threads" counter.
#include <benchmark/benchmark.h>

#include <ctime>
#include <vector>

#include "bench/random_weights.h"
#include "core/lm/lm_session.h"
#include "core/lm/head_roles_probe.h"
#include "core/lm/knockout.h"
#include "core/base/parallel.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::lm;
using namespace attn::pretrained;

namespace {

constexpr int kPrompt = 16, kSteps = 32;

PretrainedConfig small_config() { return bench::gpt2_small_config(50257); }

// CPU time of the whole process (every thread), in ms: on a shared machine the steadier figure.
double process_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

const Gpt2Weights& weights() {
    static const Gpt2Weights w = bench::random_gpt2_weights(small_config());
    return w;
}

// The random weights as a model the GPT-2 family runs (borrowed: weights() lives to the end).
const PretrainedModel& model() {
    static const auto m = in_memory_model(
        small_config(), std::shared_ptr<const FamilyWeights>(std::shared_ptr<void>(), &weights()), "bench");
    return *m;
}

std::vector<int> prompt_ids() {
    std::vector<int> v(kPrompt);
    for (int i = 0; i < kPrompt; ++i) v[i] = (i * 37 + 11) % 50257;
    return v;
}

void BM_GenerateToken(benchmark::State& state) {
    LmSession s = start_session(model(), prompt_ids());
    double cpu = 0.0;
    for (auto _ : state) {
        const double c0 = process_cpu_ms();
        auto steps = generate(s, kSteps, SamplingOptions{}, 5);
        benchmark::DoNotOptimize(steps->back().id);
        cpu += process_cpu_ms() - c0;
        state.PauseTiming();
        for (int i = 0; i < kSteps; ++i) pop_token(s);  // back to the prompt: every round is alike
        state.ResumeTiming();
    }
    // Per token: wall time (from the iteration time) and process CPU time.
    state.counters["ms_per_token"] =
        benchmark::Counter(double(kSteps) * 1e-3, benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
    state.counters["cpu_ms_per_token"] = cpu / double(state.iterations()) / kSteps;
    state.counters["threads"] = engine_pool().size();
}

void BM_HeadRoles(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const std::vector<int> probe = repeated_random_ids(c.vocab_size, 20, 14, {50256}, {50256}, {});
    std::vector<std::vector<int>> varied;  // as standard_probe: positional's contents
    for (int k = 0; k < 6; ++k) varied.push_back(distinct_random_ids(c.vocab_size, 40, 101 + k, {50256}, {50256}, {}));
    AttentionOptions opt;
    opt.compute_stats = false;  // as head_role_report (forward_ids) runs it
    for (auto _ : state) {
        const ForwardPass pass = gpt2_forward(weights(), c, probe, BoolMat(), opt);
        std::vector<ForwardPass> passes;
        for (const std::vector<int>& ids : varied) passes.push_back(gpt2_forward(weights(), c, ids, BoolMat(), opt));
        HeadRoleTable table;
        for (int l = 0; l < c.n_layers; ++l) {
            for (int h = 0; h < c.n_heads; ++h) {
                const LayerTrace& L = pass.layers[l];
                std::vector<HeadSample> position;
                for (std::size_t k = 0; k < passes.size(); ++k)
                    position.push_back({&passes[k].layers[l].heads[h].weights, &passes[k].layers[l].blocked, &varied[k]});
                table.heads.push_back(score_head({HeadSample{&L.heads[h].weights, &L.blocked, &probe}}, position));
            }
        }
        benchmark::DoNotOptimize(table.heads.data());
    }
    state.counters["heads"] = c.n_layers * c.n_heads;
    state.counters["threads"] = engine_pool().size();
}

void BM_RankHeads(benchmark::State& state) {
    const PretrainedConfig c = small_config();
    const std::vector<int> ids = prompt_ids();
    ForwardOptions opt;
    opt.attention.compute_stats = false;  // as forward_ids runs it
    // As lm::rank_heads(model, …): each head's pass starts at its own layer from the base pass.
    auto logits = [&](const Ablation& a) -> RowVec {
        static ForwardPass base;
        if (a.heads.empty()) {
            base = gpt2_forward(weights(), c, ids, BoolMat(), opt);
            return gpt2_logits(weights(), base.hidden_states.back().bottomRows(1)).row(0);  // (V)
        }
        ForwardOptions one = opt;
        one.ablation = a;
        const int l = a.heads[0].layer;
        const Mat h = gpt2_forward_from(weights(), c, base.hidden_states[l], l, one);  // (T, d)
        return gpt2_logits(weights(), h.bottomRows(1)).row(0);  // (V)
    };
    for (auto _ : state) {
        const HeadRanking r = rank_heads(logits, c.n_layers, c.n_heads, Ablation{});
        benchmark::DoNotOptimize(r.heads.data());
    }
    state.counters["heads"] = c.n_layers * c.n_heads;
    state.counters["threads"] = engine_pool().size();
}

}  // namespace

BENCHMARK(BM_RankHeads)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(BM_GenerateToken)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_HeadRoles)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
