// figure_lens.cpp — the Lens view as a figure: layers × positions, each cell the top token coloured by
// its probability, the first layer with the final answer framed (the layout is described in figure_lens.h).
#include "core/figure/figure_lens.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/figure/figure_draw.h"

namespace attn {
namespace fig {
namespace {

// Black or white ink, whichever reads on `fill` (as the view does).
Rgb ink_on(Rgb fill) {
    const double lum = 0.299 * fill.r + 0.587 * fill.g + 0.114 * fill.b;
    return lum > 0.55 ? Rgb{0, 0, 0} : Rgb{1, 1, 1};
}

std::string row_label(const Canvas& c, int layer) {
    return layer == 0 ? std::string(c.t(Ft::LensEmbeddings)) : c.tf(Ft::LensLayer, {std::to_string(layer)});
}

[[maybe_unused]] bool well_formed(const LensFigureData& d) {
    if (d.cells.size() != d.layers.size()) return false;
    for (const auto& row : d.cells)
        if (row.size() != d.tokens.size()) return false;
    return true;
}

void draw_lens_view(Canvas& c, const LensFigureData& d, bool transparent) {
    const double k = c.k;
    std::string what = markup_escape(d.model);
    if (!d.family.empty()) what += " (" + markup_escape(d.family) + ")";
    std::string caption = c.tf(Ft::CaptionText, {markup_escape(d.text)});
    if (!d.ablation.empty()) caption += "  ·  " + c.tf(Ft::LensKnocked, {markup_escape(d.ablation)});
    caption += "  ·  AttnLab";
    const Rect content = draw_frame(c, transparent, c.t(Ft::LensTitle), c.tf(Ft::LensSubtitle, {what}), caption);
    const int rows = int(d.layers.size()), t = int(d.tokens.size());
    if (rows == 0 || t == 0) {
        TextStyle ns{18 * k};
        ns.color = kMuted;
        draw_text(c, c.t(Ft::LensEmpty), content.cx(), content.cy(), ns, 0.5, 0.5);
        return;
    }

    // Room: row labels on the left, the colour bar on the right, the legend under the table.
    const double bar_w = colorbar_width(c) + 28 * k;
    TextStyle legend_style{13 * k};
    legend_style.color = kInk;
    const double legend_h = measure_text(c, c.t(Ft::LensFirstAnswer), legend_style).h + 14 * k;
    std::vector<std::string> row_labels;
    for (int l : d.layers) row_labels.push_back(row_label(c, l));
    const double row_label_size = 14 * k;
    const double row_label_w = max_label_width(c, row_labels, row_label_size) + 14 * k;
    const double header_h = 30 * k;
    const double room_w = content.w - row_label_w - bar_w, room_h = content.h - header_h - legend_h;
    const double cell_w = std::min(room_w / t, 240 * k), cell_h = std::min(room_h / rows, 100 * k);
    // The block (labels, cells, colour bar, legend) centred in the content area.
    const double dx = std::max(0.0, (room_w - t * cell_w) / 2), dy = std::max(0.0, (room_h - rows * cell_h) / 2);
    const Rect table{content.x + row_label_w + dx, content.y + header_h + dy, t * cell_w, rows * cell_h};
    const double gap = 2 * k;  // between cells
    // One font size for every cell: at most 18, and one line plus a probability line when tall enough.
    const double label_size = std::clamp(std::min(cell_h * 0.36, cell_w * 0.30), 6 * k, 18 * k);
    const bool show_probability = cell_h >= label_size * 2.6;

    // Column heads: the sentence's tokens, bottom-aligned above their column.
    TextStyle head_style{std::min(15 * k, std::max(7 * k, cell_w * 0.28))};
    head_style.markup = false;
    head_style.color = kInk;
    for (int i = 0; i < t; ++i) {
        const double x = table.x + i * cell_w;
        const std::string s = fit_label(c, d.tokens[size_t(i)], head_style, cell_w - 6 * k);
        draw_text(c, s, x + cell_w / 2, table.y - 6 * k, head_style, 0.5, 1.0);
    }

    const ColorScale scale{0, 1, false, c.colormap};
    TextStyle cell_style{label_size};
    cell_style.markup = false;
    TextStyle prob_style{label_size * 0.75};
    prob_style.markup = false;
    std::vector<Rect> framed;
    for (int r = 0; r < rows; ++r) {
        const double y = table.y + r * cell_h;
        TextStyle rs{row_label_size, r + 1 == rows};  // the model's own prediction in bold
        rs.markup = false;
        rs.color = r + 1 == rows ? kInk : kMuted;
        draw_text(c, row_labels[size_t(r)], table.x - 10 * k, y + cell_h / 2, rs, 1.0, 0.5);
        for (int i = 0; i < t; ++i) {
            const LensFigureCell& cell = d.cells[size_t(r)][size_t(i)];
            const Rect box{table.x + i * cell_w + gap / 2, y + gap / 2, cell_w - gap, cell_h - gap};
            if (cell.top.empty()) {
                draw_hatched(c, box);
                continue;
            }
            const LensFigureToken& best = cell.top[0];
            const Rgb fill = scale.color(std::clamp(double(best.probability), 0.0, 1.0));
            fill_rect(c, box, fill);
            cell_style.color = prob_style.color = ink_on(fill);
            const std::string label = fit_label(c, best.token, cell_style, box.w - 6 * k);
            if (show_probability) {
                draw_text(c, label, box.cx(), box.cy() - 1 * k, cell_style, 0.5, 1.0);
                draw_text(c, format_number(best.probability, 2), box.cx(), box.cy() + 1 * k, prob_style, 0.5, 0.0);
            } else {
                draw_text(c, label, box.cx(), box.cy(), cell_style, 0.5, 0.5);
            }
            if (cell.first_answer) framed.push_back(box);
        }
    }
    // Frames last, so no neighbouring fill covers them.
    for (const Rect& b : framed) stroke_rect(c, b.inset(-1 * k), kAccent, 3 * k);

    // Legend: a framed swatch and what it means.
    const double table_bottom = table.y + rows * cell_h;
    const double sw = 22 * k, ly = table_bottom + 10 * k;
    stroke_rect(c, {table.x, ly, sw, 14 * k}, kAccent, 3 * k);
    draw_text(c, c.t(Ft::LensFirstAnswer), table.x + sw + 10 * k, ly + 7 * k, legend_style, 0, 0.5);

    const double label_h = 22 * k;
    const double bar_h = std::clamp(rows * cell_h, 140 * k, std::max(140 * k, content.h - label_h - header_h));
    const Rect bar{table.x + t * cell_w + 28 * k, table.y - label_h, 0, bar_h + label_h};
    draw_colorbar(c, bar, scale, c.t(Ft::LensProbability));
}

}  // namespace
}  // namespace fig

Expected<std::string> render_lens_figure(const LensFigureData& data, FigureFormat format, const FigureOptions& options,
                                         std::vector<std::string>* warnings) {
    if (Status s = validate_figure_options(options, format); !s) return s;
    assert(fig::well_formed(data) && "render_lens_figure: one row of cells per layer, one cell per token");
    return fig::render_canvas(
        options, format, [&](fig::Canvas& c) { fig::draw_lens_view(c, data, options.transparent); }, warnings);
}

}  // namespace attn
