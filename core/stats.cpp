#include "core/stats.h"

#include <cassert>
#include <cmath>
#include <limits>
#include <vector>

#include "core/softmax.h"

namespace attn {

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

RowStats attention_row_stats(const Mat& scores, float factor, const BoolMat* blocked,
                             const Mat* weights) {
    using Arr = Eigen::Array<float, Eigen::Dynamic, 1>;
    const int t_q = int(scores.rows()), t_k = int(scores.cols());
    assert(!weights || (weights->rows() == t_q && weights->cols() == t_k));
    RowStats st;
    st.entropy = Vec::Zero(t_q);
    st.max_weight = Vec::Zero(t_q);
    st.logit_mean = Vec::Zero(t_q);
    st.logit_var = Vec::Zero(t_q);
    st.jacobian_norm = Vec::Zero(t_q);

    Arr row(t_k), z(t_k), visible(t_k);
    for (int i = 0; i < t_q; ++i) {
        const std::uint8_t* b = blocked ? blocked->row(i).data() : nullptr;
        if (weights) {
            row = weights->row(i).transpose().array();
        } else if (!softmax_row(scores.row(i).data(), b, t_k, factor, row.data())) {
            continue;  // fully masked: all zeros
        }
        z = scores.row(i).transpose().array() * factor;
        int n_visible = t_k;
        float z_max = 0.0f;
        if (b) {
            Eigen::Map<const Eigen::Array<std::uint8_t, Eigen::Dynamic, 1>> bm(b, t_k);
            visible = (bm == 0).cast<float>();
            n_visible = int(visible.sum());
            if (n_visible == 0) continue;
            z = z * visible;  // hidden logits out of every sum below
            z_max = (bm == 0).select(z, -std::numeric_limits<float>::infinity()).maxCoeff();
        } else {
            if (t_k == 0) continue;
            z_max = z.maxCoeff();
        }
        const double mean = double(z.sum()) / n_visible;
        const double var = b ? double(((z - float(mean)) * visible).square().sum()) / n_visible
                             : double((z - float(mean)).square().sum()) / n_visible;
        // Entropy without a log per key: log p_j = z_j − z_max − log l and p_max = 1 / l, so
        // H = −Σ p_j log p_j = z_max − log p_max − Σ p_j z_j.
        const float p_max = row.maxCoeff();
        const double pz = (row.cast<double>() * z.cast<double>()).sum();
        const double h = double(z_max) - std::log(double(p_max)) - pz;
        const Arr sq = row.square();
        const double s2 = sq.sum(), s3 = (sq * row).sum();

        st.logit_mean[i] = float(mean);
        st.logit_var[i] = float(var);
        st.entropy[i] = float(std::max(h, 0.0));
        st.max_weight[i] = p_max;
        st.jacobian_norm[i] = float(std::sqrt(std::max(s2 - 2.0 * s3 + s2 * s2, 0.0)));
    }
    return st;
}

}  // namespace attn
