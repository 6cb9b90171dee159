// figure_heatmap.cpp — one head's matrix: weights A, raw scores S = QKᵀ, or the softmax input; or the
// attention rollout through the layers up to this one.
#include <algorithm>

#include "core/attention/attention_flow.h"
#include "core/figure/figure_views.h"

namespace attn::fig {

void draw_heatmap_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const HeadTrace& H = L.heads[size_t(r.head)];
    const bool has_mask = L.blocked.size() > 0;

    Mat m;  // (T_q, T_k)
    HeatmapSpec spec;
    std::string title, bar_label;
    switch (r.values) {
        case MatrixValues::Weights:
            m = H.weights;
            spec.scale = weight_scale(m.maxCoeff(), c.colormap);
            title = c.t(Ft::TitleWeights);
            bar_label = c.t(Ft::Weight);
            break;
        case MatrixValues::Scores:
            m = H.scores;
            title = c.t(Ft::TitleScores);
            bar_label = c.t(Ft::Score);
            break;
        case MatrixValues::Scaled:
            m = L.scaled_scores(r.head);
            title = c.t(Ft::TitleScaled);
            bar_label = c.t(Ft::ScaledScore);
            break;
        case MatrixValues::Rollout:  // rows sum to 1, like weights: the same fixed scale
            m = attention_rollout({trace.layers.begin(), trace.layers.begin() + r.layer + 1}).back();
            spec.scale = weight_scale(m.maxCoeff(), c.colormap);
            title = c.t(Ft::TitleRollout);
            bar_label = c.t(Ft::RolloutShare);
            break;
    }
    if (r.values != MatrixValues::Weights && r.values != MatrixValues::Rollout) {
        spec.scale = value_scale(m, has_mask ? &L.blocked : nullptr, c.colormap);
        const double big = std::max(std::abs(spec.scale.lo), std::abs(spec.scale.hi));
        spec.decimals = big >= 100 ? 0 : big >= 10 ? 1 : 2;
    }
    const std::string subtitle =
        r.values == MatrixValues::Rollout
            ? c.tf(Ft::SubtitleRollout, {std::to_string(r.layer + 1), std::to_string(L.t_q())})
            : c.tf(Ft::SubtitleHeatmap, {std::to_string(r.layer + 1), std::to_string(r.head + 1),
                                         std::to_string(L.n_heads), std::to_string(L.t_q()), std::to_string(L.t_k())});
    const Rect content =
        draw_frame(c, r.options.transparent, title, subtitle,
                   settings_caption(c, trace, r.layer, r.values == MatrixValues::Rollout ? -1 : r.head));  // rollout: all heads

    spec.values = &m;
    spec.blocked = has_mask ? &L.blocked : nullptr;
    spec.row_labels = token_labels(trace.q_tokens);
    spec.col_labels = token_labels(trace.k_tokens);
    spec.row_axis = c.t(Ft::AxisQuery);
    spec.col_axis = c.t(Ft::AxisKey);
    spec.row_axis_short = c.t(Ft::Query);
    spec.col_axis_short = c.t(Ft::Key);
    spec.highlight_row = r.cell_query;
    spec.highlight_col = r.cell_key;
    spec.max_cell = 100;
    spec.max_label_size = 20;

    const double bar_w = std::max(colorbar_width(c), has_mask ? mask_legend_width(c) : 0.0) + 24 * k;
    Rect area = content;
    area.w -= bar_w;
    HeatmapLayout hl = layout_heatmap(c, spec, area);
    // Centre block + colour bar horizontally, and the block vertically.
    shift_layout(hl, std::max(0.0, (area.w - hl.bounds.w) / 2), std::max(0.0, (content.h - hl.bounds.h) / 2));
    draw_heatmap(c, spec, hl);

    // Colour bar beside the cells; the mask legend (if any) under it, both within the cells' height.
    const double label_h = 22 * k, legend_h = has_mask ? 30 * k : 0;
    const Rect bar{hl.bounds.right() + 24 * k, hl.cells.y - label_h, 0,
                   std::max(hl.cells.h, 140 * k) + label_h - legend_h};
    draw_colorbar(c, bar, spec.scale, bar_label);
    if (has_mask) draw_mask_legend(c, bar.x, bar.bottom() + 16 * k);
}

}  // namespace attn::fig
