// trace_for.h — the trace the app would compute for an AppState (test helper).
#pragma once

#include <doctest/doctest.h>

#include "app/state/app_state.h"
#include "core/attention/engine.h"

namespace attn::app::testing {

inline attn::Trace trace_for(const AppState& s) {
    const auto request = make_request(s);
    REQUIRE_MESSAGE(request.ok(), request.status().message());
    auto model = attn::make_builtin_model(request->model);
    REQUIRE_MESSAGE(model.ok(), model.status().message());
    auto trace = attn::compute_trace(*model, request->run);
    REQUIRE_MESSAGE(trace.ok(), trace.status().message());
    return std::move(*trace);
}

}  // namespace attn::app::testing
