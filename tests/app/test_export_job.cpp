// Exporting from the app: extensions, default names, real files written, errors, the job thread.
#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/jobs/export_job.h"
#include "core/attention/engine.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;

static std::shared_ptr<const Trace> small_trace() {
    ModelConfig c;
    c.d_model = 16;
    c.n_heads = 2;
    auto m = make_builtin_model(c);
    REQUIRE(m.ok());
    RunConfig r;
    r.text = "그는 집에 갔다.";
    auto t = compute_trace(*m, r);
    REQUIRE(t.ok());
    return std::make_shared<const Trace>(std::move(*t));
}

static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

static fs::path temp_dir() {
    const fs::path d = fs::temp_directory_path() / ("attnlab_export_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

TEST_CASE("export file names") {
    CHECK(with_export_extension("/tmp/fig", ExportKind::Pdf) == "/tmp/fig.pdf");
    CHECK(with_export_extension("/tmp/fig.png", ExportKind::Svg) == "/tmp/fig.svg");
    CHECK(with_export_extension("/tmp/my.figure", ExportKind::Png) == "/tmp/my.figure.png");
    CHECK(default_export_path("/tmp", FigureView::Heatmap, 1, ExportKind::Pdf) == "/tmp/attnlab-heatmap-head2.pdf");
    CHECK(default_export_path("/tmp", FigureView::Heads, 1, ExportKind::Png) == "/tmp/attnlab-heads.png");
    // Models with several layers name the layer too (not for the positions or the whole trace).
    CHECK(default_export_path("/tmp", FigureView::Heatmap, 1, ExportKind::Pdf, 2) == "/tmp/attnlab-heatmap-layer3-head2.pdf");
    CHECK(default_export_path("/tmp", FigureView::Heads, 0, ExportKind::Png, 0) == "/tmp/attnlab-heads-layer1.png");
    CHECK(default_export_path("/tmp", FigureView::PositionalEncoding, 0, ExportKind::Png, 4) ==
          "/tmp/attnlab-pe.png");
}

TEST_CASE("run_export writes PDF, SVG, PNG, CSV and JSON files") {
    const fs::path dir = temp_dir();
    ExportInputs in;
    in.trace = small_trace();
    in.head = 1;
    const char* font = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
    if (fs::exists(font)) in.font_file = font;
    struct Case { ExportKind kind; FigureView view; const char* magic; };
    for (const Case& c : {Case{ExportKind::Pdf, FigureView::Heatmap, "%PDF"},
                          Case{ExportKind::Svg, FigureView::Heads, "<?xml"},
                          Case{ExportKind::Png, FigureView::Scaling, "\x89PNG"},
                          Case{ExportKind::Csv, FigureView::Heatmap, "\xEF\xBB\xBF"},
                          Case{ExportKind::Json, FigureView::Heatmap, "{"}}) {
        ExportSettings s;
        s.kind = c.kind;
        s.view = c.view;
        s.png_scale = 0.5f;
        s.path = (dir / "out").string();
        const ExportOutcome o = run_export(in, s);
        INFO(o.message);
        REQUIRE(o.ok);
        CHECK(o.path == with_export_extension(s.path, c.kind));
        CHECK(slurp(o.path).rfind(c.magic, 0) == 0);
    }
    CHECK(slurp((dir / "out.csv").string()).find("그는") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("export errors are messages and leave nothing behind") {
    ExportInputs in;
    ExportSettings s;
    s.path = "/tmp/never.pdf";
    ExportOutcome o = run_export(in, s);  // no trace
    CHECK_FALSE(o.ok);
    CHECK_FALSE(o.message.empty());

    in.trace = small_trace();
    s.path = "/nonexistent-folder/x";
    o = run_export(in, s);
    CHECK_FALSE(o.ok);
    CHECK(o.message.find("does not exist") != std::string::npos);
    CHECK_FALSE(fs::exists("/nonexistent-folder/x.pdf"));

    in.head = 7;  // out of range
    s.path = (temp_dir() / "bad").string();
    o = run_export(in, s);
    CHECK_FALSE(o.ok);
    CHECK_FALSE(fs::exists(s.path + ".pdf"));
    fs::remove_all(temp_dir());
}

TEST_CASE("ExportJob runs off the calling thread and reports once") {
    const fs::path dir = temp_dir();
    ExportJob job;
    ExportInputs in;
    in.trace = small_trace();
    ExportSettings s;
    s.kind = ExportKind::Json;
    s.path = (dir / "job").string();
    REQUIRE(job.start(in, s));
    std::optional<ExportOutcome> o;
    for (int i = 0; i < 500 && !o; ++i) {
        o = job.take_outcome();
        if (!o) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    REQUIRE(o.has_value());
    CHECK(o->ok);
    CHECK_FALSE(job.take_outcome().has_value());
    CHECK(fs::exists(dir / "job.json"));
    fs::remove_all(dir);
}

TEST_CASE("a view's export request opens its popup at once or never (Ctrl+E with nothing to export is dropped)") {
    ViewExport e;
    CHECK_FALSE(take_export_request(e, true));  // nothing asked
    e.request = true;
    CHECK_FALSE(take_export_request(e, false));  // asked with nothing to export (the Lens view without a model)
    CHECK_FALSE(e.request);
    CHECK_FALSE(take_export_request(e, true));  // … and it does not open later, once there is something
    e.request = true;
    CHECK(take_export_request(e, true));
    CHECK_FALSE(take_export_request(e, true));  // once
}
