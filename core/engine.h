// engine.h — text in, trace out: tokenize → embed (+ positions) → mask → attention.
#pragma once

#include "core/builtin_model.h"
#include "core/status.h"
#include "core/trace.h"

namespace attn {

inline const char* kPadToken = "[PAD]";
// Longer texts are refused before tokenizing (a pasted book must not stall the app).
constexpr size_t kMaxTextBytes = 4u << 20;

// Errors: empty or invalid text, too many tokens, bad mask or options — each a message for users.
Expected<Trace> compute_trace(const BuiltinModel& model, const RunConfig& run);

}  // namespace attn
