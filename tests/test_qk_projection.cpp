// test_qk_projection.cpp — the query/key picture's PCA: orthonormal axes, exact reconstruction
// when d_k = 2, the first axis carries the most variance (checked by power iteration, an
// independent route), and the projections are the centred vectors times the axes.
#include <doctest/doctest.h>

#include <random>

#include "core/attention/qk_projection.h"
#include "tests/random_matrix.h"

using namespace attn;

TEST_CASE("qk projection: orthonormal axes, projections = centred rows · axes") {
    std::mt19937 gen(3);
    const Mat a = testing::random_normal(7, 6, 1.0f, gen), b = testing::random_normal(9, 6, 1.0f, gen);
    const QkProjection p = project_rows(a, b);
    const Mat g = p.axes * p.axes.transpose();  // (2, 2) = I
    CHECK(g(0, 0) == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(g(1, 1) == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(std::abs(g(0, 1)) < 1e-5f);
    Mat x(16, 6);
    x << a, b;
    const RowVec mean = x.colwise().mean();
    CHECK((p.mean - mean).cwiseAbs().maxCoeff() < 1e-5f);
    const Mat xc = x.rowwise() - mean;
    const Mat proj = xc * p.axes.transpose();
    CHECK((proj.topRows(7) - p.q2).cwiseAbs().maxCoeff() < 1e-4f);
    CHECK((proj.bottomRows(9) - p.k2).cwiseAbs().maxCoeff() < 1e-4f);

    // Power iteration on the covariance finds the same first axis (up to sign) and variance.
    const Eigen::MatrixXd c = (xc.cast<double>().transpose() * xc.cast<double>()) / 15.0;
    Eigen::VectorXd v = Eigen::VectorXd::Ones(6);
    for (int it = 0; it < 2000; ++it) v = (c * v).normalized();
    const double lambda = v.dot(c * v);
    CHECK(std::abs(v.dot(p.axes.row(0).transpose().cast<double>())) == doctest::Approx(1.0).epsilon(1e-4));
    CHECK(p.explained[0] == doctest::Approx(lambda / c.trace()).epsilon(1e-4));
    CHECK(p.explained[0] >= p.explained[1]);
    CHECK(p.explained[0] + p.explained[1] <= 1.0 + 1e-9);
}

TEST_CASE("qk projection: d_k = 2 is reconstructed exactly; degenerate inputs are safe") {
    std::mt19937 gen(5);
    const Mat a = testing::random_normal(4, 2, 1.0f, gen), b = testing::random_normal(3, 2, 1.0f, gen);
    const QkProjection p = project_rows(a, b);
    const Mat back = (p.q2 * p.axes).rowwise() + p.mean;  // (4, 2)
    CHECK((back - a).cwiseAbs().maxCoeff() < 1e-5f);
    CHECK(p.explained[0] + p.explained[1] == doctest::Approx(1.0));
    const QkProjection one = project_rows(Mat::Ones(1, 3), Mat(0, 3));
    CHECK(one.q2.rows() == 1);
    CHECK(one.q2.cwiseAbs().maxCoeff() == 0.0f);
    const QkProjection d1 = project_rows(Mat::Ones(2, 1), Mat::Zero(2, 1));
    CHECK(d1.axes.row(1).cwiseAbs().maxCoeff() == 0.0f);
}
