// test_predict.cpp — the Predict view's logic without a display: what each model can do (and the
// messages otherwise), the position choice, the bars against core/lm's sampling_distribution, and
// the generation worker on the tiny GPT-2 (append, undo, keep as sentence, seeds, and the grown
// attention rows against a full recomputation); BERT's masked-LM job with and without its head.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/jobs/head_rank_job.h"
#include "app/views/predict/generation_worker.h"
#include "app/views/predict/panel.h"
#include "app/views/predict/predict.h"
#include "app/shell/app_options.h"
#include "app/state/views.h"
#include "core/lm/lm_session.h"
#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/masked_lm.h"
#include "core/lm/sampling.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "tests/app/fake_pretrained.h"
#include "tests/app/fixture_models.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;
using attn::app::testing::fixtures;
using attn::app::testing::load_model;
using attn::app::testing::tiny_gpt2;

namespace {

std::shared_ptr<const PredictSnapshot> settle(GenerationWorker& w) {
    REQUIRE(w.wait_idle(std::chrono::seconds(30)));
    auto snap = w.take();
    REQUIRE(snap != nullptr);
    return snap;
}

RowVec test_logits() {
    RowVec l(12);  // (V) distinct values, a tie at the end
    l << 2.0f, -1.0f, 0.5f, 3.0f, 1.5f, -2.0f, 0.0f, 2.5f, 1.0f, -0.5f, 0.2f, 0.2f;
    return l;
}

}  // namespace

TEST_CASE("predict: what each model supports, with a message for the built-in model") {
    CHECK(predict_support(nullptr) == PredictSupport::NoModel);
    auto gpt2 = testing::fake_model("gpt2");
    auto bert = testing::fake_model("bert");
    auto distil = testing::fake_model("distilbert");
    CHECK(predict_support(gpt2.get()) == PredictSupport::NextToken);
    CHECK(predict_support(bert.get()) == PredictSupport::Masked);
    CHECK(predict_support(distil.get()) == PredictSupport::Masked);
    CHECK(predict_support(testing::fake_model("marian").get()) == PredictSupport::Translation);
    CHECK(predict_intro(PredictSupport::Translation) == Txt::PredictTranslation);
    // No model: says what to open, in both languages.
    CHECK(predict_intro(PredictSupport::NoModel) == Txt::PredictNoModel);
    CHECK(std::string(tr(Lang::En, Txt::PredictNoModel)).find("GPT-2") != std::string::npos);
    CHECK(std::string(tr(Lang::Ko, Txt::PredictNoModel)).find("GPT-2") != std::string::npos);
    CHECK(std::string(tr(Lang::Ko, Txt::PredictNoModel)).find("모델") != std::string::npos);
    // A model that is not GPT-2: the intro says BERT fills in [MASK] instead of predicting the next token.
    CHECK(std::string(tr(Lang::En, predict_intro(PredictSupport::Masked))).find("[MASK]") != std::string::npos);
    CHECK(std::string(tr(Lang::Ko, predict_intro(PredictSupport::Masked))).find("[MASK]") != std::string::npos);
    CHECK(std::string(tr(Lang::En, Txt::PredictNoMlmHead)).find("BertForMaskedLM") != std::string::npos);
    CHECK(std::string(tr(Lang::Ko, Txt::PredictNoMlmHead)).find("BertForMaskedLM") != std::string::npos);
}

TEST_CASE("predict: the position defaults to the last token and follows a click") {
    CHECK(resolve_position(-1, 5) == 4);
    CHECK(resolve_position(2, 5) == 2);
    CHECK(resolve_position(5, 5) == 4);  // a text that got shorter
    CHECK(resolve_position(0, 1) == 0);
    CHECK(resolve_position(-1, 0) == -1);
}

TEST_CASE("predict: the bars are the model's top-k beside sampling_distribution's probabilities") {
    const RowVec logits = test_logits();
    lm::SamplingOptions o;
    o.greedy = false;
    for (float temperature : {0.5f, 1.0f, 2.0f})
        for (int top_k : {0, 3, 6})
            for (float top_p : {1.0f, 0.8f, 0.3f}) {
                CAPTURE(temperature);
                CAPTURE(top_k);
                CAPTURE(top_p);
                o.temperature = temperature;
                o.top_k = top_k;
                o.top_p = top_p;
                const Prediction p = make_prediction(logits, 3, o, 8, nullptr);
                REQUIRE(p.error.empty());
                CHECK(p.position == 3);
                const auto raw = lm::top_k_tokens(logits, 8);
                const auto dist = lm::sampling_distribution(logits, o);
                REQUIRE(p.rows.size() == raw.size());
                CHECK(p.kept == int(dist.size()));
                double shown_mass = 0.0;
                for (size_t i = 0; i < raw.size(); ++i) {
                    CHECK(p.rows[i].id == raw[i].id);
                    CHECK(p.rows[i].raw == doctest::Approx(raw[i].prob));
                    float q = 0.0f;
                    for (const lm::TokenProb& t : dist)
                        if (t.id == raw[i].id) q = t.prob;
                    CHECK(p.rows[i].sampled == doctest::Approx(q));
                    shown_mass += p.rows[i].sampled;
                }
                CHECK(shown_mass <= 1.0 + 1e-5);
                CHECK(p.rows[0].label == "#3");  // no model: ids as labels
            }
    // Greedy: the most probable token takes all of it.
    const Prediction g = make_prediction(logits, 0, lm::SamplingOptions{}, 4, nullptr);
    CHECK(g.kept == 1);
    CHECK(g.rows[0].sampled == doctest::Approx(1.0f));
    CHECK(g.rows[1].sampled == 0.0f);
    // Invalid options: a message, no bars.
    o.top_p = 0.0f;
    const Prediction bad = make_prediction(logits, 0, o, 4, nullptr);
    CHECK(bad.rows.empty());
    CHECK(bad.error.find("top-p") != std::string::npos);
}

TEST_CASE("generation worker: start, +tokens, undo, keep as sentence (tiny GPT-2)") {
    PretrainedPtr model = tiny_gpt2();
    REQUIRE(model->caps().next_token);
    GenerationWorker worker;
    PredictSettings settings;
    settings.shown = 5;
    const std::string text = "the cat sat on the mat";
    worker.start(model, text, settings);
    auto snap = settle(worker);
    REQUIRE(snap->started);
    CHECK(snap->error.empty());
    auto ids = lm::encode_for_model(*model, text);
    REQUIRE(ids.ok());
    CHECK(snap->ids == *ids);
    CHECK(snap->prompt_length == int(ids->size()));
    CHECK(snap->labels.size() == ids->size());
    CHECK(snap->prediction.position == int(ids->size()) - 1);
    // The bars at the last position are the full (uncached) pass's last row.
    const Mat full = lm::logits_for(*model, *ids);  // (T, V)
    const auto top = lm::top_k_tokens(full.row(full.rows() - 1), 5);
    REQUIRE(snap->prediction.rows.size() == 5);
    for (int k = 0; k < 5; ++k) {
        CHECK(snap->prediction.rows[size_t(k)].id == top[size_t(k)].id);
        CHECK(snap->prediction.rows[size_t(k)].raw == doctest::Approx(top[size_t(k)].prob).epsilon(1e-3));
    }

    // A click on token 1: the bars are row 1's.
    settings.position = 1;
    worker.set_settings(settings);
    snap = settle(worker);
    CHECK(snap->prediction.position == 1);
    CHECK(snap->prediction.rows[0].id == lm::top_k_tokens(full.row(1), 1)[0].id);
    settings.position = -1;

    // +3 greedy tokens: each the argmax of a full recomputation; the grown rows equal its attention.
    worker.generate(3, settings);
    snap = settle(worker);
    REQUIRE(snap->ids.size() == ids->size() + 3);
    CHECK(snap->generated.size() == 3);
    CHECK_FALSE(snap->generating);
    std::vector<int> grown_ids = *ids;
    for (int k = 0; k < 3; ++k) {
        const Mat l = lm::logits_for(*model, grown_ids);
        const int next = lm::top_k_tokens(l.row(l.rows() - 1), 1)[0].id;
        CHECK(snap->ids[ids->size() + size_t(k)] == next);
        grown_ids.push_back(next);
    }
    const pretrained::ForwardPass pass = lm::forward_ids(*model, snap->ids);
    float worst = 0.0f;
    for (int layer = 0; layer < snap->n_layers; ++layer)
        for (int head = 0; head < snap->n_heads; ++head) {
            const Mat grown = grown_attention(snap->attention, layer, head);  // (T, T)
            const Mat& ref = pass.layers[size_t(layer)].heads[size_t(head)].weights;
            REQUIRE(grown.rows() == ref.rows());
            worst = std::max(worst, (grown.row(grown.rows() - 1) - ref.row(ref.rows() - 1)).cwiseAbs().maxCoeff());
            worst = std::max(worst, (grown - ref).cwiseAbs().maxCoeff());
        }
    MESSAGE("grown attention vs full recomputation: max |diff| = " << worst);
    CHECK(worst < 1e-4f);
    CHECK(snap->prediction.position == int(snap->ids.size()) - 1);  // "last" follows generation

    // Undo removes the last token; never the prompt's.
    worker.undo(settings);
    snap = settle(worker);
    CHECK(snap->ids.size() == ids->size() + 2);
    CHECK(snap->generated.size() == 2);
    worker.undo(settings);
    worker.undo(settings);
    worker.undo(settings);
    snap = settle(worker);
    CHECK(snap->ids == *ids);

    // Keep as sentence: the app's text becomes the session's text.
    worker.generate(2, settings);
    snap = settle(worker);
    AppState state;
    state.text = text;
    keep_as_sentence(state, *snap);
    CHECK(state.text == lm::decode_ids(*model, snap->ids));
    CHECK(state.text.size() > text.size());
    CHECK(state.text.rfind(text, 0) == 0);
}

TEST_CASE("generation worker: sampling with a seed repeats; one at a time equals n at once") {
    PretrainedPtr model = tiny_gpt2();
    PredictSettings settings;
    settings.sampling.greedy = false;
    settings.sampling.temperature = 1.5f;
    settings.sampling.seed = 7;
    GenerationWorker a, b;
    a.start(model, "once upon a time", settings);
    b.start(model, "once upon a time", settings);
    a.generate(6, settings);
    for (int k = 0; k < 6; ++k) b.generate(1, settings);
    auto sa = settle(a), sb = settle(b);
    CHECK(sa->ids == sb->ids);
    CHECK(sa->ids.size() == sb->ids.size());
}

TEST_CASE("generation worker: the thread ends when idle; the session outlives it") {
    PretrainedPtr model = tiny_gpt2();
    PredictSettings settings;
    GenerationWorker idle, busy;  // the same commands, one thread ending between them
    idle.set_linger(std::chrono::milliseconds(20));
    for (GenerationWorker* w : {&idle, &busy}) w->start(model, "once upon a time", settings);
    settle(idle);
    settle(busy);
    for (int k = 0; k < 500 && idle.has_thread(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK_FALSE(idle.has_thread());
    CHECK(busy.has_thread());  // 20 s by default
    for (GenerationWorker* w : {&idle, &busy}) w->generate(3, settings);
    auto a = settle(idle), b = settle(busy);
    CHECK(idle.has_thread());  // started again
    CHECK(a->ids.size() == b->ids.size());
    CHECK(a->ids == b->ids);
    CHECK(a->prompt_length == b->prompt_length);
}

TEST_CASE("predict panel: release lets go of the models every part of the view held") {
    PredictPanel p;
    std::weak_ptr<const pretrained::PretrainedModel> gpt2_gone, bert_gone, marian_gone;
    {
        // Fresh copies (not the tests' shared ones): only the panel may keep them alive.
        PretrainedPtr gpt2 = load_model(fixtures() / "pretrained" / "models" / "tiny-gpt2");
        PretrainedPtr bert = load_model(fixtures() / "lm" / "tiny-bert-mlm");
        PretrainedPtr marian = load_model(fixtures() / "pretrained" / "models" / "tiny-marian");
        gpt2_gone = gpt2;
        bert_gone = bert;
        marian_gone = marian;
        // What the view's draws do: a generation session, a knock-out comparison, BERT's fillers
        // and a translation step, each posted and its result left where the panel keeps it.
        p.started_model = gpt2;
        p.generation.start(gpt2, "once upon a time", p.settings);
        KnockoutRequest knock;
        knock.model = gpt2;
        knock.ids = {1, 2, 3};
        knock.position = 2;
        knock.ablation.heads.push_back({0, 0});
        knock.row_ids = {4, 5};
        p.posted_knock = knock;
        p.knock_job->post(knock);
        MaskedRequest masked;
        masked.model = bert;
        masked.text = "the cat [MASK] on the mat.";
        p.posted_masked = masked;
        p.masked_job->post(masked);
        TranslateRequest step;
        step.model = marian;
        step.source = "He went home.";
        p.posted_translate = step;
        p.translate_job->post(step);
        predict_panel_wait_idle(p, std::chrono::seconds(30));
        p.snap = p.generation.take();  // the snapshot the view draws holds its model
        REQUIRE(p.snap != nullptr);
    }
    CHECK_FALSE(gpt2_gone.expired());  // the panel, its session and its jobs' results hold them
    CHECK_FALSE(marian_gone.expired());
    predict_panel_release(p);
    predict_panel_wait_idle(p, std::chrono::seconds(30));  // the session is let go of on its thread
    CHECK(gpt2_gone.expired());
    CHECK(bert_gone.expired());    // the MLM head cache keeps its model weakly
    CHECK(marian_gone.expired());  // and so does what the encoder made of the source
    CHECK(p.masked_cache->head != nullptr);  // the head itself (its own weights) stays ...
    p.masked_job->set_linger(std::chrono::milliseconds(20));
    p.masked_job->post(MaskedRequest{});  // (a run that restarts the thread with the short linger)
    for (int k = 0; k < 500 && p.masked_job->has_thread(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE_FALSE(p.masked_job->has_thread());
    CHECK(p.masked_cache->head == nullptr);  // ... until the job idles: its model is gone
    // The view starts again when drawn: a new session with another model works.
    PretrainedPtr again = tiny_gpt2();
    p.generation.start(again, "the cat", p.settings);
    auto snap = settle(p.generation);
    CHECK(snap->started);
    CHECK(snap->model == again);
}

TEST_CASE("generation worker: a model that is not GPT-2, and no model, give messages") {
    PretrainedPtr bert = load_model(fixtures() / "pretrained" / "models" / "tiny-bert");
    GenerationWorker worker;
    worker.start(bert, "the cat sat", PredictSettings{});
    auto snap = settle(worker);
    CHECK_FALSE(snap->started);
    CHECK_FALSE(snap->error.empty());
    worker.start(nullptr, "the cat sat", PredictSettings{});
    snap = settle(worker);
    CHECK_FALSE(snap->started);
    CHECK(snap->error == "No model is open.");
    worker.generate(3, PredictSettings{});  // nothing to extend: no crash
    snap = settle(worker);
    CHECK(snap->ids.empty());
}

TEST_CASE("masked LM: fillers with the head, a clear error without it") {
    MlmHeadCache cache;
    PretrainedPtr bare = load_model(fixtures() / "pretrained" / "models" / "tiny-bert");
    MaskedRequest req;
    req.model = bare;
    req.text = "the cat [MASK] on the mat.";
    MaskedResult r = run_masked(req, cache);
    CHECK(r.no_head);
    CHECK(r.error.find("no masked-LM head") != std::string::npos);

    PretrainedPtr mlm = load_model(fixtures() / "lm" / "tiny-bert-mlm");
    req.model = mlm;
    req.k = 4;
    r = run_masked(req, cache);
    CHECK_FALSE(r.no_head);
    REQUIRE(r.error.empty());
    REQUIRE(r.masks.size() == 1);
    CHECK(r.masks[0].position == 3);
    CHECK(r.masks[0].rows.size() == 4);
    CHECK(r.labels.size() == r.ids.size());
    // Clicking token 3 of the plain sentence is the same as typing [MASK] there.
    MaskedRequest clicked = req;
    clicked.text = "the cat sat on the mat.";
    clicked.positions = {3};
    const MaskedResult rc = run_masked(clicked, cache);
    REQUIRE(rc.masks.size() == 1);
    CHECK(rc.masks[0].original == "sat");
    for (size_t k = 0; k < 4; ++k) CHECK(rc.masks[0].rows[k].id == r.masks[0].rows[k].id);
    // Nothing masked: the tokens (to click), no fillers, no error.
    clicked.positions.clear();
    const MaskedResult none = run_masked(clicked, cache);
    CHECK(none.error.empty());
    CHECK(none.masks.empty());
    CHECK(none.labels.size() == none.ids.size());
    CHECK(none.labels.size() > 2);
    // GPT-2 has no masked-LM head.
    req.model = tiny_gpt2();
    r = run_masked(req, cache);
    CHECK(r.no_head);
    CHECK_FALSE(r.error.empty());
}

TEST_CASE("masked LM with knocked-out heads: the same fillers without them, as core/lm computes them") {
    MlmHeadCache cache;
    PretrainedPtr mlm = load_model(fixtures() / "lm" / "tiny-bert-mlm");
    MaskedRequest req;
    req.model = mlm;
    req.text = "the cat [MASK] on the mat.";
    req.k = 5;
    const MaskedResult plain = run_masked(req, cache);
    REQUIRE(plain.error.empty());
    REQUIRE(plain.masks.size() == 1);
    CHECK(plain.masks[0].knocked.empty());  // nothing knocked out: no second pass
    req.ablation.heads = {{0, 1}, {1, 0}, {7, 7}};  // the last is outside the model: dropped
    const MaskedResult r = run_masked(req, cache);
    REQUIRE(r.error.empty());
    REQUIRE(r.masks.size() == 1);
    const MaskedResult::Mask& m = r.masks[0];
    REQUIRE(m.knocked.size() == m.rows.size());
    REQUIRE(m.knocked_top.size() == 3);
    CHECK(m.knocked_top[0].raw >= m.knocked_top[1].raw);
    for (size_t i = 0; i < m.rows.size(); ++i) CHECK(m.rows[i].id == plain.masks[0].rows[i].id);  // the same bars
    // The reference: core/lm's masked LM with the same heads out, every token.
    auto head = lm::load_mlm_head(*mlm);
    REQUIRE(head.ok());
    pretrained::Ablation a;
    a.heads = {{0, 1}, {1, 0}};
    auto ref = lm::predict_masked(*mlm, *head, req.text, mlm->config.vocab_size, a);
    REQUIRE(ref.ok());
    double max_diff = 0;
    for (size_t i = 0; i < m.rows.size(); ++i)
        for (const lm::TokenProb& t : ref->masks[0].top)
            if (t.id == m.rows[i].id) max_diff = std::max(max_diff, double(std::fabs(t.prob - m.knocked[i])));
    MESSAGE("max |Δ p| app vs core/lm with heads knocked out: " << max_diff);
    CHECK(max_diff == 0.0);
    CHECK(m.knocked_top[0].id == ref->masks[0].top[0].id);
    // Knocking heads out changes the fillers' probabilities (tiny-bert-mlm's heads matter).
    double changed = 0;
    for (size_t i = 0; i < m.rows.size(); ++i) changed = std::max(changed, double(std::fabs(m.knocked[i] - m.rows[i].raw)));
    CHECK(changed > 1e-4);
    // Mean ablation: also computed, and different from zero ablation.
    req.ablation.mode = pretrained::AblationMode::Mean;
    const MaskedResult mean = run_masked(req, cache);
    REQUIRE(mean.masks.size() == 1);
    REQUIRE(mean.masks[0].knocked.size() == m.knocked.size());
    CHECK(mean.masks[0].knocked[0] != m.knocked[0]);
}

TEST_CASE("masked LM with knocked-out heads against an independent float64 torch BERT (gen_bert_ablation.py)") {
    std::ifstream in(fixtures() / "lm" / "bert_ablation_reference.json");
    REQUIRE(in.good());
    const nlohmann::json ref = nlohmann::json::parse(in);
    MlmHeadCache cache;
    MaskedRequest req;
    req.model = load_model(fixtures() / "lm" / "tiny-bert-mlm");
    req.text = "the cat [MASK] on the mat.";
    req.k = 8;
    double max_diff = 0;
    for (const nlohmann::json& c : ref["cases"]) {
        req.ablation = {};
        req.ablation.mode = c["mode"] == "mean" ? pretrained::AblationMode::Mean : pretrained::AblationMode::Zero;
        for (const nlohmann::json& h : c["heads"]) req.ablation.heads.push_back({h[0].get<int>(), h[1].get<int>()});
        const MaskedResult r = run_masked(req, cache);
        REQUIRE(r.error.empty());
        CHECK(r.ids == ref["ids"].get<std::vector<int>>());
        REQUIRE(r.masks.size() == 1);
        CHECK(r.masks[0].position == ref["mask_position"].get<int>());
        const std::vector<double> want = c["probabilities"].get<std::vector<double>>();  // (V)
        const MaskedResult::Mask& m = r.masks[0];
        const bool knocked = !req.ablation.heads.empty();
        REQUIRE(m.knocked.size() == (knocked ? m.rows.size() : 0));
        for (size_t i = 0; i < m.rows.size(); ++i) {
            const float got = knocked ? m.knocked[i] : m.rows[i].raw;
            max_diff = std::max(max_diff, std::fabs(double(got) - want[size_t(m.rows[i].id)]));
        }
        if (knocked) {  // the knocked-out model's own top filler is the reference's
            size_t best = 0;
            for (size_t v = 1; v < want.size(); ++v)
                if (want[v] > want[best]) best = v;
            CHECK(m.knocked_top[0].id == int(best));
        }
    }
    MESSAGE("max |Δ p| app vs float64 torch, 4 cases (none, zero, mean, one head): " << max_diff);
    CHECK(max_diff < 1e-5);
}

TEST_CASE("predict: a view with a name and the next Ctrl+Shift shortcut") {
    View v;
    REQUIRE(parse_view("predict", &v));
    CHECK(v == View::Predict);
    CHECK(std::string(view_name(View::Predict)) == "predict");
    CHECK(std::string(view_choices()).find("predict") != std::string::npos);
    int index = -1;
    for (int k = 0; k < kViewCount; ++k)
        if (kViews[k] == View::Predict) index = k;
    REQUIRE(index == 13);  // after Train
    CHECK(std::string(view_shortcut_text(index)) == "Ctrl+Shift+4");
    CHECK(view_title(View::Predict) == Txt::ViewPredict);
}

TEST_CASE("--generate N: tokens to add in the Predict view, and enough frames to draw them") {
    std::vector<std::string> args = {"attnlab", "--screenshot", "out.png", "--view", "predict", "--generate", "6"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    auto o = parse_app_options(int(argv.size()), argv.data());
    REQUIRE(o.ok());
    CHECK(o->generate == 6);
    CHECK(o->frames >= 5);  // start on frame 2, tokens posted on 3, drawn by 4
    args.back() = "0";
    argv.clear();
    for (std::string& a : args) argv.push_back(a.data());
    auto bad = parse_app_options(int(argv.size()), argv.data());
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("--generate") != std::string::npos);
    CHECK(std::string(app_usage()).find("--generate N") != std::string::npos);
    // --sample SEED: sampling with that seed instead of greedy; a seed below 0 is refused.
    for (const char* seed : {"7", "-1"}) {
        std::vector<std::string> sample = {"attnlab", "--sample", seed};
        std::vector<char*> sample_argv;
        for (std::string& a : sample) sample_argv.push_back(a.data());
        auto so = parse_app_options(int(sample_argv.size()), sample_argv.data());
        CHECK(so.ok() == (seed[0] != '-'));
        if (so.ok()) CHECK(so->sample_seed == 7);
    }
    CHECK(std::string(app_usage()).find("--sample SEED") != std::string::npos);
    // --view's list comes from the views table: every view is named, the last one included.
    for (View v : kViews) CHECK(std::string(app_usage()).find(view_name(v)) != std::string::npos);
    // --show rollout (the heatmap's attention rollout)
    std::vector<std::string> show = {"attnlab", "--show", "rollout"};
    std::vector<char*> show_argv;
    for (std::string& a : show) show_argv.push_back(a.data());
    auto r = parse_app_options(int(show_argv.size()), show_argv.data());
    REQUIRE(r.ok());
    CHECK(*r->quantity == HeatmapQuantity::Rollout);
}

// Knocked-out heads: the state's set, the comparison job's numbers against core/lm, the ranking
// job with progress and cancel, and the --knock / --rank-heads options.
