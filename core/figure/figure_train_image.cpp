// figure_train_image.cpp — the Train view's image tasks as a figure: the class token's attention on
// the test pictures (as the Train view shows it), their predicted and true classes; the probes'
// heat shared with the app (probe_patch_weights, probe_heat: figure_train.h).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <cairo.h>

#include "core/figure/figure_train.h"
#include "core/figure/figure_views.h"

namespace attn {

std::vector<float> probe_patch_weights(const std::vector<std::vector<std::vector<float>>>& cls_attention, int layer,
                                       int head, int patches) {
    std::vector<float> w(size_t(std::max(patches, 0)), 0.0f);  // (patches)
    if (layer < 0 || layer >= int(cls_attention.size())) return w;
    const auto& heads = cls_attention[size_t(layer)];
    int used = 0;
    for (int h = 0; h < int(heads.size()); ++h) {
        if (head >= 0 && h != head) continue;
        ++used;
        for (int i = 0; i < patches && i < int(heads[size_t(h)].size()); ++i) w[size_t(i)] += heads[size_t(h)][size_t(i)];
    }
    for (float& v : w) v /= float(std::max(1, used));
    return w;
}

ProbeHeat probe_heat(float weight, int patches) {
    const float full = 4.0f / float(std::max(1, patches));
    const float t = std::isfinite(weight) ? std::clamp(weight / full, 0.0f, 1.0f) : 0.0f;
    ProbeHeat h;
    h.color = {std::min(1.0f, 0.55f + 0.9f * t), std::min(1.0f, 0.15f + 0.85f * t * t), 0.1f + 0.5f * t * t * t};
    h.alpha = 0.75f * t;
    return h;
}

namespace fig {

namespace {

const Rgb kRight{0.00f, 0.50f, 0.25f};
const Rgb kWrong{0.80f, 0.15f, 0.10f};

std::string class_name(const TrainFigureData& d, int id) {
    return id >= 0 && id < int(d.class_names.size()) ? d.class_names[size_t(id)] : std::to_string(id);
}

// One probe picture in the square `box`: the grey pixels with the heat blended in, as one small
// image never smoothed, then the patch grid as thin lines.
void draw_probe_picture(Canvas& c, const TrainImageProbe& p, const TrainFigureData& d, const Rect& box) {
    const int side = p.side, grid = std::max(1, p.grid), patch = std::max(1, side / grid);
    if (side <= 0 || p.pixels.size() < size_t(side) * size_t(side)) return;
    const std::vector<float> w = probe_patch_weights(p.cls_attention, d.probe_layer, d.probe_head, grid * grid);
    cairo_surface_t* img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, side, side);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return;
    }
    cairo_surface_flush(img);
    unsigned char* data = cairo_image_surface_get_data(img);
    const int stride = cairo_image_surface_get_stride(img);
    for (int y = 0; y < side; ++y) {
        auto* line = reinterpret_cast<std::uint32_t*>(data + size_t(y) * size_t(stride));
        for (int x = 0; x < side; ++x) {
            const float g = float(p.pixels[size_t(y) * size_t(side) + size_t(x)]) / 255.0f;
            const int i = std::min(y / patch, grid - 1) * grid + std::min(x / patch, grid - 1);
            const ProbeHeat h = probe_heat(w[size_t(i)], grid * grid);
            auto byte = [&](float heat) { return std::uint32_t(std::lround(255.0f * ((1.0f - h.alpha) * g + h.alpha * heat))); };
            line[x] = (byte(h.color.r) << 16) | (byte(h.color.g) << 8) | byte(h.color.b);
        }
    }
    cairo_surface_mark_dirty(img);
    cairo_save(c.cr);
    cairo_translate(c.cr, box.x, box.y);
    cairo_scale(c.cr, box.w / side, box.h / side);
    cairo_set_source_surface(c.cr, img, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
    cairo_rectangle(c.cr, 0, 0, side, side);
    cairo_fill(c.cr);
    cairo_restore(c.cr);
    cairo_surface_destroy(img);

    set_color(c, Rgb{0.1f, 0.1f, 0.25f}, 0.45);  // the patch grid
    cairo_set_line_width(c.cr, 0.8 * c.k);
    for (int g = 1; g < grid; ++g) {
        const double fx = box.x + box.w * g * patch / side, fy = box.y + box.h * g * patch / side;
        cairo_move_to(c.cr, fx, box.y);
        cairo_line_to(c.cr, fx, box.bottom());
        cairo_move_to(c.cr, box.x, fy);
        cairo_line_to(c.cr, box.right(), fy);
    }
    cairo_stroke(c.cr);
    set_color(c, Rgb{0.3f, 0.3f, 0.3f});
    cairo_set_line_width(c.cr, 1.0 * c.k);
    cairo_rectangle(c.cr, box.x, box.y, box.w, box.h);
    cairo_stroke(c.cr);
}

}  // namespace

void draw_train_image_probes(Canvas& c, const Rect& area, const TrainFigureData& d) {
    const double k = c.k;
    const int n = int(d.image_probes.size());
    if (n == 0) {
        TextStyle s{15 * k};
        s.color = kMuted;
        draw_text(c, c.t(Ft::TrainNoProbe), area.cx(), area.cy(), s, 0.5, 0.5);
        return;
    }
    const std::string head = d.probe_head < 0 ? c.t(Ft::TrainImageMeanHeads)
                                              : c.tf(Ft::TrainImageHead, {std::to_string(d.probe_head + 1)});
    TextStyle title_style{15 * k, true};
    title_style.wrap_width = area.w;
    const std::string title =
        c.tf(Ft::TrainImageProbeTitle, {std::to_string(d.probe_layer + 1), head, std::to_string(d.probe_step)});
    const double title_h = measure_text(c, title, title_style).h + 12 * k;
    TextStyle note_style{11 * k};
    note_style.color = kMuted;
    note_style.wrap_width = area.w;
    const std::string note = c.t(Ft::TrainImageHeatNote);
    const double note_h = measure_text(c, note, note_style).h + 8 * k;

    // One row of pictures or two equal rows, whichever gives the larger pictures; two caption lines
    // under each.
    TextStyle cap_style{13 * k, true}, truth_style{12 * k};
    truth_style.color = kMuted;
    const double caption_h = 2 * 19 * k + 6 * k, gap = 18 * k;
    const double free_h = area.h - title_h - note_h;
    int cols = n;
    double side = 0;
    for (int try_cols : {n, (n + 1) / 2}) {
        const int rows = (n + try_cols - 1) / try_cols;
        const double s = std::min((area.w - (try_cols - 1) * gap) / try_cols, (free_h - rows * (caption_h + gap)) / rows);
        if (s > side) {
            side = s;
            cols = try_cols;
        }
    }
    side = std::max(side, 20 * k);
    const int rows = (n + cols - 1) / cols;
    const double used_w = cols * side + (cols - 1) * gap, used_h = rows * (side + caption_h + gap) - gap;
    const double x0 = area.x + std::max(0.0, (area.w - used_w) / 2);
    const double y0 = area.y + title_h + std::max(0.0, (free_h - used_h) / 2);
    title_style.wrap_width = area.right() - x0;
    draw_text(c, title, x0, y0 - title_h, title_style);
    for (int i = 0; i < n; ++i) {
        const TrainImageProbe& p = d.image_probes[size_t(i)];
        const Rect box{x0 + (i % cols) * (side + gap), y0 + (i / cols) * (side + caption_h + gap), side, side};
        draw_probe_picture(c, p, d, box);
        cap_style.color = p.predicted == p.label ? kRight : kWrong;
        const std::string predicted = markup_escape(class_name(d, p.predicted));
        draw_text(c, c.tf(Ft::TrainImageProbeCaption, {predicted, format_number(100.0 * std::clamp(p.confidence, 0.0, 1.0), 0)}),
                  box.cx(), box.bottom() + 6 * k, cap_style, 0.5, 0.0);
        draw_text(c, c.tf(Ft::TrainImageProbeTruth, {markup_escape(class_name(d, p.label))}), box.cx(),
                  box.bottom() + 6 * k + 19 * k, truth_style, 0.5, 0.0);
    }
    note_style.wrap_width = area.right() - x0;
    draw_text(c, note, x0, y0 + used_h + 10 * k, note_style);
}

}  // namespace fig
}  // namespace attn
