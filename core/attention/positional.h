// positional.h — sinusoidal positional encoding of "Attention Is All You Need" (Vaswani et al. 2017):
//   PE(pos, 2i)   = sin(pos / 10000^(2i / d_model))
//   PE(pos, 2i+1) = cos(pos / 10000^(2i / d_model))
#pragma once

#include "core/base/matrix.h"

namespace attn {

Mat sinusoidal_positions(int n_positions, int d_model);  // (n_positions, d_model)

// The same frequencies in two halves, as Marian (and its trainer) lays them out: row p =
// [sin(p ω_0) … sin(p ω_{h−1}), cos(p ω_0) …], ω_i = 10000^(−2i/d), h = ⌈d/2⌉ sin columns.
Mat sinusoidal_positions_halves(int n_positions, int d_model);  // (n_positions, d_model)

// T5's relative positions: the bucket of a key `rel` = key − query places away, whose learned bias
// (one per bucket and head) is added to the score. Bidirectional (the encoder): half the buckets
// for keys before the query, half for keys after; causal (the decoder): only keys before count.
// Within each half, distances below half its buckets have one bucket each; farther ones share
// buckets spaced logarithmically up to max_distance, and everything beyond shares the last.
//   n < e:   bucket n                       e = buckets_per_direction / 2
//   n ≥ e:   min(e + ⌊log(n / e) / log(max_distance / e) · (buckets_per_direction − e)⌋, last)
// Computed in float32 as Hugging Face's PyTorch code is, so the boundaries fall where the
// checkpoints were trained with them (tested against it).
int relative_position_bucket(int rel, bool bidirectional, int num_buckets, int max_distance);

}  // namespace attn
