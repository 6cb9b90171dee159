// figure_draw.cpp — shared drawing for the figure views (internal to attnlab_figure)
// (implementation; the interface and its contract are in figure_draw.h)
#include "core/figure/figure_draw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/utf8.h"

namespace attn::fig {

// ---- [SECTION] Canvas and text -----------------------------------------------------------------

namespace {

constexpr double kPi = 3.14159265358979323846;

// Owns a PangoLayout.
struct Layout {
    PangoLayout* p = nullptr;
    Layout() = default;
    Layout(const Layout&) = delete;
    Layout& operator=(const Layout&) = delete;
    ~Layout() {
        if (p) g_object_unref(p);
    }
};

// <sub> and <sup> as explicit sizes and rises. Pango 1.50 sizes its own <sub>/<sup> (font_scale
// attributes) from the device font size, so on a PNG drawn at scale 2 the "model" of d_model came
// out twice the text's size instead of smaller; explicit spans scale with everything else.
std::string explicit_sub_sup(const std::string& markup, double size) {
    if (markup.find("<su") == std::string::npos) return markup;
    char sub[96], sup[96];
    const int small = int(std::lround(size * 0.72 * PANGO_SCALE));
    std::snprintf(sub, sizeof sub, "<span size=\"%d\" rise=\"%d\">", small,
                  int(std::lround(-size * 0.16 * PANGO_SCALE)));
    std::snprintf(sup, sizeof sup, "<span size=\"%d\" rise=\"%d\">", small,
                  int(std::lround(size * 0.38 * PANGO_SCALE)));
    std::string out;
    out.reserve(markup.size() + 64);
    for (size_t i = 0; i < markup.size();) {
        if (markup.compare(i, 5, "<sub>") == 0) out += sub, i += 5;
        else if (markup.compare(i, 5, "<sup>") == 0) out += sup, i += 5;
        else if (markup.compare(i, 6, "</sub>") == 0 || markup.compare(i, 6, "</sup>") == 0) out += "</span>", i += 6;
        else out += markup[i++];
    }
    return out;
}

void make_layout(Canvas& c, const std::string& text, const TextStyle& style, Layout& out) {
    out.p = pango_layout_new(c.pango);
    PangoFontDescription* fd = pango_font_description_new();
    pango_font_description_set_family(fd, c.family.c_str());
    pango_font_description_set_absolute_size(fd, style.size * PANGO_SCALE);
    pango_font_description_set_weight(fd, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(out.p, fd);
    pango_font_description_free(fd);
    if (style.wrap_width > 0) {
        pango_layout_set_width(out.p, int(style.wrap_width * PANGO_SCALE));
        pango_layout_set_wrap(out.p, PANGO_WRAP_WORD_CHAR);
    }
    pango_layout_set_alignment(out.p, style.align == Align::Center ? PANGO_ALIGN_CENTER
                                      : style.align == Align::End  ? PANGO_ALIGN_RIGHT
                                                                   : PANGO_ALIGN_LEFT);
    if (style.markup) {
        // Parse first: a template filled with an unescaped token must not blank the label.
        PangoAttrList* attrs = nullptr;
        char* plain = nullptr;
        const std::string markup = explicit_sub_sup(text, style.size);
        if (pango_parse_markup(markup.c_str(), -1, 0, &attrs, &plain, nullptr, nullptr)) {
            pango_layout_set_text(out.p, plain, -1);
            pango_layout_set_attributes(out.p, attrs);
            pango_attr_list_unref(attrs);
            g_free(plain);
            return;
        }
    }
    pango_layout_set_text(out.p, text.c_str(), -1);
}

TextBox box_of(PangoLayout* l, double* logical_x, double* logical_y) {
    PangoRectangle logical;
    pango_layout_get_extents(l, nullptr, &logical);
    TextBox b;
    b.w = double(logical.width) / PANGO_SCALE;
    b.h = double(logical.height) / PANGO_SCALE;
    b.baseline = double(pango_layout_get_baseline(l) - logical.y) / PANGO_SCALE;
    if (logical_x) *logical_x = double(logical.x) / PANGO_SCALE;
    if (logical_y) *logical_y = double(logical.y) / PANGO_SCALE;
    return b;
}

// Records each line of `l` (drawn with the layout origin at the current user-space origin).
void record_runs(Canvas& c, PangoLayout* l) {
    const char* all = pango_layout_get_text(l);
    PangoLayoutIter* it = pango_layout_get_iter(l);
    double ux = 1, uy = 0;
    cairo_user_to_device_distance(c.cr, &ux, &uy);
    const double scale = std::hypot(ux, uy);
    const double angle = std::atan2(uy, ux) * 180.0 / kPi;
    const PangoFontDescription* fd = pango_layout_get_font_description(l);
    const double size = fd ? double(pango_font_description_get_size(fd)) / PANGO_SCALE : 12.0;
    do {
        PangoLayoutLine* line = pango_layout_iter_get_line_readonly(it);
        if (!line || line->length <= 0) continue;
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(it, nullptr, &logical);
        double x = double(logical.x) / PANGO_SCALE;
        double y = double(pango_layout_iter_get_baseline(it)) / PANGO_SCALE;
        cairo_user_to_device(c.cr, &x, &y);
        TextRun run;
        run.text.assign(all + line->start_index, size_t(line->length));
        while (!run.text.empty() && (run.text.back() == ' ' || run.text.back() == '\n')) run.text.pop_back();
        if (run.text.empty()) continue;
        run.x = x;
        run.y = y;
        run.angle_deg = angle;
        run.size = size * scale;
        run.width = double(logical.width) / PANGO_SCALE * scale;
        c.runs->push_back(std::move(run));
    } while (pango_layout_iter_next_line(it));
    pango_layout_iter_free(it);
}

}  // namespace

TextBox measure_text(Canvas& c, const std::string& text, const TextStyle& style) {
    Layout l;
    make_layout(c, text, style, l);
    return box_of(l.p, nullptr, nullptr);
}

double max_text_width(Canvas& c, const std::vector<std::string>& texts, const TextStyle& style) {
    double w = 0;
    for (const auto& s : texts) w = std::max(w, measure_text(c, s, style).w);
    return w;
}

double max_label_width(Canvas& c, const std::vector<std::string>& labels, double size) {
    TextStyle ref{100};
    ref.markup = false;
    double w = 0;
    for (const auto& s : labels) {
        auto it = c.label_width_100.find(s);
        if (it == c.label_width_100.end()) it = c.label_width_100.emplace(s, measure_text(c, s, ref).w).first;
        w = std::max(w, it->second);
    }
    return w * size / 100.0;
}

std::string fit_label(Canvas& c, const std::string& text, const TextStyle& style, double width) {
    if (text.empty() || measure_text(c, text, style).w <= width) return text;
    const size_t n = count_code_points(text);
    for (size_t keep = n - 1; keep >= 1; --keep) {
        size_t pos = 0, i = 0;
        char32_t cp;
        while (i < keep && decode_utf8(text, pos, cp)) ++i;
        const std::string s = text.substr(0, pos) + "…";
        if (measure_text(c, s, style).w <= width) return s;
    }
    return "";
}

TextBox draw_text(Canvas& c, const std::string& text, double x, double y, const TextStyle& style, double ax,
                  double ay, double angle_deg) {
    Layout l;
    make_layout(c, text, style, l);
    double lx = 0, ly = 0;
    const TextBox b = box_of(l.p, &lx, &ly);
    if (text.empty()) return b;
    cairo_save(c.cr);
    cairo_translate(c.cr, x, y);
    if (angle_deg != 0) cairo_rotate(c.cr, angle_deg * kPi / 180.0);
    cairo_translate(c.cr, -ax * b.w - lx, -ay * b.h - ly);
    set_color(c, style.color);
    cairo_move_to(c.cr, 0, 0);
    pango_cairo_show_layout(c.cr, l.p);
    if (c.runs) record_runs(c, l.p);
    cairo_restore(c.cr);
    c.unknown_glyphs += pango_layout_get_unknown_glyphs_count(l.p);
    return b;
}

// ---- [SECTION] geometry ------------------------------------------------------------------------

void set_color(Canvas& c, Rgb color, double alpha) {
    cairo_set_source_rgba(c.cr, color.r, color.g, color.b, alpha);
}

void fill_rect(Canvas& c, const Rect& r, Rgb color, double alpha) {
    set_color(c, color, alpha);
    cairo_rectangle(c.cr, r.x, r.y, r.w, r.h);
    cairo_fill(c.cr);
}

void stroke_rect(Canvas& c, const Rect& r, Rgb color, double line_width) {
    set_color(c, color);
    cairo_set_line_width(c.cr, line_width);
    cairo_rectangle(c.cr, r.x, r.y, r.w, r.h);
    cairo_stroke(c.cr);
}

void draw_line(Canvas& c, double x0, double y0, double x1, double y1, Rgb color, double line_width,
               double alpha) {
    set_color(c, color, alpha);
    cairo_set_line_width(c.cr, line_width);
    cairo_move_to(c.cr, x0, y0);
    cairo_line_to(c.cr, x1, y1);
    cairo_stroke(c.cr);
}

void draw_arrow(Canvas& c, double x0, double y0, double x1, double y1, Rgb color, double line_width) {
    const double len = std::hypot(x1 - x0, y1 - y0);
    if (len <= 0) return;
    const double ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const double head = std::min(len * 0.6, line_width * 5.0);
    const double bx = x1 - ux * head, by = y1 - uy * head;
    draw_line(c, x0, y0, bx, by, color, line_width);
    set_color(c, color);
    cairo_move_to(c.cr, x1, y1);
    cairo_line_to(c.cr, bx - uy * head * 0.5, by + ux * head * 0.5);
    cairo_line_to(c.cr, bx + uy * head * 0.5, by - ux * head * 0.5);
    cairo_close_path(c.cr);
    cairo_fill(c.cr);
}

// Fills the current path with light grey and diagonal hatching (clipped strokes: tiling patterns
// show seams in PDF viewers). Without hatching (tiny cells) the grey alone marks hidden cells.
void fill_hatched_path(Canvas& c, bool hatch) {
    double x0, y0, x1, y1;
    cairo_path_extents(c.cr, &x0, &y0, &x1, &y1);
    cairo_save(c.cr);
    set_color(c, Rgb{0.90f, 0.90f, 0.91f});
    if (!hatch) {
        cairo_fill(c.cr);
        cairo_restore(c.cr);
        return;
    }
    cairo_fill_preserve(c.cr);
    cairo_clip(c.cr);
    const double step = 5.0 * c.k, h = y1 - y0;
    set_color(c, Rgb{0.58f, 0.58f, 0.61f});
    cairo_set_line_width(c.cr, 0.9 * c.k);
    for (double d = std::floor((x0 - h) / step) * step; d < x1; d += step) {  // phase fixed in x
        cairo_move_to(c.cr, d, y1);
        cairo_line_to(c.cr, d + h, y0);
    }
    cairo_stroke(c.cr);
    cairo_restore(c.cr);
}

void draw_hatched(Canvas& c, const Rect& r) {
    cairo_rectangle(c.cr, r.x, r.y, r.w, r.h);
    fill_hatched_path(c);
}

// ---- [SECTION] colour scales -------------------------------------------------------------------

ColorScale value_scale(const Mat& m, const BoolMat* blocked, Colormap map) {
    double lo = INFINITY, hi = -INFINITY;
    const bool use_mask = blocked && blocked->size() == m.size();
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (use_mask && (*blocked)(i, j)) continue;
            const double v = m(i, j);
            if (!std::isfinite(v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo < 1e-12) lo -= 0.5, hi += 0.5;
    ColorScale s;
    s.lo = lo;
    s.hi = hi;
    s.map = map;
    return s;
}

ColorScale symmetric_scale(double max_abs) {
    ColorScale s;
    if (!(max_abs > 1e-12)) max_abs = 1;
    s.lo = -max_abs;
    s.hi = max_abs;
    s.diverging = true;
    return s;
}

ColorScale weight_scale(double max_weight, Colormap map) {
    ColorScale s;
    s.map = map;
    s.lo = 0;
    if (!(max_weight > 0.5)) {
        const double step = max_weight > 0.2 ? 0.1 : max_weight > 0.05 ? 0.05 : 0.01;
        s.hi = std::max(step, std::ceil(max_weight / step - 1e-9) * step);
    }
    return s;
}

// ---- [SECTION] colour bar ----------------------------------------------------------------------

double colorbar_width(Canvas& c) {
    TextStyle ts{12 * c.k};
    ts.markup = false;
    return 16 * c.k + 6 * c.k + measure_text(c, "-0.000", ts).w + 10 * c.k;
}

Rect draw_colorbar(Canvas& c, const Rect& r, const ColorScale& scale, const std::string& label) {
    const double k = c.k;
    TextStyle ls{12 * k};
    ls.color = kMuted;
    const double label_h = label.empty() ? 0 : measure_text(c, label, ls).h + 6 * k;
    const Rect bar{r.x, r.y + label_h, 16 * k, std::max(10.0, r.h - label_h)};
    if (!label.empty()) draw_text(c, label, bar.x, r.y, ls, 0, 0);

    // A vector gradient (top = high). The colormap's 256 entries are its stops.
    cairo_pattern_t* p = cairo_pattern_create_linear(0, bar.bottom(), 0, bar.y);
    if (scale.diverging) {
        for (float t : {0.0f, 0.5f, 1.0f}) {
            const Rgb col = diverging_rgb(t);
            cairo_pattern_add_color_stop_rgb(p, t, col.r, col.g, col.b);
        }
    } else {
        for (int i = 0; i < kColormapEntries; ++i) {
            const Rgb col = colormap_entry(scale.map, i);
            cairo_pattern_add_color_stop_rgb(p, double(i) / (kColormapEntries - 1), col.r, col.g, col.b);
        }
    }
    cairo_rectangle(c.cr, bar.x, bar.y, bar.w, bar.h);
    cairo_set_source(c.cr, p);
    cairo_fill(c.cr);
    cairo_pattern_destroy(p);
    stroke_rect(c, bar, kRule, 0.8 * k);

    int decimals = 2;
    TextStyle ts{12 * k};
    ts.markup = false;
    double widest = 0;
    for (double v : nice_ticks(scale.lo, scale.hi, 5, &decimals)) {
        const double y = bar.bottom() - (v - scale.lo) / (scale.hi - scale.lo) * bar.h;
        draw_line(c, bar.right(), y, bar.right() + 4 * k, y, kMuted, 0.8 * k);
        widest =
            std::max(widest, draw_text(c, format_number(v, decimals), bar.right() + 6 * k, y, ts, 0, 0.5).w);
    }
    return {r.x, r.y, bar.w + 6 * k + widest, r.h};
}

double draw_mask_legend(Canvas& c, double x, double y) {
    const double k = c.k;
    const double s = 14 * k;
    draw_hatched(c, {x, y, s, s});
    stroke_rect(c, {x, y, s, s}, kRule, 0.8 * k);
    TextStyle ts{12 * k};
    ts.color = kMuted;
    const TextBox b = draw_text(c, c.t(Ft::MaskedLegend), x + s + 5 * k, y + s / 2, ts, 0, 0.5);
    return std::max(s, b.h);
}

double mask_legend_width(Canvas& c) {
    TextStyle ts{12 * c.k};
    return 14 * c.k + 5 * c.k + measure_text(c, c.t(Ft::MaskedLegend), ts).w;
}

// ---- [SECTION] frame ---------------------------------------------------------------------------

double margin(const Canvas& c) {
    return 36 * c.k;
}

Rect draw_frame(Canvas& c, bool transparent, const std::string& title, const std::string& subtitle,
                const std::string& caption) {
    const double k = c.k, m = margin(c);
    c.title = title;
    c.caption = caption;
    if (!transparent) fill_rect(c, {0, 0, c.width, c.height}, Rgb{1, 1, 1});
    TextStyle ts{28 * k, true};
    ts.wrap_width = c.width - 2 * m;
    double y = m;
    y += draw_text(c, title, m, y, ts).h;
    if (!subtitle.empty()) {
        TextStyle ss{16 * k};
        ss.color = kMuted;
        ss.wrap_width = c.width - 2 * m;
        y += 4 * k + draw_text(c, subtitle, m, y + 4 * k, ss).h;
    }
    y += 18 * k;
    double bottom = c.height - m;
    if (!caption.empty()) {
        TextStyle cs{12 * k};
        cs.color = kMuted;
        cs.wrap_width = c.width - 2 * m;
        const TextBox b = measure_text(c, caption, cs);
        draw_text(c, caption, m, bottom - b.h, cs);
        draw_line(c, m, bottom - b.h - 7 * k, c.width - m, bottom - b.h - 7 * k, kRule, 0.8 * k);
        bottom -= b.h + 20 * k;
    }
    return {m, y, c.width - 2 * m, std::max(10.0, bottom - y)};
}

// ---- [SECTION] number formatting ---------------------------------------------------------------

std::string format_number(double v, int decimals) {
    if (std::isinf(v)) return v < 0 ? "-∞" : "∞";
    if (std::isnan(v)) return "NaN";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", std::max(0, decimals), v);
    std::string s(buf);
    // "-0.00" reads as a negative number: drop the sign when every printed digit is 0.
    if (s[0] == '-' && s.find_first_of("123456789") == std::string::npos) s.erase(0, 1);
    return s;
}

std::string format_general(double v, int significant) {
    if (std::isinf(v)) return v < 0 ? "-∞" : "∞";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

std::vector<double> nice_ticks(double lo, double hi, int count, int* decimals) {
    std::vector<double> out;
    if (!(hi > lo) || count < 1) {
        if (decimals) *decimals = 2;
        return {lo};
    }
    const double raw = (hi - lo) / count;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / mag;
    const double step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
    if (decimals) *decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-6; v += step)
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

}  // namespace attn::fig
