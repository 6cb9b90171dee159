#include <doctest/doctest.h>

#include <atomic>

#include "app/compute_worker.h"

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

TEST_CASE("apply_result keeps the last good trace while an error shows") {
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
    CHECK(view.trace == ok.trace);
    CHECK(view.error == bad.error);
    CHECK(view.compute_ms == 3.0);

    apply_result(view, ok);
    CHECK(view.error.empty());
}

TEST_CASE("destroying a busy worker joins cleanly") {
    auto worker = std::make_unique<ComputeWorker>();
    AppState s;
    s.text = std::string(200, 'x');
    for (int k = 0; k < 3; ++k) worker->post(*make_request(s));
    worker.reset();  // must not hang or crash
    CHECK(true);
}

TEST_CASE("worker: with_flipped computes the scaling-toggled twin in the same job") {
    ComputeWorker worker;
    AppState s;
    s.text = "Time flies like an arrow";
    s.view = View::Scaling;
    const ComputeRequest r = *make_request(s);
    CHECK(r.with_flipped);
    AppState plain = s;
    plain.view = View::Heatmap;
    CHECK(!same_request(r, *make_request(plain)));
    worker.post(r);
    REQUIRE(worker.wait_idle(30s));
    auto result = worker.take_result();
    REQUIRE(result.has_value());
    REQUIRE(result->trace != nullptr);
    REQUIRE(result->flipped != nullptr);
    const attn::LayerTrace& a = result->trace->layers[0];
    const attn::LayerTrace& b = result->flipped->layers[0];
    CHECK(a.scale);
    CHECK(!b.scale);
    CHECK(b.factor == a.factor_flipped);
    CHECK(b.heads[0].scores.isApprox(a.heads[0].scores));
    // The stats the first trace keeps for the toggled setting are those of the twin's weights.
    for (int h = 0; h < a.n_heads; ++h) {
        CHECK(a.heads[h].stats_flipped.entropy.isApprox(b.heads[h].stats.entropy, 1e-4f));
        CHECK(a.heads[h].stats_flipped.max_weight.isApprox(b.heads[h].stats.max_weight, 1e-4f));
    }

    ComputeView view;
    apply_result(view, std::move(*result));
    CHECK(view.flipped != nullptr);
    worker.post(*make_request(plain));
    REQUIRE(worker.wait_idle(30s));
    apply_result(view, *worker.take_result());
    CHECK(view.flipped == nullptr);  // not asked for: dropped
}
