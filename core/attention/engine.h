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

// One run's memory, estimated before anything is allocated, against one budget for every run —
// dump, transcribe, generate and the app alike (limits::kMaxTraceBytes): what the run keeps (the
// traces the views read, a generation's attention rows) and the largest working set it allocates
// and lets go again (a speech encoder's layer over its whole chunk, the spectrogram).
struct RunMemory {
    double kept_bytes = 0;
    double working_bytes = 0;
    std::string what;  // the sizes behind the figure, for the message: "1500 x 1500 frames, 6 heads"
};

// What a trace keeps: per head its raw scores and weights (T_q x T_k); per layer its inputs, Q, K,
// V, the heads' concatenation and the output.
RunMemory trace_memory(std::int64_t t_q, std::int64_t t_k, std::int64_t n_heads, std::int64_t n_layers,
                       std::int64_t d_model);
// Refused over the budget, with the figure, the sizes and the limit; `advice` says what to change
// (a sentence of its own, e.g. "Use a shorter recording.").
Status check_run_memory(const RunMemory& m, const std::string& advice);

// Refuses a trace that would not fit limits::kMaxTraceBytes, before it is allocated
// (check_run_memory of trace_memory, advising fewer tokens or heads).
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
