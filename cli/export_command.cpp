// export_command.cpp — `attnlab export`: a figure (PNG, SVG, PDF) or the numbers (CSV, JSON) of one
// (implementation; the interface and its contract are in export_command.h)
#include "cli/export_command.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>

#include "cli/cli_messages.h"
#include "cli/export_beams.h"
#include "cli/export_lens.h"
#include "cli/lm_output.h"
#include "core/attention/engine.h"
#include "core/attention/trace_json.h"
#include "core/base/asset_paths.h"
#include "core/base/atomic_file.h"
#include "core/figure/figure.h"
#include "core/i18n/languages.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

void add_export_options(CLI::App& cmd, ExportOptions& o) {
    add_run_options(cmd, o.run);
    cmd.add_option("-o,--output", o.output, "Output file: .png, .svg, .pdf, .csv or .json")->required();
    cmd.add_option("--view", o.view,
                   "heatmap, heads, scaling, pipeline, lines, pe, cell, row, qk, rope (rotary models); with --image: "
                   "image, attn-distance, pos-similarity; with a next-token --model: lens (the logit lens); with a "
                   "translation --model: alignment (its cross-attention as words) and beams (its beam search as a tree); with a speech --model and --audio: audio "
                   "(waveform, spectrogram, cross-attention and words on a time axis)")
        ->capture_default_str();
    cmd.add_option("--head", o.head,
                   "Head number as the app shows it: 1 to --heads (the audio view: the alignment heads' mean unless given)")
        ->capture_default_str()
        ->each([&o](const std::string&) { o.head_given = true; });
    cmd.add_option("--word", o.word, "The audio view's word to follow (its span, rows and curve), counted from 1");
    cmd.add_option("--layer", o.layer, "Layer number, from 1")->capture_default_str();
    cmd.add_option("--cell", o.cell,
                   "The cell view's cell as query:key token positions from 0 (as --block), e.g. 2:0");
    cmd.add_option("--row", o.row,
                   "The row and qk views' query as a token position from 0 (default: the last token)");
    cmd.add_option("--patch", o.patch,
                   "The image view's query (the pos-similarity map outlined, the pipeline's z0 row): a patch as row,col counted from 1 (e.g. 5,7), or cls (the default)");
    cmd.add_flag("--mean-heads", o.mean_heads,
                 "The image and alignment views: the mean of the layer's heads instead of --head");
    cmd.add_flag("--mean-layers", o.mean_layers, "The alignment view: the mean of every layer's heads");
    cmd.add_flag("--pieces", o.pieces, "The alignment view: subword pieces as the model reads them, not words");
    cmd.add_option("--pair", o.pair,
                   "The rope view's dimension pair, from 0 (pair i = dimensions i and i + rotary_dim/2 of a head)")
        ->capture_default_str();
    cmd.add_option("--values", o.values,
                   "Heatmap and CSV values: weights, scores (QK^T), scaled (softmax input) or rollout (attention rollout through layers 1 to --layer)")
        ->capture_default_str();
    cmd.add_option("--colormap", o.colormap, "viridis, magma, cividis or grey")->capture_default_str();
    cmd.add_option("--format", o.format, "png, svg, pdf, csv or json (default: from the -o extension)");
    cmd.add_option("--size", o.size, "slide (16:9, 13.33 x 7.5 in), a4 (portrait) or a4-landscape")
        ->capture_default_str();
    cmd.add_option("--width", o.width, "Figure width in px at scale 1 (1/120 in); overrides --size");
    cmd.add_option("--height", o.height, "Figure height in px at scale 1 (1/120 in); overrides --size");
    auto* scale = cmd.add_option("--scale", o.scale, "PNG pixels per px (2 = 3200 x 1800 for a slide)");
    auto* dpi = cmd.add_option("--dpi", o.dpi, "PNG resolution in dots per inch (120 = scale 1)");
    scale->excludes(dpi);
    cmd.add_flag("--transparent", o.transparent, "No background (PNG alpha, nothing painted in SVG/PDF)");
    cmd.add_option("--lang", o.lang, "Figure text language: en, ko, or another whose catalogue is installed")
        ->capture_default_str();
    cmd.add_option("--font", o.font, "A TrueType/OpenType font file instead of the bundled NanumGothic");
    cmd.add_flag("--system-fonts", o.system_fonts,
                 "Let installed fonts draw characters the figure font lacks (e.g. emoji)");
    cmd.add_flag("--csv-bom", o.csv_bom,
                 "Start CSV with a UTF-8 byte order mark (Excel needs it for Korean)");
    add_ablation_options(cmd, o.ablate, o.ablation);  // --view lens
    cmd.add_option("--beams", o.beams,
                   "The beams view: beam search width, 2 to 64 (default: the folder's num_beams, or 4 when it decodes "
                   "greedily)");
}

namespace {

enum class OutKind { Figure, Csv, Json };

std::string lower(std::string s) {
    for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// "png" for "a/b.PNG"; empty when there is no extension.
std::string extension_of(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    const size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    return lower(path.substr(dot + 1));
}

bool known_format(const std::string& f) {
    return f == "png" || f == "svg" || f == "pdf" || f == "csv" || f == "json";
}

Expected<std::string> resolve_format(const ExportOptions& o) {
    if (!o.format.empty() && !known_format(lower(o.format)))
        return Status::Error("--format: unknown format '" + o.format +
                             "'. Choose png, svg, pdf, csv or json.");
    if (is_standard_output(o.output)) {
        if (o.format.empty()) return Status::Error("-o -: give --format (png, svg, pdf, csv or json) to write to standard output.");
        return lower(o.format);
    }
    const std::string ext = extension_of(o.output);
    if (!known_format(ext)) {
        return Status::Error(
            "-o: '" + o.output + "' " +
            (ext.empty() ? std::string("has no file extension") : "has an unknown extension '." + ext + "'") +
            ". Name the file .png, .svg, .pdf, .csv or .json.");
    }
    if (!o.format.empty() && lower(o.format) != ext)
        return Status::Error("--format " + o.format + " does not match the file name '" + o.output + "' (." +
                             ext + ").");
    return ext;
}

Expected<std::pair<int, int>> parse_cell(const std::string& s) {
    const size_t colon = s.find(':');
    auto num = [](std::string_view v, int* out) {
        const auto res = std::from_chars(v.data(), v.data() + v.size(), *out);
        return !v.empty() && res.ec == std::errc() && res.ptr == v.data() + v.size();
    };
    int i = 0, j = 0;
    if (colon == std::string::npos || !num(std::string_view(s).substr(0, colon), &i) ||
        !num(std::string_view(s).substr(colon + 1), &j))
        return Status::Error("--cell: '" + s + "' should look like query:key, e.g. 2:0.");
    return std::make_pair(i, j);
}

// The figure settings from the options (no trace needed): names, size, resolution, fonts.
Expected<FigureRequest> make_request(const ExportOptions& o, const char* argv0, bool need_font) {
    FigureRequest r;
    const bool own_figure = o.view == "lens" || o.view == "beams";  // drawn from a lens / a search, not a trace
    if (!own_figure && !parse_figure_view(o.view, &r.view))
        return Status::Error("--view: unknown view '" + o.view +
                             "'. Choose one of: " + figure_view_choices() + ", lens, beams.");
    if (o.view != "beams" && o.beams != 0) return Status::Error("--beams belongs to --view beams.");
    if (o.view != "lens" && !o.ablate.empty())
        return Status::Error("--ablate belongs to --view lens (attnlab predict and lens take it too).");
    if (!parse_matrix_values(o.values, &r.values))
        return Status::Error("--values: unknown values '" + o.values +
                             "'. Choose weights, scores, scaled or rollout.");
    const auto map = parse_colormap(o.colormap);
    if (!map)
        return Status::Error("--colormap: unknown colormap '" + o.colormap +
                             "'. Choose one of: " + colormap_choices() + ".");
    FigureOptions& f = r.options;
    f.colormap = *map;
    if (!parse_figure_lang(o.lang, &f.lang))
        return Status::Error("--lang: choose " + i18n::language_codes() + " (the languages whose catalogue is installed), not '" +
                             o.lang + "'.");
    if (o.size == "slide") {
        f.width = kSlideWidth, f.height = kSlideHeight;
    } else if (o.size == "a4") {
        f.width = kA4Width, f.height = kA4Height;
    } else if (o.size == "a4-landscape") {
        f.width = kA4Height, f.height = kA4Width;
    } else {
        return Status::Error("--size: unknown size '" + o.size + "'. Choose slide, a4 or a4-landscape.");
    }
    if (o.width != 0) f.width = o.width;
    if (o.height != 0) f.height = o.height;
    if (o.scale != 0) {
        if (!(o.scale > 0)) return Status::Error("--scale must be a positive number.");
        f.png_scale = o.scale;
    }
    if (o.dpi != 0) {
        if (!(o.dpi > 0)) return Status::Error("--dpi must be a positive number.");
        f.png_scale = o.dpi / kFigureUnitsPerInch;
    }
    f.transparent = o.transparent;
    f.system_font_fallback = o.system_fonts;
    r.layer = o.layer - 1;
    r.head = o.head - 1;
    r.row = o.row;
    r.pair = o.pair;
    if (!o.cell.empty()) {
        auto cell = parse_cell(o.cell);
        if (!cell) return cell.status();
        r.cell_query = cell->first;
        r.cell_key = cell->second;
    }
    if (need_font) {
        if (!o.font.empty()) {
            f.font_files.push_back(o.font);
        } else {
            auto font = find_figure_font(resolve_asset_dir(argv0, ATTNLAB_SOURCE_ASSET_DIR));
            if (!font) return font.status();
            f.font_files.push_back(*font);
        }
    }
    return r;
}

// --patch and --mean-heads (image view) need the image's grid: the query token they name.
Status resolve_patch(const ExportOptions& o, const Trace& trace, FigureRequest& r) {
    if (o.word != 0 && r.view != FigureView::Audio)
        return Status::Error("--word belongs to the audio view: add --view audio (with a speech --model and --audio).");
    if (r.view == FigureView::Audio) {
        if (!o.patch.empty() || o.mean_heads || o.mean_layers || o.pieces)
            return Status::Error("--patch, --mean-heads, --mean-layers and --pieces do not belong to the audio view: it "
                                 "shows the alignment heads' mean, or the --head given.");
        if (!o.head_given) r.head = -1;
        if (o.word < 0) return Status::Error("--word counts the transcript's words from 1.");
        r.word = o.word - 1;
        return Status::Ok();
    }
    if ((o.mean_layers || o.pieces) && r.view != FigureView::Alignment)
        return Status::Error("--mean-layers and --pieces belong to the alignment view: add --view alignment.");
    if (r.view == FigureView::Alignment) {
        if (!o.patch.empty()) return Status::Error("--patch belongs to the image views, not the alignment view.");
        if (o.mean_heads) r.head = -1;
        r.all_layers = o.mean_layers;
        r.pieces = o.pieces;
        return Status::Ok();
    }
    if (o.patch.empty() && !o.mean_heads) return Status::Ok();
    const bool patch_view = r.view == FigureView::Image ||
                            ((r.view == FigureView::PosSimilarity || r.view == FigureView::Pipeline) && !o.mean_heads);
    if (!patch_view || !trace.image)
        return Status::Error("--patch and --mean-heads belong to the image view (--patch also to pos-similarity and "
                             "pipeline): add --view image (with --image).");
    if (o.mean_heads) r.head = -1;
    if (o.patch.empty() || lower(o.patch) == "cls") {
        r.row = 0;
        return Status::Ok();
    }
    const TraceImage& im = *trace.image;
    const std::size_t comma = o.patch.find(',');
    int row = 0, col = 0;
    auto num = [](std::string_view v, int* out) {
        const auto res = std::from_chars(v.data(), v.data() + v.size(), *out);
        return !v.empty() && res.ec == std::errc() && res.ptr == v.data() + v.size();
    };
    if (comma == std::string::npos || !num(std::string_view(o.patch).substr(0, comma), &row) ||
        !num(std::string_view(o.patch).substr(comma + 1), &col))
        return Status::Error("--patch: '" + o.patch + "' should look like row,col (from 1), e.g. 5,7, or cls.");
    if (row < 1 || row > im.grid_rows || col < 1 || col > im.grid_cols)
        return Status::Error("--patch " + o.patch + " is outside the image's " + std::to_string(im.grid_rows) + " × " +
                             std::to_string(im.grid_cols) + " patches (rows 1–" + std::to_string(im.grid_rows) +
                             ", columns 1–" + std::to_string(im.grid_cols) + ").");
    r.row = im.prefix_tokens + (row - 1) * im.grid_cols + (col - 1);
    return Status::Ok();
}

Status write_bytes(const std::string& path, const std::string& bytes) {
    return write_file_atomically(path, [&](std::ostream& out) {
        out.write(bytes.data(), std::streamsize(bytes.size()));
        return Status::Ok();
    });
}

}  // namespace

int run_export(const ExportOptions& o, const char* argv0) {
    auto format = resolve_format(o);
    if (!format) {
        return fail("export", format.error(), kExitBadInput);
    }
    const bool figure = *format == "png" || *format == "svg" || *format == "pdf";
    auto request = make_request(o, argv0, figure);
    if (!request) {
        return fail("export", request.error(), kExitBadInput);
    }
    if (o.view == "lens") return run_export_lens(o, request->options, *format);
    if (o.view == "beams") return run_export_beams(o, request->options, *format);
    auto setup = make_run_setup(o.run);
    if (!setup) {
        return fail("export", setup.error(), run_setup_exit_code(o.run));
    }
    auto model = load_cli_model(o.run, *setup);
    if (!model) {
        return fail("export", model.error(), kExitBadInput);
    }
    // The alignment and audio views read the run's cross-attention section (an encoder–decoder's third).
    const bool audio_view = request->view == FigureView::Audio;
    auto trace = [&]() -> Expected<Trace> {
        if (request->view != FigureView::Alignment && !audio_view) return compute_cli_trace(*model, setup->run);
        auto sections = compute_cli_run(*model, setup->run);
        if (!sections) return sections.status();
        for (Trace& t : *sections)
            if (t.section == "cross" && (!audio_view || t.audio)) return std::move(t);
        return Status::Error(audio_view ? "The audio view shows a speech model's cross-attention over a recording: give a "
                                          "Whisper folder with --model and the recording with --audio FILE."
                                        : "The alignment view shows a translation model's cross-attention: give a Marian "
                                          "folder with --model (and --target, or let the model translate).");
    }();
    if (!trace) {
        return fail("export", trace.error(), kExitBadInput);
    }
    if (Status s = resolve_patch(o, *trace, *request); !s) return fail("export", s.message(), kExitBadInput);
    // The rope view's frequencies come from the model's config (the trace keeps q and k only).
    if (model->pretrained)  // rotary families (empty for the others)
        request->rope_inv_freq = model->pretrained->family().rotary_frequencies(model->pretrained->config);

    std::string bytes;
    std::string what;
    if (*format == "json") {
        // Exactly what `attnlab dump` writes (its default options).
        Status s = write_file_atomically(o.output, [&](std::ostream& out) {
            write_trace_json(out, *trace);
            return Status::Ok();
        });
        if (!s) {
            return fail_output("export", o.output, s.message());
        }
        std::cerr << "Wrote " << (is_standard_output(o.output) ? std::string("standard output") : one_line(o.output)) << " (the whole trace, as attnlab dump)\n";
        return 0;
    }
    if (*format == "csv") {
        if (request->view == FigureView::PositionalEncoding) {
            bytes = positional_csv(*trace, o.csv_bom);
            what = "positional encoding, " + std::to_string(trace->t_q()) + " x " +
                   std::to_string(trace->model.d_model);
        } else if (request->view == FigureView::Rope) {
            auto csv = rope_csv(*trace, *request, o.csv_bom);
            if (!csv) {
                return fail("export", csv.error(), kExitBadInput);
            }
            bytes = std::move(*csv);
            what = "rope pair " + std::to_string(o.pair) + " of head " + std::to_string(o.head) + ", " +
                   std::to_string(trace->t_q()) + " tokens";
        } else if (request->view == FigureView::Alignment) {
            auto csv = alignment_csv(*trace, *request, o.csv_bom);
            if (!csv) {
                return fail("export", csv.error(), kExitBadInput);
            }
            bytes = std::move(*csv);
            what = "cross-attention as " + std::string(o.pieces ? "pieces" : "words") + ", target x source";
        } else if (audio_view) {
            auto csv = audio_csv(*trace, *request, o.csv_bom);
            if (!csv) {
                return fail("export", csv.error(), kExitBadInput);
            }
            bytes = std::move(*csv);
            what = "cross-attention of " + std::to_string(trace->t_q() - trace->audio->prompt_tokens) +
                   " written tokens over " + std::to_string(trace->t_k()) + " frames, with their words' times";
        } else if (request->view == FigureView::AttnDistance || request->view == FigureView::PosSimilarity) {
            const bool distance = request->view == FigureView::AttnDistance;
            auto csv = distance ? attention_distance_csv(*trace, o.csv_bom) : position_similarity_csv(*trace, o.csv_bom);
            if (!csv) {
                return fail("export", csv.error(), kExitBadInput);
            }
            bytes = std::move(*csv);
            what = distance ? "mean attention distance per layer and head" : "position-embedding similarity";
        } else {
            auto csv = matrix_csv(*trace, request->layer, request->head, request->values, o.csv_bom);
            if (!csv) {
                return fail("export", csv.error(), kExitBadInput);
            }
            bytes = std::move(*csv);
            what = std::string(matrix_values_name(request->values)) + " of head " + std::to_string(o.head) +
                   ", " + std::to_string(trace->t_q()) + " x " + std::to_string(trace->t_k());
        }
    } else {
        FigureFormat ff = FigureFormat::Png;
        parse_figure_format(*format, &ff);
        std::vector<std::string> warnings;
        auto rendered = render_figure(*trace, *request, ff, &warnings);
        if (!rendered) {
            return fail("export", rendered.error(), kExitBadInput);
        }
        for (const auto& w : warnings)
            std::cerr << "attnlab export: warning: " << one_line(w) << (o.system_fonts ? "" : " Try --system-fonts.") << "\n";
        bytes = std::move(*rendered);
        what = std::string(figure_view_name(request->view));
        if (ff == FigureFormat::Png) {
            const auto [pw, ph] = png_pixel_size(request->options);
            what += ", " + std::to_string(pw) + " x " + std::to_string(ph) + " px";
        }
    }
    if (Status s = write_bytes(o.output, bytes); !s) {
        return fail_output("export", o.output, s.message());
    }
    std::cerr << "Wrote " << (is_standard_output(o.output) ? std::string("standard output") : one_line(o.output)) << " (" << what << ")\n";
    return 0;
}

}  // namespace attn::cli
