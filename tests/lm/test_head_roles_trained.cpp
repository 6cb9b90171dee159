// test_head_roles_trained.cpp — head roles on a model trained here: `reverse` trained to 99% exact
// (a few hundred steps, under a second), saved, loaded back, and scored on its task's own examples.
// Its layer-1 heads read the mirror position (answer i reads input 11 − i): they must come out
// positional with that rule, not "broad" as on a random-token probe. (The induction model is
// checked in tests/train/test_induction.cpp, which trains it already.)
#include <doctest/doctest.h>

#include <cstdio>

#include "core/train/run_folder.h"
#include "core/lm/head_roles_probe.h"
#include "core/train/gpt2_io.h"
#include "core/train/trainer.h"
#include "tests/lm/lm_test_util.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::lm;

TEST_CASE("a trained reverse model: layer-1 heads are positional, j = 11 - i, on the task's probe") {
    train::TrainOptions o;
    REQUIRE(train::apply_task_defaults(o, "reverse"));
    o.seed = 1;
    o.eval_every = 0;
    auto st = train::make_train_state(o);
    REQUIRE(st.ok());
    train::TrainState& s = **st;
    float exact = 0.0f;
    while (s.step < 1000 && exact < 0.99f) {
        train::train_step(s);
        if (s.step % 25 == 0) exact = train::evaluate(s, 200, 5).exact;
    }
    std::printf("reverse: %.0f%% exact at step %d\n", 100.0 * exact, s.step);
    REQUIRE(exact >= 0.99f);
    attn::test::TempDir tmp("attnlab-roles-test");
    const std::string dir = (tmp.path / "reverse").string();
    REQUIRE(train::save_model_folder(s, dir).ok());
    auto model = lm_test::load(dir);

    auto report = head_role_report(*model, "");
    REQUIRE(report.ok());
    CHECK(report->probe_set.kind == ProbeSet::Kind::Task);
    CHECK(report->probe_set.task == "reverse");
    CHECK(report->probe_set.note.empty());
    REQUIRE(report->probe_ids.size() == 12);  // 6 letters, '>', 5 answer letters: what the model reads
    CHECK(report->probe_ids[6] == 8);          // '>' is the task's id 8 (after a … h)

    const HeadRoleTable& t = report->probe;
    int mirrors = 0;
    for (int h = 0; h < t.n_heads; ++h) {
        const HeadRoleScores& sc = t.at(0, h);
        std::printf("layer 1 head %d: %s (margin %.2f), positional %.2f at %s, broad %.2f\n", h + 1,
                    sc.strongest >= 0 ? head_role_name(HeadRole(sc.strongest)) : "none", double(sc.margin),
                    double(sc[HeadRole::Positional]), position_rule_text(sc.rule).c_str(), double(sc[HeadRole::Broad]));
        if (sc.strongest == int(HeadRole::Positional) && sc.rule == PositionRule{PositionRule::Kind::Mirror, 11}) {
            ++mirrors;
            CHECK(sc[HeadRole::Positional] > 0.8f);
        }
    }
    CHECK(mirrors >= 2);
    // The old trap: on the standard probe (random bytes the model never saw) the same heads read nothing.
    const HeadRoleTable standard = score_probe(*model, standard_probe(*model));
    int standard_positional_mirror = 0;
    for (int h = 0; h < t.n_heads; ++h)
        standard_positional_mirror += standard.at(0, h).rule.kind == PositionRule::Kind::Mirror ? 1 : 0;
    std::printf("on the standard probe, %d of %d layer-1 heads have a mirror rule\n", standard_positional_mirror,
                t.n_heads);
}
