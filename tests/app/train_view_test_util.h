// train_view_test_util.h — what the Train view's tests share (test_train_view.cpp and
// test_train_view_archs.cpp): a small run, a collected mailbox, a saved model opened as the app
// opens one, and the largest difference of two traces' weights.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>

#include "app/jobs/model_loader.h"
#include "app/views/train/train_lab.h"
#include "app/views/train/train_worker.h"
#include "tests/temp_dir.h"

namespace attn::app::train_view_test {

using namespace attn::train;
using namespace std::chrono_literals;


// A run small enough for a unit test (a few ms a step).
inline TrainOptions tiny(int steps) {
    TrainOptions o = train_defaults("reverse");
    o.d_model = 16;
    o.n_heads = 2;
    o.n_layers = 2;
    o.batch = 8;
    o.steps = steps;
    o.eval_every = 10;
    o.eval_examples = 16;
    o.threads = 1;
    return o;
}

inline ProbeSnapshot snap(int step) {
    ProbeSnapshot s;
    s.step = step;
    return s;
}

// every TempDir here starts with "attnlab-train-view"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-train-view") {}
};

// Takes updates until `pred` holds for the accumulated state (or 10 s pass).
struct Collected {
    std::vector<TrainLogEntry> log;
    std::optional<ProbeSnapshot> probe;
    std::optional<Timeline> timeline;
    std::vector<SaveResult> saves;
    TrainUpdate last;
};
inline void collect(TrainWorker& w, Collected& c) {
    TrainUpdate u = w.take();
    if (u.reset) c = Collected{};
    c.log.insert(c.log.end(), u.log.begin(), u.log.end());
    if (u.probe) c.probe = u.probe;
    if (u.timeline) c.timeline = u.timeline;
    for (SaveResult& r : u.saves) c.saves.push_back(std::move(r));
    c.last = std::move(u);
}

// A run of `o` trained `steps` steps, then saved for "Use this model" into `dir`: the save's result.
inline SaveResult train_and_use(TrainWorker& w, Collected& c, const TrainOptions& o, int steps, const std::string& dir) {
    w.reset(o);
    w.run_steps(steps);
    REQUIRE(w.wait_idle(30s));  // a Save is handled between steps, as soon as it comes: the weights of now
    w.save(dir, SavePurpose::Use);
    REQUIRE(w.wait_idle(30s));
    collect(w, c);
    REQUIRE(c.saves.size() == 1);
    REQUIRE_MESSAGE(c.saves[0].error.empty(), c.saves[0].error);
    REQUIRE(c.probe);
    return c.saves[0];
}

// The saved folder opened as the app opens it (Model ▸ Open), through the loader's thread.
inline void open_in_app(ModelSession& session, AppState& state, const std::string& dir) {
    open_model(session, state, dir);
    REQUIRE(session.loader.wait_idle(60s));
    poll_model_session(session, state);
    REQUIRE_MESSAGE(session.active != nullptr, session.error);
}

// The largest |difference| of two traces' weights, head by head (the same layers and heads).
inline double max_weight_diff(const Trace& a, const Trace& b) {
    REQUIRE(a.layers.size() == b.layers.size());
    double err = 0.0;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        REQUIRE(a.layers[l].heads.size() == b.layers[l].heads.size());
        for (std::size_t h = 0; h < a.layers[l].heads.size(); ++h)
            err = std::max(err, double((a.layers[l].heads[h].weights - b.layers[l].heads[h].weights).cwiseAbs().maxCoeff()));
    }
    return err;
}


}  // namespace attn::app::train_view_test
