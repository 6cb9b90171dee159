// mask.h — which keys each query may see.
//
// A mask is a (T_q, T_k) BoolMat `blocked`: 1 = key j is hidden from query i (its score becomes −∞
// before the softmax, so its weight is exactly 0). The switches combine as
//
//   visible(i, j) = pattern(i, j) ∧ ¬(causal ∧ j > i) ∧ ¬pad(j) ∧ ¬custom(i, j) ∧ (i, j) ∉ cells
//   pattern(i, j) = |i − j| ≤ window  ∨  i ∈ global  ∨  j ∈ global     (true when window is off)
//
// i.e. global tokens widen the local window (as in Longformer) but never override causality,
// padding or cells blocked by hand. Causal with T_q ≠ T_k is aligned top-left (j ≤ i), as
// PyTorch's tril(ones(T_q, T_k)).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"

namespace attn {

struct MaskConfig {
    bool causal = false;             // look-ahead mask: query i sees keys j ≤ i
    int window = -1;                 // local window ±window; < 0 = off
    std::vector<int> global_tokens;  // positions that see and are seen by all (widen the window)
    int pad_to = 0;                  // pad the key sequence with [PAD] up to this length and hide
                                     // those keys; 0 or ≤ T_k = no padding
    BoolMat custom_blocked;          // (T_q, T_k) extra cells to hide; empty = none
    std::vector<std::pair<int, int>> blocked_cells;  // (query, key) cells to hide, e.g. clicked
    // Cells outside the matrix the text makes are dropped instead of refused: the app keeps the
    // cells clicked on a longer sentence while the text is edited (the command line refuses them).
    bool drop_cells_outside = false;

    bool any() const {
        return causal || window >= 0 || !global_tokens.empty() || pad_to > 0 ||
               custom_blocked.size() > 0 || !blocked_cells.empty();
    }
};

// Every field equal (custom_blocked: same shape and cells).
bool operator==(const MaskConfig& a, const MaskConfig& b);
inline bool operator!=(const MaskConfig& a, const MaskConfig& b) { return !(a == b); }

// The mask settings as a (t_q, t_k) run uses them: with drop_cells_outside, the blocked cells
// outside the matrix are gone; otherwise `config` unchanged.
MaskConfig mask_for_matrix(MaskConfig config, int t_q, int t_k);

// `key_is_pad` has T_k entries (1 = padding key), or is empty for no padding.
// Errors: a custom mask of the wrong shape, global tokens or cells out of range.
Expected<BoolMat> build_mask(const MaskConfig& config, int t_q, int t_k,
                             const std::vector<std::uint8_t>& key_is_pad);

// The look-ahead mask alone: (t, t), 1 above the diagonal (a decoder's self-attention).
BoolMat causal_mask(int t);

// Rows whose every key is blocked (T_q entries, 1 = fully masked). Their weights are all 0.
std::vector<std::uint8_t> fully_masked_rows(const BoolMat& blocked);

// A short human description, e.g. "causal + window ±2 + global {0}", "none".
std::string describe_mask(const MaskConfig& config);

}  // namespace attn
