#include "app/app_window.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <time.h>

#include <cfloat>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include "app/asset_paths.h"
#include "app/compute_worker.h"
#include "app/fonts.h"
#include "app/image_io.h"
#include "app/panel_controls.h"
#include "app/panel_heatmap.h"

namespace attn::app {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double cpu_ms(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

// Everything the frame loop owns (UI thread).
struct App {
    AppState state;
    ComputeView view;
    ControlsPanel controls;
    HeatmapPanel heatmap;
    ComputeRequest last_posted;
    bool posted_any = false;
    FontSetup fonts;
};

// Start-up and frame timings for --stats.
struct Timings {
    double window_ms = 0.0, first_frame_ms = 0.0, first_heatmap_ms = 0.0;
    int warm_frames = 10;  // frames before the per-frame average starts
    double cpu_at_warm = 0.0, ui_cpu_at_warm = 0.0;
    Clock::time_point wall_at_warm;
};

void glfw_error(int code, const char* message) {
    std::fprintf(stderr, "attnlab: GLFW error %d: %s\n", code, message);
}

// Posts the state's request when it differs from the last one posted (latest wins in the worker).
void post_if_changed(App& app, ComputeWorker& worker) {
    auto request = make_request(app.state);
    if (!request) {
        app.controls.request_error = request.error();
        return;
    }
    app.controls.request_error.clear();
    if (app.posted_any && same_request(*request, app.last_posted)) return;
    app.last_posted = *request;
    app.posted_any = true;
    worker.post(std::move(*request));
    app.view.busy = true;
}

// The panels tile the window, so their background is the clear colour: no full-screen blended
// quads, which on a software rasterizer (llvmpipe) cost more than everything else in a frame.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBackground;

void draw_frame(App& app, ComputeWorker& worker) {
    if (auto result = worker.take_result()) apply_result(app.view, std::move(*result));
    app.view.busy = worker.busy();

    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const Lang lang = app.state.lang;
    char title[128];

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(kControlsWidth, display.y));
    std::snprintf(title, sizeof(title), "%s###controls", tr(lang, Txt::ControlsTitle));
    if (ImGui::Begin(title, nullptr, kPanelFlags)) {
        if (!app.fonts.loaded) ImGui::TextColored(error_colour(), "%s", tr(lang, Txt::FontMissing));
        draw_controls_panel(app.controls, app.state, app.view);
    }
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(kControlsWidth, 0));
    ImGui::SetNextWindowSize(ImVec2(display.x - kControlsWidth, display.y));
    std::snprintf(title, sizeof(title), "%s###heatmap", tr(lang, Txt::HeatmapTitle));
    if (ImGui::Begin(title, nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
        draw_heatmap_panel(app.heatmap, app.state, app.view);
    }
    ImGui::End();

    post_if_changed(app, worker);
}

GLFWwindow* open_window(bool screenshot) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(kWindowWidth, kWindowHeight, "AttnLab", nullptr, nullptr);
    if (window == nullptr) return nullptr;
    glfwMakeContextCurrent(window);
    glfwSwapInterval(screenshot ? 0 : 1);
    return window;
}

Status save_screenshot(const std::string& path, GLFWwindow* window) {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    std::vector<std::uint8_t> pixels(size_t(w) * h * 4);  // (h, w, RGBA), bottom row first
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    for (size_t k = 3; k < pixels.size(); k += 4) pixels[k] = 255;  // the window is opaque
    flip_rows(pixels, w, h, 4);
    return write_png(path, pixels, w, h, 4);
}

// Runs frames until the window closes or options.frames are drawn; returns the exit code.
int run_frames(App& app, ComputeWorker& worker, GLFWwindow* window, const AppOptions& options,
               Clock::time_point process_start, Timings& timings) {
    const bool screenshot = !options.screenshot.empty();
    ImGuiIO& io = ImGui::GetIO();
    int frame = 0, frames_since_wait = 0, exit_code = 0;
    while (!glfwWindowShouldClose(window)) {
        if (screenshot) {
            glfwPollEvents();
            worker.wait_idle(std::chrono::seconds(30));  // deterministic: every result is in
        } else if (frames_since_wait > 2 && !worker.busy() && !ImGui::IsAnyItemActive()) {
            glfwWaitEventsTimeout(0.5);  // idle: sleep until input or a worker result
            frames_since_wait = 0;
        } else {
            // Typing, dragging or computing: keep drawing, but at most ~60 frames a second even
            // where swaps do not wait for vsync (Xvfb, some remote desktops).
            glfwWaitEventsTimeout(1.0 / 60.0);
            ++frames_since_wait;
        }

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        if (screenshot) {  // scripted pointer, not wherever Xvfb's pointer happens to be
            io.MousePos = options.mouse ? ImVec2(options.mouse->first, options.mouse->second)
                                        : ImVec2(-FLT_MAX, -FLT_MAX);
            io.MouseDown[0] = options.click && frame == 1;  // down on frame 2, up on frame 3
        }
        ImGui::NewFrame();
        draw_frame(app, worker);
        ImGui::Render();
        int fb_w = 0, fb_h = 0;
        glfwGetFramebufferSize(window, &fb_w, &fb_h);
        glViewport(0, 0, fb_w, fb_h);
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];  // as if drawn over black
        glClearColor(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        ++frame;

        const bool last = options.frames > 0 && frame >= options.frames;
        if (last && screenshot) {
            if (Status s = save_screenshot(options.screenshot, window); !s) {
                std::fprintf(stderr, "attnlab: %s\n", s.message().c_str());
                exit_code = 1;
            } else {
                const RectF& g = app.heatmap.layout.grid;
                std::printf("attnlab: wrote %s (%dx%d); heatmap cells at %.0f,%.0f size %.0fx%.0f\n",
                            options.screenshot.c_str(), fb_w, fb_h, g.x, g.y, g.w, g.h);
            }
        }
        glfwSwapBuffers(window);
        if (frame == 1) timings.first_frame_ms = ms_since(process_start);
        if (timings.first_heatmap_ms == 0.0 && app.heatmap.data_trace) timings.first_heatmap_ms = ms_since(process_start);
        if (frame == timings.warm_frames) {
            timings.cpu_at_warm = cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
            timings.ui_cpu_at_warm = cpu_ms(CLOCK_THREAD_CPUTIME_ID);
            timings.wall_at_warm = Clock::now();
        }
        if (last) break;
    }
    if (options.stats) {
        std::fprintf(stderr, "attnlab stats: font atlas %dx%d built in %.1f ms (%s, on a thread)\n",
                     app.fonts.atlas_w, app.fonts.atlas_h, app.fonts.build_ms,
                     app.fonts.loaded ? app.fonts.path.c_str() : "default font: NanumGothic.ttf not found");
        std::fprintf(stderr, "attnlab stats: window + GL context at %.1f ms; first frame %.1f ms, first heatmap %.1f ms after start\n",
                     timings.window_ms, timings.first_frame_ms, timings.first_heatmap_ms);
        if (frame > timings.warm_frames) {
            // Process CPU includes the GL driver's threads (llvmpipe rasterizes on its own threads).
            const int n = frame - timings.warm_frames;
            std::fprintf(stderr, "attnlab stats: frames %d..%d: %.2f ms CPU/frame (whole process), %.2f ms (UI thread), "
                                 "%.2f ms wall/frame\n",
                         timings.warm_frames + 1, frame, (cpu_ms(CLOCK_PROCESS_CPUTIME_ID) - timings.cpu_at_warm) / n,
                         (cpu_ms(CLOCK_THREAD_CPUTIME_ID) - timings.ui_cpu_at_warm) / n, ms_since(timings.wall_at_warm) / n);
        }
        if (app.view.trace) {
            std::fprintf(stderr, "attnlab stats: trace %d x %d tokens computed in %.2f ms\n", app.view.trace->t_q(),
                         app.view.trace->t_k(), app.view.compute_ms);
        }
    }
    return exit_code;
}

}  // namespace

int run_app(const AppOptions& options, const char* argv0, Clock::time_point process_start) {
    if (!options.screenshot.empty()) {
        if (Status s = check_writable(options.screenshot); !s) {
            std::fprintf(stderr, "attnlab: %s\n", s.message().c_str());
            return 1;
        }
    }
    glfwSetErrorCallback(glfw_error);
    if (!glfwInit()) {
        std::fprintf(stderr, "attnlab: cannot open a window (no display?). For a headless run use:\n"
                             "  xvfb-run -a -s \"-screen 0 1600x1000x24\" attnlab --screenshot out.png\n");
        return 1;
    }

    // While the window and GL context come up (~200 ms on llvmpipe), the worker computes the
    // first trace and a thread builds the font atlas (~200-300 ms for the Hangul glyphs).
    auto app = std::make_unique<App>();
    apply_options(options, app->state);
    const std::filesystem::path assets = resolve_asset_dir(argv0);
    app->controls.presets = load_presets(assets / kAssetMarker);
    auto worker = std::make_unique<ComputeWorker>([] { glfwPostEmptyEvent(); });
    post_if_changed(*app, *worker);
    std::string glyph_text = app->state.text + app->state.cross_text;
    for (const std::string& s : app->controls.presets.sentences) glyph_text += s;
    std::thread font_thread([&] { setup_fonts(app->fonts, assets, kFontSizePx, glyph_text); });

    Timings timings;
    GLFWwindow* window = open_window(!options.screenshot.empty());
    timings.window_ms = ms_since(process_start);
    font_thread.join();
    if (window == nullptr) {
        std::fprintf(stderr, "attnlab: cannot create an OpenGL 3.3 core window.\n");
        worker.reset();
        glfwTerminate();
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext(&app->fonts.atlas);
    ImGui::GetIO().IniFilename = nullptr;  // fixed layout: nothing to remember yet
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    if (Status s = heatmap_renderer_init(app->heatmap.renderer); !s) app->heatmap.renderer_error = s.message();

    const int exit_code = run_frames(*app, *worker, window, options, process_start, timings);

    worker.reset();  // joins; its wake-up callback needs GLFW alive
    heatmap_renderer_destroy(app->heatmap.renderer);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    app.reset();  // the font atlas goes after the context that shares it
    glfwDestroyWindow(window);
    glfwTerminate();
    return exit_code;
}

}  // namespace attn::app
