// bench_whisper.cpp — Whisper on 10 s of sound (Google Benchmark), random weights at whisper-tiny and
// whisper-base shapes, what the app does with a recording:
//
//   BM_WhisperMel             the log-mel of 10 s (padded to the 30 s chunk): (80, 3000), FFTW3
//   BM_WhisperEncoder/i       the convolutions and the encoder over 1500 frames, every head's
//                             weights kept for the 500 frames that hold sound (whisper_encode's
//                             keep_frames, as the app's run)
//   BM_WhisperListen/i        the same encoder as transcribe and the Predict view's listening run
//                             it: no per-row statistics, no layer kept (the comparable to PyTorch)
//   BM_WhisperProducts/i      the encoder's matrix products alone (the convolutions as products,
//                             q, k, v, o, fc1, fc2; QKᵀ and AV of every head over 1500 frames) by
//                             OpenBLAS sgemm, split over the engine pool as the engine splits them
//   BM_WhisperDecode/i        greedy decoding with the cached step: the cross-attention keys and
//                             values once, then 4 prompt tokens and 28 written ones (counter:
//                             ms per token)
//
//   i = 0: whisper-tiny (4 + 4 layers, 6 heads, d = 384, d_ff = 1536)
//   i = 1: whisper-base (6 + 6 layers, 8 heads, d = 512, d_ff = 2048); vocabulary 51,865.
//
// Threads: the engine pool's size (ATTNLAB_THREADS). PyTorch counterpart, the same arithmetic in
// plain torch ops: /usr/bin/python3 bench/bench_torch_whisper.py TORCH_THREADS [BLAS_THREADS].
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "bench/products.h"
#include "bench/random_weights.h"
#include "core/audio/log_mel.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

struct Shape {
    const char* name;
    int d, heads, layers, d_ff;
};
constexpr Shape kShapes[] = {{"whisper-tiny", 384, 6, 4, 1536}, {"whisper-base", 512, 8, 6, 2048}};
constexpr int kVocab = 51865, kMels = 80, kFrames = 1500, kDecoderPositions = 448;
constexpr int kSoundFrames = 500;  // 10 s / 20 ms
constexpr int kPrompt = 4, kWritten = 28;

PretrainedConfig config_of(const Shape& s) {
    PretrainedConfig c;
    c.model_type = "whisper";
    c.family = find_family(c.model_type);
    c.n_layers = s.layers;
    c.n_heads = s.heads;
    c.d_model = s.d;
    c.d_ff = s.d_ff;
    c.vocab_size = kVocab;
    c.max_positions = kFrames;
    c.layer_norm_eps = 1e-5f;
    c.activation = "gelu";
    c.decoder_layers = s.layers;
    c.decoder_heads = s.heads;
    c.decoder_ff = s.d_ff;
    auto settings = std::make_shared<WhisperSettings>();
    c.settings = settings;
    WhisperSettings& q = *settings;
    q.n_mels = kMels;
    q.decoder_max_positions = kDecoderPositions;
    q.decoder_start_id = 50258;
    q.eos_id = q.pad_id = 50257;
    return c;
}

Seq2SeqBlock random_block(int d, int heads, int d_ff, bool cross, unsigned s) {
    Seq2SeqBlock b;
    b.self_attn = bench::random_attention(d, heads, s);
    b.self_attn.b_k = RowVec::Zero(d);  // k_proj has no bias
    b.ln_self_gamma = b.ln_out_gamma = RowVec::Ones(d);
    b.ln_self_beta = b.ln_out_beta = RowVec::Zero(d);
    if (cross) {
        b.cross_attn = bench::random_attention(d, heads, s + 10);
        b.cross_attn.b_k = RowVec::Zero(d);
        b.ln_cross_gamma = RowVec::Ones(d);
        b.ln_cross_beta = RowVec::Zero(d);
    }
    bench::random_mlp(d, d_ff, s, b.ff1_w, b.ff1_b, b.ff2_w, b.ff2_b);
    return b;
}

WhisperWeights make_weights(const PretrainedConfig& c) {
    const int d = c.d_model;
    WhisperWeights x;
    x.conv1_w = testing::random_normal(3 * kMels, d, 0.02f, 1);
    x.conv1_b = bench::random_row(d, 0.02f, 2);
    x.conv2_w = testing::random_normal(3 * d, d, 0.02f, 3);
    x.conv2_b = bench::random_row(d, 0.02f, 4);
    x.encoder_positions = whisper_sinusoids(kFrames, d);
    x.embed = testing::random_normal(kVocab, d, 0.02f, 5);
    x.decoder_positions = testing::random_normal(kDecoderPositions, d, 0.02f, 6);
    for (int l = 0; l < c.n_layers; ++l) x.encoder.push_back(random_block(d, c.n_heads, c.d_ff, false, bench::layer_seed(l)));
    for (int l = 0; l < c.decoder_layers; ++l)
        x.decoder.push_back(random_block(d, c.n_heads, c.d_ff, true, bench::layer_seed(50 + l)));
    x.ln_enc_gamma = x.ln_dec_gamma = RowVec::Ones(d);
    x.ln_enc_beta = x.ln_dec_beta = RowVec::Zero(d);
    return x;
}

// Made at first use, once per shape.
const WhisperWeights& weights(int shape) {
    if (shape == 0) {
        static const WhisperWeights tiny = make_weights(config_of(kShapes[0]));
        return tiny;
    }
    static const WhisperWeights base = make_weights(config_of(kShapes[1]));
    return base;
}

// 10 s of noise-like sound (a few tones and a little noise), as the recording.
std::vector<float> ten_seconds() {
    const Mat noise = testing::random_normal(1, 160000, 0.02f, 8);
    std::vector<float> s(160000);
    for (int i = 0; i < 160000; ++i)
        s[std::size_t(i)] = 0.3f * std::sin(0.07f * float(i)) + 0.2f * std::sin(0.013f * float(i)) + noise(0, i);
    return s;
}

const Mat& features() {
    static const Mat f = audio::log_mel_spectrogram(ten_seconds(), audio::MelConfig{}).features;  // (80, 3000)
    return f;
}

void BM_WhisperMel(benchmark::State& state) {
    const std::vector<float> sound = ten_seconds();
    const audio::MelConfig cfg;
    for (auto _ : state) {
        audio::LogMel mel = audio::log_mel_spectrogram(sound, cfg);
        benchmark::DoNotOptimize(mel.features.data());
    }
    state.SetLabel("10 s");
}

void BM_WhisperEncoder(benchmark::State& state) {
    const int shape = int(state.range(0));
    const PretrainedConfig c = config_of(kShapes[shape]);
    const WhisperWeights& w = weights(shape);
    const Mat& mel = features();
    for (auto _ : state) {
        ForwardPass pass = whisper_encode(w, c, mel, ForwardOptions{}, nullptr, kSoundFrames);
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(kShapes[shape].name);
    state.counters["threads"] = engine_pool().size();
}

void BM_WhisperListen(benchmark::State& state) {
    const int shape = int(state.range(0));
    const PretrainedConfig c = config_of(kShapes[shape]);
    const WhisperWeights& w = weights(shape);
    const Mat& mel = features();
    ForwardOptions plain;
    plain.attention.compute_stats = false;
    for (auto _ : state) {
        ForwardPass pass = whisper_encode(w, c, mel, plain, nullptr, 0);
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(kShapes[shape].name);
    state.counters["threads"] = engine_pool().size();
}

void BM_WhisperProducts(benchmark::State& state) {
    const int shape = int(state.range(0));
    const PretrainedConfig c = config_of(kShapes[shape]);
    const WhisperWeights& w = weights(shape);
    const int d = c.d_model, dk = d / c.n_heads, S = kFrames;
    const Mat taps1 = testing::random_normal(2 * S, 3 * kMels, 1.0f, 11);  // the convolutions' inputs, unrolled
    const Mat taps2 = testing::random_normal(S, 3 * d, 1.0f, 12);
    const Mat x = testing::random_normal(S, d, 1.0f, 7);                   // (S, d)
    Mat a1(2 * S, d), q(S, d), k(S, d), v(S, d), concat(S, d), y(S, d), h(S, c.d_ff);
    std::vector<Mat> s(std::size_t(c.n_heads), Mat(S, S));
    ThreadPool& pool = engine_pool();
    auto project = [&](std::initializer_list<bench::ProductJob> jobs) { bench::project_columns(pool, jobs); };
    for (auto _ : state) {
        project({{&taps1, &w.conv1_w, &a1}});
        project({{&taps2, &w.conv2_w, &y}});
        for (const Seq2SeqBlock& b : w.encoder) {
            project({{&x, &b.self_attn.w_q, &q}, {&x, &b.self_attn.w_k, &k}, {&x, &b.self_attn.w_v, &v}});
            pool.parallel_for(c.n_heads, [&](int hd) {
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
    state.SetLabel(kShapes[shape].name);
    state.counters["threads"] = pool.size();
}

void BM_WhisperDecode(benchmark::State& state) {
    const int shape = int(state.range(0));
    const PretrainedConfig c = config_of(kShapes[shape]);
    const WhisperWeights& w = weights(shape);
    const Mat memory = whisper_encode(w, c, features(), ForwardOptions{}, nullptr, 1).hidden_states.back();
    const int prompt[kPrompt] = {50258, 50264, 50359, 50363};
    for (auto _ : state) {
        Seq2SeqSession s;
        whisper_start_from_memory(w, c, memory, s);
        for (int id : prompt) whisper_append(w, c, s, id);
        for (int t = 0; t < kWritten; ++t) {
            Eigen::Index next = 0;
            s.logits.maxCoeff(&next);
            whisper_append(w, c, s, int(next) == seq2seq_settings(c).eos_id ? 220 : int(next));  // never stop early
        }
        benchmark::DoNotOptimize(s.logits.data());
    }
    state.SetLabel(kShapes[shape].name);
    state.counters["threads"] = engine_pool().size();
    state.counters["ms_per_token"] = benchmark::Counter(double(state.iterations()) * (kPrompt + kWritten) / 1000.0,
                                                        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK(BM_WhisperMel)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WhisperEncoder)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WhisperListen)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WhisperProducts)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WhisperDecode)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
