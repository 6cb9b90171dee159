// figure_image.cpp — a Vision Transformer's attention drawn over the picture it saw: one query
// (the class token or a patch) in the chosen layer and head (or the mean of the heads) as a
// translucent colour per patch, and beside it the same query in every head of the layer (the
// figure DINO's paper made famous).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/figure/figure_views.h"

namespace attn::fig {

namespace {

// The query's weight on every patch (prefix tokens left out): head h, or the mean when h < 0.
std::vector<double> patch_weights(const LayerTrace& L, const TraceImage& im, int query, int head) {
    const int n = im.grid_rows * im.grid_cols;
    std::vector<double> w(std::size_t(n), 0.0);
    for (int h = 0; h < L.n_heads; ++h) {
        if (head >= 0 && h != head) continue;
        const Mat& a = L.heads[std::size_t(h)].weights;  // (T, T)
        for (int j = 0; j < n; ++j) w[std::size_t(j)] += a(query, im.prefix_tokens + j);
    }
    if (head < 0)
        for (double& v : w) v /= L.n_heads;
    return w;
}

// The picture scaled into `r` (aspect kept, centred); returns where it landed.
Rect draw_picture(Canvas& c, const TraceImage& im, const Rect& r) {
    const double s = std::min(r.w / im.width, r.h / im.height);
    const Rect at{r.cx() - im.width * s / 2, r.cy() - im.height * s / 2, im.width * s, im.height * s};
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, im.width, im.height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        fill_rect(c, at, Rgb{0.5f, 0.5f, 0.5f});
        return at;
    }
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < im.height; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + std::size_t(y) * stride);
        const std::uint8_t* src = im.rgb.data() + std::size_t(y) * im.width * 3;
        for (int x = 0; x < im.width; ++x)
            row[x] = 0xFF000000u | (std::uint32_t(src[3 * x]) << 16) | (std::uint32_t(src[3 * x + 1]) << 8) | src[3 * x + 2];
    }
    cairo_surface_mark_dirty(surface);
    cairo_save(c.cr);
    cairo_translate(c.cr, at.x, at.y);
    cairo_scale(c.cr, s, s);
    cairo_set_source_surface(c.cr, surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD);
    cairo_rectangle(c.cr, 0, 0, im.width, im.height);
    cairo_fill(c.cr);
    cairo_restore(c.cr);
    cairo_surface_destroy(surface);
    return at;
}

// Patch squares over the picture at `at`: colour by weight (scaled to `top`), grid lines, and the
// query's own patch outlined.
void draw_overlay(Canvas& c, const TraceImage& im, const Rect& at, const std::vector<double>& w, double top,
                  int query_patch, double line) {
    const double pw = at.w * im.patch_size / im.width;  // a patch on the page
    const double ph = at.h * im.patch_size / im.height;
    for (int r = 0; r < im.grid_rows; ++r) {
        for (int q = 0; q < im.grid_cols; ++q) {
            const double v = top > 0 ? std::clamp(w[std::size_t(r * im.grid_cols + q)] / top, 0.0, 1.0) : 0.0;
            const Rect cell{at.x + q * pw, at.y + r * ph, pw, ph};
            // Weak attention dims the picture a little; strong attention colours it.
            fill_rect(c, cell, colormap_rgb(c.colormap, float(v)), 0.15 + 0.6 * v);
        }
    }
    const Rgb grid{1.0f, 1.0f, 1.0f};
    for (int r = 0; r <= im.grid_rows; ++r) draw_line(c, at.x, at.y + r * ph, at.x + im.grid_cols * pw, at.y + r * ph, grid, line, 0.35);
    for (int q = 0; q <= im.grid_cols; ++q) draw_line(c, at.x + q * pw, at.y, at.x + q * pw, at.y + im.grid_rows * ph, grid, line, 0.35);
    if (query_patch >= 0) {
        const int r = query_patch / im.grid_cols, q = query_patch % im.grid_cols;
        stroke_rect(c, Rect{at.x + q * pw, at.y + r * ph, pw, ph}, Rgb{1.0f, 0.25f, 0.2f}, 3 * line);
    }
}

}  // namespace

void draw_image_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const TraceImage& im = *trace.image;
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const int query = r.row < 0 ? 0 : r.row;  // -1: the class token
    const int query_patch = query >= im.prefix_tokens ? query - im.prefix_tokens : -1;
    const int n = im.grid_rows * im.grid_cols;

    std::string title;
    if (query_patch < 0) {
        title = query == 0 ? c.t(Ft::TitleImageCls) : c.tf(Ft::TitleImagePatch, {token_for_title(trace.q_tokens[size_t(query)]), "-", "-"});
    } else {
        title = c.tf(Ft::TitleImagePatch, {std::to_string(query_patch + 1), std::to_string(query_patch / im.grid_cols + 1),
                                            std::to_string(query_patch % im.grid_cols + 1)});
    }
    const std::string subtitle =
        c.tf(r.head < 0 ? Ft::SubtitleImageMean : Ft::SubtitleImage,
             {std::to_string(r.layer + 1), std::to_string(r.head + 1), std::to_string(L.n_heads), std::to_string(n),
              std::to_string(im.patch_size)});
    const Rect content = draw_frame(c, r.options.transparent, title, subtitle, settings_caption(c, trace, r.layer, r.head));

    // Left: the chosen head (or mean) large, with its colour bar; right: every head small.
    const std::vector<double> main_w = patch_weights(L, im, query, r.head);
    const double main_top = *std::max_element(main_w.begin(), main_w.end());
    const double bar_w = colorbar_width(c) + 12 * k;
    const double left_w = std::min(content.h, content.w * 0.5);
    const Rect big{content.x, content.y, left_w - bar_w, content.h};
    const Rect at = draw_picture(c, im, big);
    draw_overlay(c, im, at, main_w, main_top, query_patch, 1.0 * k);
    ColorScale scale = weight_scale(main_top, c.colormap);
    scale.lo = 0;
    scale.hi = main_top > 0 ? main_top : 1;
    draw_colorbar(c, Rect{at.right() + 10 * k, at.y, bar_w - 12 * k, at.h}, scale, c.t(Ft::ImageOverlayLegend));

    const Rect side{content.x + left_w + 24 * k, content.y, content.w - left_w - 24 * k, content.h};
    if (side.w < 120 * k || L.n_heads < 2) return;
    TextStyle ts{14 * k, true};
    const double title_h = measure_text(c, "Ag", ts).h + 10 * k;
    draw_text(c, c.tf(Ft::ImageHeadsTitle, {std::to_string(r.layer + 1)}), side.x, side.y, ts, 0, 0);
    const Rect grid_area{side.x, side.y + title_h, side.w, side.h - title_h};
    // The grid shape with the largest pictures.
    const double gap = 10 * k, label_h = 18 * k, aspect = double(im.width) / im.height;
    int best_cols = 1;
    double best = -1;
    for (int cols = 1; cols <= L.n_heads; ++cols) {
        const int rows = (L.n_heads + cols - 1) / cols;
        const double cw = (grid_area.w - (cols - 1) * gap) / cols;
        const double ch = (grid_area.h - (rows - 1) * gap) / rows - label_h;
        const double s = std::min(cw / aspect, ch);
        if (s > best) best = s, best_cols = cols;
    }
    const int cols = best_cols, rows = (L.n_heads + cols - 1) / cols;
    const double cw = (grid_area.w - (cols - 1) * gap) / cols;
    const double ch = (grid_area.h - (rows - 1) * gap) / rows;
    TextStyle hs{12 * k};
    hs.color = kMuted;
    for (int h = 0; h < L.n_heads; ++h) {
        const Rect cell{grid_area.x + (h % cols) * (cw + gap), grid_area.y + (h / cols) * (ch + gap), cw, ch};
        const std::vector<double> w = patch_weights(L, im, query, h);
        const Rect pic = draw_picture(c, im, Rect{cell.x, cell.y + label_h, cell.w, cell.h - label_h});
        // Each head on its own range: the figure compares where heads look, not how sharply.
        draw_overlay(c, im, pic, w, *std::max_element(w.begin(), w.end()), query_patch, 0.5 * k);
        if (h == r.head) stroke_rect(c, pic, Rgb{1.0f, 0.25f, 0.2f}, 2 * k);
        draw_text(c, c.tf(Ft::HeadN, {std::to_string(h + 1)}), pic.x, cell.y, hs, 0, 0);
    }
}

}  // namespace attn::fig
