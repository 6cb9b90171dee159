// headless_egl.h — an OpenGL 3.3 core context without any window system (no X, no Wayland).
//
//   EGL on Mesa's surfaceless platform (EGL_MESA_platform_surfaceless) → eglBindAPI(OpenGL)
//   → 3.3 core context with EGL_NO_CONFIG_KHR, current without a surface → one framebuffer
//   object (RGBA8 colour renderbuffer, width × height) bound for drawing and reading.
// The frame loop then draws into the FBO exactly as into a window's back buffer; screenshots
// read GL_COLOR_ATTACHMENT0. No EGL type appears here: the rest of the app never sees EGL.
#pragma once

#include <memory>
#include <string>

#include "core/base/status.h"

namespace attn::app {

class HeadlessGl {
public:
    // Errors say which step failed (no Mesa EGL driver, no surfaceless platform, no 3.3 core
    // context, incomplete framebuffer) and which package usually provides it.
    static Expected<std::unique_ptr<HeadlessGl>> create(int width, int height);
    ~HeadlessGl();  // deletes the FBO, releases and destroys the context, terminates the display
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

    int width() const { return width_; }
    int height() const { return height_; }
    unsigned read_buffer() const;  // GL_COLOR_ATTACHMENT0: where glReadPixels reads the frame
    std::string renderer() const;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"

private:
    HeadlessGl() = default;
    struct Egl;                 // display and context (defined in the .cpp)
    std::unique_ptr<Egl> egl_;
    unsigned fbo_ = 0, colour_rb_ = 0;
    int width_ = 0, height_ = 0;
};

}  // namespace attn::app
