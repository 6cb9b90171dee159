// Figure export benchmarks (Google Benchmark). Speed is reported, never asserted.
//
//   BM_HeadsGrid/fmt    the 12-head grid + average (d_model = 768, N = 32 tokens) to one format:
//                       0 = PNG (1600 × 900), 1 = SVG, 2 = PDF. Includes the font setup.
//   BM_HeadsGridAll     the same grid to PNG + SVG + PDF: the target is < 300 ms.
//   BM_Heatmap/fmt      one head's heatmap at N = 32 (cell numbers off: cells too small).
#include <benchmark/benchmark.h>

#include <string>

#include "core/attention/engine.h"
#include "core/figure/figure.h"

using namespace attn;

#ifndef ATTNLAB_BENCH_FONT
#define ATTNLAB_BENCH_FONT "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
#endif

namespace {

const Trace& trace32() {
    static const Trace t = [] {
        ModelConfig c;
        c.d_model = 768;
        c.n_heads = 12;
        auto m = make_builtin_model(c);
        RunConfig r;
        for (int i = 0; i < 32; ++i) r.text += (i ? " w" : "w") + std::to_string(i);  // 32 tokens
        r.mask.causal = true;
        auto t = compute_trace(*m, r);
        return std::move(*t);
    }();
    return t;
}

FigureRequest request(FigureView view) {
    FigureRequest r;
    r.view = view;
    r.options.font_files = {ATTNLAB_BENCH_FONT};
    return r;
}

std::size_t render(const FigureRequest& r, FigureFormat f, benchmark::State& state) {
    auto out = render_figure(trace32(), r, f);
    if (!out) {
        state.SkipWithError(out.error().c_str());
        return 0;
    }
    return out->size();
}

void BM_HeadsGrid(benchmark::State& state) {
    const auto format = FigureFormat(state.range(0));
    const FigureRequest r = request(FigureView::Heads);
    std::size_t bytes = 0;
    for (auto _ : state) bytes = render(r, format, state);
    state.counters["bytes"] = double(bytes);
    state.SetLabel(figure_format_name(format));
}
BENCHMARK(BM_HeadsGrid)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_HeadsGridAll(benchmark::State& state) {
    const FigureRequest r = request(FigureView::Heads);
    for (auto _ : state)
        for (FigureFormat f : {FigureFormat::Png, FigureFormat::Svg, FigureFormat::Pdf}) render(r, f, state);
}
BENCHMARK(BM_HeadsGridAll)->Unit(benchmark::kMillisecond);

void BM_Heatmap(benchmark::State& state) {
    const auto format = FigureFormat(state.range(0));
    const FigureRequest r = request(FigureView::Heatmap);
    std::size_t bytes = 0;
    for (auto _ : state) bytes = render(r, format, state);
    state.counters["bytes"] = double(bytes);
    state.SetLabel(figure_format_name(format));
}
BENCHMARK(BM_Heatmap)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
