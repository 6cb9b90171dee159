// trace_json.h — the whole trace as JSON that numpy / PyTorch can load (`attnlab dump`).
//
// Layout (format "attnlab-trace/1"; all matrices are lists of rows):
//   model      {name, d_model, n_heads, d_k, seed, positional}
//   settings   {text, cross_text, scale, temperature, logit_factor, mask{...}, max_tokens}
//   image      (image runs only) {source, source_width, source_height, width, height, patch_size,
//               grid_rows, grid_cols, prefix_tokens, checkpoint_grid, positions_interpolated}
//   (a speech run's "attnlab-run/1" has a top-level audio object before its sections: {source,
//    format, seconds, sample_rate, heard_samples, hop_length, frames, sound_frames,
//    seconds_per_frame, cut, language, language_detected, transcript, transcript_generated,
//    prompt_tokens, words [{text, start, end, first_token, end_token}], alignment_heads,
//    (untimed), log_mel (n_mels, mel frames)}; frame tokens carry seconds [start, end])
//   tokens     {queries: [{text, begin, end, kind (, id) (, row, col, box: patches)}], keys: [...]},
//              key_is_pad
//   inputs     {token_embeddings_q, positions_q, token_embeddings_k, positions_k}   (T, d_model)
//   layers[]   {x_q, x_kv, q, k, v, blocked, fully_masked_rows, concat, output,
//               heads[]: {scores (raw QKᵀ), position_bias (T5 only: the learned bias for each
//                         j − i, added after the factor), scaled_scores (factor · scores (+ bias ÷
//                         temperature)), masked_scores (null = −∞), weights, output (T_q, d_k),
//                         stats, stats_other_scaling}}
#pragma once

#include <ostream>

#include "core/attention/trace.h"

namespace attn {

struct TraceJsonOptions {
    bool pretty = true;
    bool include_derived = true;  // scaled_scores and masked_scores (derivable from scores + mask)
    // Each head's weights alone: no layer inputs, projections, scores or outputs (a speech run's
    // encoder holds frames × frames per head; `dump --weights-only`).
    bool weights_only = false;
};

void write_trace_json(std::ostream& out, const Trace& trace, const TraceJsonOptions& options = {});
// One section: write_trace_json. Several: "attnlab-run/1" (above).
void write_run_json(std::ostream& out, const std::vector<Trace>& sections, const TraceJsonOptions& options = {});

}  // namespace attn
