// audio_view.h — the Audio view's numbers (speech models), GL-free.
//
//   a word's cross-attention over the frames: the mean over its tokens' rows (decoder rows
//       first_token … end_token − 1) of one head's weights, or of the mean of several heads
//       (the alignment heads by default)                                          (F)
//   every written token's row the same way: the map under the spectrogram        (T, F)
//   the waveform as each pixel column's lowest and highest sample
// Every function is pure; the panel (panel.cpp) caches and draws.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/attention/trace.h"

namespace attn::app {

// The (layer, head) pairs a view means by "the alignment heads": TraceAudio's caption parsed back
// ("layer 2 head 1, …", 1-based) into 0-based pairs within the trace; empty when none fit.
std::vector<std::pair<int, int>> alignment_heads_of(const Trace& cross);

// (F) row `row` of the cross section averaged over `heads` ((layer, head), 0-based; skipped when
// outside the trace). Empty when no head fits or the row is outside.
std::vector<float> cross_row(const Trace& cross, int row, const std::vector<std::pair<int, int>>& heads);

// (F) rows [first, end) averaged (a word's tokens).
std::vector<float> cross_rows(const Trace& cross, int first, int end, const std::vector<std::pair<int, int>>& heads);

// For `columns` pixel columns over samples [0, n): each column's (lowest, highest) sample.
std::vector<std::pair<float, float>> waveform_columns(const std::vector<float>& samples, std::size_t n, int columns);

}  // namespace attn::app
