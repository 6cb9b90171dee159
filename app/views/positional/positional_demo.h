// positional_demo.h — the positional-encoding view's logic (GL-free).
//
// Without positional encoding, self-attention is permutation-equivariant: feeding the tokens in
// reversed order gives A' = P A Pᵀ (P reverses the order), i.e. A'(i, j) = A(T−1−i, T−1−j). With
// sinusoidal positions added, the weights themselves change.
#pragma once

#include <string>
#include <vector>

#include "core/attention/trace.h"

namespace attn::app {

// The sentence with its tokens in reverse order, joined by single spaces (padding tokens dropped).
std::string reversed_sentence(const std::vector<Token>& tokens);

// max over heads, i, j of |A_rev(i, j) − A(T−1−i, T−1−j)|, or −1 when `reversed` is not `original`
// with its tokens reversed (different count or texts).
// Compares layer `layer` (0 = the first; the built-in model has only that one).
float reversal_mismatch(const Trace& original, const Trace& reversed, int layer = 0);

}  // namespace attn::app
