// figure_row.cpp — one query's attention weights as a labelled bar chart (the seeds' favourite
// picture: "sat" → The 0.1, cat 0.4, …): keys in sentence order, the strongest bar highlighted.
#include <algorithm>
#include <cmath>

#include "core/figure/figure_views.h"

namespace attn::fig {

void draw_row_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const int tq = L.t_q(), tk = L.t_k();
    const int row = r.row >= 0 ? r.row : tq - 1;
    const Mat& w = L.heads[size_t(r.head)].weights;  // (T_q, T_k)
    const bool has_blocked = L.blocked.size() > 0;
    const std::string title = c.tf(Ft::TitleRow, {token_for_title(trace.q_tokens[size_t(row)])});
    const std::string subtitle = c.tf(Ft::SubtitleRow, {std::to_string(r.layer + 1), std::to_string(r.head + 1),
                                                        std::to_string(L.n_heads)});
    const Rect content = draw_frame(c, r.options.transparent, title, subtitle, settings_caption(c, trace, r.layer, r.head));

    // Value axis: 0 … a nice number at or above the largest weight.
    double w_max = 0.0;
    int arg = 0;
    for (int j = 0; j < tk; ++j)
        if (w(row, j) > w_max) w_max = w(row, j), arg = j;
    int decimals = 1;
    std::vector<double> ticks = nice_ticks(0.0, std::max(w_max, 0.05), 5, &decimals);
    const double top_value = std::max(ticks.back(), w_max);

    const std::vector<std::string> labels = token_labels(trace.k_tokens);
    TextStyle tick_style{12 * k};
    tick_style.color = kMuted;
    tick_style.markup = false;
    const double tick_w = max_text_width(c, {format_number(top_value, decimals), "0.00"}, tick_style);
    const double slot = (content.w - tick_w - 40 * k) / tk;
    // Token labels: horizontal when they fit under a bar, else vertical; shrink for long sentences.
    TextStyle label_style{std::clamp(slot * 0.55, 6.0, 15 * k)};
    label_style.markup = false;
    const double label_w = max_text_width(c, labels, label_style);
    const bool vertical = label_w > slot * 0.95;
    const double label_h = vertical ? std::min(label_w, content.h * 0.3) + 8 * k
                                    : measure_text(c, "Ag", label_style).h + 8 * k;
    const double value_h = measure_text(c, "0.00", tick_style).h + 4 * k;
    const Rect plot{content.x + tick_w + 34 * k, content.y + value_h + 6 * k, slot * tk,
                    content.h - label_h - value_h - 6 * k - 22 * k};
    auto y_of = [&](double v) { return plot.bottom() - v / top_value * plot.h; };

    // Axis, grid and ticks.
    for (double t : ticks) {
        if (t > top_value + 1e-9) continue;
        draw_line(c, plot.x, y_of(t), plot.right(), y_of(t), kRule, 0.6 * k);
        draw_text(c, format_number(t, decimals), plot.x - 6 * k, y_of(t), tick_style, 1, 0.5);
    }
    draw_line(c, plot.x, plot.y, plot.x, plot.bottom(), kMuted, 1.0 * k);
    TextStyle axis_style = tick_style;
    draw_text(c, c.t(Ft::RowAxis), content.x, plot.y - value_h - 2 * k, axis_style, 0, 0);

    // Bars in sentence order: the colormap by weight, the strongest outlined in the accent colour.
    const ColorScale scale = weight_scale(w_max, c.colormap);
    TextStyle value_style = tick_style;
    value_style.size = std::clamp(slot * 0.32, 5.0, 12 * k);
    const bool values_fit = slot >= 18 * k;
    for (int j = 0; j < tk; ++j) {
        const double x0 = plot.x + j * slot + slot * 0.12, bw = slot * 0.76;
        const bool masked = has_blocked && L.blocked(row, j) != 0;
        if (masked) {
            draw_hatched(c, Rect{x0, plot.bottom() - 8 * k, bw, 8 * k});
            if (values_fit) draw_text(c, c.t(Ft::RowMasked), x0 + bw / 2, plot.bottom() - 10 * k, value_style, 0.5, 1);
        } else {
            const double v = w(row, j);
            const Rect bar{x0, y_of(v), bw, plot.bottom() - y_of(v)};
            fill_rect(c, bar, scale.color(v));
            if (j == arg) stroke_rect(c, bar, kAccent, 2.0 * k);
            if (values_fit) draw_text(c, format_number(v, 2), x0 + bw / 2, bar.y - 2 * k, value_style, 0.5, 1);
        }
        if (vertical) {  // read bottom to top, ending at the axis
            draw_text(c, labels[size_t(j)], x0 + bw / 2, plot.bottom() + 6 * k, label_style, 1, 0.5, -90);
        } else {
            draw_text(c, labels[size_t(j)], x0 + bw / 2, plot.bottom() + 6 * k, label_style, 0.5, 0);
        }
    }
    draw_line(c, plot.x, plot.bottom(), plot.right(), plot.bottom(), kMuted, 1.0 * k);
}

}  // namespace attn::fig
