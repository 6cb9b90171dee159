// plot.h — AttnLab's one plotting block (ImGui draw list): axes with ticks, units and labels,
// linear or log scales, lines, points, bars and dashed reference curves, a legend and a hover
// readout. Every plot in the app (Cost, the scaling lab, the row view, training curves) uses it.
//
// The scale and tick logic is GL-free in core/base/plot_scale.h; this file only draws. Usage:
//   PlotSpec spec;  spec.x = fit_axis(xs, AxisScale::Log);  spec.x.label = "n (tokens)"; ...
//   PlotSeries s = plot_series("softmax", plot_colour(0), SeriesKind::LinePoints); s.x = xs; s.y = ys;
//   spec.series.push_back(std::move(s));
//   PlotHover h = draw_plot("##cost", spec, ImVec2(w, h));
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "core/base/plot_scale.h"

namespace attn::app {

enum class SeriesKind {
    LinePoints,  // a line through the points, with a dot at each
    Line,        // a line only (dense curves)
    Points,      // dots only
    Bars,        // vertical bars from the axis' lower edge (or 0) to y, centred on x
    Reference,   // a dashed line, drawn under the others, not hovered (n, n² slopes)
};

struct PlotSeries {
    std::string name;           // legend entry and hover title
    std::vector<double> x, y;   // same length; points outside the axes are clipped
    ImU32 colour = IM_COL32(255, 255, 255, 255);
    SeriesKind kind = SeriesKind::LinePoints;
    double bar_width = 0.0;     // Bars: width in x units (0: 80% of the smallest x spacing)
    std::vector<std::string> point_labels;  // optional hover text per point (token names …)
    bool label_points = false;  // also write point_labels beside the points (Points, LinePoints)
};

// A series with the common fields set (the rest default), without -Wmissing-field-initializers.
inline PlotSeries plot_series(std::string name, std::vector<double> x, std::vector<double> y, ImU32 colour,
                              SeriesKind kind = SeriesKind::LinePoints) {
    PlotSeries s;
    s.name = std::move(name);
    s.x = std::move(x);
    s.y = std::move(y);
    s.colour = colour;
    s.kind = kind;
    return s;
}

struct PlotSpec {
    Axis x, y;
    std::string title;                 // above the plot, may be empty
    std::vector<PlotSeries> series;
    bool legend = true;                // legend box in the top-left corner of the plot area
    std::vector<double> x_marks;       // vertical marker lines (e.g. the shown training step)
    int x_tick_target = 6, y_tick_target = 5;
    // When set: x ticks at 0, 1, … labelled with these (every k-th when they would overlap).
    std::vector<std::string> x_category_labels;
    // > 0: the category labels are drawn by the caller (pictures) in a row this tall under the axis
    // (they still name the points in the hover readout); 0: as text.
    float x_category_room = 0.0f;
};

struct PlotHover {
    int series = -1, index = -1;  // the point under the pointer (nearest in x on the hovered series)
    bool clicked = false;         // left click on the plot area this frame
    ImVec2 area_min, area_max;    // the data area on screen (for overlays drawn by the caller)
};

// Screen position of data point (x, y) in a plot drawn with `spec` whose data area `hover` reports.
ImVec2 plot_point(const PlotSpec& spec, const PlotHover& hover, double x, double y);

// A colour of the plot palette (colour-blind safe, readable on the dark theme), by index.
ImU32 plot_colour(int index);

// A legend as a row of items (wrapping), for several plots that share their series.
void draw_legend_row(const std::vector<PlotSeries>& series);

// Draws the plot into a box of `size` at the cursor (advances the cursor like an item).
PlotHover draw_plot(const char* id, const PlotSpec& spec, ImVec2 size);

}  // namespace attn::app
