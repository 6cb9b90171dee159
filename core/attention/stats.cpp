// stats.cpp — per-row diagnostics of one head's attention, the numbers behind "why scale by √d_k"
// (implementation; the interface and its contract are in stats.h)
#include "core/attention/stats.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/attention/softmax.h"
#include "core/attention/row_kernels.h"

namespace attn {

RowStats RowStats::zeros(int t_q) {
    RowStats st;
    st.entropy = Vec::Zero(t_q);
    st.max_weight = Vec::Zero(t_q);
    st.logit_mean = Vec::Zero(t_q);
    st.logit_var = Vec::Zero(t_q);
    st.jacobian_norm = Vec::Zero(t_q);
    return st;
}

float softmax_jacobian_frobenius(const float* p, int n) {
    double s2 = 0.0, s3 = 0.0;
    for (int j = 0; j < n; ++j) {
        const double pj = p[j];
        s2 += pj * pj;
        s3 += pj * pj * pj;
    }
    const double sq = s2 - 2.0 * s3 + s2 * s2;
    return float(std::sqrt(std::max(sq, 0.0)));
}

namespace {

// Row i's stats from one exponential pass (softmax.h): z_j = factor · s_j, p_j = e_j / l with
// e_j = exp(factor · d_j), d_j = s_j − m.
//   entropy   log p_j = factor·d_j − log l, so H = −Σ p_j log p_j = log l − factor · Σ e_j d_j / l
//             (no log per key, and no cancellation against a large z_max)
//   max       e_max = exp(0) = 1, so p_max = 1 / l (the same float as the kept weight)
//   Jacobian  Σp² = Σe² / l², Σp³ = Σe³ / l³
//   logits    mean = factor · mean(s), var = factor² · var(s)
void set_row(RowStats& st, int i, const RowMoments& m, const RowSums& r, float factor) {
    const double l = r.l, f = factor;
    const double h = std::log(l) - f * double(r.ed) / l;
    const double s2 = double(r.e2) / (l * l), s3 = double(r.e3) / (l * l * l);
    st.entropy[i] = float(std::max(h, 0.0));
    st.max_weight[i] = 1.0f / r.l;
    st.logit_mean[i] = float(f * double(m.mean));
    st.logit_var[i] = float(f * f * double(m.var));
    st.jacobian_norm[i] = float(std::sqrt(std::max(s2 - 2.0 * s3 + s2 * s2, 0.0)));
}

}  // namespace

RowStats attention_row_stats(const Mat& scores, float factor, const BoolMat* blocked,
                             const Mat* weights) {
    const int t_q = int(scores.rows()), t_k = int(scores.cols());
    assert(!weights || (weights->rows() == t_q && weights->cols() == t_k));
    (void)weights;
    RowStats st = RowStats::zeros(t_q);
    SoftmaxRows rows(t_k);
    for (int i = 0; i < t_q; ++i) {
        const float* s = scores.row(i).data();
        const std::uint8_t* b = blocked ? blocked->row(i).data() : nullptr;
        const RowMoments m = rows.moments(s, b, /*with_var=*/true);
        if (m.n_visible == 0) continue;  // fully masked: all zeros
        set_row(st, i, m, rows.exp(s, b, m, factor, nullptr, /*with_moments=*/true), factor);
    }
    return st;
}

void softmax_rows_with_stats(const Mat& scores, const BoolMat* blocked, int r0, int r1, float factor,
                             Mat& weights, float factor_other, RowStats* stats, RowStats* stats_other) {
    const int t_k = int(scores.cols());
    assert(weights.rows() == scores.rows() && weights.cols() == t_k);
    assert(0 <= r0 && r0 <= r1 && r1 <= scores.rows());
    assert(!stats || (stats_other && stats->entropy.size() == scores.rows() &&
                      stats_other->entropy.size() == scores.rows()));
    const bool with_stats = stats != nullptr;
    SoftmaxRows rows(t_k);
    for (int i = r0; i < r1; ++i) {
        const float* s = scores.row(i).data();
        const std::uint8_t* b = blocked ? blocked->row(i).data() : nullptr;
        auto p = weights.row(i);
        const RowMoments m = rows.moments(s, b, with_stats);
        if (m.n_visible == 0) {  // fully masked: weights and stats all 0 (as sized by the caller)
            p.setZero();
            continue;
        }
        const RowSums r = rows.exp(s, b, m, factor, p.data(), with_stats);
        simd::row_kernels().scale(p.data(), 1.0f / r.l, t_k);  // l ≥ 1: the max key contributes exp(0)
        if (with_stats) {
            set_row(*stats, i, m, r, factor);
            set_row(*stats_other, i, m, rows.exp(s, b, m, factor_other, nullptr, true), factor_other);
        }
    }
}

}  // namespace attn
