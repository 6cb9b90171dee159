// figure_heads.cpp — every head's weights of one layer in a grid, plus their average.
#include <algorithm>
#include <cmath>

#include "core/figure/figure_views.h"

namespace attn::fig {

void draw_heads_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const int n_heads = L.n_heads;
    const bool has_mask = L.blocked.size() > 0;
    const std::string subtitle =
        c.tf(Ft::SubtitleHeads, {std::to_string(r.layer + 1), std::to_string(n_heads),
                                 std::to_string(L.t_q()), std::to_string(L.t_k())});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleHeads), subtitle,
                                    settings_caption(c, trace, r.layer, -1));

    // Panels: each head, then the average (left out for a single head: it would repeat it).
    Mat average = Mat::Zero(L.t_q(), L.t_k());  // (T_q, T_k)
    for (const HeadTrace& h : L.heads) average += h.weights;
    average /= float(n_heads);
    const int n_panels = n_heads > 1 ? n_heads + 1 : 1;
    double max_weight = 0;
    for (const HeadTrace& h : L.heads) max_weight = std::max(max_weight, double(h.weights.maxCoeff()));
    const ColorScale scale = weight_scale(max_weight, c.colormap);  // one scale for every panel

    const double bar_w = std::max(colorbar_width(c), has_mask ? mask_legend_width(c) : 0.0) + 20 * k;
    const Rect area{content.x, content.y, content.w - bar_w, content.h};
    const double gap = 18 * k, panel_title = 26 * k;

    // The grid shape with the largest cells.
    int best_cols = 1;
    double best_cell = -1;
    for (int cols = 1; cols <= n_panels; ++cols) {
        const int rows = (n_panels + cols - 1) / cols;
        const double pw = (area.w - (cols - 1) * gap) / cols;
        const double ph = (area.h - (rows - 1) * gap) / rows;
        const double cell = std::min(pw / L.t_k(), (ph - panel_title) / L.t_q());
        if (cell > best_cell) best_cell = cell, best_cols = cols;
    }
    const int cols = best_cols, rows = (n_panels + cols - 1) / cols;
    const double pw = (area.w - (cols - 1) * gap) / cols;
    const double ph = (area.h - (rows - 1) * gap) / rows;

    const std::vector<std::string> row_labels = token_labels(trace.q_tokens);
    const std::vector<std::string> col_labels = token_labels(trace.k_tokens);
    double top = content.bottom(), bottom = content.y;
    for (int p = 0; p < n_panels; ++p) {
        const bool is_average = p == n_heads;
        HeatmapSpec spec;
        spec.values = is_average ? &average : &L.heads[size_t(p)].weights;
        spec.blocked = has_mask ? &L.blocked : nullptr;
        spec.scale = scale;
        spec.row_labels = row_labels;
        spec.col_labels = col_labels;
        spec.title = is_average ? c.tf(Ft::AverageOfHeads, {std::to_string(n_heads)})
                                : c.tf(Ft::HeadN, {std::to_string(p + 1)});
        spec.max_cell = 60;
        spec.max_label_size = 12;
        const Rect slot{area.x + (p % cols) * (pw + gap), area.y + (p / cols) * (ph + gap), pw, ph};
        HeatmapLayout hl = layout_heatmap(c, spec, slot);
        shift_layout(hl, (slot.w - hl.bounds.w) / 2, 0);
        draw_heatmap(c, spec, hl);
        if (is_average) stroke_rect(c, hl.cells.inset(-3 * k), kMuted, 1.2 * k);
        top = std::min(top, hl.cells.y);
        bottom = std::max(bottom, hl.cells.bottom());
    }

    const double label_h = 22 * k, legend_h = has_mask ? 30 * k : 0;
    const double bar_h = std::clamp(bottom - top, 140 * k, content.h - label_h - legend_h);
    const Rect bar{area.right() + 20 * k, top - label_h, 0, bar_h + label_h - legend_h};
    draw_colorbar(c, bar, scale, c.t(Ft::Weight));
    if (has_mask) draw_mask_legend(c, bar.x, bar.bottom() + 16 * k);
}

}  // namespace attn::fig
