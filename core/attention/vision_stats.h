// vision_stats.h — two pictures from the ViT paper (Dosovitskiy et al. 2021, Figure 7), as numbers.
//
// Mean attention distance (Figure 7 right): how far across the image a head gathers information.
//   c_i = centre of patch i in the model's input, in pixels: ((col + ½)·P, (row + ½)·P)
//   D(i, j) = ‖c_i − c_j‖                                             (N, N) pixels
//   d(l, h) = (1/N) Σ_{i ∈ patches} Σ_{j ∈ patches} A_lh[i, j] · D(i, j)
// The class token (and DeiT's distillation token) has no place in the image, so it is left out
// twice: it is not one of the queries averaged over, and the weight a patch gives it counts towards
// no distance (the sum runs over patch keys only and is NOT rescaled to 1, as in the paper's
// formula). How much weight that leaves out is reported beside: the prefix share, the mean over
// patch queries of Σ_{j ∈ prefix} A[i, j].
//
// Position-embedding similarity (Figure 7 centre): for the patch position embeddings
// p_i = E_pos[prefix + i] (the interpolated ones when the grid differs from the checkpoint's),
//   S(i, j) = p_i · p_j / (‖p_i‖ ‖p_j‖)                               (N, N), in [−1, 1]
// (0 where an embedding is all zeros). Row i, drawn as the grid, is "small map" i.
#pragma once

#include "core/attention/trace.h"
#include "core/base/matrix.h"

namespace attn {

struct AttentionDistance {
    Mat distance;      // (n_layers, n_heads) mean attention distance, pixels of the model's input
    Mat prefix_share;  // (n_layers, n_heads) mean weight patch queries give the prefix tokens
};

// Distances between patch centres (N, N), pixels; N = grid_rows · grid_cols, patches row by row.
Mat patch_distances(const TraceImage& img);

// For an image trace (asserted): every layer and head.
AttentionDistance mean_attention_distance(const Trace& trace);

// The distance uniform attention over every patch would give (the mean of patch_distances): a
// reference line, about half the image's side for a square grid.
double uniform_attention_distance(const TraceImage& img);

// For an image trace (asserted): the (N, N) cosine similarities of the patch position embeddings
// (Trace::q_positions rows prefix … prefix + N − 1).
Mat position_similarity(const Trace& trace);

}  // namespace attn
