// figure_pe.cpp — the sinusoidal positional-encoding matrix (T_q, d_model): rows are positions
// (with their tokens), columns dimensions. Low dimensions change fast along the positions, high
// ones slowly: the stripes a student should see.
#include <algorithm>

#include "core/figure/figure_views.h"
#include "core/attention/positional.h"

namespace attn::fig {

void draw_pe_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const int d = trace.model.d_model;
    // The trace holds zeros when positional encoding is off: show the values it would add.
    const Mat pe =
        trace.model.positional ? trace.q_positions : sinusoidal_positions(trace.t_q(), d);  // (T_q, d)
    std::string subtitle = c.tf(Ft::SubtitlePe, {std::to_string(d)});
    if (!trace.model.positional) subtitle += "\n" + std::string(c.t(Ft::PeOff));
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitlePe), subtitle,
                                    settings_caption(c, trace, r.layer, -1));

    HeatmapSpec spec;
    spec.values = &pe;
    spec.scale.lo = -1;
    spec.scale.hi = 1;
    spec.scale.map = c.colormap;
    spec.square_cells = false;
    spec.show_values = false;
    spec.max_cell = 44;
    spec.max_label_size = 16;
    spec.row_axis = c.t(Ft::Position);
    spec.row_axis_short = c.t(Ft::PositionShort);
    for (int i = 0; i < trace.t_q(); ++i)
        spec.row_labels.push_back(std::to_string(i) + "  " + token_labels({trace.q_tokens[size_t(i)]})[0]);

    const double bar_w = colorbar_width(c) + 24 * k;
    const double axis_h = 48 * k;  // dimension ticks and the axis name under the grid
    const Rect area{content.x, content.y, content.w - bar_w, content.h - axis_h};
    HeatmapLayout hl = layout_heatmap(c, spec, area);
    shift_layout(hl, 0, std::max(0.0, (area.h - hl.bounds.h) / 2));
    draw_heatmap(c, spec, hl);

    // Dimension ticks: 0, then nice steps.
    TextStyle ts{12 * k};
    ts.markup = false;
    ts.color = kMuted;
    int decimals = 0;
    for (double v : nice_ticks(0, d - 1, std::clamp(int(hl.cells.w / (60 * k)), 2, 12), &decimals)) {
        const int dim = int(v);
        if (dim < 0 || dim >= d) continue;
        const double x = hl.cells.x + (dim + 0.5) * hl.cell_w;
        draw_line(c, x, hl.cells.bottom(), x, hl.cells.bottom() + 4 * k, kMuted, 0.8 * k);
        draw_text(c, std::to_string(dim), x, hl.cells.bottom() + 6 * k, ts, 0.5, 0);
    }
    TextStyle as{13 * k};
    as.color = kMuted;
    draw_text(c, c.t(Ft::Dimension), hl.cells.cx(), hl.cells.bottom() + 26 * k, as, 0.5, 0);

    const double label_h = 22 * k;
    const Rect bar{hl.cells.right() + 24 * k, hl.cells.y - label_h, 0,
                   std::max(hl.cells.h, 140 * k) + label_h};
    draw_colorbar(c, bar, spec.scale, c.t(Ft::PeValue));
}

}  // namespace attn::fig
