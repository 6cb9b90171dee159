#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "app/jobs/compute_worker.h"
#include "app/views/scaling_lab/scaling_lab.h"
#include "core/attention/engine.h"
#include "fake_pretrained.h"

using namespace attn::app;
using namespace std::chrono_literals;

static ComputeRequest request_for(const std::string& text) {
    AppState s;
    s.text = text;
    return *make_request(s);
}

TEST_CASE("worker computes a trace off the calling thread and publishes it") {
    std::atomic<int> notified{0};
    ComputeWorker worker([&] { ++notified; });
    const auto gen = worker.post(request_for("Time flies like an arrow"));
    REQUIRE(worker.wait_idle(30s));
    CHECK(!worker.busy());
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    CHECK(result->generation == gen);
    REQUIRE(result->trace != nullptr);
    CHECK(result->error.empty());
    CHECK(result->trace->t_q() == 5);
    CHECK(result->trace->layers.size() == 1);
    CHECK(result->trace->layers[0].n_heads == 4);
    CHECK(notified.load() >= 1);
    CHECK(!worker.take_result().has_value());  // taken once
}

TEST_CASE("worker reports engine errors as messages") {
    ComputeWorker worker;
    AppState s;
    s.d_model = 64;
    s.n_heads = 5;  // 64 is not divisible by 5
    worker.post(*make_request(s));
    REQUIRE(worker.wait_idle(30s));
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    CHECK(result->trace == nullptr);
    CHECK(result->error.find("divisible") != std::string::npos);

    worker.post(request_for("   "));
    REQUIRE(worker.wait_idle(30s));
    result = worker.take_result();
    REQUIRE(result.has_value());
    CHECK(result->error.find("empty") != std::string::npos);
}

TEST_CASE("latest request wins") {
    ComputeWorker worker;
    std::uint64_t last = 0;
    for (int k = 1; k <= 20; ++k) last = worker.post(request_for(std::string(size_t(k), 'a') + " b"));
    REQUIRE(worker.wait_idle(60s));
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    CHECK(result->generation == last);
    REQUIRE(result->trace);
    CHECK(result->trace->run.text == std::string(20, 'a') + " b");
}

TEST_CASE("apply_result: a refusal leaves no trace, and the next good run clears it") {
    ComputeView view;
    ComputeResult ok;
    ok.trace = std::make_shared<const attn::Trace>();
    ok.compute_ms = 3.0;
    apply_result(view, ok);
    CHECK(view.trace == ok.trace);
    CHECK(view.error.empty());

    ComputeResult bad;
    bad.error = "The text is empty. Type a sentence.";
    apply_result(view, bad);
    CHECK(view.trace == nullptr);  // the earlier sentence's picture does not stay under the refusal
    CHECK(view.error == bad.error);
    CHECK(view.compute_ms == 0.0);
    CHECK(empty_view_message(view, Lang::En) == bad.error);

    apply_result(view, ok);
    CHECK(view.trace == ok.trace);
    CHECK(view.error.empty());
}

TEST_CASE("apply_result: another model's refusal drops the trace, and the views describe that model") {
    // A Llama trained with a context of 8 refuses a 12-token sentence that the built-in model ran:
    // the RoPE view must not describe the built-in model's trace as if it were the Llama's.
    ComputeView view;
    ComputeResult builtin;
    builtin.trace = std::make_shared<const attn::Trace>();
    builtin.sections = {"encoder"};
    apply_result(view, builtin);
    REQUIRE(view.trace);
    CHECK(view.model == nullptr);

    ComputeResult refused;
    refused.model = attn::app::testing::fake_model("llama");
    refused.error = "The input is 12 tokens, but kv2 reads at most 8 (its context length). Shorten the text.";
    apply_result(view, refused);
    CHECK(view.trace == nullptr);
    CHECK(view.sections.empty());
    CHECK(view.model == refused.model);
    CHECK(empty_view_message(view, Lang::En) == refused.error);

    // The same model refusing after a good run (the sentence grew, a lesson closed and the user's
    // own longer text came back): no trace of the earlier sentence stays either.
    ComputeResult ran;
    ran.model = refused.model;
    ran.trace = std::make_shared<const attn::Trace>();
    ran.sections = {"decoder"};
    apply_result(view, ran);
    REQUIRE(view.trace);
    apply_result(view, refused);
    CHECK(view.trace == nullptr);
    CHECK(view.sections.empty());
    CHECK(view.model == refused.model);
}

TEST_CASE("destroying a busy worker joins cleanly") {
    auto worker = std::make_unique<ComputeWorker>();
    AppState s;
    s.text = std::string(200, 'x');
    for (int k = 0; k < 3; ++k) worker->post(*make_request(s));
    worker.reset();  // must not hang or crash
    CHECK(true);
}

TEST_CASE("worker: the Scaling view runs the model once; the other scaling comes from the same scores") {
    AppState s;
    s.text = "Time flies like an arrow";
    s.view = View::Scaling;
    AppState plain = s;
    plain.view = View::Heatmap;
    CHECK(*make_request(s) == *make_request(plain));  // opening the view asks for nothing more

    std::atomic<int> runs{0};
    ComputeWorker worker({}, [&](const attn::pretrained::PretrainedModel&, const attn::RunConfig& run) {
        ++runs;
        return attn::Expected<std::vector<attn::Trace>>(std::vector<attn::Trace>{*attn::compute_trace(
            *attn::make_builtin_model(attn::ModelConfig{}), run)});
    });
    worker.post(*make_request(s, attn::app::testing::fake_model("gpt2")));
    REQUIRE(worker.wait_idle(30s));
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    REQUIRE(result->trace != nullptr);
    CHECK(runs == 1);

    // The built-in engine's re-run with the scaling toggled (its projections reused) is the
    // reference: the lab's other setting must match it.
    const attn::Trace& t = *result->trace;
    const attn::LayerTrace& a = t.layers[0];
    attn::RunConfig flipped_run = t.run;
    flipped_run.attention.scale = !flipped_run.attention.scale;
    const auto model = attn::make_builtin_model(attn::ModelConfig{});
    REQUIRE(model);
    const auto flipped = attn::compute_trace(*model, flipped_run);
    REQUIRE(flipped);
    const attn::LayerTrace& b = flipped->layers[0];
    for (int h = 0; h < a.n_heads; ++h) {
        const ScalingMaps m = run_scaling_request(ScalingRequest{result->trace, 0, h});
        CHECK(!m.other.scale);
        CHECK(m.other.factor == a.factor_flipped);
        CHECK(m.other.heads[size_t(h)].weights.isApprox(b.heads[size_t(h)].weights, 1e-6f));
        CHECK(m.other.heads[size_t(h)].stats.entropy.isApprox(b.heads[size_t(h)].stats.entropy, 1e-4f));
        const std::vector<float> want = make_difference_map(a, b, h).diff;
        REQUIRE(m.diff.diff.size() == want.size());
        float worst = 0.0f;
        for (size_t k = 0; k < want.size(); ++k) worst = std::max(worst, std::fabs(m.diff.diff[k] - want[k]));
        MESSAGE("head " << h << ": max |difference map − reference| = " << worst);
        CHECK(worst < 1e-6f);
    }
}

// --- switching between the built-in model and a pretrained one ------------------------------

TEST_CASE("worker: a request with a pretrained model runs it; without, the built-in engine") {
    std::atomic<int> pretrained_runs{0};
    ComputeWorker worker({}, [&](const attn::pretrained::PretrainedModel& m, const attn::RunConfig& run) {
        ++pretrained_runs;
        return attn::app::testing::fake_run(m, run);
    });
    AppState s;
    s.text = "Time flies like an arrow";
    const auto gpt2 = attn::app::testing::fake_model("gpt2", 3, 2, "tiny-gpt2");

    worker.post(*make_request(s));
    REQUIRE(worker.wait_idle(30s));
    auto built_in = worker.take_result();
    REQUIRE(built_in);
    REQUIRE(built_in->trace);
    CHECK(built_in->trace->layers.size() == 1);
    CHECK(built_in->model == nullptr);
    CHECK(pretrained_runs.load() == 0);

    worker.post(*make_request(s, gpt2));
    REQUIRE(worker.wait_idle(30s));
    auto pre = worker.take_result();
    REQUIRE(pre);
    REQUIRE(pre->trace);
    CHECK(pre->error.empty());
    CHECK(pre->trace->layers.size() == 3);
    CHECK(pre->trace->model_name == "tiny-gpt2");
    CHECK(pre->model == gpt2);
    CHECK(pretrained_runs.load() == 1);

    ComputeView view;
    apply_result(view, std::move(*pre));
    CHECK(view.model == gpt2);

    worker.post(*make_request(s));  // back to built-in: same settings as before
    REQUIRE(worker.wait_idle(30s));
    auto back = worker.take_result();
    REQUIRE(back);
    REQUIRE(back->trace);
    CHECK(back->trace->layers.size() == 1);
    CHECK(back->trace->layers[0].heads[0].weights.isApprox(built_in->trace->layers[0].heads[0].weights));
    apply_result(view, std::move(*back));
    CHECK(view.model == nullptr);
    CHECK(pretrained_runs.load() == 1);

    // The scaling view: one run; its other setting comes from the same scores.
    s.view = View::Scaling;
    worker.post(*make_request(s, gpt2));
    REQUIRE(worker.wait_idle(30s));
    auto once = worker.take_result();
    REQUIRE(once);
    REQUIRE(once->trace);
    CHECK(pretrained_runs.load() == 2);
    const ScalingMaps m = run_scaling_request(ScalingRequest{once->trace, 1, 0});
    CHECK(m.other.scale != once->trace->layers[1].scale);
}

TEST_CASE("worker: a run of several sections shows the chosen one and names them all") {
    // An encoder–decoder yields three sections; the fake makes them from three runs that differ.
    ComputeWorker worker({}, [](const attn::pretrained::PretrainedModel& m, const attn::RunConfig& run) {
        auto one = attn::app::testing::fake_run(m, run);
        if (!one) return one;
        std::vector<attn::Trace> out;
        for (const char* name : {"encoder", "decoder", "cross"}) {
            attn::Trace t = one->front();
            t.section = name;
            t.model_name = m.name + "/" + name;
            out.push_back(std::move(t));
        }
        return attn::Expected<std::vector<attn::Trace>>(std::move(out));
    });
    AppState s;
    const auto model = attn::app::testing::fake_model("gpt2", 2, 2, "two-stack");
    worker.post(*make_request(s, model));
    REQUIRE(worker.wait_idle(30s));
    auto first = worker.take_result();
    REQUIRE(first);
    REQUIRE(first->trace);
    CHECK(first->sections == std::vector<std::string>{"encoder", "decoder", "cross"});
    CHECK(first->trace->section == "encoder");  // nothing chosen: the first

    s.section = "cross";
    const auto request = make_request(s, model);
    CHECK(request->section == "cross");
    CHECK(*request != *make_request(AppState{}, model));
    worker.post(*request);
    REQUIRE(worker.wait_idle(30s));
    auto cross = worker.take_result();
    REQUIRE(cross);
    REQUIRE(cross->trace);
    CHECK(cross->trace->section == "cross");
    CHECK(cross->trace->model_name == "two-stack/cross");
    ComputeView view;
    apply_result(view, std::move(*cross));
    CHECK(view.sections.size() == 3);

    s.section = "no such section";  // a section of another model: the first again
    worker.post(*make_request(s, model));
    REQUIRE(worker.wait_idle(30s));
    auto fallback = worker.take_result();
    REQUIRE(fallback);
    CHECK(fallback->trace->section == "encoder");
    CHECK(section_index({"encoder", "decoder", "cross"}, "decoder") == 1);
    CHECK(section_index({}, "cross") == 0);
}

TEST_CASE("worker: a pretrained model's errors come back as messages") {
    ComputeWorker worker({}, [](const attn::pretrained::PretrainedModel&,
                                const attn::RunConfig&) -> attn::Expected<std::vector<attn::Trace>> {
        return attn::Status::Error("GPT-2 reads one text from left to right.");
    });
    AppState s;
    worker.post(*make_request(s, attn::app::testing::fake_model("gpt2")));
    REQUIRE(worker.wait_idle(30s));
    auto r = worker.take_result();
    REQUIRE(r);
    CHECK(r->trace == nullptr);
    CHECK(r->model != nullptr);  // the model that refused: the views describe it
    CHECK(r->error == "GPT-2 reads one text from left to right.");
}

TEST_CASE("a pasted text over the token limit: every view shows the refusal, naming the Token limit control") {
    std::string long_text;
    for (int i = 0; i < 600; ++i) long_text += "word ";  // 600 tokens, over the app's 512
    ComputeWorker worker;
    worker.post(request_for(long_text));
    REQUIRE(worker.wait_idle(30s));
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    REQUIRE(result->trace == nullptr);

    ComputeView view;  // the app started with this text: no trace at all
    apply_result(view, std::move(*result));
    const std::string en = empty_view_message(view, Lang::En);
    const std::string ko = empty_view_message(view, Lang::Ko);
    MESSAGE(en);
    MESSAGE(ko);
    CHECK(en.find("more than 512 tokens") != std::string::npos);
    CHECK(en.find(tr(Lang::En, Txt::TokenLimit)) != std::string::npos);  // what raises the limit in the app
    CHECK(en.find("at most 2048") != std::string::npos);
    CHECK(en.find("--max-tokens") == std::string::npos);  // the command line's option is for the CLI
    CHECK(en.find(tr(Lang::En, Txt::NoTrace)) == std::string::npos);
    CHECK(ko.find("512개") != std::string::npos);
    CHECK(ko.find(tr(Lang::Ko, Txt::TokenLimit)) != std::string::npos);
    CHECK(ko.find("--max-tokens") == std::string::npos);
    CHECK(ko.find("한도") != std::string::npos);
    CHECK(refusal_message(view, Lang::Ko) == ko);

    // Other refusals are the core's message, localized.
    ComputeView other;
    other.error = "The text is empty. Type a sentence.";
    CHECK(refusal_message(other, Lang::En) == other.error);

    // After a good run: no refusal, and an empty view asks for a sentence.
    ComputeView fine;
    CHECK(refusal_message(fine, Lang::En).empty());
    CHECK(empty_view_message(fine, Lang::En) == tr(Lang::En, Txt::NoTrace));
    CHECK(empty_view_message(fine, Lang::Ko) == tr(Lang::Ko, Txt::NoTrace));
}

TEST_CASE("the Token limit control is the run's limit") {
    std::string text;
    for (int i = 0; i < 40; ++i) text += "word ";  // 40 tokens
    AppState s;
    s.text = text;
    s.max_tokens = 32;
    auto req = make_request(s);
    REQUIRE(req);
    CHECK(req->run.tokenizer.max_tokens == 32);
    ComputeWorker worker;
    worker.post(*req);
    REQUIRE(worker.wait_idle(30s));
    auto refused = worker.take_result();
    REQUIRE(refused);
    CHECK(refused->trace == nullptr);
    ComputeView view;
    apply_result(view, std::move(*refused));
    CHECK(refusal_message(view, Lang::En).find("more than 32 tokens") != std::string::npos);

    s.max_tokens = 64;  // raised: the same text runs
    worker.post(*make_request(s));
    REQUIRE(worker.wait_idle(30s));
    auto ok = worker.take_result();
    REQUIRE(ok);
    CHECK(ok->trace != nullptr);
    s.max_tokens = 100000;  // out of range: clamped to the most AttnLab shows
    CHECK(make_request(s)->run.tokenizer.max_tokens == 2048);
}
