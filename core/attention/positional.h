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

}  // namespace attn
