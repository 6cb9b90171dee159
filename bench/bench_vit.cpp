// bench_vit.cpp — Vision Transformer forward passes (Google Benchmark) at 224×224, random weights,
// every layer's per-head scores and weights kept (what the app shows):
//
//   BM_VitForward/0    ViT-B/16: 12 layers, 12 heads, d = 768, d_ff = 3072, 197 tokens
//   BM_VitForward/1    DeiT-tiny (distilled): 12 layers, 3 heads, d = 192, d_ff = 768, 198 tokens
//
// The pixels are already normalised (decoding and resizing are not timed). Threads: the engine
// pool's size (ATTNLAB_THREADS). PyTorch counterpart, the same arithmetic in plain torch ops:
//   ATTNLAB_THREADS=2 attnlab_bench_vit && /usr/bin/python3 bench/bench_torch_vit.py 2
//
// With ATTNLAB_BENCH_JPEG=FILE (bench/run.sh makes a 4000×3000 photo-like JPEG), what a re-run of
// the same image costs before the model runs:
//   BM_VisionInput/0   read, decode, resize and normalise the file (load_vision_input), every time
//   BM_VisionInput/1   the same through VisionInputCache (the app's worker): a stat and a compare
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

#include "bench/random_weights.h"
#include "core/base/parallel.h"
#include "core/image/preprocess.h"
#include "core/pretrained/families/vit/vit.h"
#include "core/pretrained/family/vision_input_cache.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

struct Shape {
    const char* name;
    int d, heads, d_ff, prefix;
};
constexpr Shape kShapes[] = {{"vit-b16", 768, 12, 3072, 1}, {"deit-tiny", 192, 3, 768, 2}};

PretrainedConfig config_of(const Shape& s) {
    PretrainedConfig c;
    c.model_type = s.prefix == 2 ? "deit" : "vit";
    c.family = find_family(c.model_type);
    c.n_layers = 12;
    c.n_heads = s.heads;
    c.d_model = s.d;
    c.d_ff = s.d_ff;
    c.layer_norm_eps = 1e-12f;
    c.activation = "gelu";
    auto vision = std::make_shared<VitSettings>();
    vision->image_size = 224;
    vision->patch_size = 16;
    vision->prefix_tokens = s.prefix;
    c.settings = vision;
    c.max_positions = 196 + s.prefix;
    return c;
}

VitWeights make_weights(const PretrainedConfig& c) {
    const int d = c.d_model, p = vit_settings(c).patch_size;
    VitWeights w;
    w.patch_w = testing::random_normal(3 * p * p, d, 0.02f, 1);
    w.patch_b = bench::random_row(d, 0.02f, 2);
    w.prefix = testing::random_normal(vit_settings(c).prefix_tokens, d, 0.02f, 3);
    w.position = testing::random_normal(c.max_positions, d, 0.02f, 4);
    w.ln_gamma = RowVec::Ones(d);
    w.ln_beta = RowVec::Zero(d);
    for (int l = 0; l < c.n_layers; ++l) {
        const unsigned s = bench::layer_seed(l);
        VitBlock b;
        b.ln_before_gamma = b.ln_after_gamma = RowVec::Ones(d);
        b.ln_before_beta = b.ln_after_beta = RowVec::Zero(d);
        b.attn = bench::random_attention(d, c.n_heads, s);
        bench::random_mlp(d, c.d_ff, s, b.ff1_w, b.ff1_b, b.ff2_w, b.ff2_b);
        w.blocks.push_back(std::move(b));
    }
    return w;
}

void BM_VitForward(benchmark::State& state) {
    const Shape& shape = kShapes[state.range(0)];
    const PretrainedConfig c = config_of(shape);
    const VitWeights w = make_weights(c);
    const Mat pixels = testing::random_normal(3 * 224, 224, 1.0f, 9);  // (3·H, W) = (C, H, W)
    auto grid = patch_grid(c, 224, 224, 4096);
    for (auto _ : state) {
        ForwardPass pass = vit_forward(w, c, PixelInput{224, 224, pixels.data()}, *grid, BoolMat(), AttentionOptions{});
        benchmark::DoNotOptimize(pass.hidden_states.back().data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(shape.name);
    state.counters["threads"] = engine_pool().size();
}

void BM_VisionInput(benchmark::State& state) {
    const char* path = std::getenv("ATTNLAB_BENCH_JPEG");
    if (path == nullptr || *path == '\0') {
        state.SkipWithError("set ATTNLAB_BENCH_JPEG to a large JPEG");
        return;
    }
    PretrainedModel model;
    model.name = model.folder = "bench-vit";
    model.config = config_of(kShapes[0]);
    model.preprocess = image::default_preprocess(224);
    VisionInputCache cache;
    for (auto _ : state) {
        if (state.range(0) == 0) {
            auto in = load_vision_input(model, path);
            if (!in) {
                state.SkipWithError(in.status().message().c_str());
                return;
            }
            benchmark::DoNotOptimize(in->chw.data());
        } else {
            auto in = cache.get(model, path);
            if (!in) {
                state.SkipWithError(in.status().message().c_str());
                return;
            }
            benchmark::DoNotOptimize((*in)->chw.data());
        }
    }
    state.SetLabel(state.range(0) == 0 ? "decode every time" : "cached");
}

}  // namespace

BENCHMARK(BM_VitForward)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_VisionInput)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
