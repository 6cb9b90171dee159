// heatmap_layout.cpp — where the heatmap's cells, labels and colour bar go (GL-free, pixels)
// (implementation; the interface and its contract are in heatmap_layout.h)
#include "app/heatmap/heatmap_layout.h"

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
    return out;
}

CellIndex hit_test(const HeatmapLayout& layout, int rows, int cols, float mx, float my) {
    if (rows <= 0 || cols <= 0 || !layout.grid.contains(mx, my)) return {};
    CellIndex c;
    c.i = std::clamp(int((my - layout.grid.y) / layout.cell), 0, rows - 1);
    c.j = std::clamp(int((mx - layout.grid.x) / layout.cell), 0, cols - 1);
    return c;
}

RectF cell_rect(const HeatmapLayout& layout, int i, int j) {
    return {layout.grid.x + float(j) * layout.cell, layout.grid.y + float(i) * layout.cell,
            layout.cell, layout.cell};
}

}  // namespace attn::app
