// figure.h — print-quality figures of a trace (PNG, SVG, PDF) and its numbers (CSV).
//
// Views only read the trace; nothing is recomputed except small derived quantities (a head
// average, one row's exp() for the cell explainer, the scaling view's other setting of one head:
// its softmax from the same scores, core/attention/attention.h other_scaling_layer).
//
// Units. A figure is laid out in "figure units" of 1/120 inch: the slide size is 1600 × 900
// units = 13.33 × 7.5 in. PNG: pixels = units · png_scale (scale 1 = 120 dpi). SVG: 1 unit = 1 px
// (CSS px, so 1600 × 900 px). PDF: 1 unit = 0.6 pt (page in points = inches · 72).
//
// Text. PDF: real text with the font embedded as a subset (pdftotext/selecting works). SVG:
// Cairo draws glyphs as outlines (<symbol>/<use>), which look identical everywhere but are not
// text, so every string drawn is also written as an invisible (fill-opacity 0) <text> element at
// the same place and width: search, selection, copy and screen readers see the labels.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/base/colormap.h"
#include "core/base/status.h"
#include "core/attention/trace.h"

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
enum class FigureLang { En, Ko };

// Names as used on the command line: "heatmap", "heads", "scaling", "pipeline", "lines", "pe",
// "cell"; "png", "svg", "pdf"; "weights", "scores", "scaled"; "en", "ko".
const char* figure_view_name(FigureView view);
bool parse_figure_view(const std::string& name, FigureView* out);
const char* figure_view_choices();  // "heatmap, heads, ..."
const char* figure_format_name(FigureFormat format);
bool parse_figure_format(const std::string& name, FigureFormat* out);
const char* matrix_values_name(MatrixValues values);
bool parse_matrix_values(const std::string& name, MatrixValues* out);
bool parse_figure_lang(const std::string& name, FigureLang* out);

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

// Checks the request against the trace (layer/head/cell in range, sizes, the scaling view's
// second trace); messages are for users and name the option.
Status validate_figure_request(const Trace& trace, const FigureRequest& request, FigureFormat format);

// The file's bytes. `warnings`, if given, receives notes that do not stop the figure (e.g.
// characters the fonts cannot show).
Expected<std::string> render_figure(const Trace& trace, const FigureRequest& request, FigureFormat format,
                                    std::vector<std::string>* warnings = nullptr);

// PNG pixel size for options (rounded units · scale).
std::pair<int, int> png_pixel_size(const FigureOptions& options);

// A multi-page PDF document (lesson handouts): each page has a heading and a block of text, and
// optionally one figure of a trace below the text, drawn by the same views as render_figure with
// its settings caption. Pages are A4 portrait; text that leaves too little room pushes the figure
// to a page of its own. `options` gives the fonts, language and colormap (its size is ignored).
struct DocumentPage {
    std::string heading;      // Pango markup
    std::string body;         // Pango markup; paragraphs separated by blank lines
    const Trace* trace = nullptr;  // the figure's trace; null = text only
    FigureRequest figure;     // view, layer, head, cell (options ignored)
    std::string footer;       // Pango markup under everything (small, muted); may be empty
};
Expected<std::string> render_pdf_document(const std::vector<DocumentPage>& pages, const FigureOptions& options,
                                          const std::string& title, std::vector<std::string>* warnings = nullptr);

// One matrix as RFC 4180 CSV (CRLF line ends, fields with , " CR LF quoted, quotes doubled):
// header row = "" then the key tokens, then one row per query token: its text, then the values
// (shortest round-trip decimal, so they parse back to the trace's exact floats). `Scaled` is
// factor · S like the JSON's scaled_scores: the mask is not applied (blocked weights are 0).
// `utf8_bom` prepends EF BB BF, which spreadsheet programs need to read Korean correctly.
Expected<std::string> matrix_csv(const Trace& trace, int layer, int head, MatrixValues values,
                                 bool utf8_bom = false);
// The positional-encoding matrix (T_q, d_model) as CSV: header "", "0", "1", ... (dimension).
std::string positional_csv(const Trace& trace, bool utf8_bom = false);
// The rope view's numbers for request.layer, head and pair (checked as validate_figure_request does
// for the rope view) as CSV: header token, position, angle_rad (= position · θ_pair), then q_x, q_y
// before and after the rotation, then k_x, k_y before and after (k: the K/V head the query head
// reads); one row per token.
Expected<std::string> rope_csv(const Trace& trace, const FigureRequest& request, bool utf8_bom = false);
// The alignment view's matrix (request.layer, head −1 = the layer's mean, all_layers, pieces) as
// CSV: header "" then the source words, one row per target word (core/attention/alignment.h).
Expected<std::string> alignment_csv(const Trace& trace, const FigureRequest& request, bool utf8_bom = false);
// The audio view's numbers (request.layer, head −1 = the alignment heads) as CSV: header token,
// word, start_s, end_s, then each frame's start time in seconds; one row per written token (the
// prompt left out): the word it belongs to with the word's times (empty when untimed), then its
// cross-attention over the frames that hold sound.
Expected<std::string> audio_csv(const Trace& trace, const FigureRequest& request, bool utf8_bom = false);
// An image run's mean attention distance (vision_stats.h) as CSV: header layer, head,
// mean_distance_px, prefix_share; one row per (layer, head), both counted from 1.
Expected<std::string> attention_distance_csv(const Trace& trace, bool utf8_bom = false);
// An image run's position-embedding similarity (N, N) as CSV: header "" then "r1 c1", "r1 c2", ...
// (the patches row by row), then one row per patch.
Expected<std::string> position_similarity_csv(const Trace& trace, bool utf8_bom = false);

}  // namespace attn
