// export_job.h — saving a figure or the numbers from the app, off the UI thread (GL-free).
//
// The UI thread fills an ExportSettings, calls start() with the trace on screen, and polls
// take_outcome() each frame. Rendering (Cairo/Pango) and writing run on the job's own thread;
// the file is written atomically, so a failed export leaves nothing behind and never damages an
// existing file. One export at a time.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/figure/figure.h"
#include "core/figure/figure_beams.h"
#include "core/figure/figure_lens.h"
#include "core/figure/figure_train.h"
#include "core/attention/trace.h"

namespace attn::pretrained {
struct PretrainedModel;
}

namespace attn::app {

enum class ExportKind { Png, Svg, Pdf, Csv, Json };
enum class ExportSize { Slide, A4, A4Landscape };

struct ExportSettings {
    FigureView view = FigureView::Heatmap;
    ExportKind kind = ExportKind::Pdf;
    ExportSize size = ExportSize::Slide;
    float png_scale = 2.0f;  // PNG pixels per figure unit (2 = 240 dpi, 3200 × 1800 for a slide)
    bool transparent = false;
    std::string path;        // where to write; the extension is set from `kind` when missing
};

const char* export_kind_ext(ExportKind kind);  // "png", ...
// `path` with the kind's extension: replaced if it has another known one, appended otherwise.
std::string with_export_extension(const std::string& path, ExportKind kind);
// A default file name for a view and kind in `dir`, e.g. dir/attnlab-heatmap-head2.pdf; with
// layer ≥ 0 (models with several layers) dir/attnlab-heatmap-layer3-head2.pdf.
std::string default_export_path(const std::string& dir, FigureView view, int head, ExportKind kind, int layer = -1);

// The Train figure's default name: dir/attnlab-train-<task>-step<N>.<ext>.
std::string default_train_export_path(const std::string& dir, const std::string& task, int step, ExportKind kind);
// The Lens figure's default name: dir/attnlab-lens.<ext>; the beam tree's: dir/attnlab-beams.<ext>.
std::string default_lens_export_path(const std::string& dir, ExportKind kind);
std::string default_beams_export_path(const std::string& dir, ExportKind kind);

struct ExportOutcome {
    bool ok = false;
    std::string message;  // "Saved … to …" or what went wrong
    std::string path;     // the file written (ok only)
};

struct ExportInputs {
    std::shared_ptr<const Trace> trace;    // the trace on screen
    // The pretrained model behind `trace` (null: built-in), to compute the toggled run if needed.
    std::shared_ptr<const pretrained::PretrainedModel> model;
    int head = 0, layer = 0;
    int cell_query = -1, cell_key = -1;
    int row = -1;  // Row and Qk figures: the query (-1 = the last one)
    int pair = 0;  // the RoPE figure's dimension pair (its frequencies come from `model`)
    bool all_layers = false, pieces = false;  // the alignment figure (head −1: the layer's mean)
    int word = -1;  // the audio figure's followed word (head −1: the alignment heads)
    MatrixValues values = MatrixValues::Weights;
    Colormap colormap = Colormap::Viridis;
    FigureLang lang = FigureLang::En;
    std::string font_file;                 // the bundled font ("" = system fonts)
    // The Train view's figure (curves and probe): when set, a PNG/SVG/PDF export draws it instead
    // of a view of `trace` (settings.view is ignored), and a CSV export writes its curves.
    std::shared_ptr<const TrainFigureData> train;
    // The Lens view's table: when set, PNG/SVG/PDF draw the lens figure and CSV writes its numbers
    // (layer, position, rank, id, token, probability); JSON is refused (`attnlab lens` writes it).
    std::shared_ptr<const LensFigureData> lens;
    // The Predict view's beam tree (a translation's search): the same, its CSV one row per candidate.
    std::shared_ptr<const BeamFigureData> beams;
};

// The figure request for these inputs and settings.
FigureRequest make_figure_request(const ExportInputs& in, const ExportSettings& settings);

// Renders and writes synchronously (the job's thread body; also what tests call).
ExportOutcome run_export(const ExportInputs& in, const ExportSettings& settings);

class ExportJob {
public:
    ExportJob() = default;
    ~ExportJob();
    ExportJob(const ExportJob&) = delete;
    ExportJob& operator=(const ExportJob&) = delete;

    bool busy() const { return busy_.load(); }
    // False (and nothing started) while another export runs.
    bool start(ExportInputs inputs, ExportSettings settings);
    // The finished export's outcome, once; empty while running or idle.
    std::optional<ExportOutcome> take_outcome();

private:
    std::thread thread_;
    std::atomic<bool> busy_{false};
    std::mutex m_;
    std::optional<ExportOutcome> outcome_;
};

// A view's own "Export figure…" popup (the Lens view, the Train view's text and image tasks): the
// job and what the popup remembers between frames. The main export panel has its own (panel_export.h).
struct ViewExport {
    ExportJob job;
    ExportSettings settings;   // kind, size, PNG scale, path (view ignored)
    bool request = false;      // open the popup on the next frame (button, Ctrl+E, File ▸ Export)
    bool path_edited = false;  // the user typed a path: keep it (only its extension follows the format)
    std::string dir;           // for default names ($HOME, else the working folder)
    std::string font;          // the bundled figure font ("" = system fonts)
    std::string message;       // the last outcome (core message, English)
    bool ok = false;
};

// Whether a view's popup opens this frame: a request is answered at once, by opening when the view
// has something to export, or dropped — never kept to open later, in another state, mid-typing.
bool take_export_request(ViewExport& e, bool can_export);

}  // namespace attn::app
