// word_timing.h — when each written token was heard, read off a speech model's cross-attention as
// openai/whisper's find_alignment reads it (the contract: issue 33, docs/speech.md to come):
//
//   S_h (T, ≥ F)  an alignment head's scaled scores q·k/√d_k: T decoder rows × the encoder's frames
//   A_h = softmax over the audio's own frames only (the first F: samples / 320)       (T, F)
//   Ā_h = (A_h − mean) / std       each frame's column standardised over the rows (population std)
//   Â_h = median filter of Ā_h along the frames, width w (odd; edges reflected; a row of at most
//         w / 2 frames is left as it is)
//   M = mean_h Â_h                                                                    (T, F)
//   path = DTW(−M): from (0, 0) to (T−1, F−1); steps diagonal, down (next row), right (next frame)
//   row r starts at the first frame of the path in row r; × 0.02 s per frame for Whisper
//
// Which rows and how tokens group into words is the model's (its tokenizer): see the family.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/base/matrix.h"

namespace attn {

// M above. Every head (T, ≥ frames) with the same T (asserted); frames ≥ 1, median_width odd ≥ 1.
Eigen::MatrixXd alignment_matrix(const std::vector<Mat>& scaled_scores, int frames, int median_width);

// Each row's median over a sliding window of `width` (odd) columns, the edges reflected (x[−1] =
// x[1]); rows of at most width / 2 columns come back unchanged (openai's median_filter).
Eigen::MatrixXd median_filter_rows(const Eigen::MatrixXd& x, int width);

// The cheapest monotonic path through `cost` (N, M ≥ 1) from (0, 0) to (N−1, M−1) as (row,
// column) pairs in order. At a tie the step is to the right unless the diagonal, or else the step
// down, is strictly cheapest (openai's dtw_cpu).
std::vector<std::pair<int, int>> dtw_path(const Eigen::MatrixXd& cost);

// The frame at which the path first enters each of `rows` rows.
std::vector<int> row_start_frames(const std::vector<std::pair<int, int>>& path, int rows);

}  // namespace attn
