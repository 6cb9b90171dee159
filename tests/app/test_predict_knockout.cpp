// test_predict_knockout.cpp — the Predict view's knock-outs without a display: toggling heads in the
// state and comparing at the chosen position, the head-ranking job (every head once, progress,
// cancel; a translation model's every section), and the --knock / --rank-heads options.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>
#include <thread>

#include "app/jobs/head_rank_job.h"
#include "app/shell/app_options.h"
#include "app/state/views.h"
#include "app/views/predict/panel.h"
#include "app/views/predict/predict.h"
#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/pretrained/family/pretrained_model.h"
#include "tests/app/fake_pretrained.h"
#include "tests/app/fixture_models.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;
using attn::app::testing::fixtures;
using attn::app::testing::load_model;
using attn::app::testing::tiny_gpt2;

TEST_CASE("knock-outs: toggled in the state, compared at the chosen position") {
    AppState s;
    toggle_knockout(s, 1, 2);
    toggle_knockout(s, 0, 3);
    CHECK(is_knocked_out(s, 1, 2));
    toggle_knockout(s, 1, 2);
    CHECK_FALSE(is_knocked_out(s, 1, 2));
    REQUIRE(s.knocked_out.size() == 1);
    s.knockout_mean = true;
    const pretrained::Ablation a = knockout_ablation(s);
    CHECK(a.mode == pretrained::AblationMode::Mean);
    CHECK(a.heads == std::vector<pretrained::HeadIndex>{{0, 3}});
    pretrained::Ablation outside = a;
    outside.heads.push_back({5, 0});
    outside.heads.push_back({0, 9});
    CHECK(heads_inside(outside, 2, 4).heads == a.heads);

    const PretrainedPtr m = tiny_gpt2();
    KnockoutRequest r;
    r.model = m;
    r.ids = {5, 17, 99, 200, 256, 260};
    r.position = 3;
    r.ablation = a;
    r.row_ids = {7, 99, 3};
    const KnockoutResult k = run_knockout(r);
    REQUIRE(k.error.empty());
    REQUIRE(k.knocked.size() == 3);
    auto logits = lm::ablated_next_logits(*m, {5, 17, 99, 200}, a);  // causal: the tokens up to the position
    REQUIRE(logits.ok());
    const RowVec p = lm::token_probabilities(logits->row(3));
    for (size_t i = 0; i < 3; ++i) CHECK(std::fabs(k.knocked[i] - p[r.row_ids[i]]) < 1e-6f);
    REQUIRE(k.top.size() == 3);
    CHECK(k.top[0].raw >= k.top[1].raw);
    // Nothing knocked out: the model's own probabilities.
    r.ablation = {};
    const KnockoutResult same = run_knockout(r);
    auto plain = lm::ablated_next_logits(*m, {5, 17, 99, 200}, {});
    REQUIRE(plain.ok());
    CHECK(std::fabs(same.knocked[0] - lm::token_probabilities(plain->row(3))[7]) < 1e-7f);
}

TEST_CASE("head ranking job: every head once, progress, cancel") {
    HeadRankJob job;
    HeadRankRequest r;
    r.model = tiny_gpt2();
    r.ids = {5, 17, 99, 200, 256, 260, 3, 8};
    job.start(r);
    REQUIRE(job.wait_idle(std::chrono::seconds(30)));
    auto done = job.take();
    REQUIRE(done.has_value());
    CHECK(done->error.empty());
    CHECK(done->ranking.heads.size() == 8);
    CHECK(job.done() == 8);
    CHECK(job.total() == 8);
    CHECK_FALSE(done->ranking.cancelled);
    CHECK_FALSE(job.take().has_value());  // taken once
    // Cancelled before it starts: stops at once.
    job.start(r);
    job.cancel();
    REQUIRE(job.wait_idle(std::chrono::seconds(30)));
    auto stopped = job.take();
    REQUIRE(stopped.has_value());
    CHECK(stopped->ranking.heads.size() <= 8);
    // A model that does not predict the next token: a message.
    r.model = load_model(fixtures() / "lm" / "tiny-bert-mlm");
    r.ids = {2, 10, 3};
    job.start(r);
    REQUIRE(job.wait_idle(std::chrono::seconds(30)));
    auto bert = job.take();
    REQUIRE(bert.has_value());
    CHECK(bert->error.find("does not predict the next token") != std::string::npos);
}

TEST_CASE("head ranking job: a translation model's heads, every section, watching the next target token") {
    HeadRankJob job;
    HeadRankRequest r;
    r.model = load_model(fixtures() / "pretrained" / "models" / "tiny-marian");
    r.source = {5, 6, 7, 0};
    r.ids = {9};
    r.base.heads = {pretrained::HeadIndex{0, 0, pretrained::Section::Cross}};
    job.start(r);
    REQUIRE(job.wait_idle(std::chrono::seconds(30)));
    auto done = job.take();
    REQUIRE(done.has_value());
    CHECK(done->error.empty());
    const auto& c = r.model->config;
    const int total = c.n_layers * c.n_heads + 2 * c.decoder_layers * c.decoder_heads;
    CHECK(int(done->ranking.heads.size()) == total);
    CHECK(job.total() == total);
    CHECK(done->ranking.position == 1);
    auto direct = lm::rank_translation_heads(*r.model, r.source, r.ids, r.base);
    REQUIRE(direct.ok());
    CHECK(direct->answer_id == done->ranking.answer_id);
    CHECK(direct->heads.front().head == done->ranking.heads.front().head);
}

TEST_CASE("--knock and --rank-heads") {
    std::vector<std::string> args = {"attnlab", "--screenshot", "out.png", "--knock", "1.2,2.4", "--rank-heads"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    auto o = parse_app_options(int(argv.size()), argv.data());
    REQUIRE(o.ok());
    CHECK(o->knock == std::vector<pretrained::HeadIndex>{{0, 1}, {1, 3}});
    CHECK(o->rank_heads);
    CHECK(o->frames >= 6);
    // An encoder–decoder's heads by section.
    args[4] = "cross.2.1, enc.1.3";
    argv.clear();
    for (std::string& a : args) argv.push_back(a.data());
    auto sections = parse_app_options(int(argv.size()), argv.data());
    REQUIRE(sections.ok());
    CHECK(sections->knock == std::vector<pretrained::HeadIndex>{{1, 0, pretrained::Section::Cross},
                                                                 {0, 2, pretrained::Section::Encoder}});
    for (const char* bad : {"x", "0.1", "1.attn", "cross.1.attn", "1.2,cross.1.1"}) {
        args[4] = bad;
        argv.clear();
        for (std::string& a : args) argv.push_back(a.data());
        auto e = parse_app_options(int(argv.size()), argv.data());
        REQUIRE_FALSE(e.ok());
        CHECK(e.error().find("--knock") != std::string::npos);
    }
}
