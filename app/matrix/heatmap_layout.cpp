// heatmap_layout.cpp — where the heatmap's cells, labels and colour bar go (GL-free, pixels)
// (implementation; the interface and its contract are in heatmap_layout.h)
#include "app/matrix/heatmap_layout.h"

#include <algorithm>
#include <cmath>

namespace attn::app {

int label_stride(float cell, float needed) {
    if (!(cell > 0.0f)) return 1 << 20;
    return std::max(1, int(std::ceil(needed / cell - 1e-4f)));
}

static float label_height(ColumnLabelMode mode, const HeatmapLayoutInput& in) {
    switch (mode) {
        case ColumnLabelMode::Horizontal: return in.line_h + in.pad;
        case ColumnLabelMode::Staggered: return 2.0f * in.line_h + in.pad;
        case ColumnLabelMode::Vertical: return in.col_label_w + in.pad;
    }
    return in.line_h;
}

HeatmapLayout layout_heatmap(const HeatmapLayoutInput& in) {
    HeatmapLayout out;
    const int rows = std::max(1, in.rows);
    const int cols = std::max(1, in.cols);
    const float left = in.row_label_w + in.pad;
    const float avail_w = in.area.w - left - in.colorbar_w;

    const ColumnLabelMode modes[] = {ColumnLabelMode::Horizontal, ColumnLabelMode::Staggered,
                                     ColumnLabelMode::Vertical};
    float cell = 0.0f;
    for (ColumnLabelMode mode : modes) {
        const float avail_h = in.area.h - label_height(mode, in);
        cell = std::min({avail_w / float(cols), avail_h / float(rows), in.max_cell});
        out.col_mode = mode;
        const float need = in.col_label_w + in.pad;
        if (mode == ColumnLabelMode::Horizontal && need <= cell) break;
        if (mode == ColumnLabelMode::Staggered && need <= 2.0f * cell) break;
    }
    cell = std::max(cell, 0.25f);
    if (cell >= 4.0f) cell = std::floor(cell);  // whole pixels: every cell the same size
    out.cell = cell;

    const float label_h = label_height(out.col_mode, in);
    out.grid = {in.area.x + left, in.area.y + label_h, cell * float(cols), cell * float(rows)};
    out.row_labels = {in.area.x, out.grid.y, in.row_label_w, out.grid.h};
    out.col_labels = {out.grid.x, in.area.y, out.grid.w, label_h - in.pad};
    out.row_stride = label_stride(cell, in.line_h);
    out.col_stride = out.col_mode == ColumnLabelMode::Vertical ? label_stride(cell, in.line_h) : 1;

    const float bar_h = std::max(out.grid.h, std::min(160.0f, in.area.bottom() - out.grid.y));
    out.colorbar = {out.grid.right() + 2.0f * in.pad, out.grid.y, 16.0f, bar_h};
    out.view = out.grid;
    return out;
}

CellIndex hit_test(const HeatmapLayout& layout, int rows, int cols, float mx, float my) {
    if (rows <= 0 || cols <= 0 || !layout.grid.contains(mx, my)) return {};
    if (layout.view.w > 0.0f && !layout.view.contains(mx, my)) return {};
    CellIndex c;
    c.i = std::clamp(int((my - layout.grid.y) / layout.cell), 0, rows - 1);
    c.j = std::clamp(int((mx - layout.grid.x) / layout.cell), 0, cols - 1);
    return c;
}

RectF cell_rect(const HeatmapLayout& layout, int i, int j) {
    return {layout.grid.x + float(j) * layout.cell, layout.grid.y + float(i) * layout.cell,
            layout.cell, layout.cell};
}

UvRect zoom_window(const HeatmapZoom& z) {
    const float zoom = std::clamp(z.zoom, 1.0f, kMaxHeatmapZoom);
    const float half = 0.5f / zoom;
    const float cx = std::clamp(z.cx, half, 1.0f - half), cy = std::clamp(z.cy, half, 1.0f - half);
    return {cx - half, cy - half, cx + half, cy + half};
}

void zoom_about(HeatmapZoom& z, float factor, float fx, float fy) {
    const UvRect w = zoom_window(z);
    const float u = w.u0 + fx * (w.u1 - w.u0), v = w.v0 + fy * (w.v1 - w.v0);  // the matrix point under the pointer
    z.zoom = std::clamp(z.zoom * factor, 1.0f, kMaxHeatmapZoom);
    const float span = 1.0f / z.zoom;
    z.cx = u - fx * span + 0.5f * span;  // keep (u, v) at the same screen fraction
    z.cy = v - fy * span + 0.5f * span;
    const UvRect c = zoom_window(z);  // store the clamped centre
    z.cx = 0.5f * (c.u0 + c.u1);
    z.cy = 0.5f * (c.v0 + c.v1);
}

void pan_view(HeatmapZoom& z, float dx, float dy) {
    const float span = 1.0f / std::clamp(z.zoom, 1.0f, kMaxHeatmapZoom);
    z.cx -= dx * span;
    z.cy -= dy * span;
    const UvRect c = zoom_window(z);
    z.cx = 0.5f * (c.u0 + c.u1);
    z.cy = 0.5f * (c.v0 + c.v1);
}

HeatmapLayout zoomed_layout(const HeatmapLayout& fit, const HeatmapZoom& z, int rows, int cols, float line_h) {
    HeatmapLayout out = fit;
    const UvRect w = zoom_window(z);
    const float zoom = 1.0f / (w.u1 - w.u0);
    out.cell = fit.cell * zoom;
    out.grid = {fit.grid.x - w.u0 * float(cols) * out.cell, fit.grid.y - w.v0 * float(rows) * out.cell,
                float(cols) * out.cell, float(rows) * out.cell};
    out.view = fit.grid;
    out.row_labels = {fit.row_labels.x, out.grid.y, fit.row_labels.w, out.grid.h};
    out.col_labels = {out.grid.x, fit.col_labels.y, out.grid.w, fit.col_labels.h};
    out.row_stride = label_stride(out.cell, line_h);
    out.col_stride = out.col_mode == ColumnLabelMode::Vertical ? label_stride(out.cell, line_h) : 1;
    return out;
}

}  // namespace attn::app
