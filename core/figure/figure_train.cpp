// figure_train.cpp — the Train view as a figure: loss and accuracy curves beside every head's
// attention on the probe example (the layout is described in figure_train.h).
//
// [SECTION] index: plot frame (axes, ticks, legend) · curves · probe grid · page · render
#include "core/figure/figure_train.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/attention/alignment.h"
#include "core/base/plot_scale.h"
#include "core/base/utf8.h"
#include "core/figure/figure_draw.h"
#include "core/figure/figure_views.h"

namespace attn {

std::string train_token_label(const std::string& token) {
    if (token == " ") return "_";
    std::string out;
    for (std::size_t pos = 0; pos < token.size();) {
        const std::size_t at = pos;
        char32_t cp = 0;
        if (!decode_utf8(token, pos, cp)) {  // a byte of a character split over tokens
            out += "·";
            pos = at + 1;
        } else if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
            out += "·";
        } else {
            out.append(token, at, pos - at);  // a whole character (a seq2seq piece's Hangul too)
        }
    }
    return out;
}

namespace fig {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Colour-blind-safe series colours (Okabe–Ito), dark enough on white paper.
const Rgb kLossColor{0.00f, 0.45f, 0.70f};
const Rgb kEvalLossColor{0.85f, 0.45f, 0.00f};
const Rgb kExactColor{0.00f, 0.58f, 0.42f};
const Rgb kTokenColor{0.62f, 0.30f, 0.62f};

// ---- [SECTION] plot frame ----------------------------------------------------------------------

struct LegendItem {
    std::string label;  // markup
    Rgb color;
    bool dots = false;  // a line with dots (evaluations) rather than a plain line
};

struct PlotFrame {
    Rect data;  // the data area, figure units
    Axis x, y;
    double to_x(double v) const { return data.x + axis_fraction(x, v) * data.w; }
    double to_y(double v) const { return data.bottom() - axis_fraction(y, v) * data.h; }
};

TextStyle tick_style(const Canvas& c) {
    TextStyle s{12 * c.k};
    s.markup = false;
    s.color = kMuted;
    return s;
}

std::string tick_text(const Tick& t, const Axis& a) { return t.label + a.unit; }

// Legend entries in a row starting at (x, y) (vertical centre); returns its width.
double draw_legend(Canvas& c, const std::vector<LegendItem>& items, double x, double y, bool measure_only) {
    const double k = c.k;
    TextStyle ls{12.5 * k};
    ls.color = kInk;
    const double swatch = 22 * k;
    double w = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        const LegendItem& it = items[i];
        if (i) w += 16 * k;
        if (!measure_only) {
            draw_line(c, x + w, y, x + w + swatch, y, it.color, 2.2 * k);
            if (it.dots) {
                set_color(c, it.color);
                cairo_new_path(c.cr);
                cairo_arc(c.cr, x + w + swatch / 2, y, 3.2 * k, 0, 2 * kPi);
                cairo_fill(c.cr);
            }
        }
        w += swatch + 6 * k;
        w += measure_only ? measure_text(c, it.label, ls).w : draw_text(c, it.label, x + w, y, ls, 0, 0.5).w;
    }
    return w;
}

// make_ticks, with 2 × 10^k and 5 × 10^k labelled too on a log axis of at most two decades (only
// 1 and 10 would be labelled otherwise).
std::vector<Tick> figure_ticks(const Axis& a, int target) {
    std::vector<Tick> ticks = make_ticks(a, target);
    if (a.scale != AxisScale::Log || std::log10(a.hi / a.lo) > 2.01) return ticks;
    for (Tick& t : ticks) {
        const double m = t.value / std::pow(10.0, std::floor(std::log10(t.value) + 1e-9));
        if (!t.major && (std::fabs(m - 2) < 1e-6 || std::fabs(m - 5) < 1e-6)) {
            t.major = true;
            t.label = format_tick(t.value, 0.0);
        }
    }
    return ticks;
}

// Ticks for an axis whose labels must not collide: fewer ticks until the labels have room.
std::vector<Tick> spaced_ticks(Canvas& c, const Axis& a, double length, bool horizontal) {
    const TextStyle ts = tick_style(c);
    for (int target = horizontal ? 7 : 6; target > 1; --target) {
        std::vector<Tick> ticks = figure_ticks(a, target);
        int majors = 0;
        double widest = 0;
        for (const Tick& t : ticks) {
            if (!t.major) continue;
            ++majors;
            widest = std::max(widest, horizontal ? measure_text(c, tick_text(t, a), ts).w : ts.size * 1.3);
        }
        if (majors <= 1 || widest * 1.6 * majors <= length) return ticks;
    }
    return figure_ticks(a, 2);
}

struct PlotSpec {
    std::string title;  // markup
    std::vector<LegendItem> legend;
    Axis x, y;
};

// Whether the legend fits on the title line of a plot `width` wide.
bool legend_fits_beside(Canvas& c, const PlotSpec& p, double width) {
    TextStyle title_style{15 * c.k, true};
    return p.legend.empty() ||
           measure_text(c, p.title, title_style).w + 30 * c.k + draw_legend(c, p.legend, 0, 0, true) <= width;
}

// Title (with the legend beside it, or under it), axes, grid, tick labels and axis names in
// `box`; returns the data area's frame for the curves.
PlotFrame draw_plot_frame(Canvas& c, const Rect& box, const PlotSpec& p, bool legend_beside) {
    const double k = c.k;
    const Axis& x = p.x;
    const Axis& y = p.y;
    const TextStyle ts = tick_style(c);
    TextStyle title_style{15 * k, true};
    TextStyle axis_style{12.5 * k};
    axis_style.color = kMuted;

    // Above the data: the title line, and the legend on it (right-aligned) or on a line of its own.
    const TextBox tb = measure_text(c, p.title, title_style);
    const double legend_w = draw_legend(c, p.legend, 0, 0, true);
    const double line_h = std::max(tb.h, 18 * k);
    const double top_h = line_h + (legend_beside ? 0 : line_h) + 10 * k;
    draw_text(c, p.title, box.x, box.y, title_style);
    if (!p.legend.empty()) {
        const double ly = legend_beside ? box.y + tb.h / 2 : box.y + line_h + line_h / 2;
        const double lx = legend_beside ? box.right() - legend_w : box.x;
        draw_legend(c, p.legend, lx, ly, false);
    }

    // Left: the axis name (rotated) and the tick labels; below: tick labels and the axis name.
    const double tick_h = measure_text(c, "0", ts).h;
    const double axis_h = measure_text(c, "Ag", axis_style).h;
    PlotFrame f;
    f.x = x;
    f.y = y;
    const double data_h = std::max(20.0, box.h - top_h - tick_h - axis_h - 14 * k);
    const std::vector<Tick> yt = spaced_ticks(c, y, data_h, false);
    double label_w = 0;
    for (const Tick& t : yt)
        if (t.major) label_w = std::max(label_w, measure_text(c, tick_text(t, y), ts).w);
    const double left = axis_h + 8 * k + label_w + 8 * k;
    f.data = {box.x + left, box.y + top_h, std::max(20.0, box.w - left - 10 * k), data_h};
    const Rect& d = f.data;

    for (const Tick& t : yt) {
        const double py = f.to_y(t.value);
        if (t.major) {
            draw_line(c, d.x, py, d.right(), py, kRule, 0.7 * k, 0.7);
            draw_text(c, tick_text(t, y), d.x - 7 * k, py, ts, 1, 0.5);
        }
        draw_line(c, d.x - (t.major ? 5 : 3) * k, py, d.x, py, kMuted, 0.8 * k);
    }
    for (const Tick& t : spaced_ticks(c, x, d.w, true)) {
        const double px = f.to_x(t.value);
        if (!t.major) continue;
        draw_line(c, px, d.bottom(), px, d.bottom() + 5 * k, kMuted, 0.8 * k);
        draw_text(c, tick_text(t, x), px, d.bottom() + 6 * k, ts, 0.5, 0);
    }
    draw_line(c, d.x, d.y, d.x, d.bottom(), kMuted, 1.0 * k);
    draw_line(c, d.x, d.bottom(), d.right(), d.bottom(), kMuted, 1.0 * k);
    draw_text(c, x.label, d.cx(), d.bottom() + 8 * k + tick_h, axis_style, 0.5, 0);
    draw_text(c, y.label, box.x, d.cy(), axis_style, 0.5, 0, -90);
    return f;
}

// A note in the middle of an empty plot.
void draw_plot_note(Canvas& c, const PlotFrame& f, const std::string& note) {
    TextStyle s{15 * c.k};
    s.color = kMuted;
    draw_text(c, note, f.data.cx(), f.data.cy(), s, 0.5, 0.5);
}

// ---- [SECTION] curves --------------------------------------------------------------------------

struct Series {
    std::vector<double> x, y;
};

// A polyline through the points, clipped to the data area (a log axis never sees y ≤ 0: callers
// leave those out).
void stroke_series(Canvas& c, const PlotFrame& f, const Series& s, Rgb color, double width, double alpha,
                   bool dots) {
    if (s.x.empty()) return;
    cairo_save(c.cr);
    cairo_rectangle(c.cr, f.data.x - 4 * c.k, f.data.y - 4 * c.k, f.data.w + 8 * c.k, f.data.h + 8 * c.k);
    cairo_clip(c.cr);
    cairo_set_line_join(c.cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    for (size_t i = 0; i < s.x.size(); ++i) {
        const double px = f.to_x(s.x[i]), py = f.to_y(s.y[i]);
        if (i == 0) cairo_move_to(c.cr, px, py);
        else cairo_line_to(c.cr, px, py);
    }
    if (s.x.size() == 1) cairo_rel_line_to(c.cr, 0.01, 0);  // one point: a dot (round cap)
    set_color(c, color, alpha);
    cairo_set_line_width(c.cr, width);
    cairo_stroke(c.cr);
    if (dots && s.x.size() <= 80) {
        for (size_t i = 0; i < s.x.size(); ++i) {
            cairo_new_sub_path(c.cr);  // no line from the previous dot
            cairo_arc(c.cr, f.to_x(s.x[i]), f.to_y(s.y[i]), 3.2 * c.k, 0, 2 * kPi);
        }
        cairo_fill(c.cr);
    }
    cairo_restore(c.cr);
}

// The training loss as (step, loss) with finite, positive losses only; at most ~2·max_points
// points (min and max of each bucket, so spikes stay visible in long runs).
Series loss_points(const TrainFigureData& d, size_t max_points) {
    Series all;
    const size_t n = std::min(d.steps.size(), d.losses.size());
    for (size_t i = 0; i < n; ++i)
        if (std::isfinite(d.steps[i]) && std::isfinite(d.losses[i]) && d.losses[i] > 0) {
            all.x.push_back(d.steps[i]);
            all.y.push_back(d.losses[i]);
        }
    if (all.x.size() <= 2 * max_points) return all;
    Series out;
    const size_t bucket = (all.x.size() + max_points - 1) / max_points;
    for (size_t b = 0; b < all.x.size(); b += bucket) {
        const size_t e = std::min(b + bucket, all.x.size());
        size_t lo = b, hi = b;
        for (size_t i = b; i < e; ++i) {
            if (all.y[i] < all.y[lo]) lo = i;
            if (all.y[i] > all.y[hi]) hi = i;
        }
        for (size_t i : {std::min(lo, hi), std::max(lo, hi)}) {
            if (!out.x.empty() && out.x.back() == all.x[i]) continue;
            out.x.push_back(all.x[i]);
            out.y.push_back(all.y[i]);
        }
    }
    return out;
}

// An exponential moving average of log(loss) (geometric, as the axis is logarithmic) over about
// n/40 steps: the trend through a small batch's noisy losses.
Series smoothed(const Series& s) {
    Series out = s;
    const double span = std::clamp(double(s.x.size()) / 40.0, 1.0, 200.0);
    const double a = 2.0 / (span + 1.0);
    double m = 0;
    for (size_t i = 0; i < s.y.size(); ++i) {
        const double l = std::log(s.y[i]);
        m = i == 0 ? l : m + a * (l - m);
        out.y[i] = std::exp(m);
    }
    return out;
}

Axis step_axis(const Canvas& c, const TrainFigureData& d) {
    double last = std::max(d.step, d.total_steps);
    for (double s : d.steps)
        if (std::isfinite(s)) last = std::max(last, s);
    Axis a = fit_axis({0.0, std::max(last, 1.0)}, AxisScale::Linear, true);
    a.label = c.t(Ft::TrainStepAxis);
    return a;
}

// The loss plot: every step's batch loss (faint), its moving average, the evaluations' loss.
struct LossPlot {
    PlotSpec spec;
    Series batch, eval;
};

LossPlot loss_plot(const Canvas& c, const TrainFigureData& d) {
    LossPlot p;
    p.batch = loss_points(d, 800);
    for (const TrainEvalPoint& e : d.evals)
        if (std::isfinite(e.loss) && e.loss > 0) {
            p.eval.x.push_back(e.step);
            p.eval.y.push_back(e.loss);
        }
    std::vector<double> ys = p.batch.y;
    ys.insert(ys.end(), p.eval.y.begin(), p.eval.y.end());
    p.spec.title = c.t(Ft::TrainLossTitle);
    p.spec.x = step_axis(c, d);
    p.spec.y = fit_axis(ys, AxisScale::Log);
    p.spec.y.label = c.t(Ft::TrainLossAxis);
    if (!p.batch.x.empty()) p.spec.legend.push_back({c.t(Ft::TrainBatchLoss), kLossColor, false});
    if (!p.eval.x.empty())
        p.spec.legend.push_back({c.t(d.image_task ? Ft::TrainTestLoss : Ft::TrainEvalLoss), kEvalLossColor, true});
    return p;
}

void draw_loss_plot(Canvas& c, const Rect& box, const LossPlot& p, bool legend_beside) {
    const PlotFrame f = draw_plot_frame(c, box, p.spec, legend_beside);
    if (p.batch.x.empty() && p.eval.x.empty()) {
        draw_plot_note(c, f, c.t(Ft::TrainNotTrained));
        return;
    }
    stroke_series(c, f, p.batch, kLossColor, 1.0 * c.k, 0.3, false);  // every step, faint
    stroke_series(c, f, smoothed(p.batch), kLossColor, 2.2 * c.k, 1.0, false);
    stroke_series(c, f, p.eval, kEvalLossColor, 1.6 * c.k, 1.0, true);
}

// The accuracy plot: exact and per-token accuracy of every evaluation, in percent.
struct AccuracyPlot {
    PlotSpec spec;
    Series exact, token;
};

AccuracyPlot accuracy_plot(const Canvas& c, const TrainFigureData& d) {
    AccuracyPlot p;
    for (const TrainEvalPoint& e : d.evals) {
        if (d.exact_meaningful && !d.image_task && std::isfinite(e.exact)) {  // image tasks: one accuracy
            p.exact.x.push_back(e.step);
            p.exact.y.push_back(100.0 * std::clamp(e.exact, 0.0, 1.0));
        }
        if (std::isfinite(e.token)) {
            p.token.x.push_back(e.step);
            p.token.y.push_back(100.0 * std::clamp(e.token, 0.0, 1.0));
        }
    }
    p.spec.title = c.t(d.image_task ? Ft::TrainTestAccTitle : Ft::TrainAccTitle);
    p.spec.x = step_axis(c, d);
    p.spec.y.lo = 0;
    p.spec.y.hi = 100;
    p.spec.y.unit = "%";
    p.spec.y.label = c.t(Ft::TrainAccAxis);
    if (d.exact_meaningful && !d.image_task) p.spec.legend.push_back({c.t(Ft::TrainExact), kExactColor, true});
    p.spec.legend.push_back({c.t(d.image_task ? Ft::TrainTestAcc : Ft::TrainToken), kTokenColor, true});
    return p;
}

void draw_accuracy_plot(Canvas& c, const Rect& box, const AccuracyPlot& p, const TrainFigureData& d,
                        bool legend_beside) {
    const PlotFrame f = draw_plot_frame(c, box, p.spec, legend_beside);
    if (p.exact.x.empty() && p.token.x.empty()) {
        draw_plot_note(c, f, c.t(d.steps.empty() ? Ft::TrainNotTrained : Ft::TrainNoEval));
        return;
    }
    stroke_series(c, f, p.token, kTokenColor, 2.0 * c.k, 1.0, true);
    stroke_series(c, f, p.exact, kExactColor, 2.0 * c.k, 1.0, true);
    if (!d.exact_meaningful && !d.image_task) {
        TextStyle s{12 * c.k};
        s.color = kMuted;
        draw_text(c, c.t(Ft::TrainTextNote), f.data.x + 8 * c.k, f.data.y + 6 * c.k, s);
    }
}

// ---- [SECTION] probe grid ----------------------------------------------------------------------

void draw_probe_grid(Canvas& c, const Rect& area, const TrainFigureData& d) {
    const double k = c.k;
    TextStyle title_style{15 * k, true};
    if (!d.probe || d.probe->layers.empty() || d.probe->t_q() == 0) {
        TextStyle s{15 * k};
        s.color = kMuted;
        draw_text(c, c.t(Ft::TrainNoProbe), area.cx(), area.cy(), s, 0.5, 0.5);
        return;
    }
    const Trace& t = *d.probe;
    // An encoder–decoder's probe is its cross-attention: rows named by the word each writes.
    const bool cross = t.section == "cross";
    std::string probe_text;
    for (const Token& tok : t.q_tokens) probe_text += train_token_label(tok.text);
    title_style.wrap_width = area.w;
    const std::string title =
        cross ? c.tf(Ft::TrainCrossProbeTitle,
                     {markup_escape(t.run.text), markup_escape(t.run.cross_text), std::to_string(d.probe_step)})
              : c.tf(Ft::TrainProbeTitle, {markup_escape(probe_text), std::to_string(d.probe_step)});
    const double title_h = measure_text(c, title, title_style).h + 12 * k;

    const int n_layers = int(t.layers.size());
    int n_heads = 0;
    double max_weight = 0;
    bool has_mask = false;
    for (const LayerTrace& L : t.layers) {
        n_heads = std::max(n_heads, L.n_heads);
        has_mask = has_mask || L.blocked.size() > 0;
        for (const HeadTrace& h : L.heads) max_weight = std::max(max_weight, double(h.weights.maxCoeff()));
    }
    const ColorScale scale = weight_scale(max_weight, c.colormap);  // one scale for every panel
    std::vector<std::string> q_labels, k_labels;
    for (const Token& tok : cross ? written_tokens(t) : t.q_tokens) q_labels.push_back(train_token_label(tok.text));
    for (const Token& tok : t.k_tokens) k_labels.push_back(train_token_label(tok.text));

    // Every panel gets the same slot, so one layout serves all; the grid is centred in the area.
    const double bar_w = std::max(colorbar_width(c), has_mask ? mask_legend_width(c) : 0.0) + 24 * k;
    const Rect grid{area.x, area.y + title_h, area.w - bar_w, area.h - title_h};
    const double gap = 16 * k;
    const Rect slot{0, 0, (grid.w - (n_heads - 1) * gap) / std::max(n_heads, 1),
                    (grid.h - (n_layers - 1) * gap) / std::max(n_layers, 1)};
    HeatmapSpec spec;
    spec.scale = scale;
    spec.row_labels = q_labels;
    spec.col_labels = k_labels;
    spec.show_values = false;
    spec.max_cell = 40;
    spec.max_label_size = 12;
    spec.values = &t.layers[0].heads[0].weights;
    spec.title = c.tf(Ft::TrainHeadCaption, {"9", "9"});
    const HeatmapLayout base = layout_heatmap(c, spec, slot);
    const double pitch_x = base.bounds.w + gap, pitch_y = base.bounds.h + gap;
    const double used_w = n_heads * pitch_x - gap, used_h = n_layers * pitch_y - gap;
    // The title sits right above the grid; both are centred in the area.
    const double x0 = grid.x + std::max(0.0, (grid.w - used_w) / 2);
    const double y0 = grid.y + std::max(0.0, (grid.h - used_h) / 2);
    title_style.wrap_width = area.right() - x0;
    draw_text(c, title, x0, y0 - title_h, title_style);
    for (int l = 0; l < n_layers; ++l) {
        const LayerTrace& L = t.layers[size_t(l)];
        for (int h = 0; h < L.n_heads; ++h) {
            spec.values = &L.heads[size_t(h)].weights;
            spec.blocked = L.blocked.size() > 0 ? &L.blocked : nullptr;
            spec.title = c.tf(Ft::TrainHeadCaption, {std::to_string(l + 1), std::to_string(h + 1)});
            HeatmapLayout hl = base;
            shift_layout(hl, x0 + h * pitch_x, y0 + l * pitch_y);
            draw_heatmap(c, spec, hl);
        }
    }
    // The colour bar along the grid's cells (from the first row's to the last row's).
    const double top = y0 + base.cells.y, bottom = y0 + (n_layers - 1) * pitch_y + base.cells.bottom();
    const double label_h = 22 * k, legend_h = has_mask ? 34 * k : 0;
    const double bar_h = std::clamp(bottom - top, 120 * k, std::max(120 * k, grid.h - label_h - legend_h));
    const Rect bar{std::min(x0 + used_w, grid.right()) + 24 * k, top - label_h, 0, bar_h + label_h};
    draw_colorbar(c, bar, scale, c.t(Ft::Weight));
    if (has_mask) draw_mask_legend(c, bar.x, bar.bottom() + 14 * k);
}

// ---- [SECTION] page ----------------------------------------------------------------------------

std::string percent(double fraction) {
    const double v = 100.0 * std::clamp(fraction, 0.0, 1.0);
    return format_number(v, std::fabs(v - std::round(v)) < 0.05 ? 0 : 1);
}

void draw_train_view(Canvas& c, const TrainFigureData& d, bool transparent) {
    const double k = c.k;
    const std::string layers = d.n_layers == 1 ? c.t(Ft::TrainOneLayer)
                                               : c.tf(Ft::TrainLayers, {std::to_string(d.n_layers)});
    const std::string heads = d.n_heads == 1 ? c.t(Ft::TrainOneHead) : c.tf(Ft::TrainHeads, {std::to_string(d.n_heads)});
    std::string shape = c.tf(Ft::TrainShape, {layers, heads, std::to_string(d.d_model)});
    if (!d.mlp) shape += c.t(Ft::TrainAttentionOnly);
    const std::string title = c.tf(Ft::TrainTitle, {markup_escape(d.task), shape});

    // "step 400/400 · loss 0.0017 · 100% exact": the last logged loss and the last evaluation.
    double last_loss = -1;
    for (size_t i = std::min(d.steps.size(), d.losses.size()); i-- > 0;)
        if (std::isfinite(d.losses[i])) {
            last_loss = d.losses[i];
            break;
        }
    std::string subtitle = c.tf(Ft::TrainProgress, {std::to_string(d.step), std::to_string(d.total_steps)});
    if (last_loss < 0) {
        subtitle += " · " + std::string(c.t(Ft::TrainNotTrained));
    } else {
        subtitle += c.tf(Ft::TrainProgressLoss, {format_general(last_loss, 2)});
        if (!d.evals.empty()) {
            const TrainEvalPoint& e = d.evals.back();
            if (d.image_task && std::isfinite(e.token))
                subtitle += c.tf(Ft::TrainProgressTest, {percent(e.token)});
            else if (d.exact_meaningful && std::isfinite(e.exact))
                subtitle += c.tf(Ft::TrainProgressExact, {percent(e.exact)});
            else if (std::isfinite(e.token))
                subtitle += c.tf(Ft::TrainProgressToken, {percent(e.token)});
        }
    }
    std::string caption;
    if (d.batch > 0)
        caption = c.tf(Ft::TrainCaptionRun, {std::to_string(d.batch), format_general(d.lr, 3), std::to_string(d.seed)}) +
                  "  ·  ";
    caption += "AttnLab";
    const Rect content = draw_frame(c, transparent, title, subtitle, caption);

    // Landscape: curves in a left column, the heads on the right. Portrait: both curves side by
    // side on top, the heads below. The legends go beside the titles only when both fit there,
    // so the two plots' data areas line up.
    const LossPlot loss = loss_plot(c, d);
    const AccuracyPlot accuracy = accuracy_plot(c, d);
    const double gap = 40 * k;
    const bool landscape = content.w >= content.h * 1.25;
    const double plot_w = landscape ? std::round(content.w * 0.40) : (content.w - gap) / 2;
    const bool beside = legend_fits_beside(c, loss.spec, plot_w) && legend_fits_beside(c, accuracy.spec, plot_w);
    if (landscape) {
        const double plot_h = (content.h - gap * 0.75) / 2;
        draw_loss_plot(c, {content.x, content.y, plot_w, plot_h}, loss, beside);
        draw_accuracy_plot(c, {content.x, content.y + plot_h + gap * 0.75, plot_w, plot_h}, accuracy, d, beside);
        const Rect right{content.x + plot_w + gap, content.y, content.w - plot_w - gap, content.h};
        if (d.image_task) draw_train_image_probes(c, right, d);
        else draw_probe_grid(c, right, d);
    } else {
        const double plot_h = std::round(content.h * 0.42);
        draw_loss_plot(c, {content.x, content.y, plot_w, plot_h}, loss, beside);
        draw_accuracy_plot(c, {content.x + plot_w + gap, content.y, plot_w, plot_h}, accuracy, d, beside);
        const Rect below{content.x, content.y + plot_h + gap, content.w, content.h - plot_h - gap};
        if (d.image_task) draw_train_image_probes(c, below, d);
        else draw_probe_grid(c, below, d);
    }
}

}  // namespace
}  // namespace fig

// ---- [SECTION] render --------------------------------------------------------------------------

Expected<std::string> render_train_figure(const TrainFigureData& data, FigureFormat format,
                                          const FigureOptions& options, std::vector<std::string>* warnings) {
    if (Status s = validate_figure_options(options, format); !s) return s;
    return fig::render_canvas(
        options, format, [&](fig::Canvas& c) { fig::draw_train_view(c, data, options.transparent); }, warnings);
}

}  // namespace attn
