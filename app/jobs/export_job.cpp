// export_job.cpp — saving a figure or the numbers from the app, off the UI thread (GL-free)
// (implementation; the interface and its contract are in export_job.h)
#include "app/jobs/export_job.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <ostream>
#include <sstream>

#include "core/attention/trace_json.h"
#include "core/base/atomic_file.h"
#include "core/base/parallel.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

const char* export_kind_ext(ExportKind kind) {
    switch (kind) {
        case ExportKind::Png: return "png";
        case ExportKind::Svg: return "svg";
        case ExportKind::Pdf: return "pdf";
        case ExportKind::Csv: return "csv";
        case ExportKind::Json: return "json";
    }
    return "pdf";
}

std::string with_export_extension(const std::string& path, ExportKind kind) {
    std::filesystem::path p(path);
    const std::string want = std::string(".") + export_kind_ext(kind);
    const std::string ext = p.extension().string();
    for (const char* known : {".png", ".svg", ".pdf", ".csv", ".json"}) {
        if (ext == known) {
            p.replace_extension(want);
            return p.string();
        }
    }
    return path + want;
}

std::string default_export_path(const std::string& dir, FigureView view, int head, ExportKind kind, int layer) {
    std::string name = std::string("attnlab-") + figure_view_name(view);
    const bool per_layer = view != FigureView::PositionalEncoding && view != FigureView::AttnDistance &&
                           view != FigureView::PosSimilarity && kind != ExportKind::Json;
    if (layer >= 0 && per_layer) name += "-layer" + std::to_string(layer + 1);
    if (view == FigureView::Heatmap || view == FigureView::Scaling || view == FigureView::Lines ||
        view == FigureView::Cell || view == FigureView::Row || view == FigureView::Qk || view == FigureView::Rope ||
        (kind == ExportKind::Csv && view != FigureView::AttnDistance && view != FigureView::PosSimilarity)) {
        name += "-head" + std::to_string(head + 1);
    }
    return (std::filesystem::path(dir) / (name + "." + export_kind_ext(kind))).string();
}

std::string default_train_export_path(const std::string& dir, const std::string& task, int step, ExportKind kind) {
    std::string name = "attnlab-train-";
    for (char ch : task) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '-';
    name += "-step" + std::to_string(step) + "." + export_kind_ext(kind);
    return (std::filesystem::path(dir) / name).string();
}

std::string default_lens_export_path(const std::string& dir, ExportKind kind) {
    return (std::filesystem::path(dir) / (std::string("attnlab-lens.") + export_kind_ext(kind))).string();
}

std::string default_beams_export_path(const std::string& dir, ExportKind kind) {
    return (std::filesystem::path(dir) / (std::string("attnlab-beams.") + export_kind_ext(kind))).string();
}

FigureRequest make_figure_request(const ExportInputs& in, const ExportSettings& s) {
    FigureRequest r;
    r.view = s.view;
    r.layer = in.layer;
    r.head = in.head;
    r.values = in.values;
    r.cell_query = in.cell_query;
    r.cell_key = in.cell_key;
    r.row = in.row >= 0 && in.trace && in.row < in.trace->t_q() ? in.row : -1;
    if (r.view == FigureView::Row || r.view == FigureView::Qk) r.cell_query = r.cell_key = -1;  // the row says it
    r.pair = in.pair;
    r.all_layers = in.all_layers;
    r.pieces = in.pieces;
    r.word = in.trace && in.trace->audio && in.word < int(in.trace->audio->words.size()) ? in.word : -1;
    if (in.model)  // rotary families: the RoPE figure's speeds (empty for the others)
        r.rope_inv_freq = in.model->family().rotary_frequencies(in.model->config);
    FigureOptions& o = r.options;
    switch (s.size) {
        case ExportSize::Slide: o.width = kSlideWidth; o.height = kSlideHeight; break;
        case ExportSize::A4: o.width = kA4Width; o.height = kA4Height; break;
        case ExportSize::A4Landscape: o.width = kA4Height; o.height = kA4Width; break;
    }
    o.png_scale = s.png_scale;
    o.transparent = s.transparent;
    o.colormap = in.colormap;
    o.lang = in.lang;
    if (!in.font_file.empty()) o.font_files.push_back(in.font_file);
    return r;
}

namespace {

// A figure drawn from a record of its own (the lens table, the beam tree; no trace involved): PNG,
// SVG, PDF or CSV; JSON is refused with `json_refusal` (a command writes it).
ExportOutcome run_record_export(const ExportSettings& s, const char* json_refusal, const std::function<std::string()>& csv,
                                const std::function<Expected<std::string>(FigureFormat)>& render) {
    ExportOutcome out;
    if (s.kind == ExportKind::Json) {
        out.message = json_refusal;
        return out;
    }
    const std::string path = with_export_extension(s.path, s.kind);
    Expected<std::string> bytes = std::string();
    if (s.kind == ExportKind::Csv) {
        bytes = csv();
    } else {
        bytes = render(s.kind == ExportKind::Png   ? FigureFormat::Png
                       : s.kind == ExportKind::Svg ? FigureFormat::Svg
                                                   : FigureFormat::Pdf);
    }
    Status st = !bytes ? bytes.status() : write_file_atomically(path, [&](std::ostream& os) {
        os.write(bytes->data(), std::streamsize(bytes->size()));
        return Status::Ok();
    });
    out.ok = st.ok();
    out.path = out.ok ? path : std::string();
    out.message = out.ok ? "Saved to " + path : st.message();
    return out;
}

}  // namespace

ExportOutcome run_export(const ExportInputs& in, const ExportSettings& s) {
    ExportOutcome out;
    const bool figure = s.kind == ExportKind::Png || s.kind == ExportKind::Svg || s.kind == ExportKind::Pdf;
    if (in.train && figure) {  // the Train view's figure: no trace involved
        const std::string path = with_export_extension(s.path, s.kind);
        const FigureFormat format = s.kind == ExportKind::Png   ? FigureFormat::Png
                                    : s.kind == ExportKind::Svg ? FigureFormat::Svg
                                                                : FigureFormat::Pdf;
        auto rendered = render_train_figure(*in.train, format, make_figure_request(in, s).options);
        Status st = !rendered ? rendered.status() : write_file_atomically(path, [&](std::ostream& os) {
            os.write(rendered->data(), std::streamsize(rendered->size()));
            return Status::Ok();
        });
        out.ok = st.ok();
        out.path = out.ok ? path : std::string();
        out.message = out.ok ? "Saved to " + path : st.message();
        return out;
    }
    if (in.train && s.kind == ExportKind::Csv) {  // the Train view's curves
        const std::string path = with_export_extension(s.path, s.kind);
        const std::string csv = train_curves_csv(*in.train, /*utf8_bom=*/true);
        const Status st = write_file_atomically(path, [&](std::ostream& os) {
            os.write(csv.data(), std::streamsize(csv.size()));
            return Status::Ok();
        });
        out.ok = st.ok();
        out.path = out.ok ? path : std::string();
        out.message = out.ok ? "Saved to " + path : st.message();
        return out;
    }
    const FigureOptions options = make_figure_request(in, s).options;
    if (in.lens)
        return run_record_export(
            s, "The lens is saved as a figure (PNG, SVG, PDF) or as CSV; attnlab lens writes it as JSON.",
            [&] { return lens_csv(*in.lens, /*utf8_bom=*/true); },
            [&](FigureFormat f) { return render_lens_figure(*in.lens, f, options); });
    if (in.beams)
        return run_record_export(
            s, "The beam tree is saved as a figure (PNG, SVG, PDF) or as CSV; attnlab generate writes the search as JSON.",
            [&] { return beams_csv(*in.beams, /*utf8_bom=*/true); },
            [&](FigureFormat f) { return render_beam_figure(*in.beams, f, options); });
    if (!in.trace) {
        out.message = "Nothing to export yet: the sentence has no result.";
        return out;
    }
    const std::string path = with_export_extension(s.path, s.kind);
    std::string bytes;
    switch (s.kind) {
        case ExportKind::Json: {
            std::ostringstream json;
            write_trace_json(json, *in.trace);
            bytes = std::move(json).str();
            break;
        }
        case ExportKind::Csv: {
            // The image figure's mean of heads has no matrix of its own: its CSV is head 1's weights.
            auto csv = s.view == FigureView::PositionalEncoding ? Expected<std::string>(positional_csv(*in.trace, true))
                       : s.view == FigureView::AttnDistance     ? attention_distance_csv(*in.trace, true)
                       : s.view == FigureView::PosSimilarity    ? position_similarity_csv(*in.trace, true)
                       : s.view == FigureView::Rope             ? rope_csv(*in.trace, make_figure_request(in, s), true)
                       : s.view == FigureView::Alignment        ? alignment_csv(*in.trace, make_figure_request(in, s), true)
                       : s.view == FigureView::Audio            ? audio_csv(*in.trace, make_figure_request(in, s), true)
                                                                : matrix_csv(*in.trace, in.layer, std::max(in.head, 0), in.values,
                                                                             /*utf8_bom=*/true);
            if (!csv) {
                out.message = csv.error();
                return out;
            }
            bytes = std::move(*csv);
            break;
        }
        case ExportKind::Png:
        case ExportKind::Svg:
        case ExportKind::Pdf: {
            FigureRequest request = make_figure_request(in, s);
            const FigureFormat format = s.kind == ExportKind::Png   ? FigureFormat::Png
                                        : s.kind == ExportKind::Svg ? FigureFormat::Svg
                                                                    : FigureFormat::Pdf;
            auto rendered = render_figure(*in.trace, request, format);
            if (!rendered) {
                out.message = rendered.error();
                return out;
            }
            bytes = std::move(*rendered);
            break;
        }
    }
    Status st = write_file_atomically(path, [&](std::ostream& os) {
        os.write(bytes.data(), std::streamsize(bytes.size()));
        return Status::Ok();
    });
    if (!st) {
        out.message = st.message();
        return out;
    }
    out.ok = true;
    out.path = path;
    out.message = (s.kind == ExportKind::Json ? "Saved the whole trace to " : "Saved to ") + path;
    return out;
}

ExportJob::~ExportJob() {
    if (thread_.joinable()) thread_.join();
}

bool ExportJob::start(ExportInputs inputs, ExportSettings settings) {
    if (busy_.exchange(true)) return false;
    if (thread_.joinable()) thread_.join();  // the previous, finished export
    thread_ = std::thread([this, in = std::move(inputs), s = std::move(settings)] {
        name_this_thread("attn-export");
        ExportOutcome o = run_export(in, s);
        {
            std::lock_guard<std::mutex> lock(m_);
            outcome_ = std::move(o);
        }
        busy_.store(false);
    });
    return true;
}

std::optional<ExportOutcome> ExportJob::take_outcome() {
    std::lock_guard<std::mutex> lock(m_);
    std::optional<ExportOutcome> o = std::move(outcome_);
    outcome_.reset();
    return o;
}

bool take_export_request(ViewExport& e, bool can_export) {
    const bool open = e.request && can_export;
    e.request = false;
    return open;
}

}  // namespace attn::app
