#version 330 core
// heatmap.frag — colours each cell of the attention matrix from its value.
//
// u_values   RG32F, cols × rows texels: r = value, g = 1 when the key is hidden from the query
// u_colormap RGB8, 256 × 1: the colormap table (core/base/colormap.h)
// Masked cells are dark with light diagonal hatching, so a weight of exactly 0 because of the
// mask never looks like a small weight. Lookup matches colormap_rgb8 in core/base/colormap.h: entry round(t · 255).
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_values;
uniform sampler2D u_colormap;
uniform vec2 u_range;     // (vmin, vmax) of the colour scale
uniform vec2 u_grid;      // (cols, rows)
uniform float u_cell_px;  // on-screen cell size; grid lines from 12 px up
uniform vec4 u_view;      // the visible window of the matrix (u0, v0, u1, v1); (0, 0, 1, 1) = all

void main() {
    vec2 cell_f = mix(u_view.xy, u_view.zw, v_uv) * u_grid;
    ivec2 cell = ivec2(min(floor(cell_f), u_grid - 1.0));
    vec2 texel = texelFetch(u_values, cell, 0).rg;
    vec3 rgb;
    if (texel.g > 0.5) {
        float stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 9.0);
        rgb = stripe < 2.5 ? vec3(0.36, 0.36, 0.40) : vec3(0.11, 0.11, 0.13);
    } else {
        float span = u_range.y - u_range.x;
        float t = span > 0.0 ? clamp((texel.r - u_range.x) / span, 0.0, 1.0) : 0.0;
        rgb = texelFetch(u_colormap, ivec2(int(floor(t * 255.0 + 0.5)), 0), 0).rgb;
    }
    if (u_cell_px >= 12.0) {
        vec2 in_cell = fract(cell_f) * u_cell_px;  // pixels from the cell's top-left corner
        if (in_cell.x < 1.0 || in_cell.y < 1.0) rgb = vec3(0.08, 0.08, 0.09);
    }
    frag_color = vec4(rgb, 1.0);
}
