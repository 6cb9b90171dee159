// app_stats.cpp — the --stats report (see app_stats.h).
#include "app/shell/app_stats.h"

#include <cstdio>

#include "app/shell/app_frame.h"

namespace attn::app {

void print_stats(const App& app, bool headless, const std::string& headless_renderer, const Timings& timings,
                 int frame, bool screenshot) {
    std::fprintf(stderr, "attnlab stats: font atlas %dx%d, %d glyphs, built in %.1f ms (%s%s%s%s%s, on a thread)\n",
                 app.fonts.atlas_w, app.fonts.atlas_h, app.fonts.glyphs, app.fonts.build_ms,
                 app.fonts.loaded ? app.fonts.path.c_str() : "default font: NanumGothic.ttf not found",
                 app.fonts.cjk_path.empty() ? "" : " + ", app.fonts.cjk_path.c_str(),
                 app.fonts.symbol_path.empty() ? "" : " + ", app.fonts.symbol_path.c_str());
    const Lang lang = app.state.lang;
    std::fprintf(stderr, "attnlab stats: language %s (%s)\n", lang_name(lang),
                 lang == Lang::En              ? "the code's own text"
                 : lang_problem(lang)[0] != '\0' ? lang_problem(lang)
                                                : lang_catalogue_path(lang));
    if (app.fonts.atlas && app.fonts.atlas->Fonts.Size > 0) {
        // Text an input method may type at run time (not in the atlas's start-up texts).
        const std::string probe = "我们这是什么时候说话没有问题谢谢ありがとうございますカタカナ漢字変換";  // 34
        std::fprintf(stderr, "attnlab stats: %d of %d common Chinese and Japanese characters missing from the font\n",
                     missing_glyphs(*app.fonts.atlas->Fonts[0], probe), 34);
        const GlyphsOnDemand& d = app.fonts.on_demand;
        std::fprintf(stderr, "attnlab stats: glyphs added on demand: %d in %d rebuilds (max %.1f ms, total %.1f ms, "
                             "on a thread; longest swap on the UI thread %.1f ms), %d in no font; the sentence lacks %d\n",
                     d.added, d.rebuilds, d.max_ms, d.total_ms, d.max_swap_ms, d.unavailable,
                     missing_glyphs(*app.fonts.atlas->Fonts[0], app.state.text));
    }
    if (headless) {
        std::fprintf(stderr, "attnlab stats: headless GL (EGL surfaceless, %s): context + framebuffer %.1f ms\n",
                     headless_renderer.c_str(), timings.context_ms);
    } else {
        std::fprintf(stderr, "attnlab stats: window + GL context %.1f ms\n", timings.context_ms);
    }
    std::fprintf(stderr, "attnlab stats: window + GL context at %.1f ms; first frame %.1f ms, first trace on screen %.1f ms after start\n",
                 timings.window_ms, timings.first_frame_ms, timings.first_heatmap_ms);
    if (frame > timings.warm_frames) {
        // Process CPU includes the GL driver's threads (llvmpipe rasterizes on its own threads).
        const int n = frame - timings.warm_frames;
        std::fprintf(stderr, "attnlab stats: frames %d..%d: %.2f ms CPU/frame (whole process), %.2f ms (UI thread), "
                             "%.2f ms wall/frame\n",
                     timings.warm_frames + 1, frame, (cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - timings.cpu_at_warm) / n,
                     (cpu_ms(CLOCK_THREAD_CPUTIME_ID) - timings.ui_cpu_at_warm) / n, ms_since(timings.wall_at_warm) / n);
    }
    std::fprintf(stderr, "attnlab stats: longest UI-thread frame (NewFrame + panels + Render, CPU): %.2f ms, frame %d of %d\n",
                 timings.max_ui_ms, timings.max_ui_frame, frame);
    if (app.last_latency_ms >= 0.0) {
        std::fprintf(stderr, "attnlab stats: last edit -> its heatmap on screen: %.1f ms, %d frame(s) later%s\n",
                     app.last_latency_ms, app.last_latency_frames,
                     screenshot ? " (screenshot mode waits for the worker)" : "");
    }
    if (const std::string train = train_panel_stats(app.train); !train.empty())
        std::fprintf(stderr, "attnlab stats: training: %s\n", train.c_str());
    if (app.view.trace) {
        std::fprintf(stderr, "attnlab stats: trace %d x %d tokens computed in %.2f ms\n", app.view.trace->t_q(),
                     app.view.trace->t_k(), app.view.compute_ms);
    }
}

}  // namespace attn::app
