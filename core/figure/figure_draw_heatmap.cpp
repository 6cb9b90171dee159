// figure_draw_heatmap.cpp — the heatmap block of figure_draw.h: layout (title, labels, axes) and
// cells (vector squares or one image, masked cells hatched, numbers, highlights); internal to attnlab_figure
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/figure/figure_draw.h"

namespace attn::fig {

// ---- [SECTION] heatmap block -------------------------------------------------------------------

HeatmapLayout layout_heatmap(Canvas& c, const HeatmapSpec& spec, const Rect& area) {
    const double k = c.k;
    const int rows = int(spec.values->rows()), cols = int(spec.values->cols());
    HeatmapLayout L;
    TextStyle title_style{15 * k, true};
    TextStyle axis_style{13 * k, false};
    axis_style.color = kMuted;
    L.title_h = spec.title.empty() ? 0 : measure_text(c, spec.title, title_style).h + 6 * k;
    L.col_axis_h = spec.col_axis.empty() ? 0 : measure_text(c, spec.col_axis, axis_style).h + 4 * k;
    L.row_axis_w = spec.row_axis.empty() ? 0 : measure_text(c, spec.row_axis, axis_style).h + 6 * k;

    const double max_label = spec.max_label_size * k;
    bool labels = !spec.row_labels.empty() || !spec.col_labels.empty();
    double overflow = 0;  // rotated column labels reach past the last column

    // One layout pass for a label size; returns the label size the resulting cells suggest.
    auto pass = [&](double label) {
        TextStyle ls{label};
        ls.markup = false;
        const double lh = labels ? measure_text(c, "Ag", ls).h : 0;
        L.row_label_w =
            labels && !spec.row_labels.empty() ? max_label_width(c, spec.row_labels, label) + 6 * k : 0;
        const double col_w =
            labels && !spec.col_labels.empty() ? max_label_width(c, spec.col_labels, label) : 0;
        const double avail_w = area.w - L.row_axis_w - L.row_label_w;
        // Cell size for a given column-label band (height, and width reaching past the grid).
        auto fit_cells = [&](double band_h, double band_w) {
            double cw = std::max(1.0, avail_w - band_w) / std::max(cols, 1);
            double ch = (area.h - L.title_h - L.col_axis_h - band_h) / std::max(rows, 1);
            cw = std::min(cw, spec.max_cell * k);
            ch = std::min(ch, spec.max_cell * k);
            if (spec.square_cells) cw = ch = std::min(cw, ch);
            L.cell_w = std::max(cw, 0.5);
            L.cell_h = std::max(ch, 0.5);
        };
        L.rotate_cols = false;
        L.col_label_h = col_w > 0 ? lh + 5 * k : 0;
        fit_cells(L.col_label_h, 0);
        if (col_w > L.cell_w * 0.92) {  // horizontal labels would run into each other: tilt them
            L.rotate_cols = true;
            L.col_label_h = (col_w + lh * 0.5) * 0.7071 + 5 * k;
            fit_cells(L.col_label_h, col_w * 0.7071);
        }
        overflow = L.rotate_cols ? std::max(0.0, col_w * 0.7071 - L.cell_w * 0.5) : 0.0;
        double next = std::min(max_label, L.cell_h * 0.62);
        if (L.rotate_cols) next = std::min(next, L.cell_w * 0.8);
        return next;
    };

    double label = max_label;
    if (labels) {
        for (int iter = 0; iter < 5; ++iter) {
            const double next = pass(label);
            if (next >= label - 0.25) break;  // the labels fit the cells they got
            label = next;
        }
        if (label < 5.0 * std::min(k, 1.0)) labels = false;  // unreadable: take the room back
    }
    if (!labels) label = 0;
    pass(label);  // final geometry for the chosen size
    L.label_size = label;
    L.cells = {area.x + L.row_axis_w + L.row_label_w, area.y + L.title_h + L.col_axis_h + L.col_label_h,
               L.cell_w * cols, L.cell_h * rows};
    L.bounds = {area.x, area.y, L.cells.right() + overflow - area.x, L.cells.bottom() - area.y};
    return L;
}

void shift_layout(HeatmapLayout& layout, double dx, double dy) {
    layout.bounds.x += dx;
    layout.bounds.y += dy;
    layout.cells.x += dx;
    layout.cells.y += dy;
}

void draw_heatmap(Canvas& c, const HeatmapSpec& spec, const HeatmapLayout& L) {
    const double k = c.k;
    const Mat& m = *spec.values;
    const int rows = int(m.rows()), cols = int(m.cols());
    const bool masked = spec.blocked && spec.blocked->rows() == rows && spec.blocked->cols() == cols;
    auto cell_color = [&](int i, int j) {
        const int g = colormap_index(spec.scale.t(m(i, j)));
        return spec.scale.diverging ? diverging_rgb(float(g) / 255.0f) : colormap_entry(spec.scale.map, g);
    };
    const Rgb blocked_grey{0.90f, 0.90f, 0.91f};
    bool any_blocked = false;
    if (masked)
        for (int i = 0; i < rows && !any_blocked; ++i)
            for (int j = 0; j < cols && !any_blocked; ++j) any_blocked = (*spec.blocked)(i, j) != 0;

    if (rows * cols > kMaxVectorCells) {
        // Large grids as one image, u × u pixels per cell, never smoothed (PDF /Interpolate false,
        // SVG image-rendering set in figure.cpp): thousands of rectangles would make SVG/PDF
        // files large and slow to write and to open.
        const int u = std::clamp(1024 / std::max(rows, cols), 1, 4);
        cairo_surface_t* img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cols * u, rows * u);
        unsigned char* data = cairo_image_surface_get_data(img);
        const int stride = cairo_image_surface_get_stride(img);
        auto byte = [](float v) { return std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) {
                const Rgb col = masked && (*spec.blocked)(i, j) ? blocked_grey : cell_color(i, j);
                const std::uint32_t px = (byte(col.r) << 16) | (byte(col.g) << 8) | byte(col.b);
                for (int y = i * u; y < (i + 1) * u; ++y) {
                    auto* line = reinterpret_cast<std::uint32_t*>(data + size_t(y) * size_t(stride));
                    for (int x = j * u; x < (j + 1) * u; ++x) line[x] = px;
                }
            }
        cairo_surface_mark_dirty(img);
        cairo_save(c.cr);
        cairo_translate(c.cr, L.cells.x, L.cells.y);
        cairo_scale(c.cr, L.cell_w / u, L.cell_h / u);
        cairo_set_source_surface(c.cr, img, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
        cairo_rectangle(c.cr, 0, 0, cols * u, rows * u);
        cairo_fill(c.cr);
        cairo_restore(c.cr);
        cairo_surface_destroy(img);
    } else {
        // Cells grouped by colour (256 levels): one path per colour keeps SVG/PDF small. Each cell
        // is widened a little into its right/bottom neighbour so no seams show.
        const double pad = std::min(0.6, 0.25 * std::min(L.cell_w, L.cell_h));
        std::array<std::vector<std::pair<int, int>>, 256> groups;
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                if (!(masked && (*spec.blocked)(i, j)))
                    groups[size_t(colormap_index(spec.scale.t(m(i, j))))].emplace_back(i, j);
        for (int g = 0; g < 256; ++g) {
            if (groups[size_t(g)].empty()) continue;
            set_color(c, cell_color(groups[size_t(g)][0].first, groups[size_t(g)][0].second));
            for (auto [i, j] : groups[size_t(g)]) {
                const double x = L.cells.x + j * L.cell_w, y = L.cells.y + i * L.cell_h;
                cairo_rectangle(c.cr, x, y, L.cell_w + (j + 1 < cols ? pad : 0),
                                L.cell_h + (i + 1 < rows ? pad : 0));
            }
            cairo_fill(c.cr);
        }
    }
    if (any_blocked) {
        // Hidden cells: grey with hatching, filled as runs of hidden cells along each row (a
        // causal mask is one run per row, not T²/2 rectangles).
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols;) {
                if (!(*spec.blocked)(i, j)) {
                    ++j;
                    continue;
                }
                int end = j;
                while (end < cols && (*spec.blocked)(i, end)) ++end;
                cairo_rectangle(c.cr, L.cells.x + j * L.cell_w, L.cells.y + i * L.cell_h,
                                (end - j) * L.cell_w, L.cell_h);
                j = end;
            }
        fill_hatched_path(c, std::min(L.cell_w, L.cell_h) >= 10 * k);
    }

    // Numbers in the cells, when they fit.
    if (spec.show_values && L.cell_w >= 26 * k && L.cell_h >= 15 * k) {
        TextStyle vs{std::min({L.cell_h * 0.36, L.cell_w * 0.27, 15 * k})};
        vs.markup = false;
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j) {
                if (masked && (*spec.blocked)(i, j)) continue;
                const std::string s = format_number(m(i, j), spec.decimals);
                vs.color = prefers_dark_text(spec.scale.color(m(i, j))) ? kInk : Rgb{1, 1, 1};
                if (measure_text(c, s, vs).w > L.cell_w * 0.92) continue;
                draw_text(c, s, L.cells.x + (j + 0.5) * L.cell_w, L.cells.y + (i + 0.5) * L.cell_h, vs, 0.5,
                          0.5);
            }
    }
    stroke_rect(c, L.cells, kRule, 0.8 * k);

    if (spec.band_col_begin >= 0 && spec.band_col_end > spec.band_col_begin) {
        stroke_rect(c,
                    {L.cells.x + spec.band_col_begin * L.cell_w, L.cells.y,
                     (spec.band_col_end - spec.band_col_begin) * L.cell_w, L.cells.h},
                    kAccent, 2.0 * k);
    }
    if (spec.highlight_row >= 0 && spec.highlight_col >= 0) {
        stroke_rect(c,
                    {L.cells.x + spec.highlight_col * L.cell_w, L.cells.y + spec.highlight_row * L.cell_h,
                     L.cell_w, L.cell_h},
                    kAccent, 2.5 * k);
    } else if (spec.highlight_row >= 0) {
        stroke_rect(c, {L.cells.x, L.cells.y + spec.highlight_row * L.cell_h, L.cells.w, L.cell_h}, kAccent,
                    2.0 * k);
    } else if (spec.highlight_col >= 0) {
        stroke_rect(c, {L.cells.x + spec.highlight_col * L.cell_w, L.cells.y, L.cell_w, L.cells.h}, kAccent,
                    2.0 * k);
    }

    // Labels and axis names.
    if (L.label_size > 0) {
        TextStyle ls{L.label_size};
        ls.markup = false;
        for (int i = 0; i < rows && i < int(spec.row_labels.size()); ++i)
            draw_text(c, spec.row_labels[size_t(i)], L.cells.x - 5 * k, L.cells.y + (i + 0.5) * L.cell_h, ls,
                      1, 0.5);
        for (int j = 0; j < cols && j < int(spec.col_labels.size()); ++j) {
            const double x = L.cells.x + (j + 0.5) * L.cell_w;
            if (L.rotate_cols)
                draw_text(c, spec.col_labels[size_t(j)], x, L.cells.y - 5 * k, ls, 0, 0.5, -45);
            else
                draw_text(c, spec.col_labels[size_t(j)], x, L.cells.y - 4 * k, ls, 0.5, 1);
        }
    }
    TextStyle axis_style{13 * k};
    axis_style.color = kMuted;
    // The long axis name if it fits along the grid, else the short one, else none.
    auto pick = [&](const std::string& name, const std::string& short_name, double room) {
        if (name.empty() || measure_text(c, name, axis_style).w <= room) return name;
        if (!short_name.empty() && measure_text(c, short_name, axis_style).w <= room) return short_name;
        return std::string();
    };
    const std::string col_axis = pick(spec.col_axis, spec.col_axis_short, L.cells.w + 2 * L.row_label_w);
    const std::string row_axis = pick(spec.row_axis, spec.row_axis_short, L.cells.h + L.col_label_h);
    if (!col_axis.empty())
        draw_text(c, col_axis, L.cells.cx(), L.cells.y - L.col_label_h - 2 * k, axis_style, 0.5, 1);
    if (!row_axis.empty())
        draw_text(c, row_axis, L.cells.x - L.row_label_w - L.row_axis_w * 0.5, L.cells.cy(), axis_style, 0.5,
                  0.5, -90);
    if (!spec.title.empty()) {
        TextStyle ts{15 * k, true};
        draw_text(c, spec.title, L.cells.cx(), L.cells.y - L.col_label_h - L.col_axis_h - L.title_h + 1 * k,
                  ts, 0.5, 0);
    }
}

}  // namespace attn::fig
