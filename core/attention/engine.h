// engine.h — text in, trace out: tokenize → embed (+ positions) → mask → attention.
#pragma once

#include <cstdint>

#include "core/attention/builtin_model.h"
#include "core/base/limits.h"
#include "core/base/status.h"
#include "core/attention/trace.h"

namespace attn {

inline const char* kPadToken = "[PAD]";
// Longer texts are refused before tokenizing (a pasted book must not stall the app).
constexpr size_t kMaxTextBytes = limits::kMaxTextBytes;

// The checks every run passes before any work, for the built-in and the pretrained models alike:
// text size, token limit (at most limits::kMaxTokens), padding length, temperature range.
Status check_run_limits(const RunConfig& run);

// Refuses a trace that would not fit limits::kMaxTraceBytes, before it is allocated.
Status check_trace_budget(std::int64_t t_q, std::int64_t t_k, std::int64_t n_heads, std::int64_t n_layers,
                          std::int64_t d_model);

// Every number of a computed trace is finite (weights, scores, outputs); otherwise an error naming
// the layer, so a NaN is never shown or written as a result.
Status check_trace_finite(const Trace& trace);

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
