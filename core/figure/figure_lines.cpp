// figure_lines.cpp — BertViz-style: queries on the left, keys on the right, one line per pair
// whose opacity is the attention weight (hidden pairs have weight 0 and no line).
#include <algorithm>
#include <numeric>

#include "core/figure/figure_views.h"

namespace attn::fig {

void draw_lines_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const Mat& w = L.heads[size_t(r.head)].weights;  // (T_q, T_k)
    const std::string subtitle =
        c.tf(Ft::SubtitleLines,
             {std::to_string(r.layer + 1), std::to_string(r.head + 1), std::to_string(L.n_heads)});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleLines), subtitle,
                                    settings_caption(c, trace, r.layer, r.head));

    const int tq = L.t_q(), tk = L.t_k(), n = std::max(tq, tk);
    TextStyle head_style{15 * k, true};
    const double head_h = measure_text(c, "Ag", head_style).h + 12 * k;
    const double legend_h = 36 * k;
    const double row_h = std::min(44 * k, (content.h - head_h - legend_h) / n);
    const double size = std::clamp(row_h * 0.62, 5.0, 20 * k);
    TextStyle ls{size};
    ls.markup = false;
    const std::vector<std::string> q_labels = token_labels(trace.q_tokens);
    const std::vector<std::string> k_labels = token_labels(trace.k_tokens);
    const double qw = max_text_width(c, q_labels, ls), kw = max_text_width(c, k_labels, ls);

    // Two label columns around a band of lines, centred on the page.
    const double band = std::clamp(content.w * 0.32, 160 * k, 520 * k);
    const double total = qw + kw + band + 24 * k;
    const double x_q = content.cx() - total / 2 + qw;  // right edge of the query labels
    const double x_k = x_q + 12 * k + band + 12 * k;   // left edge of the key labels
    const double block_h = head_h + n * row_h;
    const double y0 = content.y + std::max(0.0, (content.h - legend_h - block_h) / 2) + head_h;
    auto y_of = [&](int i, int count) { return y0 + (n - count) * row_h / 2 + (i + 0.5) * row_h; };

    TextStyle hs = head_style;
    hs.color = kMuted;
    draw_text(c, c.t(Ft::Query), x_q, y0 - 8 * k, hs, 1, 1);
    draw_text(c, c.t(Ft::Key), x_k, y0 - 8 * k, hs, 0, 1);

    // Faint lines first so the strong ones are drawn on top.
    const Rgb color = colormap_rgb(c.colormap, 0.25f);
    const double lw = std::clamp(row_h * 0.12, 1.0 * k, 3.5 * k);
    std::vector<int> order(size_t(tq) * size_t(tk));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return w(a / tk, a % tk) < w(b / tk, b % tk); });
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    for (int idx : order) {
        const int i = idx / tk, j = idx % tk;
        const double a = w(i, j);
        if (a <= 0.004) continue;  // invisible anyway; keeps files small
        draw_line(c, x_q + 12 * k, y_of(i, tq), x_k - 12 * k, y_of(j, tk), color, lw, a);
    }
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_BUTT);
    for (int i = 0; i < tq; ++i) draw_text(c, q_labels[size_t(i)], x_q, y_of(i, tq), ls, 1, 0.5);
    for (int j = 0; j < tk; ++j) draw_text(c, k_labels[size_t(j)], x_k, y_of(j, tk), ls, 0, 0.5);

    // Legend: sample lines at a few weights.
    TextStyle lg{12 * k};
    lg.color = kMuted;
    double x = content.cx() - 170 * k;
    const double y = content.bottom() - legend_h / 2;
    x += draw_text(c, c.t(Ft::LinesLegend), x, y, lg, 0, 0.5).w + 12 * k;
    for (double a : {0.1, 0.25, 0.5, 1.0}) {
        draw_line(c, x, y, x + 40 * k, y, color, 3 * k, a);
        TextStyle ns = lg;
        ns.markup = false;
        x += 46 * k + draw_text(c, format_number(a, a < 0.2 ? 1 : 2), x + 46 * k, y, ns, 0, 0.5).w + 16 * k;
    }
}

}  // namespace attn::fig
