// app_stats.h — what `attnlab --stats` measures in the frame loop (app_window.cpp) and prints at
// the end: start-up, the font atlas, per-frame CPU, the longest UI-thread frame, edit latency.
#pragma once

#include <time.h>

#include <chrono>
#include <string>

namespace attn::app {

struct App;

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

inline double cpu_ms(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

// Start-up and frame timings for --stats.
struct Timings {
    double window_ms = 0.0, first_frame_ms = 0.0, first_heatmap_ms = 0.0;
    double context_ms = 0.0;  // creating the window + context (or the headless context) alone
    // UI-thread CPU of NewFrame + draw_frame + Render per frame: work done there (not in the
    // worker or the panels' jobs) stalls input. The longest one, and on which frame.
    double max_ui_ms = 0.0;
    int max_ui_frame = 0;
    int warm_frames = 10;  // frames before the per-frame average starts
    double cpu_at_warm = 0.0, ui_cpu_at_warm = 0.0;
    Clock::time_point wall_at_warm;
};

// Prints the --stats lines to stderr after `frames` frames; `headless`: the EGL renderer's name.
void print_stats(const App& app, bool headless, const std::string& headless_renderer, const Timings& timings,
                 int frames, bool screenshot);

}  // namespace attn::app
