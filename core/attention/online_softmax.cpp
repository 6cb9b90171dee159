// online_softmax.cpp — attention computed tile by tile over the keys with a running max and sum,
// (implementation; the interface and its contract are in online_softmax.h)
#include "core/attention/online_softmax.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace attn {

OnlineSoftmaxResult online_softmax_attention(const Mat& q, const Mat& k, const Mat& v, float factor,
                                             const BoolMat* blocked, int tile_size, bool keep_tiles) {
    assert(q.cols() == k.cols() && k.rows() == v.rows() && tile_size > 0);
    assert(!blocked || (blocked->rows() == q.rows() && blocked->cols() == k.rows()));
    constexpr float kNegInf = -std::numeric_limits<float>::infinity();
    const Eigen::Index t_q = q.rows(), t_k = k.rows();

    OnlineSoftmaxResult r;
    r.tile_size = tile_size;
    Vec m = Vec::Constant(t_q, kNegInf);   // (T_q)
    Vec l = Vec::Zero(t_q);                // (T_q)
    Mat acc = Mat::Zero(t_q, v.cols());    // (T_q, d_v)
    Mat z;                                 // (T_q, tile) logits of the current tile

    for (Eigen::Index j0 = 0; j0 < t_k; j0 += tile_size) {
        const Eigen::Index nb = std::min<Eigen::Index>(tile_size, t_k - j0);
        z.noalias() = factor * (q * k.middleRows(j0, nb).transpose());
        if (blocked) {
            for (Eigen::Index i = 0; i < t_q; ++i)
                for (Eigen::Index j = 0; j < nb; ++j)
                    if ((*blocked)(i, j0 + j)) z(i, j) = kNegInf;
        }
        for (Eigen::Index i = 0; i < t_q; ++i) {
            const float m_new = std::max(m[i], z.row(i).maxCoeff());
            if (m_new == kNegInf) continue;  // nothing visible yet in this row
            const float alpha = (m[i] == kNegInf) ? 0.0f : std::exp(m[i] - m_new);
            float tile_sum = 0.0f;
            for (Eigen::Index j = 0; j < nb; ++j) {
                const float p = z(i, j) == kNegInf ? 0.0f : std::exp(z(i, j) - m_new);
                z(i, j) = p;
                tile_sum += p;
            }
            l[i] = alpha * l[i] + tile_sum;
            acc.row(i) *= alpha;
            acc.row(i).noalias() += z.row(i) * v.middleRows(j0, nb);
            m[i] = m_new;
        }
        if (keep_tiles) {
            r.tiles.push_back({int(j0), int(j0 + nb), m, l, acc});
        }
    }

    r.output = Mat::Zero(t_q, v.cols());
    for (Eigen::Index i = 0; i < t_q; ++i) {
        if (l[i] > 0.0f) r.output.row(i) = acc.row(i) / l[i];
    }
    return r;
}

}  // namespace attn
