// softmax.cpp — numerically stable softmax along keys, with masking
// (implementation; the interface and its contract are in softmax.h)
#include "core/attention/softmax.h"

#include <cassert>
#include <limits>

namespace attn {

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr float kMomentTiny = 2.6e-13f;  // ≈ e^−29: its cube, 1.8e−38, is still a normal float

using ConstRow = Eigen::Map<const Eigen::ArrayXf>;
using Row = Eigen::Map<Eigen::ArrayXf>;

}  // namespace

// Reductions go through Eigen (vectorized, in a fixed order: the same result on every thread and
// call); the exponentials through a plain loop around exp_nonpositive, which GCC vectorizes.
SoftmaxRows::SoftmaxRows(int n) : n_(n), hide_(n), visible_(n), e_(n) { assert(n >= 0); }

RowMoments SoftmaxRows::moments(const float* scores, const std::uint8_t* blocked, bool with_var) {
    const ConstRow s(scores, n_);
    RowMoments m;
    if (n_ == 0) return m;
    float top = 0.0f, sum = 0.0f;
    if (blocked) {
        float* hide = hide_.data();
        float* visible = visible_.data();
        int count = 0;
        for (int j = 0; j < n_; ++j) {
            hide[j] = blocked[j] != 0 ? kNegInf : 0.0f;
            visible[j] = blocked[j] != 0 ? 0.0f : 1.0f;
            count += blocked[j] == 0;
        }
        m.n_visible = count;
        if (count == 0) return RowMoments{};
        top = (s + hide_).maxCoeff();
        sum = (s * visible_).sum();
    } else {
        m.n_visible = n_;
        top = s.maxCoeff();
        sum = s.sum();
    }
    if (top == kNegInf) return RowMoments{};  // only −∞ scores
    m.max = top;
    m.mean = sum / float(m.n_visible);
    if (with_var) {
        const float ss = blocked ? ((s - m.mean) * visible_).square().sum() : (s - m.mean).square().sum();
        m.var = ss / float(m.n_visible);
    }
    return m;
}

RowSums SoftmaxRows::exp(const float* scores, const std::uint8_t* blocked, const RowMoments& m,
                         float factor, float* e, bool with_moments) {
    assert(m.n_visible > 0 && factor > 0.0f);
    float* out = e ? e : e_.data();
    const float top = m.max;
    if (blocked) {
        const float* hide = hide_.data();
        for (int j = 0; j < n_; ++j) out[j] = exp_nonpositive(factor * (scores[j] - top) + hide[j]);
    } else {
        for (int j = 0; j < n_; ++j) out[j] = exp_nonpositive(factor * (scores[j] - top));
    }
    const ConstRow ex(out, n_);
    RowSums r;
    r.l = ex.sum();
    if (with_moments) {
        const ConstRow s(scores, n_);
        r.ed = (ex * (s - top)).sum();  // blocked keys: e_j = 0
        const auto ec = ex.max(kMomentTiny);
        r.e2 = ec.square().sum();
        r.e3 = (ec.square() * ec).sum();
    }
    return r;
}

bool softmax_row(const float* scores, const std::uint8_t* blocked, int n, float factor, float* p) {
    assert(n >= 0 && p != nullptr);
    SoftmaxRows rows(n);
    const RowMoments m = rows.moments(scores, blocked, /*with_var=*/false);
    if (m.n_visible == 0) {  // every key hidden (or no keys): defined as zeros
        Row(p, n).setZero();
        return false;
    }
    const float inv_l = 1.0f / rows.exp(scores, blocked, m, factor, p, /*with_moments=*/false).l;
    Row(p, n) *= inv_l;  // l ≥ 1: the max key contributes exp(0)
    return true;
}

Mat masked_softmax(const Mat& scores, float factor, const BoolMat* blocked) {
    assert(!blocked || (blocked->rows() == scores.rows() && blocked->cols() == scores.cols()));
    const int n = int(scores.cols());
    Mat weights(scores.rows(), n);  // (T_q, T_k)
    SoftmaxRows rows(n);
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const float* s = scores.row(i).data();
        const std::uint8_t* b = blocked ? blocked->row(i).data() : nullptr;
        float* p = weights.row(i).data();
        const RowMoments m = rows.moments(s, b, /*with_var=*/false);
        if (m.n_visible == 0) {
            Row(p, n).setZero();
            continue;
        }
        Row(p, n) *= 1.0f / rows.exp(s, b, m, factor, p, /*with_moments=*/false).l;
    }
    return weights;
}

}  // namespace attn
