// engine.h — text in, trace out: tokenize → embed (+ positions) → mask → attention.
#pragma once

#include "core/attention/builtin_model.h"
#include "core/base/status.h"
#include "core/attention/trace.h"

namespace attn {

inline const char* kPadToken = "[PAD]";
// Longer texts are refused before tokenizing (a pasted book must not stall the app).
constexpr size_t kMaxTextBytes = 4u << 20;

// Errors: empty or invalid text, too many tokens, bad mask or options — each a message for users.
//
// `previous`, if given, is a trace of the same model: when only the attention switches or the mask
// changed (same texts, padding and token limit), its tokens, projections and raw scores are reused
// and only the softmax onwards is recomputed. The result is the same either way.
Expected<Trace> compute_trace(const BuiltinModel& model, const RunConfig& run,
                              const Trace* previous = nullptr);

// True when `previous` can be reused for `run` on `model` (see compute_trace).
bool can_reuse_projections(const Trace& previous, const BuiltinModel& model, const RunConfig& run);

}  // namespace attn
