// LatestJob (app/jobs/async_job.h): results come back with their request, the newest pending request
// replaces older ones, wake-ups fire, an idle thread ends (and runs on_idle) and comes back, drop()
// lets go of what requests and results hold, and the panels' job bodies (Variants, scaling lab) give
// the same numbers as computing on the spot.
#include <doctest/doctest.h>

#include <dirent.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "trace_for.h"
#include "app/jobs/async_job.h"
#include "app/views/scaling_lab/scaling_lab.h"
#include "app/views/variants/variants.h"
#include "core/attention/engine.h"

using namespace attn;
using namespace attn::app;
using namespace std::chrono_literals;

namespace {

// This process's threads named `name`, as ps and the soak test count them (/proc/self/task).
int threads_named(const std::string& name) {
    int n = 0;
    DIR* dir = opendir("/proc/self/task");
    if (dir == nullptr) return -1;
    while (dirent* e = readdir(dir)) {
        if (e->d_name[0] == '.') continue;
        std::ifstream comm(std::string("/proc/self/task/") + e->d_name + "/comm");
        std::string got;
        if (std::getline(comm, got) && got == name) ++n;
    }
    closedir(dir);
    return n;
}

}  // namespace

TEST_CASE("a job returns each result with its request") {
    LatestJob<int, int> job([](const int& x) { return x * x; });
    CHECK(!job.busy());
    CHECK(!job.take());
    std::atomic<int> wakeups{0};
    job.set_wakeup([&] { ++wakeups; });
    job.post(7);
    REQUIRE(job.wait_idle(10s));
    auto done = job.take();
    REQUIRE(done);
    CHECK(done->request == 7);
    CHECK(done->result == 49);
    CHECK(wakeups.load() == 1);
    CHECK(!job.take());  // taken once
}

TEST_CASE("the latest request wins: pending requests are replaced, not queued") {
    std::promise<void> started, release;
    std::shared_future<void> release_f = release.get_future().share();
    std::mutex m;
    std::vector<int> computed;
    bool first = true;
    LatestJob<int, int> job([&](const int& x) {
        bool block = false;
        {
            std::lock_guard<std::mutex> lock(m);
            computed.push_back(x);
            block = first;
            first = false;
        }
        if (block) {
            started.set_value();
            release_f.wait();  // hold the thread while more requests arrive
        }
        return x + 100;
    });
    job.post(1);
    REQUIRE(started.get_future().wait_for(10s) == std::future_status::ready);
    job.post(2);
    job.post(3);
    job.post(4);
    CHECK(job.busy());
    CHECK(!job.wait_idle(20ms));  // still blocked
    release.set_value();
    REQUIRE(job.wait_idle(10s));
    {
        std::lock_guard<std::mutex> lock(m);
        CHECK(computed == std::vector<int>{1, 4});  // 2 and 3 were replaced before they started
    }
    auto done = job.take();
    REQUIRE(done);
    CHECK(done->request == 4);
    CHECK(done->result == 104);
}

TEST_CASE("destroying a job finishes the running request and drops the pending one") {
    std::atomic<int> runs{0};
    std::promise<void> started;
    {
        LatestJob<int, int> job([&](const int& x) {
            if (++runs == 1) started.set_value();
            std::this_thread::sleep_for(30ms);
            return x;
        });
        job.post(1);
        REQUIRE(started.get_future().wait_for(10s) == std::future_status::ready);
        job.post(2);  // pending while 1 runs
    }  // joins after 1; 2 never starts
    CHECK(runs.load() == 1);
    LatestJob<int, int> never_posted([](const int& x) { return x; });  // no thread to join
    CHECK(!never_posted.busy());
    CHECK(never_posted.wait_idle(1ms));
}

namespace {
std::shared_ptr<const Trace> shared_trace(bool scale) {
    AppState s;
    s.d_model = 32;
    s.n_heads = 4;
    s.text = "The cat sat on the mat because it was warm";
    s.scale = scale;
    return std::make_shared<const Trace>(attn::app::testing::trace_for(s));
}
}  // namespace

TEST_CASE("the Variants job computes what compute_variants does") {
    const auto t = shared_trace(true);
    LatestJob<VariantsRequest, VariantsResult> job(run_variants_request);
    const VariantsRequest req{t, 0, 2, 1, 3};
    job.post(req);
    REQUIRE(job.wait_idle(10s));
    auto done = job.take();
    REQUIRE(done);
    CHECK(same_variants_request(done->request, req));
    const VariantsResult direct = compute_variants(*t, 0, 2, 1, 3);
    CHECK(done->result.head == 2);
    CHECK(done->result.window_out == direct.window_out);
    CHECK(done->result.online.tiles.size() == direct.online.tiles.size());
    // Each field of the request matters; a head beyond the trace is clamped, not a crash.
    CHECK(!same_variants_request(req, VariantsRequest{t, 0, 1, 1, 3}));
    CHECK(!same_variants_request(req, VariantsRequest{t, 0, 2, 2, 3}));
    CHECK(!same_variants_request(req, VariantsRequest{t, 0, 2, 1, 4}));
    CHECK(!same_variants_request(req, VariantsRequest{shared_trace(true), 0, 2, 1, 3}));
    CHECK(run_variants_request(VariantsRequest{t, 7, 99, -5, 0}).head == 3);
}

TEST_CASE("the scaling lab's jobs compute the maps and the d_k curve") {
    const auto scaled = shared_trace(true), unscaled = shared_trace(false);
    // Either setting may be the one on screen: the maps always compare scaled with unscaled.
    const ScalingMaps a = run_scaling_request(ScalingRequest{scaled, 0, 1});
    const ScalingMaps b = run_scaling_request(ScalingRequest{unscaled, 0, 1});
    CHECK(a.diff.diff == b.diff.diff);
    CHECK(a.scaled.values == b.scaled.values);
    const DifferenceMap direct = make_difference_map(scaled->layers[0], unscaled->layers[0], 1);  // two runs
    CHECK(a.diff.diff == direct.diff);
    CHECK(a.diff.max_abs > 0.0f);
    CHECK(a.hist_scaled.total == scaled->t_q() * scaled->t_k());
    CHECK(a.hist_scaled.counts.size() == size_t(kScalingHistogramBins));
    CHECK(!same_scaling_request(ScalingRequest{scaled, 0, 1}, ScalingRequest{scaled, 0, 2}));

    LatestJob<std::uint64_t, DkCurve> dk([](const std::uint64_t& seed) { return run_dk_curve(seed); });
    dk.post(7);
    REQUIRE(dk.wait_idle(30s));
    auto curve = dk.take();
    REQUIRE(curve);
    for (int k = 0; k < kDkDemoCount; ++k) {
        const DkDemo one = run_dk_demo(kDkDemoValues[k]);  // the panel's old per-value call
        CHECK(curve->result[size_t(k)].d_k == kDkDemoValues[k]);
        CHECK(curve->result[size_t(k)].entropy_unscaled == one.entropy_unscaled);
        CHECK(curve->result[size_t(k)].scaled_var == one.scaled_var);
    }
}

TEST_CASE("an idle job thread ends after its linger; the next request starts it again") {
    LatestJob<int, int> job([](const int& x) { return x + 1; }, "attn-test-idle");
    job.set_linger(30ms);
    CHECK(!job.has_thread());  // none before the first request
    CHECK(threads_named("attn-test-idle") == 0);
    job.post(1);
    REQUIRE(job.wait_idle(10s));
    CHECK(job.take()->result == 2);
    for (int k = 0; k < 500 && job.has_thread(); ++k) std::this_thread::sleep_for(10ms);
    CHECK(!job.has_thread());
    // Gone from the process, not only marked: its last step is a return.
    for (int k = 0; k < 500 && threads_named("attn-test-idle") > 0; ++k) std::this_thread::sleep_for(10ms);
    CHECK(threads_named("attn-test-idle") == 0);
    job.post(2);
    REQUIRE(job.wait_idle(10s));
    CHECK(job.has_thread());
    CHECK(threads_named("attn-test-idle") == 1);
    CHECK(job.take()->result == 3);

    // Requests that arrive just as the thread ends (a linger of 1 ms and pauses around it): every
    // one is answered, and never two threads at once (TSan checks the hand-over).
    job.set_linger(1ms);
    for (int k = 0; k < 200; ++k) {
        job.post(k);
        REQUIRE(job.wait_idle(10s));
        auto done = job.take();
        REQUIRE(done);
        CHECK(done->result == k + 1);
        CHECK(threads_named("attn-test-idle") <= 1);
        std::this_thread::sleep_for(std::chrono::microseconds(50 * (k % 40)));
    }
}

TEST_CASE("the default linger keeps a job thread between requests") {
    LatestJob<int, int> job([](const int& x) { return x; }, "attn-test-keep");
    job.post(1);
    REQUIRE(job.wait_idle(10s));
    std::this_thread::sleep_for(100ms);
    CHECK(job.has_thread());
    CHECK(threads_named("attn-test-keep") == 1);
}

TEST_CASE("drop: the pending request, a result not taken and the run in progress let go of what they hold") {
    using Held = std::shared_ptr<int>;
    std::promise<void> started, release;
    std::shared_future<void> release_f = release.get_future().share();
    LatestJob<Held, Held> job([&](const Held& x) {
        if (*x == 1) {
            started.set_value();
            release_f.wait();  // hold the thread while the test drops
        }
        return x;
    });
    auto running = std::make_shared<int>(1), pending = std::make_shared<int>(2);
    std::weak_ptr<int> running_gone = running, pending_gone = pending;
    job.post(std::move(running));
    REQUIRE(started.get_future().wait_for(10s) == std::future_status::ready);
    job.post(std::move(pending));
    job.drop();
    CHECK(pending_gone.expired());        // gone at once
    CHECK_FALSE(running_gone.expired());  // the run in progress still reads it ...
    release.set_value();
    REQUIRE(job.wait_idle(10s));
    CHECK_FALSE(job.take());              // ... and is not published
    CHECK(running_gone.expired());
    // A finished result nobody took.
    auto done = std::make_shared<int>(3);
    std::weak_ptr<int> done_gone = done;
    job.post(std::move(done));
    REQUIRE(job.wait_idle(10s));
    CHECK_FALSE(done_gone.expired());
    job.drop();
    CHECK(done_gone.expired());
    // The job works on after a drop.
    job.post(std::make_shared<int>(4));
    REQUIRE(job.wait_idle(10s));
    auto after = job.take();
    REQUIRE(after);
    CHECK(*after->result == 4);
}

TEST_CASE("on_idle runs on the job thread when it ends idle") {
    std::mutex m;
    std::thread::id ran_on, idle_on;
    int idles = 0;
    LatestJob<int, int> job([&](const int& x) {
        std::lock_guard<std::mutex> lock(m);
        ran_on = std::this_thread::get_id();
        return x;
    });
    job.set_linger(20ms);
    job.set_on_idle([&] {
        std::lock_guard<std::mutex> lock(m);
        idle_on = std::this_thread::get_id();
        ++idles;
    });
    job.post(1);
    REQUIRE(job.wait_idle(10s));
    for (int k = 0; k < 500 && job.has_thread(); ++k) std::this_thread::sleep_for(10ms);
    REQUIRE_FALSE(job.has_thread());
    std::lock_guard<std::mutex> lock(m);
    CHECK(idles == 1);
    CHECK(idle_on == ran_on);
    CHECK(idle_on != std::this_thread::get_id());
}
