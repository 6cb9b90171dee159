// figure_rope.cpp — the RoPE figure: one dimension pair of a rotary head's q and k as 2-D arrows
// before and after the rotation (one arrow per token, numbered by position), the frequency of
// every pair (log scale, the chosen one marked), and the same numbers as CSV.
//
//   pair i = coordinates (i, i + r/2) of the head's d_k block   (rotate-half, r = 2 · rope_inv_freq.size())
//   token at position p: (x, y) → (x cos pθ_i − y sin pθ_i,  y cos pθ_i + x sin pθ_i)
// The arrows come from the trace (LayerTrace::q_unrotated / q, k_unrotated / k); only the angle
// p · θ_i of the CSV is computed here.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/figure/figure_views.h"

namespace attn {

namespace {

const Rgb kQColour{0.90f, 0.45f, 0.05f};  // orange, as the app's RoPE view
const Rgb kKColour{0.0f, 0.45f, 0.75f};   // blue

// Columns of pair `pair` of query head `head` in the layer's (T, H·d_k) matrices.
int pair_column(const LayerTrace& L, int head, int pair) { return head * L.d_k + pair; }

std::string csv_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

}  // namespace

namespace fig {

Status validate_rope_request(const Trace& trace, const FigureRequest& r) {
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    if (L.q_unrotated.size() == 0 || L.k_unrotated.size() == 0 || trace.t_q() != trace.t_k())
        return Status::Error("The rope view needs a model with rotary positions: a Llama, Qwen or Mistral folder.");
    const int pairs = int(r.rope_inv_freq.size());
    if (pairs < 1 || 2 * pairs > L.d_k)
        return Status::Error("The rope view needs the model's rotary frequencies: one per pair, at most d_k / 2 = " +
                             std::to_string(L.d_k / 2) + ".");
    if (r.pair < 0 || r.pair >= pairs)
        return Status::Error("Pair " + std::to_string(r.pair) + " is out of range: the heads rotate " +
                             std::to_string(pairs) + " pairs (0–" + std::to_string(pairs - 1) + ").");
    return Status::Ok();
}

namespace {

struct Arrows {
    std::vector<double> x, y;  // (T) the pair's two coordinates, token by token
};

Arrows take_pair(const Mat& m, int col, int half) {  // m (T, H·d_k)
    Arrows a;
    for (Eigen::Index t = 0; t < m.rows(); ++t) {
        a.x.push_back(m(t, col));
        a.y.push_back(m(t, col + half));
    }
    return a;
}

// One square panel: circle, axes, k arrows then q arrows from the centre, labels at the tips.
// Returns the bottom of what it drew.
double draw_arrow_panel(Canvas& c, const Rect& box, const std::string& title, const Arrows& q, const Arrows& k,
                      double extent, const std::vector<std::string>& labels) {
    const double kk = c.k;
    TextStyle ts{15 * kk};
    ts.bold = true;
    const TextBox tb = draw_text(c, title, box.cx(), box.y, ts, 0.5, 0);
    const double top = box.y + tb.h + 6 * kk;
    const double side = std::min(box.w, box.bottom() - top);
    const Rect sq{box.cx() - side / 2, top, side, side};
    const double r = side / 2 - 18 * kk;
    const double cx = sq.cx(), cy = sq.cy();
    set_color(c, kRule);
    cairo_set_line_width(c.cr, 0.8 * kk);
    cairo_new_path(c.cr);
    cairo_arc(c.cr, cx, cy, r, 0, 2 * M_PI);
    cairo_stroke(c.cr);
    draw_line(c, cx - r, cy, cx + r, cy, kRule, 0.6 * kk);
    draw_line(c, cx, cy - r, cx, cy + r, kRule, 0.6 * kk);
    const double scale = extent > 0 ? r / extent : 1.0;
    const int n = int(labels.size());
    const bool numbered = n <= 40;
    TextStyle lab{std::clamp(13.0 - 0.1 * n, 9.0, 12.0) * kk};
    lab.markup = false;
    auto draw_set = [&](const Arrows& a, Rgb colour) {
        for (size_t t = 0; t < a.x.size(); ++t) {
            const double tx = cx + a.x[t] * scale, ty = cy - a.y[t] * scale;  // y up
            const double len = std::hypot(tx - cx, ty - cy);
            const double lw = 1.6 * kk;
            if (len > 1e-9) {
                const double ux = (tx - cx) / len, uy = (ty - cy) / len;
                const double head = std::min(len * 0.5, 7 * kk);
                const double bx = tx - ux * head, by = ty - uy * head;
                draw_line(c, cx, cy, bx, by, colour, lw, 0.85);
                set_color(c, colour, 0.85);
                cairo_move_to(c.cr, tx, ty);
                cairo_line_to(c.cr, bx - uy * head * 0.45, by + ux * head * 0.45);
                cairo_line_to(c.cr, bx + uy * head * 0.45, by - ux * head * 0.45);
                cairo_close_path(c.cr);
                cairo_fill(c.cr);
            }
            if (numbered) {
                TextStyle s = lab;
                s.color = colour;
                const double ux = len > 1e-9 ? (tx - cx) / len : 1.0, uy = len > 1e-9 ? (ty - cy) / len : 0.0;
                draw_text(c, labels[t], tx + ux * 4 * kk, ty + uy * 4 * kk, s, ux >= 0 ? 0 : 1, uy >= 0 ? 0 : 1);
            }
        }
    };
    draw_set(k, kKColour);
    draw_set(q, kQColour);
    return sq.bottom();
}

// Bars of log10 θ_i for every pair in `box`, the chosen pair in the accent colour.
void draw_spectrum(Canvas& c, const Rect& box, const std::vector<double>& inv_freq, int pair) {
    const double kk = c.k;
    TextStyle ts{15 * kk};
    ts.bold = true;
    const TextBox tb = draw_text(c, c.t(Ft::RopeSpectrumTitle), box.x, box.y, ts, 0, 0);
    TextStyle small{11 * kk};
    small.color = kMuted;
    double lo = 1e300, hi = -1e300;
    for (double f : inv_freq) {
        if (f <= 0) continue;
        lo = std::min(lo, std::log10(f));
        hi = std::max(hi, std::log10(f));
    }
    if (lo > hi) lo = hi = 0;
    lo = std::floor(lo);
    hi = std::max(std::ceil(hi), lo + 1);
    const double axis_w = 44 * kk, axis_h = 34 * kk;
    const TextBox vb = draw_text(c, c.t(Ft::RopeSpectrumValue), box.x, box.y + tb.h + 2 * kk, small, 0, 0);
    const double top = box.y + tb.h + vb.h + 10 * kk;
    const Rect plot{box.x + axis_w, top, box.w - axis_w, box.bottom() - top - axis_h};
    const int decades = int(hi - lo);
    const int every = std::max(1, int(std::ceil(decades * 14.0 * kk / std::max(plot.h, 1.0))));
    for (int e = int(lo); e <= int(hi); ++e) {
        const double y = plot.bottom() - (e - lo) / (hi - lo) * plot.h;
        draw_line(c, plot.x, y, plot.right(), y, kRule, 0.5 * kk);
        if ((int(hi) - e) % every == 0)
            draw_text(c, "10<sup>" + (e < 0 ? "-" + std::to_string(-e) : std::to_string(e)) + "</sup>", plot.x - 4 * kk,
                      y, small, 1, 0.5);
    }
    const int n = int(inv_freq.size());
    const double bw = plot.w / std::max(n, 1);
    for (int i = 0; i < n; ++i) {
        const double f = inv_freq[size_t(i)];
        const double frac = f > 0 ? std::clamp((std::log10(f) - lo) / (hi - lo), 0.0, 1.0) : 0.0;
        const double gap = bw > 4 * kk ? 1.0 * kk : 0.0;
        fill_rect(c, Rect{plot.x + i * bw, plot.bottom() - frac * plot.h, std::max(bw - gap, 0.5), frac * plot.h},
                  i == pair ? kAccent : Rgb{0.55f, 0.65f, 0.80f});
    }
    stroke_rect(c, plot, kRule, 0.6 * kk);
    // Pair numbers: the first, the chosen and the last.
    for (int i : {0, pair, n - 1}) {
        TextStyle s = small;
        if (i == pair) s.color = kAccent;
        draw_text(c, std::to_string(i), plot.x + (i + 0.5) * bw, plot.bottom() + 3 * kk, s, 0.5, 0);
    }
    draw_text(c, c.t(Ft::RopeSpectrumAxis), plot.cx(), plot.bottom() + 17 * kk, small, 0.5, 0);
}

}  // namespace

void draw_rope_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double kk = c.k;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const int half = int(r.rope_inv_freq.size());
    const int col = pair_column(L, r.head, r.pair);
    const double theta = r.rope_inv_freq[size_t(r.pair)];
    const std::string subtitle =
        c.tf(Ft::SubtitleRope, {std::to_string(r.layer + 1), std::to_string(r.head + 1), std::to_string(L.n_heads),
                                std::to_string(L.kv_head_of(r.head) + 1), std::to_string(r.pair), std::to_string(half),
                                std::to_string(r.pair), std::to_string(r.pair + half)});
    const Rect content =
        draw_frame(c, r.options.transparent, c.t(Ft::TitleRope), subtitle, settings_caption(c, trace, r.layer, r.head));

    const Arrows qb = take_pair(L.q_unrotated, col, half), qa = take_pair(L.q, col, half);
    const Arrows kb = take_pair(L.k_unrotated, col, half), ka = take_pair(L.k, col, half);
    double extent = 0;
    for (const Arrows* a : {&qb, &qa, &kb, &ka})
        for (size_t t = 0; t < a->x.size(); ++t) extent = std::max(extent, std::hypot(a->x[t], a->y[t]));

    // Labels: the position, and the token when there are few.
    const std::vector<std::string> tokens = token_labels(trace.q_tokens);
    std::vector<std::string> labels;
    for (size_t t = 0; t < tokens.size(); ++t)
        labels.push_back(tokens.size() <= 12 ? std::to_string(t) + " " + tokens[t] : std::to_string(t));

    const double legend_h = 54 * kk;
    const double gap = 24 * kk;
    const double spectrum_w = std::clamp(content.w * 0.28, 200 * kk, 420 * kk);
    const double arrows_w = content.w - spectrum_w - gap;
    const double panel_w = std::min((arrows_w - gap) / 2, content.h - legend_h);
    const double left = content.x + (arrows_w - (2 * panel_w + gap)) / 2;
    const double panel_h = content.h - legend_h;
    const double bottom =
        draw_arrow_panel(c, Rect{left, content.y, panel_w, panel_h}, c.t(Ft::RopeBefore), qb, kb, extent, labels);
    draw_arrow_panel(c, Rect{left + panel_w + gap, content.y, panel_w, panel_h}, c.t(Ft::RopeAfter), qa, ka, extent,
                     labels);
    const Rect spec{content.right() - spectrum_w, content.y, spectrum_w, std::min(panel_h, spectrum_w * 1.1)};
    draw_spectrum(c, spec, r.rope_inv_freq, r.pair);
    TextStyle note{12.5 * kk};
    note.wrap_width = spectrum_w;
    note.color = kInk;
    const double wavelength = theta > 0 ? 2 * M_PI / theta : INFINITY;
    draw_text(c, c.tf(Ft::RopePairNote, {std::to_string(r.pair), format_general(theta, 4), format_general(wavelength, 4)}),
              spec.x, spec.bottom() + 10 * kk, note);

    // Legend: q, k, what the numbers are, and the one-line reason for it all.
    TextStyle lg{12.5 * kk};
    lg.color = kMuted;
    const double ly = std::min(bottom + 18 * kk, content.bottom() - legend_h + 14 * kk);
    double x = left;
    fill_rect(c, Rect{x, ly - 4 * kk, 22 * kk, 8 * kk}, kQColour);
    x += 28 * kk + draw_text(c, c.t(Ft::RopeQueries), x + 28 * kk, ly, lg, 0, 0.5).w + 28 * kk;
    fill_rect(c, Rect{x, ly - 4 * kk, 22 * kk, 8 * kk}, kKColour);
    x += 28 * kk + draw_text(c, c.t(Ft::RopeKeys), x + 28 * kk, ly, lg, 0, 0.5).w + 28 * kk;
    draw_text(c, c.t(Ft::RopeNumbers), x, ly, lg, 0, 0.5);
    TextStyle why{12.5 * kk};
    why.wrap_width = 2 * panel_w + gap;
    draw_text(c, c.t(Ft::RopeWhy), left, ly + 14 * kk, why);
}

}  // namespace fig

Expected<std::string> rope_csv(const Trace& trace, const FigureRequest& r, bool utf8_bom) {
    if (trace.layers.empty() || r.layer < 0 || r.layer >= int(trace.layers.size()))
        return Status::Error("Layer " + std::to_string(r.layer + 1) + " is out of range: the model has " +
                             std::to_string(trace.layers.size()) + " layers (1–" +
                             std::to_string(trace.layers.size()) + ").");
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    if (r.head < 0 || r.head >= L.n_heads)
        return Status::Error("Head " + std::to_string(r.head + 1) + " is out of range: the model has " +
                             std::to_string(L.n_heads) + " heads (1–" + std::to_string(L.n_heads) + ").");
    if (Status s = fig::validate_rope_request(trace, r); !s) return s;
    const int half = int(r.rope_inv_freq.size());
    const int col = pair_column(L, r.head, r.pair);
    const double theta = r.rope_inv_freq[size_t(r.pair)];
    std::string out = utf8_bom ? "\xEF\xBB\xBF" : "";
    out += "token,position,angle_rad,q_x_before,q_y_before,q_x_after,q_y_after,k_x_before,k_y_before,k_x_after,"
           "k_y_after\r\n";
    for (int t = 0; t < trace.t_q(); ++t) {
        out += csv_field(trace.q_tokens[size_t(t)].text) + "," + std::to_string(t) + "," + csv_number(t * theta);
        for (const Mat* m : {&L.q_unrotated, &L.q, &L.k_unrotated, &L.k})
            out += "," + csv_number((*m)(t, col)) + "," + csv_number((*m)(t, col + half));
        out += "\r\n";
    }
    return out;
}

}  // namespace attn
