#include "core/softmax.h"

#include <cassert>
#include <limits>

namespace attn {

bool softmax_row(const float* scores, const std::uint8_t* blocked, int n, float factor, float* p) {
    assert(n >= 0 && p != nullptr);
    using Arr = Eigen::Array<float, Eigen::Dynamic, 1>;
    Eigen::Map<const Arr> s(scores, n);
    Eigen::Map<Arr> out(p, n);
    constexpr float kNegInf = -std::numeric_limits<float>::infinity();

    if (blocked == nullptr) {
        if (n == 0) return false;
        out = s * factor;
        const float m = out.maxCoeff();
        out = (out - m).exp();
        out /= out.sum();  // sum >= 1: the max element contributes exp(0)
        return true;
    }

    Eigen::Map<const Eigen::Array<std::uint8_t, Eigen::Dynamic, 1>> b(blocked, n);
    out = (b != 0).select(Arr::Constant(n, kNegInf), s * factor);
    const float m = n > 0 ? out.maxCoeff() : kNegInf;
    if (m == kNegInf) {  // every key hidden (or no keys): defined as zeros
        out.setZero();
        return false;
    }
    // exp(−∞) is not guaranteed to be exactly 0 in vectorised exp; zero blocked cells explicitly.
    out = (b != 0).select(Arr::Zero(n), (out - m).exp());
    out /= out.sum();
    return true;
}

Mat masked_softmax(const Mat& scores, float factor, const BoolMat* blocked) {
    assert(!blocked || (blocked->rows() == scores.rows() && blocked->cols() == scores.cols()));
    Mat weights(scores.rows(), scores.cols());  // (T_q, T_k)
    const int n = int(scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        softmax_row(scores.row(i).data(), blocked ? blocked->row(i).data() : nullptr, n, factor,
                    weights.row(i).data());
    }
    return weights;
}

}  // namespace attn
