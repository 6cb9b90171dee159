// figure_qk.cpp — one head's queries and keys in the plane of their first two principal
// components (core/attention/qk_projection.h): queries as circles, keys as squares, each
// labelled; the chosen query's lines to the keys drawn with opacity = its attention weight.
#include <algorithm>
#include <cmath>

#include "core/attention/qk_projection.h"
#include "core/figure/figure_views.h"

namespace attn::fig {

namespace {

const Rgb kQueryColour{0.0f, 0.45f, 0.70f};  // blue
const Rgb kKeyColour{0.84f, 0.37f, 0.0f};    // vermillion

void fill_circle(Canvas& c, double x, double y, double r, Rgb colour) {
    set_color(c, colour);
    cairo_new_path(c.cr);
    cairo_arc(c.cr, x, y, r, 0, 2 * M_PI);
    cairo_fill(c.cr);
}

}  // namespace

void draw_qk_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const QkProjection p = project_qk(L, r.head);
    const int tq = L.t_q(), tk = L.t_k();
    const int row = r.row >= 0 ? r.row : tq - 1;
    const std::string subtitle = c.tf(Ft::SubtitleQk, {std::to_string(r.layer + 1), std::to_string(r.head + 1),
                                                       std::to_string(L.n_heads),
                                                       token_for_title(trace.q_tokens[size_t(row)])});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleQk), subtitle,
                                    settings_caption(c, trace, r.layer, r.head));

    // Data range, square (both axes use the same units: distances are comparable).
    double lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
    auto grow = [&](const Mat& m) {
        for (int i = 0; i < m.rows(); ++i) {
            lo_x = std::min(lo_x, double(m(i, 0)));
            hi_x = std::max(hi_x, double(m(i, 0)));
            lo_y = std::min(lo_y, double(m(i, 1)));
            hi_y = std::max(hi_y, double(m(i, 1)));
        }
    };
    grow(p.q2);
    grow(p.k2);
    const double span = std::max({hi_x - lo_x, hi_y - lo_y, 1e-6}) * 1.15;
    const double cx = (lo_x + hi_x) / 2, cy = (lo_y + hi_y) / 2;
    const double legend_h = 30 * k, axis_h = 24 * k;
    const double side = std::min(content.w * 0.8, content.h - legend_h - axis_h);
    const Rect plot{content.cx() - side / 2, content.y, side, side};
    auto X = [&](double v) { return plot.cx() + (v - cx) / span * side; };
    auto Y = [&](double v) { return plot.cy() - (v - cy) / span * side; };

    stroke_rect(c, plot, kRule, 0.8 * k);
    draw_line(c, X(0), plot.y, X(0), plot.bottom(), kRule, 0.6 * k);
    draw_line(c, plot.x, Y(0), plot.right(), Y(0), kRule, 0.6 * k);
    TextStyle axis{12 * k};
    axis.color = kMuted;
    draw_text(c, c.tf(Ft::QkAxis, {"1", format_number(100 * p.explained[0], 0)}), plot.cx(), plot.bottom() + 4 * k,
              axis, 0.5, 0);
    draw_text(c, c.tf(Ft::QkAxis, {"2", format_number(100 * p.explained[1], 0)}), plot.x - 6 * k, plot.cy(), axis,
              0.5, 1, -90);

    // The chosen query's lines first, under the points.
    const Mat& w = L.heads[size_t(r.head)].weights;
    for (int j = 0; j < tk; ++j) {
        const double a = w(row, j);
        if (a <= 0.004) continue;
        draw_line(c, X(p.q2(row, 0)), Y(p.q2(row, 1)), X(p.k2(j, 0)), Y(p.k2(j, 1)), kQueryColour, 1.0 * k + 5 * k * a,
                  std::min(1.0, 0.15 + a));
    }
    const double n = std::max(tq, tk);
    const double rad = std::clamp(side / (12.0 * std::sqrt(n)), 1.5 * k, 6 * k);
    TextStyle label{std::clamp(rad * 2.4, 7.0, 13 * k)};
    label.markup = false;
    const std::vector<std::string> q_labels = token_labels(trace.q_tokens), k_labels = token_labels(trace.k_tokens);
    const bool labels = n <= 60;
    for (int j = 0; j < tk; ++j) {
        const double x = X(p.k2(j, 0)), y = Y(p.k2(j, 1));
        fill_rect(c, Rect{x - rad, y - rad, 2 * rad, 2 * rad}, kKeyColour);
        if (labels) {
            TextStyle s = label;
            s.color = kKeyColour;
            draw_text(c, k_labels[size_t(j)], x + rad + 2 * k, y, s, 0, 0.5);
        }
    }
    for (int i = 0; i < tq; ++i) {
        const double x = X(p.q2(i, 0)), y = Y(p.q2(i, 1));
        fill_circle(c, x, y, i == row ? rad * 1.6 : rad, kQueryColour);
        if (labels || i == row) {
            TextStyle s = label;
            s.color = kQueryColour;
            s.bold = i == row;
            draw_text(c, q_labels[size_t(i)], x - rad - 2 * k, y, s, 1, 0.5);
        }
    }

    // Legend.
    TextStyle lg{12 * k};
    lg.color = kMuted;
    const double ly = content.bottom() - legend_h / 2;
    double x = content.cx() - 150 * k;
    fill_circle(c, x, ly, 5 * k, kQueryColour);
    x += 10 * k + draw_text(c, c.t(Ft::QkQueries), x + 10 * k, ly, lg, 0, 0.5).w + 30 * k;
    fill_rect(c, Rect{x - 5 * k, ly - 5 * k, 10 * k, 10 * k}, kKeyColour);
    draw_text(c, c.t(Ft::QkKeys), x + 10 * k, ly, lg, 0, 0.5);
}

}  // namespace attn::fig
