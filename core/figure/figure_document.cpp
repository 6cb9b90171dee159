// figure_document.cpp — multi-page PDF documents (lesson handouts): text pages with a figure of
// a trace on each, drawn by the same views and fonts as render_figure (figure.cpp).
#include <cairo-pdf.h>

#include <algorithm>
#include <cmath>

#include "core/figure/figure.h"
#include "core/figure/figure_draw.h"

namespace attn {

namespace {

constexpr double kPageMargin = 70;      // figure units (1/120 in): ~15 mm
constexpr double kFigureAspect = 0.64;  // figure height / width on the page
// Text size factor inside a figure (a slide is 1): single-panel views read well larger; the
// multi-panel ones need the room.
double figure_k(FigureView view) {
    return view == FigureView::Heatmap || view == FigureView::Cell || view == FigureView::PositionalEncoding ? 0.75 : 0.6;
}

}  // namespace

Expected<std::string> render_pdf_document(const std::vector<DocumentPage>& pages, const FigureOptions& options,
                                          const std::string& title, std::vector<std::string>* warnings) {
    using namespace fig;
    if (pages.empty()) return Status::Error("The document has no pages.");
    const double page_w = kA4Width, page_h = kA4Height;
    const double content_w = page_w - 2 * kPageMargin;
    const double fig_w = content_w, fig_h_max = content_w * kFigureAspect;
    for (const DocumentPage& p : pages) {
        if (!p.trace) continue;
        FigureRequest r = p.figure;
        r.options = options;
        r.options.width = fig_w;
        r.options.height = fig_h_max;
        if (Status s = validate_figure_request(*p.trace, r, FigureFormat::Pdf); !s) return s;
    }
    FontSession fonts;
    if (Status s = open_fonts(options, fonts); !s) return s;

    std::string out;
    const double to_device = 72.0 / kFigureUnitsPerInch;
    cairo_surface_t* surface =
        cairo_pdf_surface_create_for_stream(append_to_string, &out, page_w * to_device, page_h * to_device);
    if (cairo_status_t st = cairo_surface_status(surface); st != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return cairo_error(st);
    }
    Canvas c;
    c.cr = cairo_create(surface);
    c.pango = fonts.context;
    c.family = fonts.family;
    c.lang = options.lang;
    c.colormap = options.colormap;
    c.width = page_w;
    c.height = page_h;
    c.k = 1;
    cairo_scale(c.cr, to_device, to_device);
    pango_cairo_update_context(c.cr, c.pango);

    TextStyle heading;
    heading.size = 24;
    heading.bold = true;
    heading.wrap_width = content_w;
    TextStyle body;
    body.size = 15;
    body.wrap_width = content_w;
    TextStyle footer = body;
    footer.size = 11;
    footer.color = kMuted;

    int unknown = 0;
    for (size_t pi = 0; pi < pages.size(); ++pi) {
        const DocumentPage& p = pages[pi];
        if (pi > 0) cairo_show_page(c.cr);
        double y = kPageMargin;
        if (!p.heading.empty()) y += draw_text(c, p.heading, kPageMargin, y, heading).h + 14;
        if (!p.body.empty()) y += draw_text(c, p.body, kPageMargin, y, body).h + 18;
        const double footer_h = p.footer.empty() ? 0 : measure_text(c, p.footer, footer).h + 12;
        if (p.trace) {
            double room = page_h - kPageMargin - footer_h - y;
            if (room < fig_h_max * 0.6) {  // too little room: the figure gets the next page
                if (!p.footer.empty()) draw_text(c, p.footer, kPageMargin, page_h - kPageMargin - footer_h + 12, footer);
                cairo_show_page(c.cr);
                y = kPageMargin;
                room = page_h - kPageMargin - footer_h - y;
            }
            const double fig_h = std::min(fig_h_max, room);
            FigureRequest r = p.figure;
            r.options = options;
            r.options.width = fig_w;
            r.options.height = fig_h;
            Canvas f = c;  // same fonts and surface, its own size and origin
            f.width = fig_w;
            f.height = fig_h;
            f.k = figure_k(r.view);
            f.unknown_glyphs = 0;
            cairo_save(c.cr);
            cairo_translate(c.cr, kPageMargin, y);
            cairo_rectangle(c.cr, 0, 0, fig_w, fig_h);
            cairo_clip(c.cr);
            draw_view(f, *p.trace, r);
            cairo_restore(c.cr);
            stroke_rect(c, Rect{kPageMargin, y, fig_w, fig_h}, kRule, 1.0);
            unknown += f.unknown_glyphs;
        }
        if (!p.footer.empty()) draw_text(c, p.footer, kPageMargin, page_h - kPageMargin - footer_h + 12, footer);
    }
    unknown += c.unknown_glyphs;

    cairo_status_t st = cairo_status(c.cr);
    cairo_destroy(c.cr);
    if (st == CAIRO_STATUS_SUCCESS) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, plain_text(title).c_str());
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "AttnLab");
    }
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) return cairo_error(st);
    if (warnings && unknown > 0) {
        warnings->push_back(std::to_string(unknown) +
                            " character(s) are not in the handout font (emoji, rare symbols?) and show as boxes.");
    }
    return out;
}

}  // namespace attn
