// test_lesson_state.cpp — steps are cumulative; a step's state is exactly the engine settings the
// CLI builds for the same options (one set of settings structs, no copy).
#include <doctest/doctest.h>

#include "cli/run_options.h"
#include "core/lesson/lesson.h"

using namespace attn;
using namespace attn::lesson;

namespace {

const char* kSteps = R"(# Cumulative

```attnlab
text = Time flies like an arrow
d_model = 32
```

## One

```attnlab
causal = on
head = 2
highlight = row 1
```

## Two

```attnlab
scale = off
window = 1
```

## Three

```attnlab
causal = off
global = 0
```

## Four

```attnlab
reset = mask
temperature = 2
```

## Five

```attnlab
reset = all
view = scaling
```
)";

}  // namespace

TEST_CASE("each step starts from the previous one") {
    auto l = parse_lesson(kSteps, "steps.md");
    REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
    auto s1 = state_at_step(*l, 0);
    auto s2 = state_at_step(*l, 1);
    auto s3 = state_at_step(*l, 2);
    auto s4 = state_at_step(*l, 3);
    auto s5 = state_at_step(*l, 4);
    REQUIRE((s1.ok() && s2.ok() && s3.ok() && s4.ok() && s5.ok()));
    CHECK(s1->model.d_model == 32);  // from the title block
    CHECK(s1->run.mask.causal);
    CHECK(s1->head == 1);
    CHECK(s1->highlights.size() == 1);

    CHECK(s2->run.mask.causal);      // carried over
    CHECK(s2->head == 1);
    CHECK_FALSE(s2->run.attention.scale);
    CHECK(s2->run.mask.window == 1);
    CHECK(s2->highlights.empty());   // highlights belong to their step only

    CHECK_FALSE(s3->run.mask.causal);
    CHECK(s3->run.mask.window == 1);
    CHECK(s3->run.mask.global_tokens == std::vector<int>{0});

    CHECK_FALSE(s4->run.mask.any());  // reset = mask
    CHECK_FALSE(s4->run.attention.scale);
    CHECK(s4->run.attention.temperature == 2.0f);

    CHECK(s5->run.attention.scale);   // reset = all: back to the title block's state
    CHECK(s5->run.attention.temperature == 1.0f);
    CHECK(s5->model.d_model == 32);
    CHECK(s5->head == 0);
    CHECK(s5->view == "scaling");

    // Jumping straight to a step gives the same state as walking there (Back/Next re-apply).
    auto again = state_at_step(*l, 2);
    CHECK(again->run.mask.window == s3->run.mask.window);
    CHECK(again->run.mask.global_tokens == s3->run.mask.global_tokens);
}

TEST_CASE("a lesson's settings are the CLI's settings") {
    const char* text = R"(# Same

## Step

```attnlab
text = Time flies like an arrow
cross_text = like an arrow
d_model = 48
heads = 3
seed = 9
positional = off
scale = off
temperature = 1.5
causal = on
window = 2
global = 0,3
pad_to = 7
block = 2:0,3:1
```
)";
    auto l = parse_lesson(text, "same.md");
    REQUIRE(l.ok());
    auto s = state_at_step(*l, 0);
    REQUIRE(s.ok());

    cli::RunOptions o;
    o.text = "Time flies like an arrow";
    o.cross_text = "like an arrow";
    o.d_model = 48;
    o.heads = 3;
    o.seed = 9;
    o.no_pe = true;
    o.no_scale = true;
    o.temperature = 1.5f;
    o.causal = true;
    o.window = 2;
    o.global_tokens = "0,3";
    o.pad_to = 7;
    o.block_cells = "2:0,3:1";
    auto setup = cli::make_run_setup(o);
    REQUIRE(setup.ok());
    CHECK(s->model == setup->model);
    const RunConfig& a = s->run;
    const RunConfig& b = setup->run;
    CHECK(a.text == b.text);
    CHECK(a.cross_text == b.cross_text);
    CHECK(a.attention.scale == b.attention.scale);
    CHECK(a.attention.temperature == b.attention.temperature);
    CHECK(a.mask.causal == b.mask.causal);
    CHECK(a.mask.window == b.mask.window);
    CHECK(a.mask.global_tokens == b.mask.global_tokens);
    CHECK(a.mask.pad_to == b.mask.pad_to);
    CHECK(a.mask.blocked_cells == b.mask.blocked_cells);
    CHECK(format_index_list(a.mask.global_tokens) == "0, 3");
}

TEST_CASE("steps shown with or without a model") {
    const char* text = "# T\n\n## A\n\n## B\n\n```attnlab\nwhen = model\nmodel = required\n```\n\n## C\n\n"
                       "```attnlab\nwhen = no_model\n```\n";
    auto l = parse_lesson(text, "when.md");
    REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
    CHECK(step_visible(l->steps[0], false));
    CHECK(step_visible(l->steps[0], true));
    CHECK_FALSE(step_visible(l->steps[1], false));
    CHECK(step_visible(l->steps[1], true));
    CHECK(step_visible(l->steps[2], false));
    CHECK_FALSE(step_visible(l->steps[2], true));
    CHECK(state_at_step(*l, 1)->model_use == ModelUse::Required);
    CHECK(state_at_step(*l, 2)->model_use == ModelUse::Required);  // cumulative like any setting
}
