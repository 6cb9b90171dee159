#include "core/stats.h"

#include <cassert>
#include <cmath>
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
    const int t_q = int(scores.rows()), t_k = int(scores.cols());
    assert(!weights || (weights->rows() == t_q && weights->cols() == t_k));
    RowStats st;
    st.entropy = Vec::Zero(t_q);
    st.max_weight = Vec::Zero(t_q);
    st.logit_mean = Vec::Zero(t_q);
    st.logit_var = Vec::Zero(t_q);
    st.jacobian_norm = Vec::Zero(t_q);

    std::vector<float> row(t_k);
    for (int i = 0; i < t_q; ++i) {
        const std::uint8_t* b = blocked ? blocked->row(i).data() : nullptr;
        const float* p = nullptr;
        if (weights) {
            p = weights->row(i).data();
        } else {
            softmax_row(scores.row(i).data(), b, t_k, factor, row.data());
            p = row.data();
        }
        double sum = 0.0, h = 0.0;
        float pmax = 0.0f;
        int visible = 0;
        for (int j = 0; j < t_k; ++j) {
            if (b && b[j]) continue;
            sum += double(factor) * scores(i, j);
            ++visible;
            if (p[j] > 0.0f) h -= double(p[j]) * std::log(double(p[j]));
            pmax = std::max(pmax, p[j]);
        }
        if (visible == 0) continue;  // fully masked: all zeros
        const double mean = sum / visible;
        double var = 0.0;  // two passes: no cancellation when the mean is large
        for (int j = 0; j < t_k; ++j) {
            if (b && b[j]) continue;
            const double d = double(factor) * scores(i, j) - mean;
            var += d * d;
        }
        st.logit_mean[i] = float(mean);
        st.logit_var[i] = float(var / visible);
        st.entropy[i] = float(h);
        st.max_weight[i] = pmax;
        st.jacobian_norm[i] = softmax_jacobian_frobenius(p, t_k);
    }
    return st;
}

}  // namespace attn
