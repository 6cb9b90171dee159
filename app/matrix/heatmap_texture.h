// heatmap_texture.h — the heatmap's cells as GL textures: one RG32F texture of values (+ mask
// flag), coloured by shaders/heatmap.frag into an RGBA8 colour target that ImGui::Image shows.
//
//   upload_heatmap():  HeatmapData (rows · cols) → values texture (cols × rows texels)
//   render_heatmap():  values + colormap → colour target of width × height pixels (the on-screen
//                      size, so the shader can draw 1-px grid lines and hatching); redrawn only
//                      when the data, size, colormap or range changed.
// Call from the UI thread with the GL context current, between ImGui::NewFrame and Render.
#pragma once

#include <cstdint>

#include "app/matrix/heatmap_data.h"
#include "core/base/colormap.h"
#include "core/base/status.h"

namespace attn::app {

struct HeatmapRenderer {
    unsigned program = 0, vao = 0;
    int loc_values = -1, loc_colormap = -1, loc_range = -1, loc_grid = -1, loc_cell_px = -1, loc_view = -1;
    unsigned values_tex = 0;
    unsigned colormap_tex[kColormapCount] = {};
    unsigned fbo = 0, color_tex = 0;
    int target_w = 0, target_h = 0;  // allocated size of color_tex

    int rows = 0, cols = 0;           // of the uploaded values
    std::uint64_t data_version = 0;   // bumped by every upload

    // What color_tex currently shows.
    std::uint64_t drawn_version = 0;
    int drawn_w = 0, drawn_h = 0;
    Colormap drawn_map = Colormap::Viridis;
    float drawn_vmin = 0.0f, drawn_vmax = 0.0f, drawn_cell = 0.0f;
    float drawn_view[4] = {0.0f, 0.0f, 1.0f, 1.0f};
};

// Compiles the embedded shaders and creates the textures. The message has the GL info log.
Status heatmap_renderer_init(HeatmapRenderer& r);
void heatmap_renderer_destroy(HeatmapRenderer& r);

void upload_heatmap(HeatmapRenderer& r, const HeatmapData& data);

// Returns the GL texture name to pass to ImGui::Image (0 when nothing was uploaded). `view` is
// the part of the matrix drawn (fractions u0, v0, u1, v1: zoom); null = all of it. cell_px is the
// on-screen cell size at that zoom.
unsigned render_heatmap(HeatmapRenderer& r, int width_px, int height_px, Colormap map, float vmin,
                        float vmax, float cell_px, const float* view = nullptr);

// A plain RGBA8 image (w × h texels, row 0 at the top, nearest filtering) for maps not drawn by
// the shader (e.g. the scaling lab's difference map). `tex` 0 creates one; returns the name.
unsigned upload_rgba_texture(unsigned tex, const std::uint8_t* rgba, int w, int h);
void delete_texture(unsigned tex);

}  // namespace attn::app
