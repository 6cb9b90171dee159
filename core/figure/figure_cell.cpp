// figure_cell.cpp — the cell explainer as a table: how weight a_ij comes out of q_i and k_j.
//
//   q_i, k_j (1, d_k) → s_ij = q_i · k_j → z_ij = s_ij · factor → mask (−∞ if hidden)
//     → exp(z_ij − m_i) → Σ_j' exp(z_ij' − m_i) → a_ij = exp / sum
//
// Everything but the exp() and the row sum is read from the trace; those two are one row's worth
// of arithmetic on the trace's scores (the softmax's own intermediate, which the trace does not
// keep). a_ij itself is the trace's weight.
#include <algorithm>
#include <cmath>

#include "core/figure/figure_views.h"

namespace attn::fig {
namespace {

// Why (i, j) is hidden, from the mask settings (the trace keeps only the combined mask).
std::string hidden_reason(const Canvas& c, const Trace& trace, int i, int j) {
    const MaskConfig& m = trace.run.mask;
    if (m.causal && j > i) return c.tf(Ft::CellHiddenCausal, {std::to_string(j), std::to_string(i)});
    if (size_t(j) < trace.key_is_pad.size() && trace.key_is_pad[size_t(j)]) return c.t(Ft::CellHiddenPad);
    const bool global =
        std::find(m.global_tokens.begin(), m.global_tokens.end(), i) != m.global_tokens.end() ||
        std::find(m.global_tokens.begin(), m.global_tokens.end(), j) != m.global_tokens.end();
    if (m.window >= 0 && std::abs(i - j) > m.window && !global)
        return c.tf(Ft::CellHiddenWindow, {std::to_string(m.window)});
    for (auto [bi, bj] : m.blocked_cells)
        if (bi == i && bj == j) return c.t(Ft::CellHiddenCell);
    return c.t(Ft::CellHidden);
}

}  // namespace

void draw_cell_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const HeadTrace& H = L.heads[size_t(r.head)];
    const int i = r.cell_query, j = r.cell_key, h = r.head;
    const bool hidden = L.is_blocked(i, j);
    const bool row_empty = i < int(L.fully_masked.size()) && L.fully_masked[size_t(i)];

    // ---- the numbers ------------------------------------------------------------------------
    const Mat q = L.q_head(h).row(i);     // (1, d_k)
    const Mat kv = L.k_head(h).row(j);    // (1, d_k)
    const Mat prod = q.cwiseProduct(kv);  // (1, d_k): its sum is s_ij
    const double s = H.scores(i, j);
    const double z = L.scaled_score(r.head, i, j);  // factor · s (+ T5's position bias)
    double m = -INFINITY, sum = 0;
    int visible = 0;
    for (int jj = 0; jj < L.t_k(); ++jj) {
        if (L.is_blocked(i, jj)) continue;
        m = std::max(m, double(L.scaled_score(r.head, i, jj)));
        ++visible;
    }
    for (int jj = 0; jj < L.t_k(); ++jj)
        if (!L.is_blocked(i, jj)) sum += std::exp(double(L.scaled_score(r.head, i, jj)) - m);
    const double e = hidden || row_empty ? 0.0 : std::exp(z - m);
    const double a = H.weights(i, j);

    const std::string qtok = token_for_title(trace.q_tokens[size_t(i)]);
    const std::string ktok = token_for_title(trace.k_tokens[size_t(j)]);
    const std::string subtitle =
        c.tf(Ft::SubtitleCell, {std::to_string(i), qtok, std::to_string(j), ktok, std::to_string(r.layer + 1),
                                std::to_string(h + 1), std::to_string(L.n_heads)});
    const Rect content = draw_frame(c, r.options.transparent, c.tf(Ft::TitleCell, {qtok, ktok}), subtitle,
                                    settings_caption(c, trace, r.layer, r.head));

    // ---- the table --------------------------------------------------------------------------
    struct Row {
        std::string step, formula, value;
        const Mat* strip = nullptr;  // a (1, d_k) vector shown as cells
        bool strong = false;
    };
    const bool temp = std::abs(L.temperature - 1.0f) > 1e-6f;
    const std::string divisor = format_general(1.0 / double(L.factor), 4);
    std::string scale_formula;
    if (L.scale)
        scale_formula = temp ? c.tf(Ft::CellScaleFormulaTemp, {std::to_string(L.d_k), divisor})
                             : c.tf(Ft::CellScaleFormula, {std::to_string(L.d_k), divisor});
    else
        scale_formula = temp ? c.tf(Ft::CellScaleOffTemp, {divisor}) : c.t(Ft::CellScaleOff);
    std::vector<Row> rows = {
        {c.t(Ft::CellQuery), c.tf(Ft::CellQueryFormula, {std::to_string(i), std::to_string(L.d_k)}), "", &q},
        {c.t(Ft::CellKey), c.tf(Ft::CellKeyFormula, {std::to_string(j), std::to_string(L.d_k)}), "", &kv},
        {c.t(Ft::CellDot), c.t(Ft::CellDotFormula), format_general(s), &prod},
        {c.t(Ft::CellScale), scale_formula, format_general(z)},
        {c.t(Ft::CellMask), hidden ? hidden_reason(c, trace, i, j) : c.t(Ft::CellVisible),
         hidden ? "-∞" : format_general(z)},
        {c.t(Ft::CellExp), c.tf(Ft::CellExpFormula, {row_empty ? "-∞" : format_general(m)}),
         row_empty ? "—" : format_general(e)},
        {c.t(Ft::CellRowSum), c.tf(Ft::CellRowSumFormula, {std::to_string(visible)}),
         row_empty ? "—" : format_general(sum)},
        {c.t(Ft::CellWeight), row_empty ? c.t(Ft::CellFullyMasked) : c.t(Ft::CellWeightFormula),
         format_general(a), nullptr, true},
    };

    const double strip_section = 120 * k;  // the row of A under the table
    TextStyle head_style{13 * k, true};
    head_style.color = kMuted;
    TextStyle step_style{15 * k, true};
    TextStyle formula_style{15 * k};
    TextStyle value_style{16 * k};
    value_style.markup = true;
    const double header_h = measure_text(c, "Ag", head_style).h + 10 * k;
    const double row_h = std::min(58 * k, (content.h - strip_section - header_h) / rows.size());
    double step_w = 0;
    for (size_t ri = 0; ri < rows.size(); ++ri)
        step_w =
            std::max(step_w, measure_text(c, std::to_string(ri + 1) + "  " + rows[ri].step, step_style).w);
    step_w += 8 * k + 24 * k;
    const double table_w = std::min(content.w, 1400 * k);
    const double x0 = content.x + (content.w - table_w) / 2;
    const double formula_w = (table_w - step_w) * 0.52;
    const double value_x = x0 + step_w + formula_w;
    const double value_w = x0 + table_w - value_x;
    formula_style.wrap_width = formula_w - 16 * k;

    double y = content.y;
    draw_text(c, c.t(Ft::CellStep), x0 + 8 * k, y, head_style);
    draw_text(c, c.t(Ft::CellFormula), x0 + step_w, y, head_style);
    draw_text(c, c.t(Ft::CellValue), value_x, y, head_style);
    y += header_h;
    draw_line(c, x0, y - 4 * k, x0 + table_w, y - 4 * k, kRule, 1.0 * k);

    // q, k and their product share one colour scale so the product's colours make sense.
    Mat both(3, L.d_k);
    both << q, kv, prod;
    const ColorScale vec_scale = value_scale(both, nullptr, c.colormap);
    for (size_t ri = 0; ri < rows.size(); ++ri) {
        const Row& row = rows[ri];
        const Rect band{x0, y, table_w, row_h};
        if (ri % 2 == 0) fill_rect(c, band, Rgb{0.955f, 0.955f, 0.965f});
        if (row.strong) fill_rect(c, band, colormap_rgb(c.colormap, 0.85f), 0.25);
        draw_text(c, std::to_string(ri + 1) + "  " + row.step, x0 + 8 * k, band.cy(), step_style, 0, 0.5);
        draw_text(c, row.formula, x0 + step_w, band.cy(), formula_style, 0, 0.5);
        double vx = value_x;
        if (row.strip) {
            HeatmapSpec spec;
            spec.values = row.strip;
            spec.scale = vec_scale;
            spec.square_cells = false;
            spec.decimals = 2;
            spec.max_cell = 1e6;
            const double text_room = row.value.empty() ? 0 : 110 * k;
            const double cw = std::min((value_w - text_room - 10 * k) / L.d_k, 60 * k);
            const double ch = row_h * 0.66;
            HeatmapLayout hl = layout_heatmap(c, spec, {vx, band.y + (row_h - ch) / 2, cw * L.d_k, ch});
            draw_heatmap(c, spec, hl);
            vx = hl.cells.right() + 14 * k;
        }
        if (!row.value.empty()) {
            TextStyle vs = value_style;
            if (row.strong) vs.size = 20 * k, vs.bold = true;
            draw_text(c, (row.strip ? "Σ = " : "") + row.value, vx, band.cy(), vs, 0, 0.5);
        }
        y += row_h;
    }
    draw_line(c, x0, y, x0 + table_w, y, kRule, 1.0 * k);

    // ---- the whole row i of A, key j outlined -----------------------------------------------
    const Mat arow = H.weights.row(i);  // (1, T_k)
    BoolMat brow;
    if (L.blocked.size() > 0) brow = L.blocked.row(i);
    HeatmapSpec spec;
    spec.values = &arow;
    spec.blocked = brow.size() > 0 ? &brow : nullptr;
    spec.scale.lo = 0;
    spec.scale.hi = 1;
    spec.scale.map = c.colormap;
    spec.col_labels = token_labels(trace.k_tokens);
    spec.title = c.tf(Ft::CellRowStrip, {std::to_string(i), std::to_string(j)});
    spec.highlight_row = 0;
    spec.highlight_col = j;
    spec.max_cell = 64;
    spec.max_label_size = 13;
    const Rect area{x0, y + 14 * k, table_w, content.bottom() - y - 14 * k};
    HeatmapLayout hl = layout_heatmap(c, spec, area);
    shift_layout(hl, (area.w - hl.bounds.w) / 2, 0);
    draw_heatmap(c, spec, hl);
}

}  // namespace attn::fig
