// figure_pipeline.cpp — one head from input to output, every matrix a small heatmap:
//
//   X → Q_h, K_h, V_h → S = Q_h K_hᵀ → S' = S ÷ √d_k → Z = S' + M → A = softmax(Z) → O_h = A V_h
//     → concat [O_1 … O_h] → Y = concat W_O
//
// Each box shows the step's name, the formula, the shape (symbolic and actual) and the matrix on
// its own colour scale (weights A on 0 → 1). Landscape pages use two rows of boxes, portrait three.
#include <algorithm>
#include <cmath>

#include "core/figure/figure_views.h"

namespace attn::fig {
namespace {

struct Item {
    std::string formula;  // markup
    std::string shape;    // markup, e.g. "T × d<sub>k</sub> = 5 × 16"
    Mat values;           // a copy: Q/K/V/O are column slices of wider matrices
    const BoolMat* blocked = nullptr;
    ColorScale scale;
    int band_begin = -1, band_end = -1;
};

struct Stage {
    std::string name;  // markup
    std::vector<Item> items;
};

std::string shape_text(const std::string& rows_sym, const std::string& cols_sym, Eigen::Index rows,
                       Eigen::Index cols) {
    return rows_sym + " × " + cols_sym + " = " + std::to_string(rows) + " × " + std::to_string(cols);
}

Item make_item(const Canvas& c, std::string formula, std::string shape, Mat values,
               const BoolMat* blocked = nullptr) {
    Item it;
    it.formula = std::move(formula);
    it.shape = std::move(shape);
    it.values = std::move(values);
    it.blocked = blocked;
    it.scale = value_scale(it.values, blocked, c.colormap);
    return it;
}

}  // namespace

void draw_pipeline_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const HeadTrace& H = L.heads[size_t(r.head)];
    const int h = r.head;
    const bool cross = trace.run.is_cross();
    const bool has_mask = L.blocked.size() > 0;
    const BoolMat* blocked = has_mask ? &L.blocked : nullptr;
    const std::string Tq = cross ? "T<sub>q</sub>" : "T", Tk = cross ? "T<sub>k</sub>" : "T";
    const std::string dk = "d<sub>k</sub>", dm = "d<sub>model</sub>";

    // ---- the stages -------------------------------------------------------------------------
    std::vector<Stage> stages;
    stages.push_back(
        {c.t(Ft::PipeInput),
         {make_item(c, c.t(trace.model.positional ? Ft::PipeInputFormula : Ft::PipeInputFormulaNoPe),
                    shape_text(Tq, dm, L.x_q.rows(), L.x_q.cols()), L.x_q)}});
    stages.push_back({c.t(Ft::PipeQkv),
                      {make_item(c, c.t(Ft::PipeQ), shape_text(Tq, dk, L.t_q(), L.d_k), L.q_head(h)),
                       make_item(c, c.t(cross ? Ft::PipeKCross : Ft::PipeK),
                                 shape_text(Tk, dk, L.t_k(), L.d_k), L.k_head(h)),
                       make_item(c, c.t(cross ? Ft::PipeVCross : Ft::PipeV),
                                 shape_text(Tk, dk, L.t_k(), L.d_k), L.v_head(h))}});
    stages.push_back(
        {c.t(Ft::PipeScores),
         {make_item(c, c.t(Ft::PipeScoresFormula), shape_text(Tq, Tk, L.t_q(), L.t_k()), H.scores)}});
    const std::string divisor = format_general(1.0 / double(L.factor), 4);
    const bool temp = std::abs(L.temperature - 1.0f) > 1e-6f;
    const Ft scaling_text = L.scale ? (temp ? Ft::PipeScalingFormulaTemp : Ft::PipeScalingFormula)
                                    : (temp ? Ft::PipeScalingOffTemp : Ft::PipeScalingOff);
    if (L.has_position_bias()) {  // T5: the bias joins the scores here, none of it ÷√d_k
        stages.push_back(
            {c.t(Ft::PipeScaling),
             {make_item(c, c.t(Ft::PipeBias), shape_text(Tq, Tk, L.t_q(), L.t_k()), L.position_bias[size_t(h)]),
              make_item(c, c.tf(Ft::PipeScalingBias, {format_general(double(L.factor), 4)}),
                        shape_text(Tq, Tk, L.t_q(), L.t_k()), L.scaled_scores(h))}});
    } else {
        stages.push_back({c.t(Ft::PipeScaling),
                          {make_item(c, c.tf(scaling_text, {divisor}), shape_text(Tq, Tk, L.t_q(), L.t_k()),
                                     L.scaled_scores(h))}});
    }
    stages.push_back({c.t(Ft::PipeMasking),
                      {make_item(c, c.t(has_mask ? Ft::PipeMaskingFormula : Ft::PipeNoMask),
                                 shape_text(Tq, Tk, L.t_q(), L.t_k()), L.scaled_scores(h), blocked)}});
    Item softmax =
        make_item(c, c.t(Ft::PipeSoftmaxFormula), shape_text(Tq, Tk, L.t_q(), L.t_k()), H.weights, blocked);
    softmax.scale.lo = 0;
    softmax.scale.hi = 1;
    stages.push_back({c.t(Ft::PipeSoftmax), {softmax}});
    stages.push_back(
        {c.t(Ft::PipeWeightedSum),
         {make_item(c, c.t(Ft::PipeWeightedSumFormula), shape_text(Tq, dk, L.t_q(), L.d_k), L.out_head(h))}});
    Item concat =
        make_item(c, c.tf(Ft::PipeConcatFormula, {std::to_string(L.n_heads), std::to_string(h + 1)}),
                  shape_text(Tq, dm, L.concat.rows(), L.concat.cols()), L.concat);
    concat.band_begin = h * L.d_k;
    concat.band_end = (h + 1) * L.d_k;
    stages.push_back({c.t(Ft::PipeConcat), {concat}});
    stages.push_back({c.t(Ft::PipeOutput),
                      {make_item(c, c.t(Ft::PipeOutputFormula),
                                 shape_text(Tq, dm, L.output.rows(), L.output.cols()), L.output)}});

    const std::string subtitle =
        c.tf(Ft::SubtitlePipeline,
             {std::to_string(r.layer + 1), std::to_string(h + 1), std::to_string(L.n_heads),
              cross ? std::to_string(L.t_q()) + "/" + std::to_string(L.t_k()) : std::to_string(L.t_q()),
              std::to_string(trace.model.d_model), std::to_string(L.d_k)});
    Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitlePipeline), subtitle,
                              settings_caption(c, trace, r.layer, r.head));
    // The colour note under the boxes.
    TextStyle note{12 * k};
    note.color = kMuted;
    const double note_h = measure_text(c, c.t(Ft::PipeColourNote), note).h + 8 * k;
    content.h -= note_h;
    const TextBox nb = draw_text(c, c.t(Ft::PipeColourNote), content.x, content.bottom() + 8 * k, note);
    // A small low → high ramp of the colormap next to the note.
    const Rect ramp{content.x + nb.w + 16 * k, content.bottom() + 8 * k + nb.h * 0.2, 90 * k, nb.h * 0.6};
    cairo_pattern_t* grad = cairo_pattern_create_linear(ramp.x, 0, ramp.right(), 0);
    for (int i = 0; i < kColormapEntries; i += 15) {
        const Rgb col = colormap_entry(c.colormap, i);
        cairo_pattern_add_color_stop_rgb(grad, i / 255.0, col.r, col.g, col.b);
    }
    const Rgb last = colormap_entry(c.colormap, 255);
    cairo_pattern_add_color_stop_rgb(grad, 1.0, last.r, last.g, last.b);
    cairo_rectangle(c.cr, ramp.x, ramp.y, ramp.w, ramp.h);
    cairo_set_source(c.cr, grad);
    cairo_fill(c.cr);
    cairo_pattern_destroy(grad);
    if (has_mask) draw_mask_legend(c, ramp.right() + 24 * k, content.bottom() + 8 * k);
    if (trace.image) {  // an image run: z0 for a few patches above the stages (figure_vision.cpp)
        const double used = draw_z0_band(c, trace, Rect{content.x, content.y, content.w, content.h * 0.3}, r.row);
        content.y += used;
        content.h -= used;
    }

    // ---- layout: rows of stages -------------------------------------------------------------
    // Widths are shared in "units": a stage takes one unit per matrix.
    const bool landscape = content.w >= content.h * 1.2;
    const std::vector<std::vector<int>> rows =
        landscape ? std::vector<std::vector<int>>{{0, 1, 2, 3}, {4, 5, 6, 7, 8}}
                  : std::vector<std::vector<int>>{{0, 1}, {2, 3, 4}, {5, 6, 7, 8}};
    const double row_gap = 40 * k, arrow_gap = 34 * k, item_gap = 10 * k;
    const double elbow_w = rows.size() > 1 ? 18 * k : 0;  // room for the connector at the right
    const double max_row_h = (content.h - row_gap * (rows.size() - 1)) / rows.size();

    TextStyle name_style{14 * k, true};
    TextStyle formula_style{13 * k};
    TextStyle shape_style{11.5 * k};
    shape_style.color = kMuted;
    const double name_h = measure_text(c, "Ag", name_style).h + 2 * k;
    const double formula_h = measure_text(c, "Ag<sub>k</sub><sup>T</sup>", formula_style).h;
    const double shape_h = measure_text(c, "Ag<sub>k</sub>", shape_style).h + 4 * k;
    const double header_h = name_h + formula_h + shape_h;

    // Token labels at the left of each row when the rows are tall enough to read them.
    const std::vector<std::string> q_labels = token_labels(trace.q_tokens);
    const int max_rows = std::max(L.t_q(), L.t_k());
    const double cell_h = std::min(30 * k, (max_row_h - header_h) / max_rows);
    // Rows as tall as their matrices, the block centred vertically.
    const double row_h = header_h + cell_h * max_rows;
    const double top =
        content.y + std::max(0.0, (content.h - rows.size() * row_h - (rows.size() - 1) * row_gap) / 2);
    const double label_size = std::min(13 * k, cell_h * 0.72);
    TextStyle ls{label_size};
    ls.markup = false;
    const bool show_labels = label_size >= 6 && !cross;
    const double label_w = show_labels ? max_text_width(c, q_labels, ls) + 8 * k : 0;

    struct Placed {
        Rect box;      // the stage's matrices area (all items)
        double mid_y;  // where arrows meet it
    };
    std::vector<Placed> placed(stages.size());
    for (size_t ri = 0; ri < rows.size(); ++ri) {
        const auto& row = rows[ri];
        int units = 0;
        for (int s : row) units += int(stages[size_t(s)].items.size());
        const double x0 = content.x + label_w;
        const double unit_w = (content.right() - elbow_w - x0 - arrow_gap * (row.size() - 1) -
                               item_gap * (units - int(row.size()))) /
                              units;
        const double y = top + ri * (row_h + row_gap);
        const double mat_y = y + header_h;
        double x = x0;
        double row_cells_h = 0;
        for (int s : row) {
            const Stage& st = stages[size_t(s)];
            const double stage_w = unit_w * st.items.size() + item_gap * (st.items.size() - 1);
            draw_text(c, st.name, x + stage_w / 2, y, name_style, 0.5, 0);
            double right = x;
            for (size_t ii = 0; ii < st.items.size(); ++ii) {
                const Item& it = st.items[ii];
                const double ix = x + ii * (unit_w + item_gap);
                draw_text(c, it.formula, ix + unit_w / 2, y + name_h, formula_style, 0.5, 0);
                draw_text(c, it.shape, ix + unit_w / 2, y + name_h + formula_h, shape_style, 0.5, 0);
                HeatmapSpec spec;
                spec.values = &it.values;
                spec.blocked = it.blocked;
                spec.scale = it.scale;
                spec.square_cells = false;
                spec.show_values = false;
                spec.band_col_begin = it.band_begin;
                spec.band_col_end = it.band_end;
                spec.max_cell = 1e6;
                const double cw = std::min(unit_w / double(it.values.cols()), cell_h);
                const Rect area{ix, mat_y, cw * double(it.values.cols()), cell_h * double(it.values.rows())};
                HeatmapLayout hl = layout_heatmap(c, spec, area);
                shift_layout(hl, (unit_w - hl.cells.w) / 2, 0);
                draw_heatmap(c, spec, hl);
                right = std::max(right, hl.cells.right());
                row_cells_h = std::max(row_cells_h, hl.cells.h);
            }
            placed[size_t(s)].box = {x, mat_y, stage_w, cell_h * max_rows};
            x += stage_w + arrow_gap;
        }
        if (show_labels) {
            for (int i = 0; i < L.t_q(); ++i)
                draw_text(c, q_labels[size_t(i)], content.x + label_w - 6 * k, mat_y + (i + 0.5) * cell_h, ls,
                          1, 0.5);
        }
        for (int s : row) placed[size_t(s)].mid_y = mat_y + row_cells_h / 2;
    }

    // ---- arrows -----------------------------------------------------------------------------
    const Rgb arrow_color{0.45f, 0.45f, 0.50f};
    for (size_t ri = 0; ri < rows.size(); ++ri) {
        const auto& row = rows[ri];
        for (size_t i = 0; i + 1 < row.size(); ++i) {
            const Placed& a = placed[size_t(row[i])];
            const Placed& b = placed[size_t(row[i + 1])];
            draw_arrow(c, a.box.right() + 6 * k, a.mid_y, b.box.x - 6 * k, a.mid_y, arrow_color, 1.8 * k);
        }
        if (ri + 1 < rows.size()) {
            // Elbow from the end of this row, through the gap between the rows, down into the
            // first box of the next row.
            const Placed& a = placed[size_t(row.back())];
            const Placed& b = placed[size_t(rows[ri + 1].front())];
            const double next_top = top + (ri + 1) * (row_h + row_gap);
            const double gap_y = next_top - row_gap / 2;
            const double xr = a.box.right() + 14 * k;
            const double xl = b.box.x + 4 * k;
            set_color(c, arrow_color);
            cairo_set_line_width(c.cr, 1.8 * k);
            cairo_move_to(c.cr, a.box.right() + 6 * k, a.mid_y);
            cairo_line_to(c.cr, xr, a.mid_y);
            cairo_line_to(c.cr, xr, gap_y);
            cairo_line_to(c.cr, xl, gap_y);
            cairo_stroke(c.cr);
            draw_arrow(c, xl, gap_y, xl, next_top - 2 * k, arrow_color, 1.8 * k);
        }
    }
}

}  // namespace attn::fig
