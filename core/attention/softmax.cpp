// softmax.cpp — numerically stable softmax along keys, with masking
// (implementation; the interface and its contract are in softmax.h)
#include "core/attention/softmax.h"

#include <cassert>
#include <limits>

#include "core/attention/row_kernels.h"

namespace attn {

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr float kMomentTiny = 2.6e-13f;  // ≈ e^−29: its cube, 1.8e−38, is still a normal float

using Row = Eigen::Map<Eigen::ArrayXf>;

}  // namespace

// The loops themselves are core/simd's row kernels: compiled for several instruction sets and
// chosen at run time, with the same sums in the same order in every variant.
SoftmaxRows::SoftmaxRows(int n) : n_(n), hide_(n), visible_(n), e_(n) { assert(n >= 0); }

RowMoments SoftmaxRows::moments(const float* scores, const std::uint8_t* blocked, bool with_var) {
    const simd::RowKernels& k = simd::row_kernels();
    RowMoments m;
    if (n_ == 0) return m;
    const float* hide = nullptr;
    const float* visible = nullptr;
    if (blocked) {
        float* h = hide_.data();
        float* v = visible_.data();
        int count = 0;
        for (int j = 0; j < n_; ++j) {
            h[j] = blocked[j] != 0 ? kNegInf : 0.0f;
            v[j] = blocked[j] != 0 ? 0.0f : 1.0f;
            count += blocked[j] == 0;
        }
        m.n_visible = count;
        if (count == 0) return RowMoments{};
        hide = h;
        visible = v;
    } else {
        m.n_visible = n_;
    }
    const float top = k.max(scores, hide, n_);
    if (top == kNegInf) return RowMoments{};  // only −∞ scores
    m.max = top;
    m.mean = k.sum(scores, visible, n_) / float(m.n_visible);
    if (with_var) m.var = k.sq_dev(scores, visible, m.mean, n_) / float(m.n_visible);
    return m;
}

RowSums SoftmaxRows::exp(const float* scores, const std::uint8_t* blocked, const RowMoments& m,
                         float factor, float* e, bool with_moments) {
    assert(m.n_visible > 0 && factor > 0.0f);
    const simd::ExpSums x = simd::row_kernels().exp(scores, blocked ? hide_.data() : nullptr, m.max, factor,
                                                    kMomentTiny, with_moments, e ? e : e_.data(), n_);
    RowSums r;
    r.l = x.l;
    r.ed = x.ed;  // blocked keys: e_j = 0
    r.e2 = x.e2;
    r.e3 = x.e3;
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
    simd::row_kernels().scale(p, inv_l, n);  // l ≥ 1: the max key contributes exp(0)
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
        simd::row_kernels().scale(p, 1.0f / rows.exp(s, b, m, factor, p, /*with_moments=*/false).l, n);
    }
    return weights;
}

}  // namespace attn
