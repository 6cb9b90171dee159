// app_window.cpp — the GUI's frame loop (see app_window.h).
//
// [SECTION] Style (UI scale, presentation mode)
// [SECTION] Requests to the worker
// [SECTION] draw_frame: controls panel + the current view's panels (app_views.cpp), tiled
// [SECTION] Window, screenshot, the frame loop and --stats (a GLFW window, or headless: an
//           EGL surfaceless framebuffer from headless_egl.h — the same draw_frame either way)
// [SECTION] run_app: settings, worker, fonts, ImGui/GL setup and teardown
// What the loop owns (App) is in app_frame.h; the menu bar and keyboard shortcuts in app_menus.cpp.
#include "app/shell/app_window.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <time.h>

#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include "core/base/asset_paths.h"
#include "app/widgets/ui_widgets.h"
#include "app/jobs/compute_worker.h"
#include "app/i18n/core_messages.h"
#include "app/ime/ime_glfw.h"
#include "app/shell/app_control.h"
#include "app/shell/app_frame.h"
#include "app/shell/app_stats.h"
#include "app/shell/fonts.h"
#include "app/shell/headless_egl.h"
#include "app/shell/image_io.h"
#include "app/state/settings.h"
#include "core/base/limits.h"
#include "core/base/parallel.h"

namespace attn::app {

namespace {

// --lesson FILE: waits for the start-up model (restored or --model), so steps that need a model
// folder are shown when it loads; a broken file says why in the panel.
void open_start_lesson(App& app) {
    if (!app.start_lesson || app.models.loader.busy()) return;
    const App::StartLesson start = std::move(*app.start_lesson);
    app.start_lesson.reset();
    app.lesson.session.model_open = app.models.active != nullptr;
    if (!open_lesson_path(app.lesson, app.state, start.path, start.step)) {
        const std::string why = localize_lesson_message(app.lesson.open_error, app.state.lang);
        std::fprintf(stderr, "attnlab: %s\n", why.c_str());
        app.lesson.dialog_open = app.lesson.dialog_just_opened = true;
    }
    app.lesson.reveal_when_ready = start.reveal;
}


constexpr float kPresentationZoom = 1.45f;
constexpr int kTypeFrame = 5;

// UI scale and presentation mode → ImGui style: bigger text (FontGlobalScale), and in
// presentation mode a black background with pure white text for projectors.
void apply_style(App& app) {
    const AppState& s = app.state;
    const float scale = std::clamp(s.ui_scale, kMinUiScale, kMaxUiScale) * (s.presentation ? kPresentationZoom : 1.0f);
    if (scale == app.styled_scale && s.presentation == app.styled_presentation) return;
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    if (s.presentation) {
        style.Colors[ImGuiCol_WindowBg] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
        style.Colors[ImGuiCol_Text] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.85f, 0.85f, 0.85f, 1.0f);
        style.Colors[ImGuiCol_FrameBg] = ImVec4(0.18f, 0.18f, 0.22f, 1.0f);
        style.Colors[ImGuiCol_Border] = ImVec4(0.8f, 0.8f, 0.8f, 1.0f);
        style.Colors[ImGuiCol_PopupBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.97f);
    }
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
    ImGui::GetIO().FontGlobalScale = scale;
    app.styled_scale = scale;
    app.styled_presentation = s.presentation;
}


void glfw_error(int code, const char* message) {
    std::fprintf(stderr, "attnlab: GLFW error %d: %s\n", code, message);
}

// Posts the state's request when it differs from the last one posted (latest wins in the worker).
void post_if_changed(App& app, ComputeWorker& worker) {
    // A lesson step on the built-in model runs it even while a folder is open.
    auto request = make_request(app.state, lesson_wants_builtin(app.lesson) ? nullptr : app.models.active);
    if (!request) {
        app.controls.request_error = localize_core_message(request.error(), app.state.lang);  // every frame
        return;
    }
    app.controls.request_error.clear();
    if (app.posted_any && *request == app.last_posted) return;
    app.last_posted = *request;
    app.posted_any = true;
    app.posted_generation = worker.post(std::move(*request));
    app.posted_at = Clock::now();
    app.posted_frame = app.frame;
    app.view.busy = true;
}


void draw_frame(App& app, ComputeWorker& worker) {
    ++app.frame;
    if (auto result = worker.take_result()) {
        if (result->generation == app.posted_generation) {
            app.last_latency_ms = ms_since(app.posted_at);
            app.last_latency_frames = app.frame - app.posted_frame;  // frames drawn before this one shows it
        }
        apply_result(app.view, std::move(*result));
    }
    release_closed_models(app);  // a new model in the views: the panels let go of the old one
    if (app.image.pending_patch.first >= 0 && app.view.trace && app.view.trace->is_image()) {  // --patch R,C
        select_start_patch(app.state, *app.view.trace, app.image.pending_patch.first, app.image.pending_patch.second);
        app.image.pending_patch = {-1, -1};
    }
    app.view.busy = worker.busy();
    poll_model_session(app.models, app.state);  // a finished load: the next request runs it
    sync_translation_languages(app.models, app.state);  // mBART-50: the languages chosen in Controls
    open_start_lesson(app);
    lesson_panel_update(app.lesson, app.state, app.view, app.models.active != nullptr);
    handle_shortcuts(app);
    if (app.type_text && app.frame == kTypeFrame) {
        app.state.text += *app.type_text;
        app.type_text.reset();
    }

    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const Lang lang = app.state.lang;
    const float top = draw_main_menu(app);
    const bool controls = app.state.show_controls && !app.state.presentation;
    const float controls_w = controls ? std::floor(kControlsWidth * ImGui::GetIO().FontGlobalScale) : 0.0f;

    if (controls && begin_panel(lang, Txt::ControlsTitle, "controls", 0.0f, top, controls_w, display.y - top)) {
        if (!app.fonts.loaded) ImGui::TextColored(error_colour(), "%s", tr(lang, Txt::FontMissing));
        if (!app.settings_message.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s",
                               localize_core_message(app.settings_message, lang).c_str());
            ImGui::PopTextWrapPos();
            if (ImGui::SmallButton("OK###settings_ok")) app.settings_message.clear();
        }
        app.controls.lesson_builtin = lesson_wants_builtin(app.lesson);
        draw_controls_panel(app.controls, app.state, app.view, app.models);
    }
    if (controls) ImGui::End();

    // The view area right of the controls.
    const float lesson_w = lesson_panel_width(app.lesson, app.state, display.x);  // 0 without a lesson
    const float x0 = controls_w, w = display.x - controls_w - lesson_w, h = display.y - top;
    if (lesson_w > 0.0f && begin_panel(lang, Txt::LessonTitle, "lesson", x0 + w, top, lesson_w, h)) {
        draw_lesson_panel(app.lesson, app.state, app.view, app.models.active);
    }
    if (lesson_w > 0.0f) ImGui::End();
    draw_view_panels(app, x0, top, w, h);

    draw_export_panel(app.exporter, app.state, app.view);
    draw_lesson_dialog(app.lesson, app.state, app.model_panel.dropped);  // takes dropped .md files first
    const bool vision = app.models.active && app.models.active->caps().inputs.image;
    if (app.controls.open_image) {
        app.controls.open_image = false;
        open_image_dialog(app.image_dialog);
    }
    draw_image_dialog(app.image_dialog, app.state, app.model_panel.dropped, app.view, vision);  // takes dropped images
    draw_audio_dialog(app.audio_dialog, app.state, app.model_panel.dropped, app.view, app.models.active.get());  // and sounds
    draw_model_dialog(app.model_panel, app.state, app.models);
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

// Screenshot and headless runs draw once every background result is in.
void wait_panel_jobs(App& app, std::chrono::milliseconds timeout) {
    variants_panel_wait_idle(app.variants, timeout);
    app.models.loader.wait_idle(timeout);  // --model: the model is in before the first frame uses it
    scaling_lab_panel_wait_idle(app.scaling, timeout);
    cost_panel_wait_idle(app.cost, timeout);
    train_panel_wait_idle(app.train, timeout);  // --train-steps: the steps are done before the frame
    predict_panel_wait_idle(app.predict, timeout);
    lens_panel_wait_idle(app.lens, timeout);
    roles_panel_wait_idle(app.model_view.roles, timeout);
    heatmap_panel_wait_idle(app.heatmap, timeout);
    image_panel_wait_idle(app.image, timeout);  // the rollout
    rope_panel_wait_idle(app.rope, timeout);    // the shift test
}

// Characters this frame drew that the atlas may lack — the sentences, the field being edited (a
// paste, an input method's commits), the pre-edit — get glyphs from a new atlas built on a thread
// (fonts.h). Between frames: a finished atlas is swapped in — ImGui's io.Fonts and current font
// point to it, its texture is uploaded (the only UI-thread cost), the old atlas is freed (nothing
// refers to it: NewFrame takes the font from io.Fonts again, draw lists are rebuilt every frame).
void update_glyphs(App& app) {
    FontSetup& fonts = app.fonts;
    if (FontAtlasParts old = glyphs_swap_built(fonts); old.atlas) {
        const Clock::time_point t0 = Clock::now();
        ImGui_ImplOpenGL3_DestroyFontsTexture();  // the old atlas's texture
        ImGui::GetIO().Fonts = fonts.atlas.get();
        ImGui::SetCurrentFont(fonts.atlas->Fonts[0]);  // g.Font and the draw lists' shared font data
        ImGui_ImplOpenGL3_CreateFontsTexture();   // RGBA converted on the build thread: upload only
        old = FontAtlasParts{};
        fonts.on_demand.max_swap_ms = std::max(fonts.on_demand.max_swap_ms, ms_since(t0));
    }
    glyphs_note_text(fonts, app.state.text);
    glyphs_note_text(fonts, app.state.cross_text);
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiInputTextState& edit = g.InputTextState;
    if (g.ActiveId != 0 && g.ActiveId == edit.ID && edit.CurLenW <= edit.TextW.Size)
        glyphs_note_wide(fonts, edit.TextW.Data, edit.TextW.Data + edit.CurLenW);
    glyphs_note_text(fonts, ime_preedit_text());
    glyphs_start_build(fonts, std::chrono::duration<double>(Clock::now().time_since_epoch()).count());
}

// Where frames go: a GLFW window, or (headless != nullptr) the EGL surfaceless framebuffer.
struct Surface {
    GLFWwindow* window = nullptr;
    HeadlessGl* headless = nullptr;
};

// The frame just drawn, read from `read_buffer` (GL_BACK of a window, the headless FBO's attachment).
Status save_screenshot(const std::string& path, int w, int h, GLenum read_buffer) {
    std::vector<std::uint8_t> pixels(size_t(w) * h * 4);  // (h, w, RGBA), bottom row first
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(read_buffer);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    for (size_t k = 3; k < pixels.size(); k += 4) pixels[k] = 255;  // the window is opaque
    flip_rows(pixels, w, h, 4);
    return write_png(path, pixels, w, h, 4);
}

// Runs frames until the window closes or options.frames are drawn; returns the exit code.
// Headless runs have no events and always end after options.frames.
int run_frames(App& app, ComputeWorker& worker, const Surface& surface, const AppOptions& options,
               Clock::time_point process_start, Timings& timings) {
    const bool screenshot = !options.screenshot.empty();
    const bool scripted = screenshot || surface.headless != nullptr;  // no user: wait for every result
    ImGuiIO& io = ImGui::GetIO();
    int frame = 0, frames_since_wait = 0, exit_code = 0;
    Clock::time_point last_frame_start = Clock::now();
    while (surface.headless != nullptr || !glfwWindowShouldClose(surface.window)) {
        if (scripted) {
            if (surface.window != nullptr) glfwPollEvents();
            worker.wait_idle(std::chrono::seconds(30));  // deterministic: every result is in
            wait_panel_jobs(app, std::chrono::seconds(30));
            glyphs_wait_build(app.fonts);  // deterministic: the atlas with the new glyphs is swapped in below
        } else if (frames_since_wait > 2 && !worker.busy() && !ImGui::IsAnyItemActive() && !sound_busy(app.audio.record)) {
            glfwWaitEventsTimeout(0.5);  // idle: sleep until input or a worker result
            frames_since_wait = 0;
        } else {
            // Typing, dragging or computing: keep drawing, but at most ~60 frames a second even
            // where swaps do not wait for vsync (Xvfb, some remote desktops).
            glfwWaitEventsTimeout(1.0 / 60.0);
            ++frames_since_wait;
        }
        const Clock::time_point frame_start = Clock::now();
        for (const std::string& line : read_control_lines(app.control))
            if (const std::string why = apply_control_command(app, line); !why.empty())
                std::fprintf(stderr, "attnlab: --control: %s: %s\n", line.c_str(), why.c_str());

        apply_style(app);  // before the frame: style and font scale are fixed within one
        ImGui_ImplOpenGL3_NewFrame();
        int fb_w = 0, fb_h = 0;
        if (surface.headless != nullptr) {  // no platform backend: what ImGui_ImplGlfw_NewFrame sets
            fb_w = surface.headless->width();
            fb_h = surface.headless->height();
            io.DisplaySize = ImVec2(float(fb_w), float(fb_h));
            io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
            const Clock::time_point now = Clock::now();
            io.DeltaTime = frame == 0 ? 1.0f / 60.0f
                                      : std::max(1e-4f, std::chrono::duration<float>(now - last_frame_start).count());
            last_frame_start = now;
        } else {
            ImGui_ImplGlfw_NewFrame();
            ime_new_frame();
            glfwGetFramebufferSize(surface.window, &fb_w, &fb_h);
        }
        if (scripted) {  // scripted pointer, not wherever Xvfb's pointer happens to be
            io.MousePos = options.mouse ? ImVec2(options.mouse->first, options.mouse->second)
                                        : ImVec2(-FLT_MAX, -FLT_MAX);
            io.MouseDown[0] = options.click && frame == 1;  // down on frame 2, up on frame 3
        }
        const double ui_start = cpu_ms(CLOCK_THREAD_CPUTIME_ID);
        ImGui::NewFrame();
        draw_frame(app, worker);
        if (surface.window != nullptr) ime_end_frame(surface.window);  // pre-edit, caret, IM focus
        ImGui::Render();
        const double ui = cpu_ms(CLOCK_THREAD_CPUTIME_ID) - ui_start;
        if (ui > timings.max_ui_ms) {
            timings.max_ui_ms = ui;
            timings.max_ui_frame = frame + 1;
        }
        glViewport(0, 0, fb_w, fb_h);
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];  // as if drawn over black
        glClearColor(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        update_glyphs(app);  // between frames: the atlas is not in use
        ++frame;

        const bool last = options.frames > 0 && frame >= options.frames;
        if (last && screenshot) {
            const GLenum read_buffer = surface.headless != nullptr ? surface.headless->read_buffer() : GL_BACK;
            if (Status s = save_screenshot(options.screenshot, fb_w, fb_h, read_buffer); !s) {
                std::fprintf(stderr, "attnlab: %s\n", s.message().c_str());
                exit_code = 1;
            } else {
                const RectF& g = app.heatmap.layout.grid;
                std::printf("attnlab: wrote %s (%dx%d); heatmap cells at %.0f,%.0f size %.0fx%.0f; view %s; "
                            "selected cell %d,%d\n",
                            options.screenshot.c_str(), fb_w, fb_h, g.x, g.y, g.w, g.h, view_name(app.state.view),
                            app.state.sel_query, app.state.sel_key);
            }
        }
        if (surface.headless != nullptr) {
            glFinish();  // what the swap would wait for: frame timings include the rendering
        } else {
            glfwSwapBuffers(surface.window);
        }
        log_frame(app.control, ms_since(frame_start), ui);
        if (frame == 1) timings.first_frame_ms = ms_since(process_start);
        if (timings.first_heatmap_ms == 0.0 && app.view.trace) timings.first_heatmap_ms = ms_since(process_start);
        if (frame == timings.warm_frames) {
            timings.cpu_at_warm = cpu_ms(CLOCK_PROCESS_CPUTIME_ID);
            timings.ui_cpu_at_warm = cpu_ms(CLOCK_THREAD_CPUTIME_ID);
            timings.wall_at_warm = Clock::now();
        }
        if (last) break;
    }
    if (options.stats)
        print_stats(app, surface.headless != nullptr, surface.headless ? surface.headless->renderer() : "", timings, frame, screenshot);
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
    // No display and a run that ends by itself (or --headless): no GLFW at all, EGL surfaceless.
    const bool headless = use_headless(options, std::getenv("DISPLAY"), std::getenv("WAYLAND_DISPLAY"));
    if (!headless) {
        ime_start_before_glfw();  // IBus reachable: GLFW's XIM off, keys go to IBus first
        glfwSetErrorCallback(glfw_error);
        if (!glfwInit()) {
            std::fprintf(stderr, "attnlab: cannot open a window (no display?). Screenshots work without one:\n"
                                 "  attnlab --headless --screenshot out.png\n");
            return 1;
        }
    }

    // While the window and GL context come up (~200 ms on llvmpipe), the worker computes the
    // first trace and a thread builds the font atlas (~200-300 ms for the Hangul glyphs).
    auto app = std::make_unique<App>();
    if (Status s = open_control(app->control, options.control, options.frame_log); !s) {
        std::fprintf(stderr, "attnlab: %s\n", s.message().c_str());
        if (!headless) glfwTerminate();
        return 1;
    }
    // Settings: the last session, then the command line on top. Screenshots (tests) never read
    // or write the real home unless --config says where.
    if (!options.config_dir.empty()) {
        app->config_dir = options.config_dir;
    } else if (options.screenshot.empty()) {
        app->config_dir = settings_dir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
    }
    if (!app->config_dir.empty())
        app->settings_message = load_settings(app->config_dir, app->state, &app->settings_may_overwrite);
    apply_options(options, app->state);
    app->type_text = options.type_text;
    const std::filesystem::path assets = resolve_asset_dir(argv0, ATTNLAB_SOURCE_ASSET_DIR);
    app->controls.presets = load_presets(assets / kAssetMarker);
    app->image_dialog.samples = load_image_samples(assets);
    if (auto font = find_figure_font(assets))
        app->exporter.font_file = app->train.figure_export.font = app->train.vit.figure_export.font = app->lens.figure_export.font =
            app->predict.tree_export.font = *font;
    app->cost.auto_start = options.run;
    app->train.auto_start = options.run;
    if (options.zoom) app->heatmap.initial_zoom = HeatmapZoom{(*options.zoom)[0], (*options.zoom)[1], (*options.zoom)[2]};
    // Background results wake the event loop (headless runs have none: they wait for results).
    const std::function<void()> wake_ui = headless ? std::function<void()>() : [] { glfwPostEmptyEvent(); };
    auto worker = std::make_unique<ComputeWorker>(wake_ui);
    app->models.loader.set_wakeup(wake_ui);
    app->fonts.on_demand.wake = wake_ui;  // a glyph build done: the frame after swaps it in
    restore_model(app->models, app->state);  // the last session's (or --model's) model, off this thread
    variants_panel_set_wakeup(app->variants, wake_ui);
    scaling_lab_panel_set_wakeup(app->scaling, wake_ui);
    lesson_panel_init(app->lesson, assets, app->exporter.font_file);
    if (!options.lesson.empty())  // opened by open_start_lesson once the model is in
        app->start_lesson = App::StartLesson{options.lesson, std::max(options.lesson_step - 1, 0), options.lesson_reveal};
    train_panel_set_wakeup(app->train, wake_ui);
    train_panel_restore(app->train, app->state.train_task, app->state.train_text);  // before --train-task
    if (options.train_task || options.train_steps) {
        train_panel_script(app->train, options.train_task.value_or("reverse"), options.train_steps.value_or(0));
        if (options.train_picture) train_panel_show_picture(app->train, *options.train_picture - 1);
    }
    // After the training script: the Train view's own figure popup is the chosen task's (text or image).
    if (options.export_dialog) open_export_for_view(*app);
    predict_panel_set_wakeup(app->predict, wake_ui);
    lens_panel_set_wakeup(app->lens, wake_ui);
    roles_panel_set_wakeup(app->model_view.roles, wake_ui);
    image_panel_set_wakeup(app->image, wake_ui);
    rope_panel_set_wakeup(app->rope, wake_ui);
    if (options.patch) app->image.pending_patch = *options.patch;  // chosen once the image's grid is known
    if (options.image_mode) app->image.mode = *options.image_mode == "heads"     ? ImageMode::Heads
                                              : *options.image_mode == "rollout" ? ImageMode::Rollout
                                                                                 : ImageMode::Query;
    app->predict.auto_generate = options.generate;
    if (options.sample_seed >= 0) {
        app->predict.settings.sampling.greedy = false;
        app->predict.settings.sampling.seed = std::uint64_t(options.sample_seed);
    }
    for (const pretrained::HeadIndex& h : options.knock) toggle_knockout(app->state, h.layer, h.head, h.section);
    app->predict.rank_on_start = options.rank_heads;
    app->predict.translate_on_start = options.translate;
    post_if_changed(*app, *worker);
    std::string glyph_text = app->state.text + app->state.cross_text;
    glyph_text += lesson_glyph_text(app->lesson.lesson_dir,
                                    options.lesson.empty() ? std::vector<std::string>{} : std::vector<std::string>{options.lesson});
    for (const std::string& s : app->controls.presets.sentences) glyph_text += s;
    std::thread font_thread([&] {
        name_this_thread("attn-fonts");
        setup_fonts(app->fonts, assets, kFontSizePx, glyph_text);
    });

    Timings timings;
    Surface surface;
    std::unique_ptr<HeadlessGl> headless_gl;
    std::string gl_error = "cannot create an OpenGL 3.3 core window.";
    const Clock::time_point context_start = Clock::now();
    if (headless) {
        auto gl = HeadlessGl::create(kWindowWidth, kWindowHeight);
        if (gl) headless_gl = std::move(*gl);
        else gl_error = gl.error();
        surface.headless = headless_gl.get();
    } else {
        surface.window = open_window(!options.screenshot.empty());
    }
    timings.context_ms = ms_since(context_start);
    timings.window_ms = ms_since(process_start);
    font_thread.join();
    if (surface.window == nullptr && surface.headless == nullptr) {
        std::fprintf(stderr, "attnlab: %s\n", gl_error.c_str());
        worker.reset();
        app.reset();  // joins the panels' background jobs
        if (!headless) glfwTerminate();
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext(app->fonts.atlas.get());
    if (!app->config_dir.empty()) {  // ImGui's own layout file next to settings.json
        std::error_code ec;
        std::filesystem::create_directories(app->config_dir, ec);
        app->imgui_ini = (app->config_dir / kImGuiIniFile).string();
        ImGui::GetIO().IniFilename = app->imgui_ini.c_str();
        // ImGui reads its layout file whole and line by line: a huge one would stall the start.
        const std::uintmax_t ini_size = std::filesystem::file_size(app->imgui_ini, ec);
        if (!ec && ini_size > limits::kMaxLayoutBytes) {
            std::error_code rename_ec;
            std::filesystem::rename(app->imgui_ini, app->imgui_ini + ".bad", rename_ec);
            if (rename_ec) ImGui::GetIO().IniFilename = nullptr;  // neither read nor overwritten
        }
    } else {
        ImGui::GetIO().IniFilename = nullptr;
    }
    ImGui::StyleColorsDark();
    if (surface.window != nullptr) ime_init_for_window(surface.window);  // ImGui's backend, our callbacks
    if (surface.window != nullptr) install_model_drop(surface.window, &app->model_panel);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    if (Status s = heatmap_renderer_init(app->heatmap.renderer); !s) app->heatmap.renderer_error = s.message();

    const int exit_code = run_frames(*app, *worker, surface, options, process_start, timings);
    glyphs_wait_build(app->fonts);  // its allocations count in the ImGui context (fonts.h): done before it goes
    if (!app->config_dir.empty() && app->settings_may_overwrite) {
        AppState saved = app->state;
        if (lesson_open(app->lesson.session)) {  // the user's own settings, not the lesson step's
            LessonSession leaving = app->lesson.session;
            close_lesson(leaving, saved);
        }
        saved.presentation = false;  // a session starts in the normal layout
        saved.train_task = train_panel_task(app->train);
        saved.train_text = app->train.settings.task_params.text;
        if (Status s = save_settings(app->config_dir, saved); !s) {
            std::fprintf(stderr, "attnlab: settings not saved: %s\n", s.message().c_str());
        }
    }

    worker.reset();  // joins; its wake-up callback needs GLFW alive (so do the panels' jobs: app.reset() below)
    heatmap_renderer_destroy(app->heatmap.renderer);
    heatmap_renderer_destroy(app->heatmap.overview);
    destroy_picture(app->heatmap.picture);
    destroy_picture(app->qk.picture);
    destroy_picture(app->row.picture);
    destroy_audio_panel(app->audio);
    all_heads_panel_destroy(app->all_heads);
    scaling_lab_panel_destroy(app->scaling);
    variants_panel_destroy(app->variants);
    pipeline_panel_destroy(app->pipeline);
    positional_panel_destroy(app->positional);
    model_view_panel_destroy(app->model_view);
    image_panel_destroy(app->image);
    pos_similarity_panel_destroy(app->pos_similarity);
    train_panel_destroy(app->train);  // joins the training thread (its wake-up needs GLFW alive)
    ImGui_ImplOpenGL3_Shutdown();
    if (surface.window != nullptr) ImGui_ImplGlfw_Shutdown();
    ime_shutdown();
    ImGui::DestroyContext();
    app.reset();  // the font atlas goes after the context that shares it
    if (surface.window != nullptr) {
        glfwDestroyWindow(surface.window);
        glfwTerminate();
    }
    headless_gl.reset();  // last: every GL object above was deleted with its context current
    return exit_code;
}

}  // namespace attn::app
