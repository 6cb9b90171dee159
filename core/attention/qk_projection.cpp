// qk_projection.cpp — PCA of a head's stacked queries and keys
// (implementation; the interface and its contract are in qk_projection.h)
#include "core/attention/qk_projection.h"

#include <cassert>
#include <cmath>

#include <Eigen/Eigenvalues>

namespace attn {

QkProjection project_rows(const Mat& a, const Mat& b) {
    assert(a.cols() == b.cols() && "queries and keys must have the same width");
    const Eigen::Index n = a.rows() + b.rows(), d = a.cols();
    Eigen::MatrixXd x(n, d);  // (n, d) stacked, in double
    x.topRows(a.rows()) = a.cast<double>();
    x.bottomRows(b.rows()) = b.cast<double>();
    const Eigen::RowVectorXd mean = n > 0 ? Eigen::RowVectorXd(x.colwise().mean()) : Eigen::RowVectorXd::Zero(d);
    x.rowwise() -= mean;
    const Eigen::MatrixXd cov = (x.transpose() * x) / double(std::max<Eigen::Index>(n - 1, 1));  // (d, d)
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);  // eigenvalues ascending
    QkProjection p;
    p.axes = Mat::Zero(2, d);
    const double total = std::max(cov.trace(), 0.0);
    for (int c = 0; c < 2 && c < d; ++c) {
        const Eigen::Index col = d - 1 - c;
        Eigen::VectorXd u = eig.eigenvectors().col(col);
        Eigen::Index big = 0;
        u.cwiseAbs().maxCoeff(&big);
        if (u(big) < 0) u = -u;  // a fixed sign, so the picture does not flip between runs
        p.axes.row(c) = u.transpose().cast<float>();
        p.explained[c] = total > 0.0 ? std::max(eig.eigenvalues()(col), 0.0) / total : 0.0;
    }
    const Eigen::MatrixXd proj = x * p.axes.cast<double>().transpose();  // (n, 2)
    p.q2 = proj.topRows(a.rows()).cast<float>();
    p.k2 = proj.bottomRows(b.rows()).cast<float>();
    p.mean = mean.cast<float>();
    return p;
}

QkProjection project_qk(const LayerTrace& layer, int head) {
    assert(head >= 0 && head < layer.n_heads && "head out of range");
    return project_rows(Mat(layer.q_head(head)), Mat(layer.k_head(head)));
}

}  // namespace attn
