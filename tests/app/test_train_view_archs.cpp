// test_train_view_archs.cpp — the Train view with its other architectures: the tiny ViT on an image
// task (its worker, probes as whole traces, the overlay, the figure, Use this model), the llama
// arch, and the encoder–decoder (settings, a run, its cross-attention probe, Use this model).
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

TEST_CASE("ImageTrainWorker: a tiny ViT trains on odd-one; probes, the overlay, Use this model in the app's loader") {
    TempDir tmp;
    ImageTrainOptions o;
    REQUIRE(apply_image_task_defaults(o, "odd-one"));
    o.train_size = 200;
    o.test_size = 40;
    o.steps = 30;
    o.eval_every = 10;
    o.eval_examples = 40;
    o.threads = 1;
    ImageTrainWorker w;
    w.reset(o);
    w.run_steps(20);
    REQUIRE(w.wait_idle(60s));
    ImageTrainUpdate u = w.take();
    CHECK(u.reset);
    CHECK(u.error.empty());
    CHECK(u.log.size() == 20);
    CHECK(u.step == 20);
    CHECK(u.total_steps == 30);
    REQUIRE(u.class_names.size() == 4);
    REQUIRE(u.probes);
    REQUIRE(u.probes->size() == 4);
    for (const ImageProbe& p : *u.probes) {
        REQUIRE(p.cls_attention.size() == 1);  // odd-one: one layer
        REQUIRE(p.cls_attention[0].size() == 4);
        for (const std::vector<float>& head : p.cls_attention[0]) {
            REQUIRE(head.size() == 16);
            double sum = 0;
            for (float v : head) sum += v;
            CHECK(sum < 1.0);  // the rest is the class token's weight on itself
            CHECK(sum > 0.0);
        }
        const std::vector<std::uint8_t> rgba = probe_overlay_rgba(p, 0, -1, 6);
        CHECK(rgba.size() == std::size_t(168 * 168 * 4));
        // The full trace behind it ("Every head"): one layer of four (17 × 17) heads, one tile each.
        REQUIRE(p.trace);
        CHECK(p.trace->q_tokens.front().text == "[CLS]");
        const ProbeAtlas atlas = make_probe_atlas(*p.trace, Colormap::Viridis);
        CHECK(atlas.layers == 1);
        CHECK(atlas.heads == 4);
        CHECK(atlas.tq == 17);
        CHECK(atlas.tk == 17);
    }
    // Export figure for an image task: the curves and the probes as shown (the last layer, head 3).
    TrainCurves curves;
    for (const TrainLogEntry& e : u.log) add_log(curves, e);
    const TrainFigureData fig = image_train_figure_of(o, curves, *u.probes, u.probes_step,
                                                      class_names_for_ui(u.class_names, Lang::Ko), -1, 2, u.step,
                                                      u.total_steps);
    CHECK(fig.image_task);
    CHECK(fig.task == "odd-one");
    CHECK(fig.step == 20);
    CHECK(fig.total_steps == 30);
    CHECK(fig.steps.size() == 20);
    CHECK(fig.evals.size() == 2);  // steps 10 and 20
    CHECK(fig.image_probes.size() == 4);
    CHECK(fig.probe_layer == 0);
    CHECK(fig.probe_head == 2);
    CHECK(u.class_names[0] == "top left");  // the quarters, in the Korean figure in Korean
    CHECK(fig.class_names == std::vector<std::string>{"왼쪽 위", "오른쪽 위", "왼쪽 아래", "오른쪽 아래"});
    ExportInputs in;
    in.train = std::make_shared<const TrainFigureData>(fig);
    ExportSettings es;
    es.kind = ExportKind::Png;
    es.png_scale = 1.0f;
    es.path = (tmp.path / "fig").string();
    const ExportOutcome png = run_export(in, es);
    CHECK_MESSAGE(png.ok, png.message);
    CHECK(std::filesystem::file_size(tmp.path / "fig.png") > 10000);
    es.kind = ExportKind::Csv;
    const ExportOutcome csv = run_export(in, es);
    CHECK_MESSAGE(csv.ok, csv.message);
    std::ifstream csv_in(tmp.path / "fig.csv", std::ios::binary);
    std::string header;
    std::getline(csv_in, header);
    CHECK(header == "\xEF\xBB\xBFstep,batch_loss,test_loss,test_accuracy\r");

    // A second take hands nothing over twice.
    CHECK(w.take().log.empty());

    const std::string dir = (tmp.path / "vit").string();
    w.save(dir, SavePurpose::Use);
    REQUIRE(w.wait_idle(60s));
    u = w.take();
    REQUIRE(u.saves.size() == 1);
    REQUIRE_MESSAGE(u.saves[0].error.empty(), u.saves[0].error);
    CHECK(u.saves[0].step == 20);
    AppState state;
    ModelSession session;
    open_in_app(session, state, dir);
    CHECK(session.active->caps().inputs.image);

    // A bad reset says why; destroying the worker mid-training joins at once.
    ImageTrainOptions bad = o;
    bad.patch = 5;
    w.reset(bad);
    REQUIRE(w.wait_idle(10s));
    u = w.take();
    CHECK_FALSE(u.has_state);
    CHECK(u.error.find("--patch 5") != std::string::npos);
    auto w2 = std::make_unique<ImageTrainWorker>();
    o.steps = 100000;
    w2->reset(o);
    w2->start();
    std::this_thread::sleep_for(50ms);
    const auto t0 = std::chrono::steady_clock::now();
    w2.reset();
    CHECK(std::chrono::steady_clock::now() - t0 < 5s);
}

TEST_CASE("Use this model with the llama arch: a Llama folder through the app's loader, the same attention") {
    TempDir tmp;
    TrainWorker w;
    Collected c;
    TrainOptions o = tiny(30);
    o.arch = Arch::Llama;
    o.kv_heads = 1;  // every query head shares one K/V head
    const std::string dir = (tmp.path / "use-llama").string();
    train_and_use(w, c, o, 20, dir);
    CHECK(c.probe->probe->model_family == "Llama");

    AppState state;
    ModelSession session;
    open_in_app(session, state, dir);
    CHECK(session.active->config.model_type == "llama");
    CHECK(session.active->config.n_kv_heads() == 1);
    RunConfig run;
    run.text = c.saves[0].probe_text;
    auto trace = pretrained::compute_pretrained_trace(*session.active, run);
    REQUIRE_MESSAGE(trace.ok(), trace.status().message());
    CHECK(max_weight_diff(*trace, *c.probe->probe) < 1e-5);
}

TEST_CASE("the encoder–decoder in the Train view: its settings, a run, its cross-attention probe, Use this model") {
    // Settings: the task's defaults pass; en-ko refuses a length, in English and in Korean.
    TrainOptions o = s2s_train_defaults("en-ko");
    CHECK(o.arch == Arch::Seq2Seq);
    CHECK(check_train_settings(o, Lang::En).empty());
    o.task_params.length = 5;
    CHECK(check_train_settings(o, Lang::En).find("en-ko has no length") != std::string::npos);
    CHECK(check_train_settings(o, Lang::Ko) != check_train_settings(o, Lang::En));
    o = s2s_train_defaults("copy");  // not one of its tasks: en-ko's defaults
    CHECK(o.task == "en-ko");
    o = s2s_train_defaults("reverse");
    CHECK(o.task_params.n_symbols == 8);
    o.n_layers = 5;
    CHECK(!check_train_settings(o, Lang::En).empty());

    TempDir tmp;
    TrainWorker w;
    Collected c;
    o = s2s_train_defaults("en-ko");
    o.d_model = 16;
    o.n_heads = 2;
    o.batch = 8;
    o.steps = 30;
    o.eval_every = 10;
    o.eval_examples = 16;
    o.threads = 1;
    const std::string dir = (tmp.path / "use-s2s").string();
    const SaveResult r = train_and_use(w, c, o, 20, dir);
    CHECK(r.step == 20);
    CHECK(r.probe_text == "the dog finds the letter");
    CHECK(r.probe_target == "개가 편지를 찾는다");
    REQUIRE(c.probe);
    const Trace& probe = *c.probe->probe;
    CHECK(probe.section == "cross");
    CHECK(probe.t_q() == 6);  // <pad> and the target's five pieces
    CHECK(probe.t_k() == 6);  // the source's five words and </s>
    CHECK(written_tokens(probe).back().text == "</s>");
    const ProbeAtlas a = make_probe_atlas(probe, Colormap::Viridis);
    CHECK(a.tq == 6);
    CHECK(a.width == 2 * 6);

    // The saved Marian folder, opened as the app opens it, gives the probe's cross-attention.
    AppState state;
    ModelSession session;
    open_in_app(session, state, dir);
    CHECK(session.active->config.model_type == "marian");
    RunConfig run;
    run.text = r.probe_text;
    run.cross_text = r.probe_target;
    auto sections = pretrained::compute_pretrained_run(*session.active, run);
    REQUIRE_MESSAGE(sections.ok(), sections.status().message());
    REQUIRE(sections->size() == 3);
    const Trace& cross = sections->back();
    CHECK(max_weight_diff(cross, probe) < 1e-5);
    for (std::size_t i = 0; i < cross.q_tokens.size(); ++i) CHECK(cross.q_tokens[i].id == probe.q_tokens[i].id);
}

TEST_CASE("settings.json keeps an encoder–decoder task as seq2seq:NAME and restores it") {
    TrainOptions o = train_defaults("reverse");
    CHECK(saved_task_name(o) == "reverse");
    o = s2s_train_defaults("sort");
    CHECK(saved_task_name(o) == "seq2seq:sort");
    TrainOptions q = train_defaults("copy");
    q.threads = 3;
    REQUIRE(restore_task_settings(q, "seq2seq:sort", ""));
    CHECK(q.arch == Arch::Seq2Seq);
    CHECK(q.task == "sort");
    CHECK(q.threads == 3);
    REQUIRE(restore_task_settings(q, "text", "abc abc abc"));
    CHECK(q.arch == Arch::Gpt);
    CHECK(q.task_params.text == "abc abc abc");
    CHECK_FALSE(restore_task_settings(q, "seq2seq:nope", ""));  // unknown: left as it was
    CHECK_FALSE(restore_task_settings(q, "en-ko", ""));         // a seq2seq task only with its prefix
    CHECK(q.task == "text");
}
