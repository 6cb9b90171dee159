// figure_options.h — what a figure is asked for: the view, the format, the values, the language,
// the size and fonts (FigureOptions), the layer, head, cell or row (FigureRequest); their names on
// the command line and the checks that need no trace. figure.h renders them; the views
// (figure_views.h) and their drawing blocks (figure_draw.h) read them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/base/colormap.h"
#include "core/base/status.h"

namespace attn {

// Image: an image run's attention drawn over the picture (Vision Transformers; needs Trace::image).
// AttnDistance, PosSimilarity: the ViT paper's Figure 7 (right, centre) for an image run
// (core/attention/vision_stats.h); the layer/head request outlines one dot, `row` (a patch token) one map.
// Rope: a rotary model's q and k of one head and dimension pair as 2-D arrows before and after the
// rotation, and the frequency of every pair (needs FigureRequest::rope_inv_freq).
// Audio: a speech run's waveform, spectrogram, cross-attention map and words on one time axis (needs
// the cross section of a run over a recording: Trace::audio).
enum class FigureView { Heatmap, Heads, Scaling, Pipeline, Lines, PositionalEncoding, Cell, Row, Qk, Image,
                        AttnDistance, PosSimilarity, Rope, Alignment, Audio };
enum class FigureFormat { Png, Svg, Pdf };
// A, S = QKᵀ, S · factor (softmax input), attention rollout through layers 1 … layer (heads
// averaged, + I, rows normalised, multiplied; core/attention/attention_flow.h; self-attention only)
enum class MatrixValues { Weights, Scores, Scaled, Rollout };
// The figure's language: a number of core/i18n/languages.h's process_languages (0 English, 1 Korean,
// then any other catalogue found: FigureLang(2), ...).
enum class FigureLang : int { En = 0, Ko = 1 };

// Names as used on the command line: "heatmap", "heads", "scaling", "pipeline", "lines", "pe",
// "cell"; "png", "svg", "pdf"; "weights", "scores", "scaled"; "en", "ko".
const char* figure_view_name(FigureView view);
bool parse_figure_view(const std::string& name, FigureView* out);
const char* figure_view_choices();  // "heatmap, heads, ..."
const char* figure_format_name(FigureFormat format);
bool parse_figure_format(const std::string& name, FigureFormat* out);
const char* matrix_values_name(MatrixValues values);
bool parse_matrix_values(const std::string& name, MatrixValues* out);
bool parse_figure_lang(const std::string& name, FigureLang* out);  // any code found ("en", "ko", "de")

inline constexpr double kFigureUnitsPerInch = 120.0;
inline constexpr double kSlideWidth = 1600.0, kSlideHeight = 900.0;        // 16:9, 13.33 × 7.5 in
inline constexpr double kA4Width = 210.0 / 25.4 * kFigureUnitsPerInch;     // 992.1 (210 mm)
inline constexpr double kA4Height = 297.0 / 25.4 * kFigureUnitsPerInch;    // 1403.1 (297 mm)
inline constexpr double kMinFigureSide = 300.0, kMaxFigureSide = 20000.0;  // units
inline constexpr int kMaxPngSide = 16384;  // pixels (Cairo image surfaces stop at 32767)

struct FigureOptions {
    double width = kSlideWidth;  // figure units (1/120 in)
    double height = kSlideHeight;
    double png_scale = 1.0;    // PNG pixels per unit; dpi = 120 · png_scale
    bool transparent = false;  // no background fill (PNG alpha 0, SVG/PDF nothing painted)
    Colormap colormap = Colormap::Viridis;
    FigureLang lang = FigureLang::En;
    // TrueType/OpenType files registered on a private fontconfig configuration; the first file's
    // family is used for all text, later files fill in glyphs it lacks. Empty = system fonts.
    std::vector<std::string> font_files;
    // Also let the installed fonts fill in glyphs the files lack (emoji...). Off = the output
    // depends on font_files only.
    bool system_font_fallback = false;
};

struct FigureRequest {
    FigureView view = FigureView::Heatmap;
    int layer = 0;                                // 0-based (shown 1-based in figures, as in the app)
    int head = 0;                                 // 0-based (shown 1-based); image view: -1 = mean of heads
    MatrixValues values = MatrixValues::Weights;  // heatmap view
    int cell_query = -1, cell_key = -1;           // cell view (the heatmap outlines it): 0-based
    int row = -1;  // row and qk views: the query (0-based); -1 = the last one. Image view: -1 = [CLS]
    // Rope view: the dimension pair (0 … r/2 − 1; pair i = coordinates i and i + r/2 of a head's
    // d_k block, rotate-half) and the frequency of every pair in radians per position, highest
    // first (r/2 values, r = rotary_dim): the model's config gives them (core/pretrained/rope.h
    // rope_inverse_frequencies), the trace does not hold them. Token t sits at position t.
    int pair = 0;
    std::vector<double> rope_inv_freq;
    // Alignment view (a cross-attention trace): head −1 = the mean of the layer's heads;
    // all_layers = the mean of every layer's heads; pieces = subword pieces, not words.
    bool all_layers = false;
    bool pieces = false;
    // Audio view: head −1 = the mean of the alignment heads (the layer's heads when the trace names
    // none); `word` (0-based in TraceAudio::words, −1 = none) is outlined with its span and row.
    int word = -1;
    FigureOptions options;
};

// Checks the figure size and, for PNG, the scale (the part of the checks that needs no trace).
Status validate_figure_options(const FigureOptions& options, FigureFormat format);

// PNG pixel size for options (rounded units · scale).
std::pair<int, int> png_pixel_size(const FigureOptions& options);

}  // namespace attn
