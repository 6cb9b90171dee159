// figure_scaling.cpp — the same head with and without ÷√d_k: both weight maps on one colour
// scale, their difference, and the entropy of every query row for both.
//
// The trace holds one setting's weights; the other setting's are the same scores' softmax with the
// other factor (other_scaling_layer: this layer alone, the layers before it as they ran).
#include <algorithm>
#include <cmath>

#include "core/figure/figure_views.h"

namespace attn::fig {
namespace {

const Rgb kWithColor{0.16f, 0.35f, 0.70f};
const Rgb kWithoutColor{0.93f, 0.52f, 0.13f};

// Row entropies in nats: the trace's stats when it kept them, else from the weights.
Vec row_entropy(const HeadTrace& h) {
    if (h.stats.entropy.size() == h.weights.rows()) return h.stats.entropy;
    Vec e = Vec::Zero(h.weights.rows());  // (T_q)
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
        for (Eigen::Index j = 0; j < h.weights.cols(); ++j) {
            const float p = h.weights(i, j);
            if (p > 0) e(i) -= p * std::log(p);
        }
    return e;
}

struct EntropyChart {
    Rect rows;           // bars: row i spans [rows.y + i·h, rows.y + (i+1)·h), x from rows.x
    double title_y = 0;  // top of the chart's title and legend
    std::vector<std::string> labels;
};

void draw_entropy_chart(Canvas& c, const EntropyChart& ch, const Vec& with, const Vec& without,
                        const LayerTrace& L) {
    const double k = c.k;
    const int n = int(with.size());
    // ln(visible keys) per row: the entropy of a uniform row, the most a row can have.
    std::vector<double> max_h(size_t(n), std::log(double(L.t_k())));
    double x_max = 0;
    for (int i = 0; i < n; ++i) {
        int visible = L.t_k();
        if (L.blocked.size() > 0) visible -= int(L.blocked.row(i).cast<int>().sum());
        max_h[size_t(i)] = visible > 0 ? std::log(double(visible)) : 0.0;
        x_max = std::max({x_max, max_h[size_t(i)], double(with(i)), double(without(i))});
    }
    if (x_max <= 0) x_max = 1;

    TextStyle title{15 * k, true};
    draw_text(c, c.t(Ft::EntropyTitle), ch.rows.x, ch.title_y, title);
    TextStyle legend{12 * k};
    legend.color = kMuted;
    double lx = ch.rows.x, ly = ch.title_y + 24 * k;
    for (auto [color, id] :
         {std::pair{kWithColor, Ft::ShortWith}, std::pair{kWithoutColor, Ft::ShortWithout}}) {
        fill_rect(c, {lx, ly + 2 * k, 12 * k, 10 * k}, color);
        lx += 16 * k + draw_text(c, c.t(id), lx + 16 * k, ly + 7 * k, legend, 0, 0.5).w + 14 * k;
    }

    // Row labels (when they fit), bars, the uniform-row marks, the x axis.
    const double row_h = ch.rows.h / std::max(n, 1);
    const double label_size = std::min(12 * k, row_h * 0.7);
    TextStyle ls{label_size};
    ls.markup = false;
    const bool show_labels = label_size >= 5;
    const double label_w = show_labels ? max_text_width(c, ch.labels, ls) + 6 * k : 0;
    const Rect plot{ch.rows.x + label_w, ch.rows.y, std::max(10.0, ch.rows.w - label_w - 10 * k), ch.rows.h};
    auto x_of = [&](double v) { return plot.x + v / x_max * plot.w; };
    for (int i = 0; i < n; ++i) {
        const double y = plot.y + i * row_h;
        if (show_labels) draw_text(c, ch.labels[size_t(i)], plot.x - 5 * k, y + row_h / 2, ls, 1, 0.5);
        const double bh = row_h * 0.36;
        fill_rect(c, {plot.x, y + row_h * 0.12, x_of(with(i)) - plot.x, bh}, kWithColor);
        fill_rect(c, {plot.x, y + row_h * 0.12 + bh, x_of(without(i)) - plot.x, bh}, kWithoutColor);
        const double mx = x_of(max_h[size_t(i)]);
        draw_line(c, mx, y + row_h * 0.05, mx, y + row_h * 0.95, kInk, 1.2 * k);
    }
    draw_line(c, plot.x, plot.y, plot.x, plot.bottom(), kMuted, 0.8 * k);
    draw_line(c, plot.x, plot.bottom(), plot.right(), plot.bottom(), kMuted, 0.8 * k);
    int decimals = 1;
    TextStyle ts{11 * k};
    ts.markup = false;
    ts.color = kMuted;
    for (double v : nice_ticks(0, x_max, 4, &decimals)) {
        draw_line(c, x_of(v), plot.bottom(), x_of(v), plot.bottom() + 4 * k, kMuted, 0.8 * k);
        draw_text(c, format_number(v, decimals), x_of(v), plot.bottom() + 5 * k, ts, 0.5, 0);
    }
    TextStyle as{12 * k};
    as.color = kMuted;
    double y = plot.bottom() + 22 * k;
    y += draw_text(c, c.t(Ft::EntropyAxis), plot.cx(), y, as, 0.5, 0).h + 4 * k;
    // "|" marks: the uniform row; and the means.
    y += draw_text(c, c.t(Ft::EntropyMax), plot.x, y, as).h + 2 * k;
    const std::string means =
        c.tf(Ft::MeanEntropy, {format_number(with.mean(), 2)}) + " (" + c.t(Ft::ShortWith) + ")  ·  " +
        c.tf(Ft::MeanEntropy, {format_number(without.mean(), 2)}) + " (" + c.t(Ft::ShortWithout) + ")";
    draw_text(c, means, plot.x, y, as);
}

}  // namespace

void draw_scaling_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& A = trace.layers[size_t(r.layer)];
    const LayerTrace B = other_scaling_layer(A, r.head);
    const LayerTrace& with = A.scale ? A : B;
    const LayerTrace& without = A.scale ? B : A;
    const HeadTrace& hw = with.heads[size_t(r.head)];
    const HeadTrace& hu = without.heads[size_t(r.head)];
    const bool has_mask = A.blocked.size() > 0;

    const Mat diff = hw.weights - hu.weights;  // (T_q, T_k)
    const double max_abs = std::max(1e-6, double(diff.cwiseAbs().maxCoeff()));

    const std::string subtitle =
        c.tf(Ft::SubtitleScaling,
             {std::to_string(r.layer + 1), std::to_string(r.head + 1), std::to_string(A.d_k)});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleScaling), subtitle,
                                    settings_caption(c, trace, r.layer, r.head));

    HeatmapSpec base;
    base.blocked = has_mask ? &A.blocked : nullptr;
    base.row_labels = token_labels(trace.q_tokens);
    base.col_labels = token_labels(trace.k_tokens);
    base.max_cell = 60;
    base.max_label_size = 13;
    base.scale.lo = 0;
    base.scale.hi = 1;
    base.scale.map = c.colormap;
    HeatmapSpec s_with = base, s_without = base, s_diff = base;
    s_with.values = &hw.weights;
    s_with.title = c.t(Ft::WithScaling);
    s_without.values = &hu.weights;
    s_without.title = c.t(Ft::WithoutScaling);
    s_diff.values = &diff;
    s_diff.title = c.t(Ft::Difference);
    s_diff.scale = symmetric_scale(max_abs);

    const double gap = 22 * k;
    const double bar_w = std::max(colorbar_width(c), has_mask ? mask_legend_width(c) : 0.0) + 8 * k;
    const bool landscape = content.w >= content.h * 1.3;
    const double chart_footer = 80 * k;  // the entropy chart's axis and notes, under its rows
    Rect slot_with, slot_without, slot_diff, slot_chart;
    double bar1_x, bar2_x;
    if (landscape) {
        // [with] [without] |bar| [difference] |bar| [entropy]
        const double chart_w = std::max(200 * k, content.w * 0.2);
        const double hm_w = (content.w - chart_w - 2 * bar_w - 5 * gap) / 3;
        double x = content.x;
        const double h = content.h - chart_footer;
        slot_with = {x, content.y, hm_w, h};
        x += hm_w + gap;
        slot_without = {x, content.y, hm_w, h};
        bar1_x = x + hm_w + gap * 0.5;
        x += hm_w + gap + bar_w;
        slot_diff = {x, content.y, hm_w, h};
        bar2_x = x + hm_w + gap * 0.5;
        x += hm_w + gap + bar_w + gap;
        slot_chart = {x, content.y, content.right() - x, content.h};
    } else {
        // [with] [without] |bar|  /  [difference] |bar| [entropy]
        const double hm_w = (content.w - bar_w - 2 * gap) / 2;
        const double row_h = (content.h - gap) / 2;
        slot_with = {content.x, content.y, hm_w, row_h};
        slot_without = {content.x + hm_w + gap, content.y, hm_w, row_h};
        bar1_x = slot_without.right() + gap * 0.5;
        slot_diff = {content.x, content.y + row_h + gap, hm_w, row_h - chart_footer};
        bar2_x = slot_diff.right() + gap * 0.5;
        slot_chart = {bar2_x + bar_w + gap, slot_diff.y, content.right() - bar2_x - bar_w - gap, row_h};
    }

    HeatmapLayout l_with = layout_heatmap(c, s_with, slot_with);
    HeatmapLayout l_without = layout_heatmap(c, s_without, slot_without);
    HeatmapLayout l_diff = layout_heatmap(c, s_diff, slot_diff);
    // Same-sized slots give the same layout; centre each block in its slot.
    for (auto pair : {std::pair{&l_with, &slot_with}, std::pair{&l_without, &slot_without},
                      std::pair{&l_diff, &slot_diff}})
        shift_layout(*pair.first, (pair.second->w - pair.first->bounds.w) / 2, 0);
    if (landscape) {  // one row of panels: centre it vertically
        const double used = std::max({l_with.bounds.h, l_without.bounds.h, l_diff.bounds.h}) + chart_footer;
        const double dy = std::max(0.0, (content.h - used) / 2);
        for (HeatmapLayout* l : {&l_with, &l_without, &l_diff}) shift_layout(*l, 0, dy);
    } else {  // two rows: close the gap between them, then centre both vertically
        const double top_bottom = std::max(l_with.bounds.bottom(), l_without.bounds.bottom());
        shift_layout(l_diff, 0, std::min(0.0, top_bottom + 2 * gap - l_diff.bounds.y));
        const double used = l_diff.bounds.bottom() + chart_footer - content.y;
        const double dy = std::max(0.0, (content.h - used) / 2);
        for (HeatmapLayout* l : {&l_with, &l_without, &l_diff}) shift_layout(*l, 0, dy);
    }
    draw_heatmap(c, s_with, l_with);
    draw_heatmap(c, s_without, l_without);
    draw_heatmap(c, s_diff, l_diff);

    const double label_h = 22 * k;
    const double legend_h = has_mask ? 30 * k : 0;
    const Rect bar1{bar1_x, l_without.cells.y - label_h, 0,
                    std::max(l_without.cells.h, 120 * k) + label_h - legend_h};
    draw_colorbar(c, bar1, base.scale, c.t(Ft::Weight));
    if (has_mask) draw_mask_legend(c, bar1.x, bar1.bottom() + 16 * k);
    const Rect bar2{bar2_x, l_diff.cells.y - label_h, 0, std::max(l_diff.cells.h, 120 * k) + label_h};
    draw_colorbar(c, bar2, s_diff.scale, c.t(Ft::DifferenceAxis));

    // The entropy chart's rows line up with the difference map's rows.
    EntropyChart chart;
    chart.rows = {slot_chart.x, l_diff.cells.y, slot_chart.w, l_diff.cells.h};
    chart.title_y = l_diff.bounds.y;
    chart.labels = base.row_labels;
    draw_entropy_chart(c, chart, row_entropy(hw), row_entropy(hu), A);
}

}  // namespace attn::fig
