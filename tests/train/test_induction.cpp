// test_induction.cpp — the induction task at its defaults: it learns in a bounded number of steps,
// and the trained heads show the circuit its explanation promises (layer-1 heads that look n−1
// and n−2 letters back, layer-2 heads that, in the second copy, attend to where the current
// letter's earlier copy carries it: n−1 after its earlier occurrence), and that core/lm's head
// roles name them so (induction at k = n−1, positional n−1 or n−2 back).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>

#include "core/lm/head_roles_probe.h"
#include "core/pretrained/pretrained_model.h"
#include "core/train/model_io.h"
#include "core/train/trainer.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::train;

TEST_CASE("induction learns at its defaults and its heads form the promised circuit") {
    TrainOptions o;
    REQUIRE(apply_task_defaults(o, "induction"));
    o.seed = 1;
    o.threads = 2;  // bit-identical to one thread; only faster
    o.eval_every = 0;
    auto st = make_train_state(o);
    REQUIRE(st.ok());
    TrainState& s = **st;
    const int n = s.task.params.length;  // the run length (6)

    int reached = -1;
    while (s.step < 5000 && reached < 0) {
        train_step(s);
        if (s.step % 250 == 0 && evaluate(s, 500, 77).exact >= 0.99f) reached = s.step;
    }
    std::printf("induction (defaults, seed 1): 99%% exact at step %d of at most 5000\n", reached);
    REQUIRE(reached > 0);

    // Fresh examples through the model: mean attention of each head at the offsets the circuit uses.
    TaskRng rng(99);
    const int T = s.task.seq_len - 1, NH = s.model.shape.n_heads;
    std::vector<double> back(std::size_t(NH) * 8, 0.0), l2(NH, 0.0);  // layer 1: [head][offset]
    int rows = 0, scored = 0;
    for (int e = 0; e < 20; ++e) {
        Example ex;
        s.task.sample(rng, ex);
        std::vector<int> ids(ex.tokens.begin(), ex.tokens.end() - 1);  // (T)
        Activations a;
        model_forward(*s.pool, s.model, a, ids.data(), nullptr, 1, T);
        const auto att = attention_weights(s.model, a, 0);  // [layer][head] (T, T)
        for (int i = 8; i < T; ++i, ++rows)
            for (int h = 0; h < NH; ++h)
                for (int off = 0; off < 8; ++off) back[std::size_t(h) * 8 + off] += att[0][h](i, i - off);
        for (int i = 0; i < T; ++i) {
            if (!ex.scored[i]) continue;
            // the earlier occurrence of the current letter (segment letters are distinct, and
            // the filler before the repeat never uses them)
            const int j = int(std::find(ids.begin(), ids.end(), ids[i]) - ids.begin());
            REQUIRE(j < i);
            for (int h = 0; h < NH; ++h) l2[h] += att[1][h](i, j + n - 1);
            ++scored;
        }
    }
    double best_n1 = 0, best_n2 = 0, best_l2 = 0;
    for (int h = 0; h < NH; ++h) {
        best_n1 = std::max(best_n1, back[std::size_t(h) * 8 + n - 1] / rows);
        best_n2 = std::max(best_n2, back[std::size_t(h) * 8 + n - 2] / rows);
        best_l2 = std::max(best_l2, l2[h] / scored);
    }
    std::printf("layer 1: best head looking %d back %.2f, %d back %.2f; layer 2: best head on the "
                "earlier copy's carrier %.2f\n", n - 1, best_n1, n - 2, best_n2, best_l2);
    CHECK(best_n1 > 0.3);
    CHECK(best_n2 > 0.3);
    CHECK(best_l2 > 0.6);

    // Head roles (core/lm) on the saved model, probed with the task's own examples: the layer-2
    // heads come out induction at offset k = n − 1 (they read what stood n − 1 after the earlier
    // copy, as measured above), and some layer-1 heads positional at i − (n − 1) or i − (n − 2).
    attn::test::TempDir tmp("attnlab-induction-roles");
    const std::string dir = (tmp.path / "induction").string();
    REQUIRE(save_model_folder(s, dir).ok());
    auto model = pretrained::load_pretrained_model(dir);
    REQUIRE(model.ok());
    auto report = lm::head_role_report(**model, "");
    REQUIRE(report.ok());
    REQUIRE(report->probe_set.kind == lm::ProbeSet::Kind::Task);
    const lm::HeadRoleTable& t = report->probe;
    int induction_k = 0, positional_back = 0;
    float best_induction = 0.0f;
    for (int h = 0; h < NH; ++h) {
        const lm::HeadRoleScores& l1 = t.at(0, h);
        const lm::HeadRoleScores& l2 = t.at(1, h);
        if (l2.strongest == int(lm::HeadRole::Induction) && l2.induction_offset == n - 1) {
            ++induction_k;
            best_induction = std::max(best_induction, l2[lm::HeadRole::Induction]);
        }
        if (l1.strongest == int(lm::HeadRole::Positional) && l1.rule.kind == lm::PositionRule::Kind::Offset &&
            (l1.rule.value == n - 1 || l1.rule.value == n - 2))
            ++positional_back;
    }
    std::printf("head roles: %d layer-2 heads induction at k = %d (best score %.2f), %d layer-1 heads positional "
                "%d or %d back\n", induction_k, n - 1, double(best_induction), positional_back, n - 1, n - 2);
    CHECK(induction_k >= 1);
    CHECK(best_induction > 0.6f);
    CHECK(positional_back >= 1);
}
