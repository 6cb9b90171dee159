// figure.cpp — request checks, fonts, the three Cairo surfaces, and the SVG/PNG finishing touches.
//
// Sections: checks · shared view helpers (captions, labels) · fonts · output finishing
// (PNG encoder, SVG text layer) · render
#include "core/figure/figure.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <png.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>

#include "core/figure/figure_draw.h"
#include "core/figure/figure_views.h"
#include "core/base/utf8.h"
#include "core/i18n/languages.h"

namespace attn {

// ---- checks ------------------------------------------------------------------------------------

Status validate_figure_request(const Trace& trace, const FigureRequest& r, FigureFormat format) {
    if (Status s = validate_figure_options(r.options, format); !s) return s;
    if (trace.layers.empty() || trace.t_q() == 0 || trace.t_k() == 0)
        return Status::Error("The trace is empty: there is nothing to draw.");
    const int n_layers = int(trace.layers.size());
    if (r.layer < 0 || r.layer >= n_layers) {
        return Status::Error(
            "Layer " + std::to_string(r.layer + 1) + " is out of range: the model has " +
            std::to_string(n_layers) +
            (n_layers == 1 ? " layer (1)." : " layers (1–" + std::to_string(n_layers) + ")."));
    }
    if (r.values == MatrixValues::Rollout && (trace.run.is_cross() || trace.t_q() != trace.t_k()))
        return Status::Error("Attention rollout follows one sentence through the layers; it is not defined for "
                             "cross-attention. Show the weights instead.");
    const LayerTrace& L = trace.layers[size_t(r.layer)];
    const bool image_view = r.view == FigureView::Image || r.view == FigureView::AttnDistance ||
                            r.view == FigureView::PosSimilarity;
    if (image_view && !trace.image)
        return Status::Error(std::string("The ") + figure_view_name(r.view) +
                             " view needs an image run: a ViT or DeiT model (--model) and --image FILE.");
    if (r.view == FigureView::Alignment && trace.section != "cross")
        return Status::Error("The alignment view shows a translation model's cross-attention: give a Marian folder "
                             "with --model (and --target, or let the model translate).");
    if (r.view == FigureView::Audio) return fig::validate_audio_request(trace, r);
    // The image and alignment views: the mean of the heads; the ViT-paper views: no dot outlined.
    const bool mean_allowed = (image_view || r.view == FigureView::Alignment) && r.head == -1;
    if (!mean_allowed && (r.head < 0 || r.head >= L.n_heads)) {
        return Status::Error(
            "Head " + std::to_string(r.head + 1) + " is out of range: the model has " +
            std::to_string(L.n_heads) +
            (L.n_heads == 1 ? " head (1)." : " heads (1–" + std::to_string(L.n_heads) + ")."));
    }
    if (r.view == FigureView::Cell && r.cell_query < 0 && r.cell_key < 0)
        return Status::Error("The cell view needs a cell: give it as query:key, e.g. 2:0.");
    if (r.cell_query >= 0 || r.cell_key >= 0) {  // any view: the heatmap outlines it
        if (r.cell_query < 0 || r.cell_query >= L.t_q() || r.cell_key < 0 || r.cell_key >= L.t_k()) {
            return Status::Error("Cell " + std::to_string(r.cell_query) + ":" + std::to_string(r.cell_key) +
                                 " is out of range: queries are 0–" + std::to_string(L.t_q() - 1) +
                                 " and keys 0–" + std::to_string(L.t_k() - 1) + ".");
        }
    }
    if (r.row < -1 || r.row >= L.t_q())
        return Status::Error("Row " + std::to_string(r.row) + " is out of range: queries are 0–" +
                             std::to_string(L.t_q() - 1) + ".");
    if (r.view == FigureView::Rope) return fig::validate_rope_request(trace, r);
    return Status::Ok();
}

// ---- shared view helpers -----------------------------------------------------------------------

namespace fig {

namespace {

// Shortens text to at most max_cp code points, ending with "…".
std::string shorten(const std::string& text, size_t max_cp) {
    if (count_code_points(text) <= max_cp) return text;
    size_t pos = 0, n = 0;
    char32_t cp;
    while (n + 1 < max_cp && decode_utf8(text, pos, cp)) ++n;
    return text.substr(0, pos) + "…";
}

}  // namespace

std::vector<std::string> token_labels(const std::vector<Token>& tokens) {
    std::vector<std::string> out;
    out.reserve(tokens.size());
    for (const Token& t : tokens) out.push_back(shorten(t.text, 18));
    return out;
}

std::string token_for_title(const Token& token) {
    return markup_escape(shorten(token.text, 24));
}

std::string format_setting(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string settings_caption(const Canvas& c, const Trace& trace, int layer, int head) {
    const LayerTrace& L = trace.layers[size_t(layer)];
    const std::string on = c.t(Ft::On), off = c.t(Ft::Off);
    std::vector<std::string> parts;
    if (trace.image) {  // an image run: the picture instead of a sentence
        const TraceImage& im = *trace.image;
        parts.push_back(c.tf(Ft::CaptionImage, {markup_escape(shorten(im.source, 80)), std::to_string(im.source_width),
                                                std::to_string(im.source_height), std::to_string(im.width),
                                                std::to_string(im.height)}));
        if (im.positions_interpolated)
            parts.push_back(c.tf(Ft::CaptionImageInterpolated, {std::to_string(im.checkpoint_grid)}));
    } else if (trace.audio) {  // a speech run: the recording and the transcript
        const TraceAudio& a = *trace.audio;
        parts.push_back(c.tf(Ft::CaptionAudio, {markup_escape(shorten(a.source, 80)), markup_escape(a.format),
                                                format_number(a.source_seconds, 2)}));
        parts.push_back(c.tf(a.language_detected ? Ft::CaptionAudioDetected : Ft::CaptionAudioChosen,
                             {markup_escape(a.language)}));
        parts.push_back(c.tf(a.transcript_generated ? Ft::CaptionTranscriptWritten : Ft::CaptionTranscriptTyped,
                             {markup_escape(shorten(a.transcript, 200))}));
    } else {
        parts.push_back(c.tf(Ft::CaptionText, {markup_escape(shorten(trace.run.text, 300))}));
    }
    if (trace.run.is_cross() && !trace.audio)  // a pretrained (BERT) model reads the second text as sentence B
        parts.push_back(c.tf(trace.is_pretrained() ? Ft::CaptionSentenceB : Ft::CaptionCrossText,
                             {markup_escape(shorten(trace.run.cross_text, 200))}));
    if (trace.is_pretrained()) {
        parts.push_back(c.tf(Ft::CaptionPretrained,
                             {markup_escape(trace.model_name), markup_escape(trace.model_family),
                              std::to_string(trace.layers.size()), std::to_string(trace.model.d_model),
                              std::to_string(trace.model.n_heads), std::to_string(L.d_k)}));
    } else {
        parts.push_back(c.tf(Ft::CaptionModel, {markup_escape(trace.model_name), std::to_string(trace.model.seed),
                                                std::to_string(trace.model.d_model),
                                                std::to_string(trace.model.n_heads), std::to_string(L.d_k)}));
    }
    parts.push_back(head >= 0
                        ? c.tf(Ft::CaptionLayerHead, {std::to_string(layer + 1), std::to_string(head + 1)})
                        : c.tf(Ft::CaptionLayer, {std::to_string(layer + 1)}));
    parts.push_back(c.tf(Ft::CaptionScaling, {L.scale ? on : off}));
    parts.push_back(c.tf(Ft::CaptionTemperature, {format_setting(L.temperature)}));
    parts.push_back(c.tf(Ft::CaptionMask, {markup_escape(describe_mask(trace.run.mask))}));
    if (!trace.is_pretrained())  // pretrained models always add their learned positions
        parts.push_back(c.tf(Ft::CaptionPositional, {trace.model.positional ? on : off}));
    parts.push_back("AttnLab");
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i) out += "  ·  ";
        out += parts[i];
    }
    return out;
}

}  // namespace fig

// ---- fonts -------------------------------------------------------------------------------------

namespace fig {  // shared with figure_document.cpp (declared in figure_draw.h)

// Synthetic bold for fonts that ship only a regular face (NanumGothic in assets/): a font whose
// weight is at most medium, matched for a pattern asking for bold, is emboldened.
const char* kSyntheticBoldRule =
    "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"fonts.dtd\"><fontconfig>"
    "<match target=\"font\">"
    "<test name=\"weight\" compare=\"less_eq\"><const>medium</const></test>"
    "<test target=\"pattern\" name=\"weight\" compare=\"more_eq\"><const>bold</const></test>"
    "<edit name=\"embolden\" mode=\"assign\"><bool>true</bool></edit>"
    "<edit name=\"weight\" mode=\"assign\"><const>bold</const></edit>"
    "</match></fontconfig>";

Status open_fonts(const FigureOptions& o, FontSession& s) {
    std::vector<std::string> families;
    if (o.font_files.empty()) {
        s.map = pango_cairo_font_map_new();
        s.family = "NanumGothic, Noto Sans CJK KR, sans-serif";
    } else {
        FcConfig* config = o.system_font_fallback ? FcInitLoadConfigAndFonts() : FcConfigCreate();
        if (config == nullptr) return Status::Error("Could not set up fontconfig.");
        if (!o.system_font_fallback)
            FcConfigParseAndLoadFromMemory(config, reinterpret_cast<const FcChar8*>(kSyntheticBoldRule),
                                           FcFalse);
        for (const std::string& file : o.font_files) {
            if (!std::ifstream(file, std::ios::binary)) {
                FcConfigDestroy(config);
                return Status::Error("Cannot read the font file '" + file + "'.");
            }
            int count = 0;
            FcPattern* pattern =
                FcFreeTypeQuery(reinterpret_cast<const FcChar8*>(file.c_str()), 0, nullptr, &count);
            FcChar8* fam = nullptr;
            if (pattern && FcPatternGetString(pattern, FC_FAMILY, 0, &fam) == FcResultMatch)
                families.push_back(reinterpret_cast<const char*>(fam));
            if (pattern) FcPatternDestroy(pattern);
            if (families.empty() ||
                !FcConfigAppFontAddFile(config, reinterpret_cast<const FcChar8*>(file.c_str()))) {
                FcConfigDestroy(config);
                return Status::Error("'" + file + "' is not a font file fontconfig can read.");
            }
        }
        s.map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
        if (s.map == nullptr) {
            FcConfigDestroy(config);
            return Status::Error("Pango has no FreeType font map.");
        }
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(s.map), config);  // takes its own reference
        FcConfigDestroy(config);
        for (size_t i = 0; i < families.size(); ++i) s.family += (i ? ", " : "") + families[i];
        if (o.system_font_fallback) s.family += ", sans-serif";
    }
    s.context = pango_font_map_create_context(s.map);
    cairo_font_options_t* fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(s.context, fo);
    cairo_font_options_destroy(fo);
    pango_cairo_context_set_resolution(s.context, 72.0);
    pango_context_set_round_glyph_positions(
        s.context, FALSE);  // vector output: exact advances  // absolute sizes are user units anyway
    return Status::Ok();
}

// ---- output finishing --------------------------------------------------------------------------

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

std::string xml_escape(const std::string& s) {
    return markup_escape(s);
}

// Plain text of a markup string.
std::string plain_text(const std::string& markup) {
    char* plain = nullptr;
    if (!pango_parse_markup(markup.c_str(), -1, 0, nullptr, &plain, nullptr, nullptr)) return markup;
    std::string out(plain);
    g_free(plain);
    return out;
}

// Adds <title>, <desc> and the invisible text layer to Cairo's SVG (see figure.h: Text).
std::string add_svg_text(std::string svg, const std::vector<fig::TextRun>& runs, const std::string& family,
                         const std::string& title, const std::string& desc) {
    const size_t open = svg.find("<svg");
    const size_t open_end = open == std::string::npos ? open : svg.find('>', open);
    const size_t close = svg.rfind("</svg>");
    if (open_end == std::string::npos || close == std::string::npos || close < open_end) return svg;

    std::string layer = "<g id=\"text\" fill=\"#000000\" fill-opacity=\"0\" font-family=\"" +
                        xml_escape(family) + "\" xml:space=\"preserve\">\n";
    char buf[256];
    for (const fig::TextRun& r : runs) {
        std::snprintf(buf, sizeof buf,
                      "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\" textLength=\"%.2f\" "
                      "lengthAdjust=\"spacingAndGlyphs\"",
                      r.x, r.y, r.size, r.width);
        layer += buf;
        if (std::abs(r.angle_deg) > 0.01) {
            std::snprintf(buf, sizeof buf, " transform=\"rotate(%.2f %.2f %.2f)\"", r.angle_deg, r.x, r.y);
            layer += buf;
        }
        layer += ">" + xml_escape(r.text) + "</text>\n";
    }
    layer += "</g>\n";
    svg.insert(close, layer);
    svg.insert(open_end + 1,
               "\n<title>" + xml_escape(title) + "</title>\n<desc>" + xml_escape(desc) + "</desc>");
    return svg;
}

void append_png(png_structp png, png_bytep data, png_size_t length) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}

// PNG of a Cairo ARGB32 surface: RGB when opaque, RGBA (un-premultiplied) when transparent, with
// the resolution in a pHYs chunk so slide and word processors place it at its physical size.
// zlib level 3 with the "up" filter: ~5× faster than Cairo's own writer on these flat-colour
// figures, for files about a third larger.
Expected<std::string> encode_png(cairo_surface_t* surface, double dpi, bool alpha) {
    cairo_surface_flush(surface);
    const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const int channels = alpha ? 4 : 3;
    std::string out;
    std::vector<unsigned char> row(size_t(w) * size_t(channels));  // before setjmp: see below
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        return Status::Error("Out of memory while writing the PNG.");
    }
    // libpng reports errors by longjmp: only plain data is created between here and the end.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return Status::Error("Writing the PNG failed.");
    }
    png_set_write_fn(png, &out, append_png, nullptr);
    png_set_IHDR(png, info, png_uint_32(w), png_uint_32(h), 8,
                 alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    const auto ppm = png_uint_32(std::lround(dpi / 0.0254));
    png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
    png_set_compression_level(png, 3);
    png_set_filter(png, 0, PNG_FILTER_UP);
    png_write_info(png, info);
    for (int y = 0; y < h; ++y) {
        const auto* src = reinterpret_cast<const std::uint32_t*>(data + size_t(y) * size_t(stride));
        unsigned char* dst = row.data();
        for (int x = 0; x < w; ++x, dst += channels) {
            const std::uint32_t p = src[x];  // premultiplied 0xAARRGGBB
            const unsigned a = p >> 24;
            unsigned r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (alpha && a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            dst[0] = (unsigned char)r;
            dst[1] = (unsigned char)g;
            dst[2] = (unsigned char)b;
            if (alpha) dst[3] = (unsigned char)a;
        }
        png_write_row(png, row.data());
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return out;
}

// Heatmap images must stay blocky in SVG viewers too (Cairo writes no image-rendering).
void unsmoothed_svg_images(std::string& svg) {
    const std::string tag = "<image ";
    const std::string with = "<image image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" ";
    for (size_t pos = svg.find(tag); pos != std::string::npos; pos = svg.find(tag, pos + with.size()))
        svg.replace(pos, tag.size(), with);
}

void draw_view(fig::Canvas& c, const Trace& trace, const FigureRequest& r) {
    switch (r.view) {
        case FigureView::Heatmap:
            fig::draw_heatmap_view(c, trace, r);
            break;
        case FigureView::Heads:
            fig::draw_heads_view(c, trace, r);
            break;
        case FigureView::Scaling:
            fig::draw_scaling_view(c, trace, r);
            break;
        case FigureView::Pipeline:
            fig::draw_pipeline_view(c, trace, r);
            break;
        case FigureView::Lines:
            fig::draw_lines_view(c, trace, r);
            break;
        case FigureView::PositionalEncoding:
            fig::draw_pe_view(c, trace, r);
            break;
        case FigureView::Cell:
            fig::draw_cell_view(c, trace, r);
            break;
        case FigureView::Row:
            fig::draw_row_view(c, trace, r);
            break;
        case FigureView::Qk:
            fig::draw_qk_view(c, trace, r);
            break;
        case FigureView::Image:
            fig::draw_image_view(c, trace, r);
            break;
        case FigureView::AttnDistance:
            fig::draw_attn_distance_view(c, trace, r);
            break;
        case FigureView::PosSimilarity:
            fig::draw_pos_similarity_view(c, trace, r);
            break;
        case FigureView::Rope:
            fig::draw_rope_view(c, trace, r);
            break;
        case FigureView::Alignment:
            fig::draw_alignment_view(c, trace, r);
            break;
        case FigureView::Audio:
            fig::draw_audio_view(c, trace, r);
            break;
    }
}

Status cairo_error(cairo_status_t st) {
    return Status::Error(std::string("Drawing the figure failed: ") + cairo_status_to_string(st) + ".");
}

}  // namespace fig

// ---- render ------------------------------------------------------------------------------------

namespace fig {

Expected<std::string> render_canvas(const FigureOptions& o, FigureFormat format,
                                    const std::function<void(Canvas&)>& draw, std::vector<std::string>* warnings) {
    FontSession fonts;
    if (Status s = open_fonts(o, fonts); !s) return s;

    std::string out;
    cairo_surface_t* surface = nullptr;
    double to_device = 1.0;  // figure units → surface units
    switch (format) {
        case FigureFormat::Png: {
            const auto [pw, ph] = png_pixel_size(o);
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
            to_device = o.png_scale;
            break;
        }
        case FigureFormat::Svg:
            surface = cairo_svg_surface_create_for_stream(append_to_string, &out, o.width, o.height);
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX);
            break;
        case FigureFormat::Pdf:
            to_device = 72.0 / kFigureUnitsPerInch;
            surface = cairo_pdf_surface_create_for_stream(append_to_string, &out, o.width * to_device,
                                                          o.height * to_device);
            break;
    }
    if (cairo_status_t st = cairo_surface_status(surface); st != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return cairo_error(st);
    }

    std::vector<fig::TextRun> runs;
    fig::Canvas c;
    c.cr = cairo_create(surface);
    c.pango = fonts.context;
    c.family = fonts.family;
    c.lang = o.lang;
    c.colormap = o.colormap;
    c.width = o.width;
    c.height = o.height;
    c.k = std::clamp(std::sqrt(o.width * o.height / (kSlideWidth * kSlideHeight)), 0.55, 4.0);
    c.runs = format == FigureFormat::Svg ? &runs : nullptr;
    cairo_scale(c.cr, to_device, to_device);
    pango_cairo_update_context(c.cr, c.pango);

    draw(c);

    cairo_status_t st = cairo_status(c.cr);
    cairo_destroy(c.cr);
    if (format == FigureFormat::Pdf && st == CAIRO_STATUS_SUCCESS) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, plain_text(c.title).c_str());
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, plain_text(c.caption).c_str());
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "AttnLab");
    }
    if (format == FigureFormat::Png && st == CAIRO_STATUS_SUCCESS) {
        auto png = encode_png(surface, kFigureUnitsPerInch * o.png_scale, o.transparent);
        if (!png) {
            cairo_surface_destroy(surface);
            return png.status();
        }
        out = std::move(*png);
    }
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) return cairo_error(st);

    if (format == FigureFormat::Svg) {
        unsmoothed_svg_images(out);
        out = add_svg_text(std::move(out), runs, fonts.family, plain_text(c.title), plain_text(c.caption));
    }
    if (warnings && c.unknown_glyphs > 0) {
        warnings->push_back(
            std::to_string(c.unknown_glyphs) +
            " character(s) are not in the figure font (emoji, rare symbols?) and show as boxes.");
    }
    // A language asked for whose catalogue is missing: its text is English, and the user is told.
    const auto& languages = i18n::process_languages();
    const std::size_t lang = std::size_t(int(o.lang));
    if (warnings && lang > 0 && lang < languages.size() && !languages[lang].problem.empty())
        warnings->push_back(languages[lang].problem.substr(0, languages[lang].problem.find('\n')));
    return out;
}

}  // namespace fig

Expected<std::string> render_figure(const Trace& trace, const FigureRequest& request, FigureFormat format,
                                    std::vector<std::string>* warnings) {
    if (Status s = validate_figure_request(trace, request, format); !s) return s;
    return fig::render_canvas(
        request.options, format, [&](fig::Canvas& c) { fig::draw_view(c, trace, request); }, warnings);
}

}  // namespace attn
