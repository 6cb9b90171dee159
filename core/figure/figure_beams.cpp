// figure_beams.cpp — a beam search's tree as a figure: a column per step, a box per kept candidate,
// lines to the candidates they grew from, the winner's path outlined (the layout is in figure_beams.h).
#include "core/figure/figure_beams.h"

#include <algorithm>
#include <cassert>

#include "core/figure/figure_draw.h"

namespace attn {
namespace fig {
namespace {

const Rgb kBox{0.95f, 0.95f, 0.96f};
const Rgb kBoxFinished{0.87f, 0.94f, 0.85f};
const Rgb kFinishedMark{0.20f, 0.55f, 0.25f};

[[maybe_unused]] bool well_formed(const BeamFigureData& d) {
    for (size_t s = 0; s < d.steps.size(); ++s)
        for (const BeamFigureNode& n : d.steps[s])
            if (s > 0 ? n.parent < 0 || n.parent >= int(d.steps[s - 1].size()) : n.parent != -1) return false;
    return true;
}

void draw_beams_view(Canvas& c, const BeamFigureData& d, bool transparent) {
    const double k = c.k;
    std::string what = markup_escape(d.model);
    if (!d.family.empty()) what += " (" + markup_escape(d.family) + ")";
    const std::string caption = c.tf(Ft::BeamsCaption, {markup_escape(d.source), markup_escape(d.translation),
                                                        format_number(d.score, 3)}) +
                                "  ·  AttnLab";
    const Rect content =
        draw_frame(c, transparent, c.t(Ft::BeamsTitle), c.tf(Ft::BeamsSubtitle, {what, std::to_string(d.beams)}), caption);
    const int steps = int(d.steps.size());
    size_t most = 0;
    for (const auto& step : d.steps) most = std::max(most, step.size());
    if (steps == 0 || most == 0) {
        TextStyle ns{18 * k};
        ns.color = kMuted;
        draw_text(c, c.t(Ft::BeamsEmpty), content.cx(), content.cy(), ns, 0.5, 0.5);
        return;
    }

    // Room: step numbers above the columns, the legend under the tree.
    TextStyle legend_style{13 * k};
    legend_style.color = kInk;
    const double legend_h = measure_text(c, c.t(Ft::BeamsWinner), legend_style).h + 16 * k;
    const double header_h = 26 * k;
    const double room_w = content.w, room_h = content.h - header_h - legend_h;
    const double col_w = std::min(room_w / steps, 230 * k), row_h = std::min(room_h / double(most), 90 * k);
    const double box_w = col_w * 0.76, box_h = row_h * 0.8;
    const Rect tree{content.x + std::max(0.0, (room_w - steps * col_w) / 2) + (col_w - box_w) / 2,
                    content.y + header_h + std::max(0.0, (room_h - double(most) * row_h) / 2), steps * col_w,
                    double(most) * row_h};
    auto box = [&](int s, int i) { return Rect{tree.x + s * col_w, tree.y + i * row_h, box_w, box_h}; };
    const double label_size = std::clamp(std::min(box_h * 0.34, box_w * 0.19), 5 * k, 17 * k);
    const bool show_sum = box_h >= label_size * 2.5;

    // Step numbers ("step 3", or "3" when the columns are narrow).
    TextStyle step_style{std::min(13 * k, std::max(6 * k, col_w * 0.16))};
    step_style.color = kMuted;
    for (int s = 0; s < steps; ++s) {
        const std::string long_label = c.tf(Ft::BeamsStep, {std::to_string(s + 1)});
        const bool fits = measure_text(c, long_label, step_style).w <= col_w - 4 * k;
        draw_text(c, fits ? long_label : std::to_string(s + 1), box(s, 0).cx(), tree.y - 8 * k, step_style, 0.5, 1.0);
    }

    // Lines to the parents: the others first, the winner's path over them.
    for (int pass = 0; pass < 2; ++pass)
        for (int s = 1; s < steps; ++s)
            for (int i = 0; i < int(d.steps[size_t(s)].size()); ++i) {
                const BeamFigureNode& n = d.steps[size_t(s)][size_t(i)];
                const bool path = n.winner && d.steps[size_t(s - 1)][size_t(n.parent)].winner;
                if (path != (pass == 1)) continue;
                const Rect from = box(s - 1, n.parent), to = box(s, i);
                draw_line(c, from.right(), from.cy(), to.x, to.cy(), path ? kAccent : kRule, path ? 2.5 * k : 1.2 * k);
            }

    // The boxes: the token (shortened to fit), Σ log p under it.
    TextStyle token_style{label_size};
    token_style.markup = false;
    token_style.color = kInk;
    TextStyle sum_style{label_size * 0.8};
    sum_style.markup = false;
    sum_style.color = kMuted;
    for (int s = 0; s < steps; ++s)
        for (int i = 0; i < int(d.steps[size_t(s)].size()); ++i) {
            const BeamFigureNode& n = d.steps[size_t(s)][size_t(i)];
            const Rect b = box(s, i);
            fill_rect(c, b, n.finished ? kBoxFinished : kBox);
            stroke_rect(c, b, n.winner ? kAccent : kRule, n.winner ? 2.5 * k : 1 * k);
            const double mark = n.finished ? std::max(3 * k, label_size * 0.45) : 0;
            if (n.finished) fill_rect(c, {b.right() - mark - 3 * k, b.y + 3 * k, mark, mark}, kFinishedMark);
            const std::string label = fit_label(c, n.token, token_style, b.w - 8 * k - mark);
            if (show_sum) {
                draw_text(c, label, b.x + 5 * k, b.cy() - 1 * k, token_style, 0.0, 1.0);
                draw_text(c, format_number(n.sum, 2), b.x + 5 * k, b.cy() + 1 * k, sum_style, 0.0, 0.0);
            } else {
                draw_text(c, label, b.x + 5 * k, b.cy(), token_style, 0.0, 0.5);
            }
        }

    // Legend: the winner's line, a finished box.
    const double ly = tree.bottom() + 12 * k, sw = 26 * k;
    double x = tree.x;
    draw_line(c, x, ly + 7 * k, x + sw, ly + 7 * k, kAccent, 2.5 * k);
    x += sw + 8 * k;
    x += draw_text(c, c.t(Ft::BeamsWinner), x, ly + 7 * k, legend_style, 0, 0.5).w + 28 * k;
    const Rect swatch{x, ly, sw, 14 * k};
    fill_rect(c, swatch, kBoxFinished);
    stroke_rect(c, swatch, kRule, 1 * k);
    fill_rect(c, {swatch.right() - 8 * k, ly + 2 * k, 6 * k, 6 * k}, kFinishedMark);
    draw_text(c, c.t(Ft::BeamsFinished), swatch.right() + 8 * k, ly + 7 * k, legend_style, 0, 0.5);
}

}  // namespace
}  // namespace fig

Expected<std::string> render_beam_figure(const BeamFigureData& data, FigureFormat format, const FigureOptions& options,
                                         std::vector<std::string>* warnings) {
    if (Status s = validate_figure_options(options, format); !s) return s;
    assert(fig::well_formed(data) && "render_beam_figure: every parent indexes the step before");
    return fig::render_canvas(
        options, format, [&](fig::Canvas& c) { fig::draw_beams_view(c, data, options.transparent); }, warnings);
}

}  // namespace attn
