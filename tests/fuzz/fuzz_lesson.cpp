// fuzz_lesson.cpp — a lesson's Markdown file: parsed, every step's state built, its text turned
// into Pango markup; for small steps the trace is computed and the question's answer evaluated.
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_run.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(lesson) {
    using namespace attn::lesson;
    auto lesson = parse_lesson(std::string(attn::fuzz::as_text(data, size)), "fuzz.md");
    if (!lesson.ok()) {
        if (lesson.error().empty()) __builtin_trap();  // every refusal says why
        return 0;
    }
    (void)to_pango_markup(lesson->intro);
    int traces = 0;
    for (int i = 0; i < static_cast<int>(lesson->steps.size()); ++i) {
        const Step& step = lesson->steps[static_cast<std::size_t>(i)];
        (void)to_pango_markup(step.text);
        auto state = state_at_step(*lesson, i);
        if (!state.ok()) continue;
        (void)describe_state(*state, Lang::Ko);
        // Traces are the expensive part (random weights, d_model² normals each; the math has its own
        // tests): one small one per input keeps the harness at ~2× the executions per second.
        if (!step.question || traces >= 1 || state->model.d_model > 64 || state->run.text.size() > 64 ||
            state->run.cross_text.size() > 64)
            continue;
        ++traces;
        auto trace = compute_step_trace(*state, nullptr);
        if (!trace.ok()) continue;
        if (!check_state_against_trace(*state, *trace)) continue;
        auto answer = evaluate_answer(*step.question, *trace, *state);
        if (answer.ok() && answer->click && (answer->row < 0 || answer->col < 0)) __builtin_trap();
    }
    return 0;
}
