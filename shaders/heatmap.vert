#version 330 core
// heatmap.vert — one quad covering the render target, drawn as a 4-vertex triangle strip with no
// vertex buffer. v_uv = (0, 0) is the top-left cell (query 0, key 0): it is placed at the target's
// bottom (GL y = -1) because ImGui::Image shows texture row 0 at the top.
out vec2 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    v_uv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
