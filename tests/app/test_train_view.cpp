// The Train view's GL-free side: the training worker's mailbox (commands, results, pause / step /
// reset, shutdown mid-training), the snapshot timeline (bound, thinning, scrubbing), the settings'
// messages in both languages, "Use this model" (a folder the app's loader opens, whose attention
// is the last probe's), and "Export figure" (the figure record, written by the export job).
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "app/i18n/class_names.h"
#include "app/i18n/core_messages.h"
#include "app/jobs/export_job.h"
#include "app/jobs/model_loader.h"
#include "app/shell/app_options.h"
#include "app/state/views.h"
#include "app/views/train/image_worker.h"
#include "app/views/train/train_lab.h"
#include "app/views/train/train_worker.h"
#include "core/attention/alignment.h"
#include "core/pretrained/family/pretrained_model.h"
#include "tests/app/train_view_test_util.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::app;
using namespace attn::train;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

using namespace attn::app::train_view_test;

TEST_CASE("the timeline keeps at most 64 snapshots, spread evenly, with the first and the newest") {
    Timeline t;
    for (int step = 0; step <= 5000; ++step) {
        add_snapshot(t, snap(step));
        REQUIRE(int(t.snapshots.size()) <= kMaxSnapshots);
        REQUIRE(t.snapshots.front().step == 0);
        REQUIRE(t.snapshots.back().step == step);  // the newest is always there
    }
    for (std::size_t i = 1; i < t.snapshots.size(); ++i) CHECK(t.snapshots[i].step > t.snapshots[i - 1].step);
    // Evenly: every gap but the last (the newest one) is the same stride.
    int lo = 1 << 30, hi = 0;
    for (std::size_t i = 1; i + 1 < t.snapshots.size(); ++i) {
        const int gap = t.snapshots[i].step - t.snapshots[i - 1].step;
        lo = std::min(lo, gap);
        hi = std::max(hi, gap);
    }
    CHECK(hi <= 2 * lo);
    CHECK(int(t.snapshots.size()) >= kMaxSnapshots / 2);
    CHECK(t.stride >= 64);

    // An equal step replaces; an older step is ignored.
    Timeline u;
    add_snapshot(u, snap(0));
    add_snapshot(u, snap(5));
    ProbeSnapshot again = snap(5);
    again.loss = 2.0f;
    add_snapshot(u, again);
    add_snapshot(u, snap(3));
    REQUIRE(u.snapshots.size() == 2);
    CHECK(u.snapshots.back().loss == 2.0f);
}

TEST_CASE("thinning drops every second snapshot but keeps the first and the last") {
    Timeline t;
    t.capacity = 1000;
    for (int s : {0, 10, 20, 30, 40, 50, 60}) add_snapshot(t, snap(s));
    thin_timeline(t);
    std::vector<int> steps;
    for (const ProbeSnapshot& s : t.snapshots) steps.push_back(s.step);
    CHECK(steps == std::vector<int>{0, 20, 40, 60});
    CHECK(t.stride == 2);
}

TEST_CASE("scrubbing shows the last snapshot at or before the chosen step") {
    Timeline t;
    CHECK(snapshot_at(t, 10) == -1);
    for (int s : {0, 25, 50, 75, 100}) add_snapshot(t, snap(s));
    CHECK(snapshot_at(t, 0) == 0);
    CHECK(snapshot_at(t, 24) == 0);
    CHECK(snapshot_at(t, 25) == 1);
    CHECK(snapshot_at(t, 74) == 2);
    CHECK(snapshot_at(t, 100) == 4);
    CHECK(snapshot_at(t, 1000) == 4);
    CHECK(snapshot_at(t, -5) == 0);
}

TEST_CASE("settings: the task defaults pass; each bad setting is named, in English and Korean") {
    for (const TaskInfo& info : task_registry()) {
        const TrainOptions o = train_defaults(info.name);
        CAPTURE(info.name);
        CHECK(o.task == info.name);
        CHECK(o.steps == info.defaults.steps);
        CHECK(o.task_params.length > 0);
        CHECK(check_train_settings(o, Lang::En).empty());
    }
    CHECK(!train_defaults("text").task_params.text.empty());  // the preset sentences

    auto msg = [](TrainOptions o, Lang lang) { return check_train_settings(o, lang); };
    TrainOptions o = train_defaults("reverse");
    o.n_layers = 5;
    CHECK(msg(o, Lang::En) == "Layers: 5 is out of range (1 to 4).");
    CHECK(msg(o, Lang::Ko).find("층 수: 5") != std::string::npos);
    o = train_defaults("reverse");
    o.d_model = 50;
    CHECK(msg(o, Lang::En).find("not divisible by 4 heads") != std::string::npos);
    o.d_model = 300;
    CHECK(msg(o, Lang::En).find("d_model: 300 is out of range (16 to 256)") != std::string::npos);
    o = train_defaults("reverse");
    o.lr = 0.0f;
    CHECK(msg(o, Lang::En).find("Learning rate") != std::string::npos);
    CHECK(msg(o, Lang::Ko).find("학습률") != std::string::npos);
    o = train_defaults("reverse");
    o.steps = 0;
    CHECK(msg(o, Lang::En).find("Steps: 0") != std::string::npos);
    o.steps = 200;
    o.batch = 5000;
    CHECK(msg(o, Lang::En).find("Batch: 5000") != std::string::npos);
    o = train_defaults("reverse");
    o.task_params.n_symbols = 40;  // the task's own range, with the control's name
    CHECK(msg(o, Lang::En) == "Symbols 40: must be 2 to 26.");
    CHECK(msg(o, Lang::Ko) == "기호 수 40: 2에서 26 사이여야 합니다.");
    o = train_defaults("reverse");  // the llama arch: K/V heads must divide the heads
    o.arch = Arch::Llama;
    CHECK(msg(o, Lang::En).empty());
    o.kv_heads = 3;
    CHECK(msg(o, Lang::En).find("--kv-heads 3: must divide --heads 4") != std::string::npos);
    CHECK(msg(o, Lang::Ko).find("키/값 헤드마다") != std::string::npos);
    o.kv_heads = 2;
    CHECK(msg(o, Lang::En).empty());
    CHECK(!same_train_options(o, train_defaults("reverse")));  // switching the arch starts a new run
    o = train_defaults("text");
    o.task_params.text = "  \n ";
    CHECK(msg(o, Lang::En).find("The training text is empty") != std::string::npos);
    CHECK(msg(o, Lang::Ko).find("학습 텍스트가 비어 있습니다") != std::string::npos);
    o.task_params.text = "short";
    CHECK(msg(o, Lang::En).find("is 5 bytes; it must be longer than the length (32)") != std::string::npos);
    o.task_params.text = "한국어 문장도 학습할 수 있습니다. 바이트 하나가 토큰 하나입니다.";
    CHECK(msg(o, Lang::En).empty());
    // A run whose steps would take seconds is refused (Pause and closing wait for a step).
    o = train_defaults("text");
    o.task_params.length = 256;
    o.d_model = 256;
    o.n_layers = 4;
    o.n_heads = 8;
    o.batch = 1024;
    CHECK(step_gflop(o, 257) > 1000.0);
    CHECK(msg(o, Lang::En).find("GFLOP") != std::string::npos);
    CHECK(msg(o, Lang::Ko).find("GFLOP") != std::string::npos);
    for (const TaskInfo& info : task_registry()) CHECK(step_gflop(train_defaults(info.name), 64) < kMaxStepGflop / 8);
}

TEST_CASE("the save errors of a trained model read in Korean") {
    for (const char* m : {"/x/model exists already. Choose a new folder name (nothing was written).",
                          "The folder /x/no does not exist. Create it first.",
                          "Cannot write in /x: Permission denied."}) {
        CAPTURE(m);
        const std::string ko = localize_core_message(m, Lang::Ko);
        CHECK(ko != m);
        CHECK(ko.find("/x") != std::string::npos);
    }
}

TEST_CASE("TrainWorker: reset, one step, n steps, start to the end; the mailbox hands each entry over once") {
    TrainWorker w;
    Collected c;
    w.reset(tiny(40));
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    REQUIRE(c.last.has_state);
    CHECK(c.last.error.empty());
    CHECK(c.last.reset);
    CHECK(c.last.step == 0);
    CHECK(c.last.total_steps == 40);
    CHECK(c.last.probe_text == "hebfhh>hhfbe");
    REQUIRE(c.probe);
    CHECK(c.probe->step == 0);
    REQUIRE(c.probe->probe);
    CHECK(c.probe->probe->layers.size() == 2);
    CHECK(c.log.empty());

    w.step();
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    REQUIRE(c.log.size() == 1);
    CHECK(c.log[0].step == 1);
    CHECK(c.probe->step == 1);
    CHECK_FALSE(c.last.running);

    w.run_steps(5);
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    REQUIRE(c.log.size() == 6);
    for (int i = 0; i < 6; ++i) CHECK(c.log[std::size_t(i)].step == i + 1);  // each once, in order
    CHECK(c.last.step == 6);
    CHECK(c.probe->step == 6);  // stopping publishes the probe

    w.start();
    REQUIRE(w.wait_idle(30s));
    collect(w, c);
    CHECK(c.last.step == 40);
    CHECK(c.log.size() == 40);
    CHECK(c.log.back().evaluated);  // the last step evaluates
    REQUIRE(c.timeline);
    CHECK(c.timeline->snapshots.front().step == 0);
    CHECK(c.timeline->snapshots.back().step == 40);
    CHECK(c.probe->step == 40);
    // Start or Step after the end do nothing.
    w.start();
    w.step();
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    CHECK(c.last.step == 40);
    CHECK(c.log.size() == 40);
}

TEST_CASE("TrainWorker: the same losses, bit for bit, as the core's own loop (probes and pauses change nothing)") {
    const TrainOptions o = tiny(30);
    auto state = make_train_state(o);
    REQUIRE(state.ok());
    std::vector<float> expected;
    while (!training_done(**state)) expected.push_back(train_step(**state).loss);

    TrainWorker w;
    Collected c;
    w.reset(o);
    w.step();
    w.run_steps(7);
    REQUIRE(w.wait_idle(10s));
    w.start();
    w.pause();
    REQUIRE(w.wait_idle(10s));
    w.start();
    REQUIRE(w.wait_idle(30s));
    collect(w, c);
    REQUIRE(c.log.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) CHECK(c.log[i].loss == expected[i]);
}

TEST_CASE("TrainWorker: pause stops between two steps; reset starts over; a bad reset says why") {
    TrainWorker w;
    Collected c;
    w.reset(tiny(100000));
    w.start();
    std::this_thread::sleep_for(100ms);
    CHECK(w.busy());
    w.pause();
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    const int paused_at = c.last.step;
    CHECK(paused_at > 0);
    CHECK(paused_at < 100000);
    CHECK_FALSE(c.last.running);
    REQUIRE(c.probe);
    CHECK(c.probe->step == paused_at);  // pausing shows the weights it stopped at
    std::this_thread::sleep_for(50ms);
    collect(w, c);
    CHECK(c.last.step == paused_at);  // paused means paused
    const std::uint64_t first_run = c.last.run_id;

    w.reset(tiny(10));
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    CHECK(c.last.run_id == first_run + 1);
    CHECK(c.last.step == 0);
    CHECK(c.log.empty());

    TrainOptions bad = tiny(10);
    bad.n_layers = 9;
    w.reset(bad);
    REQUIRE(w.wait_idle(10s));
    collect(w, c);
    CHECK_FALSE(c.last.has_state);
    CHECK(c.last.error.find("--layers 9") != std::string::npos);
    w.start();  // nothing to train: stays idle
    REQUIRE(w.wait_idle(5s));
}

TEST_CASE("TrainWorker: destroying it mid-training stops and joins at once") {
    const auto t0 = std::chrono::steady_clock::now();
    {
        TrainWorker w;
        w.reset(tiny(100000));
        w.start();
        std::this_thread::sleep_for(50ms);
        CHECK(w.busy());
    }
    CHECK(std::chrono::steady_clock::now() - t0 < 5s);
    // Commands queued behind a long one are dropped, not run, at shutdown.
    TrainWorker w2;
    w2.reset(tiny(1000));
    w2.run_steps(1000);
}

TEST_CASE("Use this model: the folder opens through the app's loader with the last probe's attention") {
    TempDir tmp;
    TrainWorker w;
    Collected c;
    const std::string dir = (tmp.path / "use").string();
    const SaveResult r = train_and_use(w, c, tiny(30), 25, dir);
    CHECK(r.purpose == SavePurpose::Use);
    CHECK(r.step == 25);
    REQUIRE(c.probe);
    CHECK(c.probe->step == 25);

    AppState state;
    ModelSession session;
    open_in_app(session, state, dir);
    CHECK(session.active_folder == fs::path(dir).lexically_normal().string());
    RunConfig run;
    run.text = r.probe_text;
    auto trace = pretrained::compute_pretrained_trace(*session.active, run);
    REQUIRE_MESSAGE(trace.ok(), trace.status().message());
    CHECK(max_weight_diff(*trace, *c.probe->probe) < 1e-5);

    // Saving again into the same folder is refused; into a missing folder too; nothing half-written.
    w.save(dir, SavePurpose::Keep);
    w.save((tmp.path / "missing" / "model").string(), SavePurpose::Keep);
    REQUIRE(w.wait_idle(30s));
    collect(w, c);
    REQUIRE(c.saves.size() == 3);
    CHECK(c.saves[1].error.find("exists already") != std::string::npos);
    CHECK(c.saves[2].error.find("does not exist") != std::string::npos);
    int entries = 0;
    for (const auto& e : fs::directory_iterator(tmp.path)) (void)e, ++entries;
    CHECK(entries == 1);
    if (::geteuid() != 0) {
        fs::permissions(tmp.path, fs::perms::owner_read | fs::perms::owner_exec);
        w.save((tmp.path / "ro").string(), SavePurpose::Keep);
        REQUIRE(w.wait_idle(30s));
        collect(w, c);
        REQUIRE(c.saves.size() == 4);
        CHECK(!c.saves[3].error.empty());
        CHECK(localize_core_message(c.saves[3].error, Lang::Ko) != c.saves[3].error);
        fs::permissions(tmp.path, fs::perms::owner_all);
    }
}

TEST_CASE("curves, steps per second, decimation and the probe picture") {
    TrainCurves c;
    for (int i = 1; i <= 100; ++i) {
        TrainLogEntry e;
        e.step = i;
        e.loss = 5.0f / float(i);
        e.seconds = 0.01 * i;  // 100 steps a second
        e.evaluated = i % 25 == 0;
        e.eval.exact = 0.01f * float(i);
        add_log(c, e);
    }
    CHECK(c.step.size() == 100);
    CHECK(c.eval_step == std::vector<double>{25, 50, 75, 100});
    CHECK(steps_per_second(c) == doctest::Approx(100.0).epsilon(0.01));
    std::vector<double> x, y;
    decimate(c.step, c.loss, 10, x, y);
    REQUIRE(x.size() == 10);
    CHECK(x.front() == 1);
    CHECK(x.back() == 100);
    decimate(c.step, c.loss, 1000, x, y);
    CHECK(x.size() == 100);

    CHECK(probe_token_label(" ") == "_");
    CHECK(probe_token_label("a") == "a");
    CHECK(probe_token_label("\xEA") == "·");
    CHECK(probe_token_label("고양이") == "고양이");  // an encoder–decoder's piece: whole characters
    CHECK(probe_token_label("a\tb\x7F") == "a·b·");

    TrainWorker w;
    w.reset(tiny(5));
    REQUIRE(w.wait_idle(10s));
    TrainUpdate u = w.take();
    REQUIRE(u.probe);
    const ProbeAtlas a = make_probe_atlas(*u.probe->probe, Colormap::Viridis);
    CHECK(a.layers == 2);
    CHECK(a.heads == 2);
    CHECK(a.tq == 12);
    CHECK(a.tk == 12);
    CHECK(a.width == 24);
    CHECK(a.height == 24);
    CHECK(a.rgba.size() == std::size_t(24 * 24 * 4));
    CHECK(a.rgba[4 * 1 + 0] == 40);  // (0, 1) is above the diagonal: masked, grey
}

TEST_CASE("the Train view: its name, its shortcut and its screenshot options") {
    View v;
    REQUIRE(parse_view("train", &v));
    CHECK(v == View::Train);
    CHECK(kViews[12] == View::Train);  // the 13th view
    CHECK(std::string(view_name(View::Train)) == "train");
    CHECK(std::string(view_choices()).find("train") != std::string::npos);
    CHECK(std::string(view_shortcut_text(12)) == "Ctrl+Shift+3");

    const char* ok[] = {"attnlab", "--screenshot", "x.png", "--view", "train", "--train-task", "copy", "--train-steps", "40"};
    auto o = parse_app_options(9, const_cast<char**>(ok));
    REQUIRE(o.ok());
    CHECK(*o->train_task == "copy");
    CHECK(*o->train_steps == 40);
    const char* bad_task[] = {"attnlab", "--screenshot", "x.png", "--train-task", "nope"};
    auto e = parse_app_options(5, const_cast<char**>(bad_task));
    REQUIRE(!e.ok());
    CHECK(e.error().find("unknown task 'nope'") != std::string::npos);
    const char* interactive[] = {"attnlab", "--train-steps", "10"};
    CHECK(!parse_app_options(3, const_cast<char**>(interactive)).ok());
    const char* too_many[] = {"attnlab", "--screenshot", "x.png", "--train-steps", "200000"};
    CHECK(!parse_app_options(5, const_cast<char**>(too_many)).ok());
    CHECK(strip_gui_flags(9, const_cast<char**>(ok)).size() == 1);
    // An image task's probe picture in every layer and head: 1-4, and only for an image task.
    const char* picture[] = {"attnlab", "--screenshot", "x.png", "--train-task", "odd-one", "--train-picture", "3"};
    auto pic = parse_app_options(7, const_cast<char**>(picture));
    REQUIRE(pic.ok());
    CHECK(*pic->train_picture == 3);
    picture[6] = "5";
    CHECK(!parse_app_options(7, const_cast<char**>(picture)).ok());
    picture[4] = "copy";
    picture[6] = "1";
    auto text_task = parse_app_options(7, const_cast<char**>(picture));
    REQUIRE(!text_task.ok());
    CHECK(text_task.error().find("image task") != std::string::npos);
}

TEST_CASE("Export figure: the view's curves and probe become a figure, written by the export job off the UI thread") {
    TrainWorker w;
    Collected c;
    w.reset(tiny(20));
    w.run_steps(20);
    REQUIRE(w.wait_idle(30s));
    collect(w, c);
    REQUIRE(c.probe);
    TrainCurves curves;
    for (const TrainLogEntry& e : c.log) add_log(curves, e);
    const TrainFigureData d = train_figure_of(tiny(20), curves, &*c.probe, c.last.step, c.last.total_steps, true);
    CHECK(d.task == "reverse");
    CHECK(d.n_layers == 2);
    CHECK(d.n_heads == 2);
    CHECK(d.step == 20);
    CHECK(d.total_steps == 20);
    CHECK(d.steps.size() == 20);
    CHECK(d.evals.size() == 2);  // steps 10 and 20
    CHECK(d.probe == c.probe->probe);  // shared, not copied
    CHECK(d.probe_step == 20);

    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("attnlab_trainfig_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    ExportInputs in;
    in.train = std::make_shared<const TrainFigureData>(d);
    in.lang = FigureLang::Ko;
    if (std::filesystem::exists(ATTNLAB_ASSET_DIR "/fonts/NanumGothic.ttf"))
        in.font_file = ATTNLAB_ASSET_DIR "/fonts/NanumGothic.ttf";
    ExportSettings s;
    s.kind = ExportKind::Png;
    s.png_scale = 1.0f;
    s.path = default_train_export_path(dir.string(), d.task, d.probe_step, s.kind);
    CHECK(std::filesystem::path(s.path).filename() == "attnlab-train-reverse-step20.png");
    ExportJob job;  // as the popup does: start, then poll each frame
    REQUIRE(job.start(in, s));
    std::optional<ExportOutcome> out;
    for (int i = 0; i < 3000 && !out; ++i) {
        out = job.take_outcome();
        if (!out) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(out);
    CHECK_MESSAGE(out->ok, out->message);
    CHECK(out->message == "Saved to " + s.path);
    CHECK(std::filesystem::file_size(s.path) > 10000);
    CHECK(localize_core_message(out->message, Lang::Ko).find("저장했습니다") != std::string::npos);

    s.kind = ExportKind::Pdf;  // the same data as a PDF; a missing folder fails and leaves nothing
    s.path = (dir / "fig").string();
    ExportOutcome pdf = run_export(in, s);
    CHECK_MESSAGE(pdf.ok, pdf.message);
    CHECK(pdf.path == (dir / "fig.pdf").string());
    s.path = (dir / "missing" / "fig.pdf").string();
    ExportOutcome bad = run_export(in, s);
    CHECK_FALSE(bad.ok);
    CHECK_FALSE(bad.message.empty());
    CHECK_FALSE(std::filesystem::exists(dir / "missing"));
    std::filesystem::remove_all(dir);
}
