// headless_egl.cpp — an OpenGL 3.3 core context without any window system (no X, no Wayland)
// (implementation; the interface and its contract are in headless_egl.h)
#include "app/shell/headless_egl.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdio>
#include <cstring>

namespace attn::app {

struct HeadlessGl::Egl {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
};

namespace {

// "EGL_FOO EGL_BAR" contains the whole word `name`.
bool has_extension(const char* list, const char* name) {
    if (list == nullptr) return false;
    const size_t n = std::strlen(name);
    for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
        const bool starts = p == list || p[-1] == ' ';
        const bool ends = p[n] == ' ' || p[n] == '\0';
        if (starts && ends) return true;
    }
    return false;
}

Status egl_error(const char* step) {
    char buf[256];
    std::snprintf(buf, sizeof(buf), "Headless OpenGL: %s failed (EGL error 0x%04X).", step, unsigned(eglGetError()));
    return Status::Error(buf);
}

}  // namespace

Expected<std::unique_ptr<HeadlessGl>> HeadlessGl::create(int width, int height) {
    if (width < 1 || height < 1) return Status::Error("Headless OpenGL: the frame size must be positive.");
    // Client extensions (display-less query): the surfaceless platform is Mesa's.
    const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!has_extension(client, "EGL_MESA_platform_surfaceless")) {
        return Status::Error("Headless OpenGL: EGL has no surfaceless platform (EGL_MESA_platform_surfaceless). "
                             "Install Mesa's EGL driver: apt-get install libegl-mesa0 libgl1-mesa-dri.");
    }
    auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (get_platform_display == nullptr) return egl_error("eglGetProcAddress(eglGetPlatformDisplayEXT)");

    std::unique_ptr<HeadlessGl> gl(new HeadlessGl());
    gl->egl_ = std::make_unique<Egl>();
    Egl& e = *gl->egl_;
    e.display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (e.display == EGL_NO_DISPLAY) return egl_error("eglGetPlatformDisplayEXT(surfaceless)");
    EGLint major = 0, minor = 0;
    if (!eglInitialize(e.display, &major, &minor)) {
        e.display = EGL_NO_DISPLAY;  // nothing to terminate
        return egl_error("eglInitialize");
    }
    const char* display_ext = eglQueryString(e.display, EGL_EXTENSIONS);
    if (!has_extension(display_ext, "EGL_KHR_no_config_context") ||
        !has_extension(display_ext, "EGL_KHR_surfaceless_context")) {
        return Status::Error("Headless OpenGL: the EGL driver cannot make a context without a window "
                             "(needs EGL_KHR_no_config_context and EGL_KHR_surfaceless_context).");
    }
    if (!eglBindAPI(EGL_OPENGL_API)) return egl_error("eglBindAPI(OpenGL)");
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3,
                              EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    e.context = eglCreateContext(e.display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (e.context == EGL_NO_CONTEXT) return egl_error("creating an OpenGL 3.3 core context");
    if (!eglMakeCurrent(e.display, EGL_NO_SURFACE, EGL_NO_SURFACE, e.context)) {
        return egl_error("eglMakeCurrent without a surface");
    }

    // The "window": one colour buffer the frames are drawn into and read back from.
    glGenFramebuffers(1, &gl->fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, gl->fbo_);
    glGenRenderbuffers(1, &gl->colour_rb_);
    glBindRenderbuffer(GL_RENDERBUFFER, gl->colour_rb_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, gl->colour_rb_);
    const GLenum fb_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (fb_status != GL_FRAMEBUFFER_COMPLETE) {
        char buf[128];
        std::snprintf(buf, sizeof(buf), "Headless OpenGL: the %dx%d framebuffer is incomplete (0x%04X).", width,
                      height, unsigned(fb_status));
        return Status::Error(buf);
    }
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    gl->width_ = width;
    gl->height_ = height;
    return gl;
}

HeadlessGl::~HeadlessGl() {
    if (!egl_) return;
    if (egl_->context != EGL_NO_CONTEXT) {
        if (fbo_ != 0 || colour_rb_ != 0) {
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
            glDeleteFramebuffers(1, &fbo_);
            glDeleteRenderbuffers(1, &colour_rb_);
        }
        eglMakeCurrent(egl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(egl_->display, egl_->context);
    }
    if (egl_->display != EGL_NO_DISPLAY) eglTerminate(egl_->display);
    eglReleaseThread();
}

unsigned HeadlessGl::read_buffer() const { return GL_COLOR_ATTACHMENT0; }

std::string HeadlessGl::renderer() const {
    const auto* s = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return s != nullptr ? s : "unknown";
}

}  // namespace attn::app
