// audio_map.h — a speech run's cross-attention read against time (the Audio view and its figure).
//
//   the alignment heads: the (layer, head) pairs that timed the words, 0-based, within the trace
//   a word's cross-attention over the frames: the mean over its tokens' rows (decoder rows
//       first_token … end_token − 1) of one head's weights, or of the mean of several heads   (F)
//   the map: every written token's row the same way                                      (T − P, F)
//   the waveform as each pixel column's lowest and highest sample
// Pure functions of the trace; callers cache.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "core/attention/trace.h"

namespace attn {

using HeadList = std::vector<std::pair<int, int>>;  // (layer, head), 0-based

// TraceAudio::alignment_head_list kept to the pairs that exist in `cross`; empty without audio.
HeadList audio_alignment_heads(const Trace& cross);

// (F) rows [first, end) of the cross section, averaged over the rows and over `heads` (pairs outside
// the trace are skipped). Empty when no head fits or no row is inside.
std::vector<float> audio_cross_rows(const Trace& cross, int first, int end, const HeadList& heads);
inline std::vector<float> audio_cross_row(const Trace& cross, int row, const HeadList& heads) {
    return audio_cross_rows(cross, row, row + 1, heads);
}

// (T − P, F) the written tokens' rows (P = the prompt), each averaged over `heads`.
Mat audio_cross_map(const Trace& cross, const HeadList& heads);

// For `columns` pixel columns over samples [0, n): each column's (lowest, highest) sample.
std::vector<std::pair<float, float>> waveform_columns(const std::vector<float>& samples, std::size_t n, int columns);

// The samples that were heard: the frames that hold sound, in samples (≤ samples.size()).
std::size_t heard_samples(const TraceAudio& audio);

}  // namespace attn
