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

#include "core/base/status.h"
#include "core/attention/trace.h"
#include "core/figure/figure_options.h"

namespace attn {

// Checks the request against the trace (layer/head/cell in range, sizes, the scaling view's
// second trace); messages are for users and name the option.
Status validate_figure_request(const Trace& trace, const FigureRequest& request, FigureFormat format);

// The file's bytes. `warnings`, if given, receives notes that do not stop the figure (e.g.
// characters the fonts cannot show).
Expected<std::string> render_figure(const Trace& trace, const FigureRequest& request, FigureFormat format,
                                    std::vector<std::string>* warnings = nullptr);

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
