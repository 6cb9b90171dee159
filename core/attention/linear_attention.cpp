// linear_attention.cpp — kernelised attention with φ(x) = elu(x) + 1 (Katharopoulos et al. 2020)
// (implementation; the interface and its contract are in linear_attention.h)
#include "core/attention/linear_attention.h"

#include <cassert>

namespace attn {

Mat elu_plus_one(const Mat& x) {
    return x.unaryExpr([](float a) { return a > 0.0f ? a + 1.0f : std::exp(a); });
}

Mat linear_attention(const Mat& q, const Mat& k, const Mat& v, bool causal) {
    assert(q.cols() == k.cols() && k.rows() == v.rows());
    const Mat fq = elu_plus_one(q);  // (T_q, d_k)
    const Mat fk = elu_plus_one(k);  // (T_k, d_k)
    Mat out(q.rows(), v.cols());     // (T_q, d_v)
    if (!causal) {
        const Mat kv = fk.transpose() * v;              // (d_k, d_v)
        const RowVec ksum = fk.colwise().sum();         // (d_k)
        out.noalias() = fq * kv;                        // (T_q, d_v)
        const Vec denom = fq * ksum.transpose();        // (T_q)
        out.array().colwise() /= denom.array();
        return out;
    }
    // Prefix sums over keys j ≤ i; queries past the last key see all keys.
    Mat kv = Mat::Zero(k.cols(), v.cols());  // (d_k, d_v) running Σ φ(k_j) v_jᵀ
    RowVec ksum = RowVec::Zero(k.cols());    // (d_k) running Σ φ(k_j)
    Eigen::Index next_key = 0;
    for (Eigen::Index i = 0; i < q.rows(); ++i) {
        for (; next_key <= i && next_key < k.rows(); ++next_key) {
            kv.noalias() += fk.row(next_key).transpose() * v.row(next_key);
            ksum += fk.row(next_key);
        }
        const float denom = fq.row(i).dot(ksum);
        if (next_key == 0 || denom == 0.0f) {  // no visible key
            out.row(i).setZero();
            continue;
        }
        out.row(i).noalias() = fq.row(i) * kv;
        out.row(i) /= denom;
    }
    return out;
}

Mat linear_attention_weights(const Mat& q, const Mat& k, bool causal) {
    Mat a = elu_plus_one(q) * elu_plus_one(k).transpose();  // (T_q, T_k), all > 0
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        if (causal) {
            for (Eigen::Index j = i + 1; j < a.cols(); ++j) a(i, j) = 0.0f;
        }
        const float s = a.row(i).sum();
        if (s > 0.0f) a.row(i) /= s;
    }
    return a;
}

}  // namespace attn
