// figure_vision.cpp — two figures of the ViT paper (Dosovitskiy et al. 2021, Figure 7) for the
// image a model saw (the numbers: core/attention/vision_stats.h):
//   attn-distance   mean attention distance per head against depth: layer on x, one dot per head,
//                   a line through the heads' mean and the distance uniform attention would give
//   pos-similarity  cosine similarity of each patch's position embedding with every other, one
//                   small map per patch, the maps laid out as the patch grid
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/vision_stats.h"
#include "core/base/plot_scale.h"
#include "core/figure/figure_views.h"

namespace attn::fig {

namespace {

constexpr double kPi = 3.14159265358979323846;

// Okabe–Ito (colour-blind safe), then darker/lighter variants: one colour per head up to 16.
const Rgb kHeadColors[] = {
    {0.00f, 0.45f, 0.70f}, {0.85f, 0.37f, 0.00f}, {0.00f, 0.62f, 0.45f}, {0.80f, 0.47f, 0.65f},
    {0.34f, 0.71f, 0.91f}, {0.90f, 0.62f, 0.00f}, {0.50f, 0.50f, 0.50f}, {0.94f, 0.89f, 0.26f},
    {0.00f, 0.30f, 0.47f}, {0.57f, 0.25f, 0.00f}, {0.00f, 0.42f, 0.30f}, {0.55f, 0.30f, 0.44f},
    {0.20f, 0.48f, 0.62f}, {0.62f, 0.42f, 0.00f}, {0.25f, 0.25f, 0.25f}, {0.66f, 0.61f, 0.10f},
};

Rgb head_color(int h) { return kHeadColors[size_t(h) % (sizeof(kHeadColors) / sizeof(kHeadColors[0]))]; }

void dot(Canvas& c, double x, double y, double radius, Rgb fill) {
    cairo_new_path(c.cr);
    cairo_arc(c.cr, x, y, radius, 0, 2 * kPi);
    set_color(c, fill);
    cairo_fill_preserve(c.cr);
    set_color(c, Rgb{1.0f, 1.0f, 1.0f});
    cairo_set_line_width(c.cr, radius * 0.35);
    cairo_stroke(c.cr);
}

void dashed_line(Canvas& c, double x0, double y0, double x1, double y1, Rgb color, double width) {
    const double dash[] = {6 * c.k, 4 * c.k};
    cairo_save(c.cr);
    cairo_set_dash(c.cr, dash, 2, 0);
    draw_line(c, x0, y0, x1, y1, color, width);
    cairo_restore(c.cr);
}

}  // namespace

void draw_attn_distance_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const TraceImage& im = *trace.image;
    const AttentionDistance d = mean_attention_distance(trace);
    const int n_layers = int(d.distance.rows()), n_heads = int(d.distance.cols());
    const int n = im.grid_rows * im.grid_cols;
    const double share = d.prefix_share.size() > 0 ? d.prefix_share.cast<double>().mean() : 0.0;
    const std::string subtitle =
        c.tf(Ft::SubtitleAttnDistance, {std::to_string(n), std::to_string(im.patch_size), format_number(100 * share, 1)});
    std::string caption = settings_caption(c, trace, r.layer, -1);
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitleAttnDistance), subtitle, caption);

    // Legend column on the right: one row per head (a long list is cut to "…").
    TextStyle ls{12.5 * k};
    ls.color = kInk;
    const double row_h = measure_text(c, "Ag", ls).h + 4 * k;
    std::vector<std::string> names;
    for (int h = 0; h < n_heads; ++h) names.push_back(c.tf(Ft::HeadN, {std::to_string(h + 1)}));
    const std::string mean_name = c.t(Ft::DistanceMeanOfHeads), uniform_name = c.t(Ft::DistanceUniform);
    const double legend_w = 30 * k + std::max({max_text_width(c, names, ls), measure_text(c, mean_name, ls).w,
                                               measure_text(c, uniform_name, ls).w});

    Axis x;
    x.lo = 0.5;
    x.hi = n_layers + 0.5;
    x.label = c.t(Ft::DistanceLayerAxis);
    std::vector<double> ys{uniform_attention_distance(im)};
    for (int l = 0; l < n_layers; ++l)
        for (int h = 0; h < n_heads; ++h) ys.push_back(d.distance(l, h));
    Axis y = fit_axis(ys, AxisScale::Linear, /*include_zero=*/true);
    y.label = c.t(Ft::DistanceAxis);

    // Axes: y ticks left, layer numbers below.
    TextStyle ts{12 * k};
    ts.markup = false;
    ts.color = kMuted;
    TextStyle axis_style{13 * k};
    axis_style.color = kMuted;
    const std::vector<Tick> yt = make_ticks(y, 6);
    double tick_w = 0;
    for (const Tick& t : yt)
        if (t.major) tick_w = std::max(tick_w, measure_text(c, t.label, ts).w);
    const double axis_h = measure_text(c, "Ag", axis_style).h, tick_h = measure_text(c, "0", ts).h;
    const double left = axis_h + 10 * k + tick_w + 8 * k;
    const Rect data{content.x + left, content.y + 8 * k, std::max(40.0, content.w - left - legend_w - 30 * k),
                    std::max(40.0, content.h - tick_h - axis_h - 24 * k)};
    auto to_x = [&](double v) { return data.x + axis_fraction(x, v) * data.w; };
    auto to_y = [&](double v) { return data.bottom() - axis_fraction(y, v) * data.h; };
    for (const Tick& t : yt) {
        if (!t.major) continue;
        draw_line(c, data.x, to_y(t.value), data.right(), to_y(t.value), kRule, 0.7 * k, 0.7);
        draw_text(c, t.label, data.x - 7 * k, to_y(t.value), ts, 1, 0.5);
    }
    const int every = std::max(1, int(std::ceil(n_layers * (measure_text(c, "88", ts).w + 10 * k) / data.w)));
    for (int l = 0; l < n_layers; ++l) {
        if ((l + 1) % every != 0 && l != 0) continue;
        draw_line(c, to_x(l + 1), data.bottom(), to_x(l + 1), data.bottom() + 5 * k, kMuted, 0.8 * k);
        draw_text(c, std::to_string(l + 1), to_x(l + 1), data.bottom() + 6 * k, ts, 0.5, 0);
    }
    draw_line(c, data.x, data.y, data.x, data.bottom(), kMuted, 1.0 * k);
    draw_line(c, data.x, data.bottom(), data.right(), data.bottom(), kMuted, 1.0 * k);
    draw_text(c, x.label, data.cx(), data.bottom() + 10 * k + tick_h, axis_style, 0.5, 0);
    draw_text(c, y.label, content.x, data.cy(), axis_style, 0.5, 0, -90);

    // Uniform attention, the heads' mean per layer, then the heads (spread a little sideways so
    // equal values stay visible).
    const double uy = to_y(uniform_attention_distance(im));
    dashed_line(c, data.x, uy, data.right(), uy, kMuted, 1.2 * k);
    const Rgb mean_color{0.15f, 0.15f, 0.18f};
    for (int l = 0; l + 1 < n_layers; ++l)
        draw_line(c, to_x(l + 1), to_y(d.distance.row(l).cast<double>().mean()), to_x(l + 2),
                  to_y(d.distance.row(l + 1).cast<double>().mean()), mean_color, 1.4 * k, 0.6);
    const double slot = std::min(0.5, 0.7 / std::max(1, n_heads - 1));
    const double radius = std::clamp(0.35 * data.w / std::max(1, n_layers * std::max(2, n_heads)), 2.5 * k, 6.0 * k);
    for (int l = 0; l < n_layers; ++l) {
        for (int h = 0; h < n_heads; ++h) {
            const double off = n_heads > 1 ? (h - (n_heads - 1) / 2.0) * slot : 0.0;
            const bool chosen = l == r.layer && h == r.head;
            dot(c, to_x(l + 1 + off), to_y(d.distance(l, h)), chosen ? radius * 1.5 : radius, head_color(h));
            if (chosen) {
                cairo_new_path(c.cr);
                cairo_arc(c.cr, to_x(l + 1 + off), to_y(d.distance(l, h)), radius * 2.1, 0, 2 * kPi);
                set_color(c, kAccent);
                cairo_set_line_width(c.cr, 1.5 * k);
                cairo_stroke(c.cr);
            }
        }
    }

    // The legend.
    double ly = data.y;
    const double lx = data.right() + 24 * k;
    const int shown = std::min(n_heads, std::max(1, int((data.h - 3 * row_h) / row_h)));
    for (int h = 0; h < shown; ++h, ly += row_h) {
        dot(c, lx + 8 * k, ly + row_h / 2, 5 * k, head_color(h));
        draw_text(c, names[size_t(h)], lx + 20 * k, ly + row_h / 2, ls, 0, 0.5);
    }
    if (shown < n_heads) {
        draw_text(c, "…", lx + 20 * k, ly + row_h / 2, ls, 0, 0.5);
        ly += row_h;
    }
    ly += row_h / 2;
    draw_line(c, lx, ly + row_h / 2, lx + 16 * k, ly + row_h / 2, mean_color, 1.4 * k, 0.6);
    draw_text(c, mean_name, lx + 20 * k, ly + row_h / 2, ls, 0, 0.5);
    ly += row_h;
    dashed_line(c, lx, ly + row_h / 2, lx + 16 * k, ly + row_h / 2, kMuted, 1.2 * k);
    draw_text(c, uniform_name, lx + 20 * k, ly + row_h / 2, ls, 0, 0.5);
}

void draw_pos_similarity_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const TraceImage& im = *trace.image;
    const Mat s = position_similarity(trace);  // (N, N)
    const int rows = im.grid_rows, cols = im.grid_cols, n = rows * cols;
    const int chosen = r.row >= im.prefix_tokens && r.row < im.prefix_tokens + n ? r.row - im.prefix_tokens : -1;
    const std::string subtitle = c.tf(Ft::SubtitlePosSimilarity, {std::to_string(rows), std::to_string(cols),
                                                                  std::to_string(trace.q_positions.cols())});
    const Rect content = draw_frame(c, r.options.transparent, c.t(Ft::TitlePosSimilarity), subtitle,
                                    settings_caption(c, trace, r.layer, -1));

    // Room: axis names and numbers on the top and left, the colour bar on the right.
    TextStyle ts{11 * k};
    ts.markup = false;
    ts.color = kMuted;
    TextStyle axis_style{13 * k};
    axis_style.color = kMuted;
    const double axis_h = measure_text(c, "Ag", axis_style).h, num_h = measure_text(c, "0", ts).h;
    const double num_w = measure_text(c, std::to_string(rows), ts).w;
    const double bar_w = colorbar_width(c) + 16 * k;
    const Rect area{content.x + axis_h + num_w + 16 * k, content.y + axis_h + num_h + 12 * k,
                    content.w - axis_h - num_w - 16 * k - bar_w, content.h - axis_h - num_h - 12 * k};
    const double gap_frac = 0.12;  // space between maps, as a fraction of a map's side
    const double side = std::max(1.0, std::min(area.w / (cols + (cols - 1) * gap_frac), area.h / (rows + (rows - 1) * gap_frac)));
    const double gap = side * gap_frac;
    const Rect grid{area.x, area.y, cols * side + (cols - 1) * gap, rows * side + (rows - 1) * gap};

    // One image for every map (u × u pixels per cell, gaps transparent), never smoothed.
    const int u = std::clamp(int(std::ceil(48.0 / std::max(rows, cols))), 1, 8);
    const int gap_px = std::max(1, int(std::lround(cols * u * gap_frac)));
    const int tile_w = cols * u, tile_h = rows * u;
    const int img_w = cols * tile_w + (cols - 1) * gap_px, img_h = rows * tile_h + (rows - 1) * gap_px;
    cairo_surface_t* img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, img_w, img_h);
    if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(img);
        unsigned char* data = cairo_image_surface_get_data(img);
        const int stride = cairo_image_surface_get_stride(img);
        std::fill(data, data + size_t(stride) * size_t(img_h), 0);
        ColorScale scale;
        scale.lo = -1;
        scale.hi = 1;
        scale.map = c.colormap;
        auto byte = [](float v) { return std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
        for (int i = 0; i < n; ++i) {  // map i at tile (i / cols, i % cols)
            const int x0 = (i % cols) * (tile_w + gap_px), y0 = (i / cols) * (tile_h + gap_px);
            for (int j = 0; j < n; ++j) {
                const Rgb col = scale.color(s(i, j));
                const std::uint32_t px = 0xFF000000u | (byte(col.r) << 16) | (byte(col.g) << 8) | byte(col.b);
                const int cx = x0 + (j % cols) * u, cy = y0 + (j / cols) * u;
                for (int y = cy; y < cy + u; ++y) {
                    auto* line = reinterpret_cast<std::uint32_t*>(data + size_t(y) * size_t(stride));
                    for (int xx = cx; xx < cx + u; ++xx) line[xx] = px;
                }
            }
        }
        cairo_surface_mark_dirty(img);
        cairo_save(c.cr);
        cairo_translate(c.cr, grid.x, grid.y);
        cairo_scale(c.cr, grid.w / img_w, grid.h / img_h);
        cairo_set_source_surface(c.cr, img, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
        cairo_rectangle(c.cr, 0, 0, img_w, img_h);
        cairo_fill(c.cr);
        cairo_restore(c.cr);
        ColorScale bar_scale;
        bar_scale.lo = -1;
        bar_scale.hi = 1;
        bar_scale.map = c.colormap;
        draw_colorbar(c, Rect{grid.right() + 18 * k, grid.y, bar_w - 20 * k, std::min(grid.h, 360 * k)}, bar_scale,
                      c.t(Ft::CosineSimilarity));
    }
    cairo_surface_destroy(img);
    if (chosen >= 0) {
        const Rect tile{grid.x + (chosen % cols) * (side + gap), grid.y + (chosen / cols) * (side + gap), side, side};
        stroke_rect(c, tile, kAccent, 2 * k);
    }

    // Row and column numbers (every k-th when the maps are small), axis names.
    const int every = std::max(1, int(std::ceil((measure_text(c, "88", ts).w + 4 * k) / (side + gap))));
    for (int q = 0; q < cols; ++q)
        if (q % every == 0 || q == cols - 1)
            draw_text(c, std::to_string(q + 1), grid.x + q * (side + gap) + side / 2, grid.y - 4 * k, ts, 0.5, 1);
    for (int p = 0; p < rows; ++p)
        if (p % every == 0 || p == rows - 1)
            draw_text(c, std::to_string(p + 1), grid.x - 6 * k, grid.y + p * (side + gap) + side / 2, ts, 1, 0.5);
    draw_text(c, c.t(Ft::PatchColumnAxis), grid.cx(), content.y, axis_style, 0.5, 0);
    draw_text(c, c.t(Ft::PatchRowAxis), content.x, grid.cy(), axis_style, 0.5, 0, -90);
}

double draw_z0_band(Canvas& c, const Trace& trace, const Rect& area, int query) {
    const double k = c.k;
    const TraceImage& im = *trace.image;
    const int n = im.grid_rows * im.grid_cols, pre = im.prefix_tokens;
    std::vector<int> tokens;
    for (int t = 0; t < pre; ++t) tokens.push_back(t);
    if (query >= pre && query < pre + n) tokens.push_back(query);
    for (int t = pre; t < pre + n && int(tokens.size()) < pre + 3; ++t)
        if (std::find(tokens.begin(), tokens.end(), t) == tokens.end()) tokens.push_back(t);
    TextStyle title{13 * k, true};
    title.color = Rgb{0.10f, 0.35f, 0.60f};
    TextStyle ls{11 * k};
    ls.markup = false;
    ls.color = kMuted;
    const double title_h = draw_text(c, c.t(Ft::PipeZ0Title), area.x, area.y, title).h + 4 * k;
    const double head_h = measure_text(c, "Ag", ls).h + 2 * k;
    const double row_h = std::min(26 * k, (area.h - title_h - head_h) / double(tokens.size()));
    if (row_h < 6 * k) return 0.0;
    const int d = int(trace.q_embeddings.cols());
    const double label_w = 80 * k, thumb = row_h - 4 * k, gap = 14 * k;
    const double strip_w = (area.w - label_w - thumb - 4 * gap) / 3;
    const double x_vec[3] = {area.x + label_w + thumb + gap, area.x + label_w + thumb + strip_w + 2 * gap,
                             area.x + label_w + thumb + 2 * strip_w + 3 * gap};
    const char* heads[3] = {"x<sub>p</sub> E + b", "+ E<sub>pos</sub>", "= z<sub>0</sub>"};
    TextStyle hs = ls;
    hs.markup = true;
    for (int v = 0; v < 3; ++v)
        draw_text(c, std::string(heads[v]) + "  (" + std::to_string(d) + ")", x_vec[v], area.y + title_h, hs);
    // One range per kind over the rows shown, symmetric: the rows compare.
    auto value = [&](int kind, int t, int j) -> double {
        const double e = trace.q_embeddings(t, j), p = trace.q_positions.rows() > t ? trace.q_positions(t, j) : 0.0;
        return kind == 0 ? e : kind == 1 ? p : e + p;
    };
    double range[3] = {0, 0, 0};
    for (int kind = 0; kind < 3; ++kind)
        for (int t : tokens)
            for (int j = 0; j < d; ++j) range[kind] = std::max(range[kind], std::fabs(value(kind, t, j)));
    const double top = area.y + title_h + head_h;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const int t = tokens[i];
        const double y = top + double(i) * row_h;
        const int patch = t - pre;
        const std::string label = patch >= 0 ? c.tf(Ft::PipeZ0Patch, {std::to_string(patch + 1), std::to_string(patch / im.grid_cols + 1),
                                                                      std::to_string(patch % im.grid_cols + 1)})
                                             : trace.q_tokens[size_t(t)].text;
        draw_text(c, label, area.x, y + row_h / 2, ls, 0, 0.5);
        if (patch >= 0) {  // the patch, cut from the picture (nearest: its pixels as they are)
            cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, im.patch_size, im.patch_size);
            if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
                cairo_surface_flush(s);
                unsigned char* data = cairo_image_surface_get_data(s);
                const int stride = cairo_image_surface_get_stride(s);
                const int r0 = (patch / im.grid_cols) * im.patch_size, c0 = (patch % im.grid_cols) * im.patch_size;
                for (int yy = 0; yy < im.patch_size; ++yy) {
                    auto* line = reinterpret_cast<std::uint32_t*>(data + size_t(yy) * size_t(stride));
                    for (int xx = 0; xx < im.patch_size; ++xx) {
                        const size_t at = (size_t(r0 + yy) * size_t(im.width) + size_t(c0 + xx)) * 3;
                        line[xx] = at + 2 < im.rgb.size() ? (std::uint32_t(im.rgb[at]) << 16) | (std::uint32_t(im.rgb[at + 1]) << 8) | im.rgb[at + 2]
                                                          : 0u;
                    }
                }
                cairo_surface_mark_dirty(s);
                cairo_save(c.cr);
                cairo_translate(c.cr, area.x + label_w, y + 2 * k);
                cairo_scale(c.cr, thumb / im.patch_size, thumb / im.patch_size);
                cairo_set_source_surface(c.cr, s, 0, 0);
                cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
                cairo_rectangle(c.cr, 0, 0, im.patch_size, im.patch_size);
                cairo_fill(c.cr);
                cairo_restore(c.cr);
            }
            cairo_surface_destroy(s);
        }
        // The three vectors as strips: a 1-pixel-high image each, one pixel per value, never smoothed
        // (thousands of rectangles would make SVG/PDF files large).
        const double band = row_h * 0.6, sy = y + (row_h - band) / 2;
        for (int kind = 0; kind < 3 && d > 0; ++kind) {
            cairo_surface_t* strip = cairo_image_surface_create(CAIRO_FORMAT_RGB24, d, 1);
            if (cairo_surface_status(strip) == CAIRO_STATUS_SUCCESS) {
                cairo_surface_flush(strip);
                auto* px = reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(strip));
                for (int j = 0; j < d; ++j) {
                    const double f = range[kind] > 0 ? 0.5 + 0.5 * value(kind, t, j) / range[kind] : 0.5;
                    const Rgb col = colormap_rgb(c.colormap, float(std::clamp(f, 0.0, 1.0)));
                    auto byte = [](float v) { return std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
                    px[j] = (byte(col.r) << 16) | (byte(col.g) << 8) | byte(col.b);
                }
                cairo_surface_mark_dirty(strip);
                cairo_save(c.cr);
                cairo_translate(c.cr, x_vec[kind], sy);
                cairo_scale(c.cr, strip_w / d, band);
                cairo_set_source_surface(c.cr, strip, 0, 0);
                cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
                cairo_rectangle(c.cr, 0, 0, d, 1);
                cairo_fill(c.cr);
                cairo_restore(c.cr);
            }
            cairo_surface_destroy(strip);
        }
    }
    return title_h + head_h + double(tokens.size()) * row_h + 10 * k;
}

}  // namespace attn::fig
