// figure_options.cpp — the figure options' names and the checks that need no trace (see figure_options.h).
#include "core/figure/figure_options.h"

#include <cmath>
#include <cstdio>

#include "core/i18n/languages.h"

namespace attn {

// ---- names -------------------------------------------------------------------------------------

namespace {

template <typename E>
struct Named {
    E value;
    const char* name;
};

const Named<FigureView> kViews[] = {
    {FigureView::Heatmap, "heatmap"},   {FigureView::Heads, "heads"}, {FigureView::Scaling, "scaling"},
    {FigureView::Pipeline, "pipeline"}, {FigureView::Lines, "lines"}, {FigureView::PositionalEncoding, "pe"},
    {FigureView::Cell, "cell"},         {FigureView::Row, "row"}, {FigureView::Qk, "qk"},
    {FigureView::Image, "image"},       {FigureView::AttnDistance, "attn-distance"},
    {FigureView::PosSimilarity, "pos-similarity"}, {FigureView::Rope, "rope"},
    {FigureView::Alignment, "alignment"},
    {FigureView::Audio, "audio"},
};
const Named<FigureFormat> kFormats[] = {
    {FigureFormat::Png, "png"}, {FigureFormat::Svg, "svg"}, {FigureFormat::Pdf, "pdf"}};
const Named<MatrixValues> kValues[] = {
    {MatrixValues::Weights, "weights"}, {MatrixValues::Scores, "scores"}, {MatrixValues::Scaled, "scaled"},
    {MatrixValues::Rollout, "rollout"}};

template <typename E, size_t N>
const char* name_of(const Named<E> (&table)[N], E value) {
    for (const auto& n : table)
        if (n.value == value) return n.name;
    return table[0].name;
}

template <typename E, size_t N>
bool parse_name(const Named<E> (&table)[N], const std::string& name, E* out) {
    for (const auto& n : table)
        if (name == n.name) {
            *out = n.value;
            return true;
        }
    return false;
}

}  // namespace

const char* figure_view_name(FigureView view) {
    return name_of(kViews, view);
}
bool parse_figure_view(const std::string& name, FigureView* out) {
    return parse_name(kViews, name, out);
}
const char* figure_view_choices() {
    return "heatmap, heads, scaling, pipeline, lines, pe, cell, row, qk, image, attn-distance, pos-similarity, rope, "
           "alignment, audio";
}
const char* figure_format_name(FigureFormat format) {
    return name_of(kFormats, format);
}
bool parse_figure_format(const std::string& name, FigureFormat* out) {
    return parse_name(kFormats, name, out);
}
const char* matrix_values_name(MatrixValues values) {
    return name_of(kValues, values);
}
bool parse_matrix_values(const std::string& name, MatrixValues* out) {
    return parse_name(kValues, name, out);
}
bool parse_figure_lang(const std::string& name, FigureLang* out) {
    const int found = i18n::find_language(name);
    if (found < 0) return false;
    *out = FigureLang(found);
    return true;
}

std::pair<int, int> png_pixel_size(const FigureOptions& o) {
    return {int(std::lround(o.width * o.png_scale)), int(std::lround(o.height * o.png_scale))};
}

Status validate_figure_options(const FigureOptions& o, FigureFormat format) {
    auto side_ok = [](double v) { return std::isfinite(v) && v >= kMinFigureSide && v <= kMaxFigureSide; };
    if (!side_ok(o.width) || !side_ok(o.height)) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "The figure size %g × %g is not allowed: each side must be %g to %g units (1/120 in).",
                      o.width, o.height, kMinFigureSide, kMaxFigureSide);
        return Status::Error(buf);
    }
    if (format == FigureFormat::Png) {
        if (!(o.png_scale > 0) || !std::isfinite(o.png_scale))
            return Status::Error("The PNG scale must be a positive number.");
        const auto [pw, ph] = png_pixel_size(o);
        if (pw < 1 || ph < 1 || pw > kMaxPngSide || ph > kMaxPngSide) {
            return Status::Error("The PNG would be " + std::to_string(pw) + " × " + std::to_string(ph) +
                                 " pixels; each side must be 1 to " + std::to_string(kMaxPngSide) +
                                 ". Lower the scale or DPI.");
        }
    }
    return Status::Ok();
}

}  // namespace attn
