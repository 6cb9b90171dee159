// qk_projection.h — one head's query and key vectors in a shared 2-D picture (as AttentionViz
// does): principal component analysis of Q_h and K_h stacked, so a query lands near the keys
// it scores highly when the first two components carry most of the variance.
//
//   X = [Q_h; K_h]                       (T_q + T_k, d_k)
//   X_c = X − mean(X)                    centred on the joint mean
//   C = X_cᵀ X_c / (n − 1)               (d_k, d_k), eigenvectors u_1, u_2 of the largest eigenvalues
//   q'_i = (q_i − mean) · [u_1 u_2],  k'_j likewise
#pragma once

#include "core/attention/attention.h"
#include "core/base/matrix.h"

namespace attn {

struct QkProjection {
    Mat q2;          // (T_q, 2) queries in the plane
    Mat k2;          // (T_k, 2) keys in the plane
    Mat axes;        // (2, d_k) orthonormal principal directions (rows), sign fixed: largest |entry| > 0
    RowVec mean;     // (1, d_k) the joint mean removed before projecting
    double explained[2] = {0.0, 0.0};  // share of the total variance along each axis (0..1)
};

// PCA of one head's stacked queries and keys (computed in double precision). head in
// [0, n_heads) (asserted). With d_k = 1 the second axis is zero; with a single vector both
// projections are 0.
QkProjection project_qk(const LayerTrace& layer, int head);

// The same for any two sets of row vectors with the same width (queries a, keys b).
QkProjection project_rows(const Mat& a, const Mat& b);

}  // namespace attn
