// app_window.h — the GUI: GLFW window, OpenGL 3.3 core context, ImGui, the frame loop.
//
//   loop: poll/wait events → take the worker's result → new frame → controls + heatmap panels
//         → post a request if the state changed → render → (screenshot) → swap
#pragma once

#include <chrono>

#include "app/shell/app_options.h"

namespace attn::app {

inline constexpr int kWindowWidth = 1600;
inline constexpr int kWindowHeight = 1000;
inline constexpr float kFontSizePx = 18.0f;
inline constexpr float kControlsWidth = 430.0f;

// Returns the process exit code (0 ok; 1 no display/GL/screenshot failure).
int run_app(const AppOptions& options, const char* argv0,
            std::chrono::steady_clock::time_point process_start);

}  // namespace attn::app
