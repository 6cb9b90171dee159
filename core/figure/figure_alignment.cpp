// figure_alignment.cpp — a translation's cross-attention as words (core/attention/alignment.h):
// the word matrix (target words down, source words across) on the left, the classic picture of
// lines from each target word to the source words it reads on the right (opacity = weight, the
// strongest line of each target word drawn thicker).
#include <algorithm>
#include <numeric>

#include "core/attention/alignment.h"
#include "core/figure/figure_views.h"

namespace attn::fig {

void draw_alignment_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const AlignmentSource source = r.all_layers ? AlignmentSource::MeanLayers
                                   : r.head < 0 ? AlignmentSource::MeanHeads
                                                : AlignmentSource::Head;
    const Mat pieces = alignment_pieces(trace, source, r.layer, std::max(r.head, 0));  // (T_tgt, T_src)
    const WordGroups tgt = target_words(trace, !r.pieces);
    const WordGroups src = group_words(trace.k_tokens, trace.run.text, !r.pieces);
    const Mat w = merge_words(pieces, tgt, src);  // (W_tgt, W_src)
    const std::string unit = c.t(r.pieces ? Ft::AlignPieces : Ft::AlignWords);
    const std::string subtitle =
        source == AlignmentSource::MeanLayers ? c.tf(Ft::SubtitleAlignMeanLayers, {unit})
        : source == AlignmentSource::MeanHeads
            ? c.tf(Ft::SubtitleAlignMeanHeads, {std::to_string(r.layer + 1), std::to_string(L.n_heads), unit})
            : c.tf(Ft::SubtitleAlignHead,
                   {std::to_string(r.layer + 1), std::to_string(r.head + 1), std::to_string(L.n_heads), unit});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleAlignment), subtitle,
                                    settings_caption(c, trace, r.layer, source == AlignmentSource::Head ? r.head : -1));

    // Left: the word matrix with its colour bar.
    HeatmapSpec spec;
    spec.values = &w;
    spec.scale = weight_scale(w.size() > 0 ? w.maxCoeff() : 1.0, c.colormap);
    spec.row_labels = tgt.labels;
    spec.col_labels = src.labels;
    spec.row_axis = c.t(Ft::AlignTarget);
    spec.col_axis = c.t(Ft::AlignSource);
    spec.row_axis_short = c.t(Ft::AlignTarget);
    spec.col_axis_short = c.t(Ft::AlignSource);
    spec.max_cell = 80;
    spec.max_label_size = 18;
    const double bar_w = colorbar_width(c) + 20 * k;
    Rect left = content;
    left.w = content.w * 0.56 - bar_w;
    HeatmapLayout hl = layout_heatmap(c, spec, left);
    shift_layout(hl, std::max(0.0, (left.w - hl.bounds.w) / 2), std::max(0.0, (content.h - hl.bounds.h) / 2));
    draw_heatmap(c, spec, hl);
    const double label_h = 22 * k;
    draw_colorbar(c, Rect{hl.bounds.right() + 20 * k, hl.cells.y - label_h, 0, std::max(hl.cells.h, 140 * k) + label_h},
                  spec.scale, c.t(Ft::LinesLegend));

    // Right: target words on the left, source words on the right, a line per pair.
    const Rect right{content.x + content.w * 0.60, content.y, content.w * 0.40, content.h};
    const int nt = int(w.rows()), ns = int(w.cols()), n = std::max({nt, ns, 1});
    TextStyle head_style{14 * k, true};
    head_style.color = kMuted;
    const double head_h = measure_text(c, "Ag", head_style).h + 10 * k;
    const double row_h = std::min(40 * k, (right.h - head_h) / n);
    TextStyle ls{std::clamp(row_h * 0.6, 5.0, 18 * k)};
    ls.markup = false;
    // Each column as wide as its widest word or its heading, so that nothing leaves the page.
    const double tw = std::max(max_text_width(c, tgt.labels, ls), measure_text(c, c.t(Ft::AlignTarget), head_style).w);
    const double sw = std::max(max_text_width(c, src.labels, ls), measure_text(c, c.t(Ft::AlignSource), head_style).w);
    const double band = std::max(40 * k, right.w - tw - sw - 24 * k);
    const double x_t = right.x + tw;                     // right edge of the target words
    const double x_s = x_t + 12 * k + band + 12 * k;     // left edge of the source words
    const double y0 = right.y + std::max(0.0, (right.h - head_h - n * row_h) / 2) + head_h;
    auto y_of = [&](int i, int count) { return y0 + (n - count) * row_h / 2 + (i + 0.5) * row_h; };
    draw_text(c, c.t(Ft::AlignTarget), x_t, y0 - 6 * k, head_style, 1, 1);
    draw_text(c, c.t(Ft::AlignSource), x_s, y0 - 6 * k, head_style, 0, 1);
    const std::vector<int> strongest = strongest_source(w);
    const Rgb color = colormap_rgb(c.colormap, 0.25f);
    const double lw = std::clamp(row_h * 0.12, 1.0 * k, 3.0 * k);
    std::vector<int> order(size_t(nt) * size_t(ns));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return w(a / ns, a % ns) < w(b / ns, b % ns); });
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    for (int idx : order) {
        const int i = idx / ns, j = idx % ns;
        const double a = w(i, j);
        if (a <= 0.004) continue;  // invisible anyway; keeps files small
        const bool best = strongest[size_t(i)] == j;
        draw_line(c, x_t + 10 * k, y_of(i, nt), x_s - 10 * k, y_of(j, ns), color, best ? 2 * lw : lw, std::min(1.0, a));
    }
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_BUTT);
    for (int i = 0; i < nt; ++i) draw_text(c, tgt.labels[size_t(i)], x_t, y_of(i, nt), ls, 1, 0.5);
    for (int j = 0; j < ns; ++j) draw_text(c, src.labels[size_t(j)], x_s, y_of(j, ns), ls, 0, 0.5);
}

}  // namespace attn::fig
