// heatmap_layout.h — where the heatmap's cells, labels and colour bar go (GL-free, pixels).
//
//   area ┌──────────────────────────────────────────────┐
//        │            column labels (key tokens)         │  label_h
//        │ row labels ┌──────────────┐  ┌┐ ticks         │
//        │  (queries) │ rows × cols  │  ││               │
//        │            │   cells      │  ││ colour bar    │
//        │            └──────────────┘  └┘               │
//        └──────────────────────────────────────────────┘
// Cells are square. Column labels are horizontal when the widest fits in a cell, staggered on
// two lines when it fits in two cells, vertical otherwise; when cells are smaller than a text
// line only every k-th label is drawn (stride).
#pragma once

namespace attn::app {

struct RectF {
    float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

enum class ColumnLabelMode { Horizontal, Staggered, Vertical };

struct HeatmapLayoutInput {
    RectF area;
    int rows = 0, cols = 0;
    float row_label_w = 0.0f;  // widest row label in px (already capped by the caller)
    float col_label_w = 0.0f;  // widest column label in px (already capped)
    float line_h = 18.0f;      // one text line
    float colorbar_w = 90.0f;  // gap + bar + tick labels
    float max_cell = 140.0f;   // so that 3 tokens do not fill a screen
    float pad = 6.0f;
};

struct HeatmapLayout {
    RectF grid;       // (cols · cell) × (rows · cell)
    float cell = 0.0f;
    RectF row_labels;  // left of the grid, same height
    RectF col_labels;  // above the grid, same width
    ColumnLabelMode col_mode = ColumnLabelMode::Horizontal;
    int row_stride = 1, col_stride = 1;  // label every k-th row / column
    RectF colorbar;    // the bar itself; tick labels go to its right
    // The part of the grid on screen: the grid itself, or, when zoomed (zoomed_layout), the fixed
    // rectangle through which a larger virtual grid is seen. Labels, numbers and hits outside it
    // are skipped.
    RectF view;
};

HeatmapLayout layout_heatmap(const HeatmapLayoutInput& in);

// ---- Zoom and pan (mouse wheel at the pointer, drag to pan) ----

inline constexpr float kMaxHeatmapZoom = 64.0f;

struct HeatmapZoom {
    float zoom = 1.0f;            // 1 = the whole matrix; z shows 1/z of each axis
    float cx = 0.5f, cy = 0.5f;   // centre of the visible window, as a fraction of the matrix
    bool zoomed() const { return zoom > 1.0001f; }
};

// The visible window [u0, u1] × [v0, v1] of the matrix (fractions, u across columns, v down rows),
// with the centre clamped so the window stays inside the matrix.
struct UvRect {
    float u0 = 0.0f, v0 = 0.0f, u1 = 1.0f, v1 = 1.0f;
};
UvRect zoom_window(const HeatmapZoom& z);
// Multiplies the zoom by `factor` (clamped to 1 … kMaxHeatmapZoom) keeping the matrix point under
// the screen fraction (fx, fy) of the view where it is.
void zoom_about(HeatmapZoom& z, float factor, float fx, float fy);
// Moves the window by (dx, dy) fractions of the view (drag right by a whole view: dx = 1).
void pan_view(HeatmapZoom& z, float dx, float dy);
// The layout of the whole matrix at this zoom: cells `zoom` times larger, the grid moved so the
// window shows in the original grid's place (view = the original grid), label strides recomputed.
HeatmapLayout zoomed_layout(const HeatmapLayout& fit, const HeatmapZoom& z, int rows, int cols, float line_h);

// Smallest k ≥ 1 with k · cell ≥ needed.
int label_stride(float cell, float needed);

struct CellIndex {
    int i = -1, j = -1;  // query row, key column
    bool valid() const { return i >= 0 && j >= 0; }
};

// The cell under (mx, my), or invalid when outside the grid or its visible part.
CellIndex hit_test(const HeatmapLayout& layout, int rows, int cols, float mx, float my);

// The screen rectangle of cell (i, j).
RectF cell_rect(const HeatmapLayout& layout, int i, int j);

}  // namespace attn::app
