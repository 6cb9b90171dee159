// figure_draw.h — shared drawing for the figure views (internal to attnlab_figure).
//
// All coordinates are figure units (1/120 in, see figure.h); y grows downwards. Text is Pango
// markup or plain text drawn through one Canvas so that every string is also recorded for the
// SVG text layer and checked for glyphs the fonts lack.
//
// [SECTION] index: Canvas and text · geometry · colour scales · heatmap block (figure_draw_heatmap.cpp) ·
// colour bar · frame (title, subtitle, caption) · number formatting
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/colormap.h"
#include "core/base/matrix.h"
#include "core/figure/figure_options.h"
#include "core/figure/figure_text.h"

namespace attn::fig {

// ---- [SECTION] Canvas and text -----------------------------------------------------------------

// One line of text as drawn, in device coordinates (SVG px): for the SVG text layer.
struct TextRun {
    std::string text;      // plain UTF-8 (markup removed)
    double x = 0, y = 0;   // start of the baseline
    double angle_deg = 0;  // rotation about (x, y), clockwise as in SVG
    double size = 0;       // font size
    double width = 0;      // advance width of the line
};

struct Canvas {
    cairo_t* cr = nullptr;
    PangoContext* pango = nullptr;
    std::string family;  // Pango family list, e.g. "NanumGothic, DejaVu Sans"
    FigureLang lang = FigureLang::En;
    Colormap colormap = Colormap::Viridis;
    double width = 0, height = 0;          // figure units
    double k = 1;                          // size factor of the base font sizes (grows with the page)
    std::vector<TextRun>* runs = nullptr;  // filled when non-null (SVG)
    int unknown_glyphs = 0;                // characters drawn as boxes (fonts lack them)
    std::string title, caption;            // markup, set by draw_frame (PDF metadata, SVG <title>)
    // Widths of plain regular-weight labels at size 100 (text width scales linearly with size:
    // hinting is off), so re-laying out a grid of panels does not re-shape every label.
    std::unordered_map<std::string, double> label_width_100;

    const char* t(Ft id) const { return figure_text(lang, id); }
    std::string tf(Ft id, std::initializer_list<std::string> args) const {
        return figure_textf(lang, id, args);
    }
};

enum class Align { Start, Center, End };

struct TextStyle {
    double size = 14;
    bool bold = false;
    bool markup = true;  // false: the string is shown as is (token labels)
    Rgb color{0.12f, 0.12f, 0.14f};
    double wrap_width = -1;      // > 0: wrap lines at this width
    Align align = Align::Start;  // of wrapped lines
};

struct TextBox {
    double w = 0, h = 0;  // logical extents
    double baseline = 0;  // from the top of the box to the first baseline
};

TextBox measure_text(Canvas& c, const std::string& text, const TextStyle& style);
// Draws text so that the point (ax, ay) of its box — ax, ay in [0, 1], (0, 0) top-left — lands on
// (x, y), rotated by angle_deg (clockwise) about that point. Returns the box.
TextBox draw_text(Canvas& c, const std::string& text, double x, double y, const TextStyle& style,
                  double ax = 0, double ay = 0, double angle_deg = 0);
// The widest of several texts.
double max_text_width(Canvas& c, const std::vector<std::string>& texts, const TextStyle& style);
// The first code points of `text` (with "…") that fit `width` at `style`; "" when not even one does.
std::string fit_label(Canvas& c, const std::string& text, const TextStyle& style, double width);
// The widest of several plain labels at a regular-weight size (cached, see Canvas).
double max_label_width(Canvas& c, const std::vector<std::string>& labels, double size);

// ---- [SECTION] geometry ------------------------------------------------------------------------

struct Rect {
    double x = 0, y = 0, w = 0, h = 0;
    double right() const { return x + w; }
    double bottom() const { return y + h; }
    double cx() const { return x + w / 2; }
    double cy() const { return y + h / 2; }
    Rect inset(double d) const { return {x + d, y + d, w - 2 * d, h - 2 * d}; }
};

void set_color(Canvas& c, Rgb color, double alpha = 1.0);
void fill_rect(Canvas& c, const Rect& r, Rgb color, double alpha = 1.0);
void stroke_rect(Canvas& c, const Rect& r, Rgb color, double line_width);
void draw_line(Canvas& c, double x0, double y0, double x1, double y1, Rgb color, double line_width,
               double alpha = 1.0);
// A line with a filled arrow head at (x1, y1).
void draw_arrow(Canvas& c, double x0, double y0, double x1, double y1, Rgb color, double line_width);
// Light grey with diagonal hatching: "hidden by the mask".
void draw_hatched(Canvas& c, const Rect& r);
// The current path filled as draw_hatched fills a rectangle (grey alone when !hatch: tiny cells).
void fill_hatched_path(Canvas& c, bool hatch = true);

inline const Rgb kInk{0.12f, 0.12f, 0.14f};
inline const Rgb kMuted{0.38f, 0.38f, 0.42f};
inline const Rgb kRule{0.78f, 0.78f, 0.80f};
inline const Rgb kAccent{0.85f, 0.15f, 0.10f};  // outlines of the selected cell / head

// ---- [SECTION] colour scales -------------------------------------------------------------------

// Values → colours: the figure's colormap over [lo, hi], or the blue–white–red ramp (diverging).
struct ColorScale {
    double lo = 0, hi = 1;
    bool diverging = false;
    Colormap map = Colormap::Viridis;

    float t(double v) const { return hi > lo ? float((v - lo) / (hi - lo)) : 0.5f; }
    Rgb color(double v) const { return diverging ? diverging_rgb(t(v)) : colormap_rgb(map, t(v)); }
};
// [min, max] of m over cells not blocked (blocked may be empty); a zero-width range is widened.
ColorScale value_scale(const Mat& m, const BoolMat* blocked, Colormap map);
ColorScale symmetric_scale(double max_abs);  // diverging, [-max_abs, max_abs]
// Attention weights: [0, 1] when some weight exceeds 0.5, else [0, a round number just above the
// largest weight] so that long sentences (weights ≈ 1/T) do not come out uniformly dark.
ColorScale weight_scale(double max_weight, Colormap map);

// ---- [SECTION] heatmap block -------------------------------------------------------------------

struct HeatmapSpec {
    const Mat* values = nullptr;       // (rows, cols)
    const BoolMat* blocked = nullptr;  // (rows, cols) or empty/null: hatched cells
    ColorScale scale;
    std::vector<std::string> row_labels;         // empty = none
    std::vector<std::string> col_labels;         // empty = none
    std::string row_axis, col_axis;              // markup; empty = none
    std::string row_axis_short, col_axis_short;  // used when the long names do not fit
    std::string title;                           // markup above the block; empty = none
    bool square_cells = true;
    bool show_values = true;  // numbers in the cells when they fit
    int decimals = 2;
    double max_cell = 60;                        // cap on the cell size (units, times Canvas::k)
    double max_label_size = 16;                  // cap on the label font size (times Canvas::k)
    int highlight_row = -1, highlight_col = -1;  // outline one cell (both ≥ 0), a row or a column
    int band_col_begin = -1, band_col_end = -1;  // outline columns [begin, end)
};

// Grids with more cells than this are drawn as one image (see draw_heatmap); smaller ones as
// vector rectangles with the numbers in them.
inline constexpr int kMaxVectorCells = 400;

struct HeatmapLayout {
    Rect bounds;  // everything drawn, labels included
    Rect cells;   // the cell grid
    double cell_w = 0, cell_h = 0;
    double label_size = 0;
    bool rotate_cols = false;
    double title_h = 0, col_label_h = 0, col_axis_h = 0, row_label_w = 0, row_axis_w = 0;
};

// Fits the block (labels, axis names, title included) into `area`, top-left aligned.
HeatmapLayout layout_heatmap(Canvas& c, const HeatmapSpec& spec, const Rect& area);
// Moves a layout by (dx, dy) (e.g. to centre it).
void shift_layout(HeatmapLayout& layout, double dx, double dy);
void draw_heatmap(Canvas& c, const HeatmapSpec& spec, const HeatmapLayout& layout);

// ---- [SECTION] colour bar ----------------------------------------------------------------------

// A vertical bar in `r` (ticks and their labels to the right, `label` above). Returns the space
// used including labels.
Rect draw_colorbar(Canvas& c, const Rect& r, const ColorScale& scale, const std::string& label);
double colorbar_width(Canvas& c);  // room a colour bar with tick labels needs
// "hidden by the mask" swatch + text at (x, y); returns its height.
double draw_mask_legend(Canvas& c, double x, double y);
double mask_legend_width(Canvas& c);

// ---- [SECTION] frame ---------------------------------------------------------------------------

// Background (unless transparent), title, subtitle and caption; returns the content area.
Rect draw_frame(Canvas& c, bool transparent, const std::string& title, const std::string& subtitle,
                const std::string& caption);
double margin(const Canvas& c);

// ---- [SECTION] number formatting ---------------------------------------------------------------

std::string format_number(double v, int decimals);          // fixed; "-" as the minus sign; "-∞" / "∞"
std::string format_general(double v, int significant = 4);  // %g-like
// Nice tick positions covering [lo, hi] (about `count` of them).
std::vector<double> nice_ticks(double lo, double hi, int count, int* decimals);

// ---- [SECTION] fonts and output (figure.cpp; used by render_figure and render_pdf_document) -----

// A Pango context on a font map of its own: private fontconfig configuration with the given font
// files, no hinting (identical layout in PNG, SVG and PDF).
struct FontSession {
    PangoFontMap* map = nullptr;
    PangoContext* context = nullptr;
    std::string family;

    FontSession() = default;
    FontSession(const FontSession&) = delete;
    FontSession& operator=(const FontSession&) = delete;
    ~FontSession() {
        if (context) g_object_unref(context);
        // Note: Pango 1.50 itself keeps ~8 KB of a private FcConfig alive after its font map is
        // finalized (valgrind: "definitely lost" under FcConfigCreate). Harmless per export.
        if (map) g_object_unref(map);
    }
};
Status open_fonts(const FigureOptions& o, FontSession& s);
// Cairo write callback appending to a std::string (the closure).
cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length);
std::string plain_text(const std::string& markup);  // markup removed
void draw_view(Canvas& c, const Trace& trace, const FigureRequest& r);
// One page in `format`: fonts, the surface, a Canvas of the options' size on which `draw` paints
// the whole figure, then PNG encoding / the SVG text layer / PDF metadata. Options already checked.
Expected<std::string> render_canvas(const FigureOptions& options, FigureFormat format,
                                    const std::function<void(Canvas&)>& draw, std::vector<std::string>* warnings);
Status cairo_error(cairo_status_t st);

}  // namespace attn::fig
