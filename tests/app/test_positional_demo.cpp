#include <doctest/doctest.h>

#include "app/state/app_state.h"
#include "app/views/positional/positional_demo.h"
#include "core/attention/engine.h"
#include "tests/app/trace_for.h"

using namespace attn::app;

static attn::Trace pe_trace(const std::string& text, bool positional) {
    AppState s;
    s.text = text;
    s.positional = positional;
    return testing::trace_for(s);
}

TEST_CASE("reversed sentence") {
    const attn::Trace t = pe_trace("Time flies like an arrow.", false);
    CHECK(reversed_sentence(t.q_tokens) == ". arrow an like flies Time");
    const attn::Trace k = pe_trace("그는 집에 갔다", false);
    CHECK(reversed_sentence(k.q_tokens) == "갔다 집에 그는");
}

TEST_CASE("without positions reversing only permutes the weights; with positions it changes them") {
    const std::string text = "Time flies like an arrow";
    for (bool pe : {false, true}) {
        const attn::Trace a = pe_trace(text, pe);
        const attn::Trace b = pe_trace(reversed_sentence(a.q_tokens), pe);
        const float m = reversal_mismatch(a, b);
        CAPTURE(pe);
        CHECK(m >= 0.0f);
        if (pe) {
            CHECK(m > 1e-3f);
        } else {
            CHECK(m < 1e-5f);
        }
    }
    CHECK(reversal_mismatch(pe_trace(text, false), pe_trace("Time flies", false)) == -1.0f);
    // The positional matrix of the trace is the sinusoid: row 0 = (0, 1, 0, 1, ...).
    const attn::Trace on = pe_trace(text, true);
    CHECK(on.q_positions(0, 0) == 0.0f);
    CHECK(on.q_positions(0, 1) == 1.0f);
}
