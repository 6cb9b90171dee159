// heatmap_texture.cpp — the heatmap's cells as GL textures: one RG32F texture of values (+ mask
// (implementation; the interface and its contract are in heatmap_texture.h)
#include "app/matrix/heatmap_texture.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <string>
#include <vector>

#include "shaders/heatmap_frag.h"  // kHeatmapFrag, generated from shaders/heatmap.frag
#include "shaders/heatmap_vert.h"  // kHeatmapVert

namespace attn::app {

static Status compile(GLenum type, const char* source, GLuint* out) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof(log) - 1, nullptr, log);
        glDeleteShader(shader);
        return Status::Error(std::string("Heatmap ") + (type == GL_VERTEX_SHADER ? "vertex" : "fragment") +
                             " shader does not compile: " + log);
    }
    *out = shader;
    return Status::Ok();
}

static void set_nearest_clamped() {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

Status heatmap_renderer_init(HeatmapRenderer& r) {
    GLuint vs = 0, fs = 0;
    if (Status s = compile(GL_VERTEX_SHADER, kHeatmapVert, &vs); !s) return s;
    if (Status s = compile(GL_FRAGMENT_SHADER, kHeatmapFrag, &fs); !s) {
        glDeleteShader(vs);
        return s;
    }
    r.program = glCreateProgram();
    glAttachShader(r.program, vs);
    glAttachShader(r.program, fs);
    glLinkProgram(r.program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint linked = 0;
    glGetProgramiv(r.program, GL_LINK_STATUS, &linked);
    if (!linked) {
        char log[2048] = {};
        glGetProgramInfoLog(r.program, sizeof(log) - 1, nullptr, log);
        return Status::Error(std::string("Heatmap shaders do not link: ") + log);
    }
    r.loc_values = glGetUniformLocation(r.program, "u_values");
    r.loc_colormap = glGetUniformLocation(r.program, "u_colormap");
    r.loc_range = glGetUniformLocation(r.program, "u_range");
    r.loc_grid = glGetUniformLocation(r.program, "u_grid");
    r.loc_cell_px = glGetUniformLocation(r.program, "u_cell_px");
    r.loc_view = glGetUniformLocation(r.program, "u_view");
    glGenVertexArrays(1, &r.vao);  // core profile draws need one, even without attributes

    GLint last_texture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glGenTextures(kColormapCount, r.colormap_tex);
    for (int k = 0; k < kColormapCount; ++k) {
        const auto bytes = colormap_texture_bytes(Colormap(k));  // (256 · 3) RGB
        glBindTexture(GL_TEXTURE_2D, r.colormap_tex[k]);
        set_nearest_clamped();
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, kColormapEntries, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, bytes.data());
    }
    glGenTextures(1, &r.values_tex);
    glBindTexture(GL_TEXTURE_2D, r.values_tex);
    set_nearest_clamped();
    glGenTextures(1, &r.color_tex);
    glBindTexture(GL_TEXTURE_2D, r.color_tex);
    set_nearest_clamped();
    glBindTexture(GL_TEXTURE_2D, GLuint(last_texture));
    glGenFramebuffers(1, &r.fbo);
    return Status::Ok();
}

void heatmap_renderer_destroy(HeatmapRenderer& r) {
    if (r.program != 0) glDeleteProgram(r.program);
    if (r.vao != 0) glDeleteVertexArrays(1, &r.vao);
    if (r.values_tex != 0) glDeleteTextures(1, &r.values_tex);
    if (r.colormap_tex[0] != 0) glDeleteTextures(kColormapCount, r.colormap_tex);
    if (r.color_tex != 0) glDeleteTextures(1, &r.color_tex);
    if (r.fbo != 0) glDeleteFramebuffers(1, &r.fbo);
    r = HeatmapRenderer{};
}

void upload_heatmap(HeatmapRenderer& r, const HeatmapData& data) {
    const std::vector<float> texels = interleave_value_mask(data);  // (rows · cols · 2)
    GLint last_texture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_texture);
    glBindTexture(GL_TEXTURE_2D, r.values_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, data.cols, data.rows, 0, GL_RG, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, GLuint(last_texture));
    r.rows = data.rows;
    r.cols = data.cols;
    ++r.data_version;
}

unsigned render_heatmap(HeatmapRenderer& r, int width_px, int height_px, Colormap map, float vmin,
                        float vmax, float cell_px, const float* view) {
    if (r.data_version == 0 || width_px <= 0 || height_px <= 0) return 0;
    static const float kAll[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    if (view == nullptr) view = kAll;
    const bool same_view = r.drawn_view[0] == view[0] && r.drawn_view[1] == view[1] && r.drawn_view[2] == view[2] &&
                           r.drawn_view[3] == view[3];
    const bool unchanged = r.drawn_version == r.data_version && r.drawn_w == width_px &&
                           r.drawn_h == height_px && r.drawn_map == map && r.drawn_vmin == vmin &&
                           r.drawn_vmax == vmax && r.drawn_cell == cell_px && same_view;
    if (unchanged) return r.color_tex;

    GLint last_texture = 0, last_fbo = 0, last_program = 0, last_vao = 0, viewport[4] = {};
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_texture);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &last_fbo);
    glGetIntegerv(GL_CURRENT_PROGRAM, &last_program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &last_vao);
    glGetIntegerv(GL_VIEWPORT, viewport);
    const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
    const GLboolean blend = glIsEnabled(GL_BLEND);

    if (r.target_w != width_px || r.target_h != height_px) {
        glBindTexture(GL_TEXTURE_2D, r.color_tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_px, height_px, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glBindFramebuffer(GL_FRAMEBUFFER, r.fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, r.color_tex, 0);
        r.target_w = width_px;
        r.target_h = height_px;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, r.fbo);
    glViewport(0, 0, width_px, height_px);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);

    glUseProgram(r.program);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, r.values_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, r.colormap_tex[int(map)]);
    glUniform1i(r.loc_values, 0);
    glUniform1i(r.loc_colormap, 1);
    glUniform2f(r.loc_range, vmin, vmax);
    glUniform2f(r.loc_grid, float(r.cols), float(r.rows));
    glUniform1f(r.loc_cell_px, cell_px);
    glUniform4f(r.loc_view, view[0], view[1], view[2], view[3]);
    glBindVertexArray(r.vao);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);

    // Restore what ImGui's backend and the default framebuffer expect.
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, GLuint(last_texture));
    glBindVertexArray(GLuint(last_vao));
    glUseProgram(GLuint(last_program));
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(last_fbo));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    if (scissor) glEnable(GL_SCISSOR_TEST);
    if (blend) glEnable(GL_BLEND);

    r.drawn_version = r.data_version;
    r.drawn_w = width_px;
    r.drawn_h = height_px;
    r.drawn_map = map;
    r.drawn_vmin = vmin;
    r.drawn_vmax = vmax;
    r.drawn_cell = cell_px;
    for (int k = 0; k < 4; ++k) r.drawn_view[k] = view[k];
    return r.color_tex;
}

unsigned upload_rgba_texture(unsigned tex, const std::uint8_t* rgba, int w, int h) {
    GLint last_texture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_texture);
    GLuint name = tex;
    if (name == 0) glGenTextures(1, &name);
    glBindTexture(GL_TEXTURE_2D, name);
    set_nearest_clamped();
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glBindTexture(GL_TEXTURE_2D, GLuint(last_texture));
    return name;
}

void delete_texture(unsigned tex) {
    if (tex == 0) return;
    const GLuint name = tex;
    glDeleteTextures(1, &name);
}

}  // namespace attn::app
