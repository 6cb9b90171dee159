// bench_marian.cpp — a translation model at opus-mt-ko-en's shape (Google Benchmark), random
// weights: what the app and `generate` do with a sentence.
//
//   BM_MarianEncoder        the encoder over S = 128 source tokens, every head's weights and row
//                           statistics kept (the app's run)
//   BM_MarianEncode         the same encoder as translation runs it: no statistics
//   BM_MarianProducts       the encoder's matrix products alone (q, k, v, o, fc1, fc2; QKᵀ and AV of
//                           every head) by OpenBLAS sgemm, split over the engine pool as the engine
//                           splits them
//   BM_MarianDecode         32 greedy tokens with the cached step after a 32-token source: the
//                           encoder and every decoder layer's cross-attention keys and values once
//                           (outside the clock), then one decoder row per token and its logits over
//                           the 65,001-token vocabulary (counter: ms per token)
//
// Shape: 6 + 6 post-LN layers, 8 heads, d = 512, d_ff = 2048, swish, vocabulary 65,001, 512
// positions (Helsinki-NLP/opus-mt-ko-en). Threads: the engine pool's size (ATTNLAB_THREADS).
// PyTorch counterpart, the same arithmetic in plain torch ops: bench/bench_torch_marian.py SETTING.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench/products.h"
#include "bench/random_weights.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

constexpr int kD = 512, kHeads = 8, kLayers = 6, kFf = 2048, kVocab = 65001, kPositions = 512;
constexpr int kSource = 128, kShortSource = 32, kWritten = 32;

PretrainedConfig config() {
    PretrainedConfig c;
    c.model_type = "marian";
    c.family = find_family(c.model_type);
    c.n_layers = kLayers;
    c.n_heads = kHeads;
    c.d_model = kD;
    c.d_ff = kFf;
    c.vocab_size = kVocab;
    c.max_positions = kPositions;
    c.layer_norm_eps = 1e-5f;
    c.activation = "silu";
    c.decoder_layers = kLayers;
    c.decoder_heads = kHeads;
    c.decoder_ff = kFf;
    auto settings = std::make_shared<Seq2SeqSettings>();
    c.settings = settings;
    Seq2SeqSettings& q = *settings;
    q.scale_embedding = true;
    q.pad_id = q.decoder_start_id = kVocab - 1;
    q.eos_id = 0;
    return c;
}

Seq2SeqBlock random_block(bool cross, unsigned s) {
    Seq2SeqBlock b;
    b.self_attn = bench::random_attention(kD, kHeads, s);
    b.ln_self_gamma = b.ln_out_gamma = RowVec::Ones(kD);
    b.ln_self_beta = b.ln_out_beta = RowVec::Zero(kD);
    if (cross) {
        b.cross_attn = bench::random_attention(kD, kHeads, s + 10);
        b.ln_cross_gamma = RowVec::Ones(kD);
        b.ln_cross_beta = RowVec::Zero(kD);
    }
    bench::random_mlp(kD, kFf, s, b.ff1_w, b.ff1_b, b.ff2_w, b.ff2_b);
    return b;
}

// Made at first use, once.
const std::shared_ptr<const PretrainedModel>& model() {
    static const std::shared_ptr<const PretrainedModel> m = [] {
        auto w = std::make_shared<MarianWeights>();
        w->embed = testing::random_normal(kVocab, kD, 0.02f, 5);
        w->final_logits_bias = bench::random_row(kVocab, 0.02f, 6);
        w->encoder_positions = w->decoder_positions = sinusoidal_positions_halves(kPositions, kD);
        for (int l = 0; l < kLayers; ++l) w->encoder.push_back(random_block(false, bench::layer_seed(l)));
        for (int l = 0; l < kLayers; ++l) w->decoder.push_back(random_block(true, bench::layer_seed(50 + l)));
        return in_memory_model(config(), w, "opus-mt-ko-en shape");
    }();
    return m;
}

const MarianWeights& weights() { return weights_as<MarianWeights>(*model()->weights); }

std::vector<int> source(int n) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i) ids.push_back(1 + (i * 7919) % (kVocab - 2));
    return ids;
}

void encoder(benchmark::State& state, bool stats) {
    const std::vector<int> ids = source(kSource);
    ForwardOptions opt;  // no knock-outs
    opt.attention.compute_stats = stats;
    for (auto _ : state) {
        ForwardPass pass = marian_encode(weights(), model()->config, ids, opt);
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    state.SetLabel("S = 128");
    state.counters["threads"] = engine_pool().size();
}

void BM_MarianEncoder(benchmark::State& state) { encoder(state, true); }
void BM_MarianEncode(benchmark::State& state) { encoder(state, false); }

void BM_MarianProducts(benchmark::State& state) {
    const MarianWeights& w = weights();
    const int S = kSource, dk = kD / kHeads;
    const Mat x = testing::random_normal(S, kD, 1.0f, 7);  // (S, d)
    Mat q(S, kD), k(S, kD), v(S, kD), concat(S, kD), y(S, kD), h(S, kFf);
    std::vector<Mat> s(std::size_t(kHeads), Mat(S, S));
    ThreadPool& pool = engine_pool();
    auto project = [&](std::initializer_list<bench::ProductJob> jobs) { bench::project_columns(pool, jobs); };
    for (auto _ : state) {
        for (const Seq2SeqBlock& b : w.encoder) {
            project({{&x, &b.self_attn.w_q, &q}, {&x, &b.self_attn.w_k, &k}, {&x, &b.self_attn.w_v, &v}});
            pool.parallel_for(kHeads, [&](int hd) {
                matmul_bt(q.middleCols(hd * dk, dk), k.middleCols(hd * dk, dk), s[std::size_t(hd)]);   // (S, S)
                matmul(s[std::size_t(hd)], v.middleCols(hd * dk, dk), concat.middleCols(hd * dk, dk));  // (S, d_k)
            });
            project({{&concat, &b.self_attn.w_o, &y}});
            project({{&x, &b.ff1_w, &h}});
            project({{&h, &b.ff2_w, &y}});
        }
        benchmark::DoNotOptimize(y.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel("S = 128");
    state.counters["threads"] = pool.size();
}

void BM_MarianDecode(benchmark::State& state) {
    const PretrainedModel& m = *model();
    Seq2SeqSession start;
    m.family().start_translation(m, source(kShortSource), start, {});  // the encoder and cross K/V, once
    for (auto _ : state) {
        Seq2SeqSession s = start;  // shares the encoder's keys and values
        for (int t = 0; t < kWritten; ++t) {
            Eigen::Index next = 0;
            s.logits.maxCoeff(&next);
            m.family().append_target(s, int(next) == seq2seq_settings(m.config).eos_id ? 5 : int(next));  // never stop early
        }
        benchmark::DoNotOptimize(s.logits.data());
    }
    state.SetLabel("S = 32, 32 tokens");
    state.counters["threads"] = engine_pool().size();
    state.counters["ms_per_token"] = benchmark::Counter(double(state.iterations()) * kWritten / 1000.0,
                                                        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK(BM_MarianEncoder)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MarianEncode)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MarianProducts)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MarianDecode)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
