#include <doctest/doctest.h>

#include <initializer_list>

#include "app/matrix/heatmap_layout.h"

using namespace attn::app;

static HeatmapLayoutInput input(int rows, int cols, float w = 1000, float h = 800) {
    HeatmapLayoutInput in;
    in.area = {100, 50, w, h};
    in.rows = rows;
    in.cols = cols;
    in.row_label_w = 60;
    in.col_label_w = 50;
    in.line_h = 18;
    in.colorbar_w = 90;
    return in;
}

TEST_CASE("layout: the grid, labels and colour bar stay inside the area") {
    for (int n : {1, 2, 5, 17, 64, 200, 512}) {
        CAPTURE(n);
        const HeatmapLayoutInput in = input(n, n);
        const HeatmapLayout L = layout_heatmap(in);
        CHECK(L.cell > 0.0f);
        CHECK(L.cell <= in.max_cell);
        CHECK(L.grid.w == doctest::Approx(L.cell * n));
        CHECK(L.grid.h == doctest::Approx(L.cell * n));
        CHECK(L.grid.x >= in.area.x + in.row_label_w);
        CHECK(L.grid.bottom() <= in.area.bottom() + 0.01f);
        CHECK(L.colorbar.right() <= in.area.right() + 0.01f);
        CHECK(L.row_labels.right() <= L.grid.x);
        CHECK(L.col_labels.bottom() <= L.grid.y);
        if (L.cell >= 4.0f) CHECK(L.cell == doctest::Approx(float(int(L.cell))));  // whole pixels
    }
}

TEST_CASE("layout: column label mode follows the room per column") {
    HeatmapLayoutInput in = input(5, 5);
    CHECK(layout_heatmap(in).col_mode == ColumnLabelMode::Horizontal);  // 140-px cells, 50-px labels
    in.col_label_w = 200;  // wider than one cell, narrower than two
    CHECK(layout_heatmap(in).col_mode == ColumnLabelMode::Staggered);
    in = input(64, 64);    // ~11-px cells
    const HeatmapLayout L = layout_heatmap(in);
    CHECK(L.col_mode == ColumnLabelMode::Vertical);
    CHECK(L.col_labels.h >= in.col_label_w);
    CHECK(L.col_stride == label_stride(L.cell, in.line_h));
}

TEST_CASE("layout: label stride") {
    CHECK(label_stride(20.0f, 18.0f) == 1);
    CHECK(label_stride(18.0f, 18.0f) == 1);
    CHECK(label_stride(9.0f, 18.0f) == 2);
    CHECK(label_stride(1.5f, 18.0f) == 12);
    const HeatmapLayout L = layout_heatmap(input(512, 512));
    CHECK(L.row_stride * L.cell >= 18.0f);
    CHECK((L.row_stride - 1) * L.cell < 18.0f);
}

TEST_CASE("hit test: mouse position to (query, key) cell") {
    HeatmapLayout L;
    L.grid = {100, 200, 50, 30};  // 5 columns x 3 rows of 10-px cells
    L.cell = 10;
    CHECK(!hit_test(L, 3, 5, 99.9f, 205).valid());   // left of the grid
    CHECK(!hit_test(L, 3, 5, 150.0f, 205).valid());  // right edge is outside
    CHECK(!hit_test(L, 3, 5, 120, 230.0f).valid());  // bottom edge is outside
    CHECK(!hit_test(L, 3, 5, 120, 199.9f).valid());
    CellIndex c = hit_test(L, 3, 5, 100, 200);
    CHECK(c.i == 0);
    CHECK(c.j == 0);
    c = hit_test(L, 3, 5, 149.9f, 229.9f);
    CHECK(c.i == 2);
    CHECK(c.j == 4);
    c = hit_test(L, 3, 5, 131, 211);  // x → key 3, y → query 1
    CHECK(c.i == 1);
    CHECK(c.j == 3);
    CHECK(!hit_test(L, 0, 0, 120, 210).valid());  // empty matrix
}

TEST_CASE("cell_rect inverts hit_test at the cell centre") {
    const HeatmapLayout L = layout_heatmap(input(7, 9));
    for (int i = 0; i < 7; ++i) {
        for (int j = 0; j < 9; ++j) {
            const RectF r = cell_rect(L, i, j);
            const CellIndex c = hit_test(L, 7, 9, r.x + r.w / 2, r.y + r.h / 2);
            CHECK(c.i == i);
            CHECK(c.j == j);
        }
    }
}

TEST_CASE("zoom: the window stays inside the matrix; zooming keeps the point under the pointer") {
    HeatmapZoom z;
    UvRect w = zoom_window(z);
    CHECK(w.u0 == 0.0f);
    CHECK(w.u1 == 1.0f);
    zoom_about(z, 4.0f, 0.25f, 0.75f);  // zoom in at a quarter across, three quarters down
    w = zoom_window(z);
    CHECK(w.u1 - w.u0 == doctest::Approx(0.25f));
    CHECK(w.v1 - w.v0 == doctest::Approx(0.25f));
    // The matrix point that was under the pointer (0.25, 0.75) still is.
    CHECK(w.u0 + 0.25f * (w.u1 - w.u0) == doctest::Approx(0.25f));
    CHECK(w.v0 + 0.75f * (w.v1 - w.v0) == doctest::Approx(0.75f));
    // Zooming at the corner clamps the window inside the matrix.
    HeatmapZoom c;
    zoom_about(c, 8.0f, 1.0f, 0.0f);
    w = zoom_window(c);
    CHECK(w.u1 == doctest::Approx(1.0f));
    CHECK(w.v0 == doctest::Approx(0.0f));
    // Panning by a whole view moves the window by its width, never past the edges.
    HeatmapZoom p{4.0f, 0.5f, 0.5f};
    pan_view(p, 1.0f, 0.0f);  // drag right: the window moves left
    CHECK(zoom_window(p).u0 == doctest::Approx(0.125f));
    pan_view(p, 10.0f, -10.0f);
    CHECK(zoom_window(p).u0 == doctest::Approx(0.0f));
    CHECK(zoom_window(p).v1 == doctest::Approx(1.0f));
    // Limits: never below 1 or above the maximum.
    zoom_about(p, 1e-3f, 0.5f, 0.5f);
    CHECK(p.zoom == 1.0f);
    CHECK_FALSE(p.zoomed());
    zoom_about(p, 1e6f, 0.5f, 0.5f);
    CHECK(p.zoom == kMaxHeatmapZoom);
}

TEST_CASE("zoomed layout: cells grow, the window sits where the grid was, hits map to matrix cells") {
    HeatmapLayoutInput in;
    in.area = {0, 0, 800, 600};
    in.rows = 100;
    in.cols = 100;
    in.row_label_w = 60;
    in.col_label_w = 60;
    const HeatmapLayout fit = layout_heatmap(in);
    HeatmapZoom z{10.0f, 0.55f, 0.25f};  // rows 20..30, cols 50..60
    const HeatmapLayout L = zoomed_layout(fit, z, 100, 100, in.line_h);
    CHECK(L.cell == doctest::Approx(fit.cell * 10.0f));
    CHECK(L.view.x == fit.grid.x);
    CHECK(L.view.w == fit.grid.w);
    CHECK(L.row_stride <= fit.row_stride);
    // The view's top-left corner shows cell (20, 50).
    const CellIndex c = hit_test(L, 100, 100, fit.grid.x + 1.0f, fit.grid.y + 1.0f);
    CHECK(c.i == 20);
    CHECK(c.j == 50);
    const CellIndex e = hit_test(L, 100, 100, fit.grid.right() - 1.0f, fit.grid.bottom() - 1.0f);
    CHECK(e.i == 29);
    CHECK(e.j == 59);
    // Outside the view nothing is hit, even where the virtual grid has cells.
    CHECK_FALSE(hit_test(L, 100, 100, fit.grid.right() + 5.0f, fit.grid.y + 5.0f).valid());
}
