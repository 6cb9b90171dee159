// test_induction.cpp — the induction task at its defaults learns in a bounded number of steps, and
// core/lm's head roles find the circuit it needs: layer-2 heads that, in the second copy, attend
// k positions after the current letter's earlier occurrence (induction at offset k).
//
// Which k a model settles on (the layer-1 heads look n−1, n−2 or another fixed distance back), and
// whether layer 2 does the job in a few sharp heads or spreads it over all eight, depends on the seed
// and even on OpenBLAS's kernel (Haswell, SkylakeX and Sandybridge kernels round differently, and
// the runs part ways): seed 1 gives six sharp induction heads with one kernel and eight half-broad
// ones with another. So the test tries seeds 1, 2, 3 in turn: each must learn, and one of them must
// give a layer-2 head that head roles call induction (score > 0.6) and whose attention, measured
// here directly on the trainer's own activations, does sit on the cell the role names.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>

#include "core/lm/head_roles_probe.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/train/gpt2_io.h"
#include "core/train/run_folder.h"
#include "core/train/trainer.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::train;

// Head `h` of the last layer, on fresh examples' scored rows: the mean attention on j + k, where j
// is the current letter's earlier occurrence (segment letters are distinct, and the filler before
// the repeat never uses them).
static double direct_induction(TrainState& s, int h, int k) {
    TaskRng rng(99);
    const int T = s.task.seq_len - 1, last = s.model.shape.n_layers - 1;
    double sum = 0.0;
    int rows = 0;
    for (int e = 0; e < 20; ++e) {
        Example ex;
        s.task.sample(rng, ex);
        std::vector<int> ids(ex.tokens.begin(), ex.tokens.end() - 1);  // (T)
        Activations a;
        model_forward(*s.pool, s.model, a, ids.data(), nullptr, 1, T);
        const auto att = attention_weights(s.model, a, 0);  // [layer][head] (T, T)
        for (int i = 0; i < T; ++i) {
            if (!ex.scored[i]) continue;
            const int j = int(std::find(ids.begin(), ids.end(), ids[i]) - ids.begin());
            REQUIRE(j < i);
            if (j + k < i) sum += att[std::size_t(last)][std::size_t(h)](i, j + k);
            ++rows;
        }
    }
    return rows ? sum / rows : 0.0;
}

TEST_CASE("induction learns at its defaults, and head roles find its induction heads") {
    bool found = false;
    for (int seed = 1; seed <= 3 && !found; ++seed) {
        CAPTURE(seed);
        TrainOptions o;
        REQUIRE(apply_task_defaults(o, "induction"));
        o.seed = std::uint64_t(seed);
        o.threads = 2;  // bit-identical to one thread; only faster
        o.eval_every = 0;
        auto st = make_train_state(o);
        REQUIRE(st.ok());
        TrainState& s = **st;

        int reached = -1;
        while (s.step < 5000 && reached < 0) {
            train_step(s);
            if (s.step % 250 == 0 && evaluate(s, 500, 77).exact >= 0.99f) reached = s.step;
        }
        std::printf("induction (defaults, seed %d): 99%% exact at step %d of at most 5000\n", seed, reached);
        REQUIRE(reached > 0);

        // Head roles (core/lm) on the saved model, probed with the task's own examples.
        attn::test::TempDir tmp("attnlab-induction-roles");
        const std::string dir = (tmp.path / "induction").string();
        REQUIRE(save_model_folder(s, dir).ok());
        auto model = pretrained::load_pretrained_model(dir);
        REQUIRE(model.ok());
        auto report = lm::head_role_report(**model, "");
        REQUIRE(report.ok());
        REQUIRE(report->probe_set.kind == lm::ProbeSet::Kind::Task);
        const lm::HeadRoleTable& t = report->probe;
        const int NH = s.model.shape.n_heads, last = s.model.shape.n_layers - 1;
        int heads = 0, best = -1;
        for (int h = 0; h < NH; ++h) {
            const lm::HeadRoleScores& r = t.at(last, h);
            if (r.strongest != int(lm::HeadRole::Induction)) continue;
            ++heads;
            if (best < 0 || r[lm::HeadRole::Induction] > t.at(last, best)[lm::HeadRole::Induction]) best = h;
        }
        if (best < 0) {
            std::printf("  head roles: no layer-2 head is induction (the model spread the work); next seed\n");
            continue;
        }
        const lm::HeadRoleScores& r = t.at(last, best);
        const double direct = direct_induction(s, best, r.induction_offset);
        std::printf("  head roles: %d layer-2 induction heads; the best, head %d, %.2f at k = %d; measured "
                    "directly on the second copy: %.2f\n",
                    heads, best + 1, double(r[lm::HeadRole::Induction]), r.induction_offset, direct);
        if (r[lm::HeadRole::Induction] <= 0.6f) continue;
        CHECK(direct > 0.5);
        found = true;
    }
    CHECK(found);
}
