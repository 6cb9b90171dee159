// Softmax and per-row statistics: hand-computed values and properties.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "core/attention/softmax.h"
#include "core/attention/stats.h"
#include "tests/random_matrix.h"

using namespace attn;

static Mat random_scores(int rows, int cols, float stddev, unsigned seed) {
    return testing::random_normal(rows, cols, stddev, seed);
}

TEST_CASE("softmax of a hand-computed row") {
    // scores (0, 1, 2): exp = 1, e, e² ; sum = 1 + e + e²
    const float s[3] = {0.0f, 1.0f, 2.0f};
    float p[3];
    REQUIRE(softmax_row(s, nullptr, 3, 1.0f, p));
    const double e = std::exp(1.0), z = 1.0 + e + e * e;
    CHECK(p[0] == doctest::Approx(1.0 / z).epsilon(1e-6));
    CHECK(p[1] == doctest::Approx(e / z).epsilon(1e-6));
    CHECK(p[2] == doctest::Approx(e * e / z).epsilon(1e-6));
}

TEST_CASE("softmax rows sum to 1 and are non-negative") {
    const Mat s = random_scores(20, 33, 5.0f, 1);
    const Mat w = masked_softmax(s, 0.7f, nullptr);
    for (int i = 0; i < w.rows(); ++i) {
        CHECK(w.row(i).sum() == doctest::Approx(1.0).epsilon(1e-5));
        CHECK(w.row(i).minCoeff() >= 0.0f);
    }
}

TEST_CASE("softmax is shift invariant along a row") {
    const Mat s = random_scores(6, 9, 2.0f, 2);
    Mat shifted = s;
    for (int i = 0; i < s.rows(); ++i) shifted.row(i).array() += float(37 * i - 50);
    const Mat a = masked_softmax(s, 1.0f, nullptr);
    const Mat b = masked_softmax(shifted, 1.0f, nullptr);
    const float diff = (a - b).cwiseAbs().maxCoeff();
    MESSAGE("shift invariance max |diff| = " << diff);
    CHECK(diff < 1e-5f);
}

TEST_CASE("softmax is stable for huge scores") {
    const float s[4] = {1000.0f, 999.0f, -1000.0f, 1000.0f};
    float p[4];
    REQUIRE(softmax_row(s, nullptr, 4, 1.0f, p));
    for (float x : p) CHECK(std::isfinite(x));
    CHECK(p[0] == doctest::Approx(p[3]));
    CHECK(p[2] == 0.0f);  // e^-2000 underflows to exactly 0
    CHECK(p[0] + p[1] + p[2] + p[3] == doctest::Approx(1.0f));
}

TEST_CASE("masked keys get exactly zero weight, the rest renormalise") {
    const float s[4] = {3.0f, 1.0f, 50.0f, 2.0f};
    const std::uint8_t blocked[4] = {0, 0, 1, 0};  // the largest score is hidden
    float p[4];
    REQUIRE(softmax_row(s, blocked, 4, 1.0f, p));
    CHECK(p[2] == 0.0f);
    const double z = std::exp(3.0) + std::exp(1.0) + std::exp(2.0);
    CHECK(p[0] == doctest::Approx(std::exp(3.0) / z).epsilon(1e-6));
    CHECK(p[1] == doctest::Approx(std::exp(1.0) / z).epsilon(1e-6));
    CHECK(p[3] == doctest::Approx(std::exp(2.0) / z).epsilon(1e-6));
}

TEST_CASE("a fully masked row is zeros and flagged, never NaN") {
    const float s[3] = {1.0f, 2.0f, 3.0f};
    const std::uint8_t blocked[3] = {1, 1, 1};
    float p[3] = {7.0f, 7.0f, 7.0f};
    CHECK_FALSE(softmax_row(s, blocked, 3, 1.0f, p));
    CHECK(p[0] == 0.0f);
    CHECK(p[1] == 0.0f);
    CHECK(p[2] == 0.0f);
}

TEST_CASE("scaling by factor equals softmax of pre-multiplied scores") {
    const Mat s = random_scores(5, 7, 3.0f, 3);
    const Mat a = masked_softmax(s, 0.125f, nullptr);
    const Mat b = masked_softmax(Mat(s * 0.125f), 1.0f, nullptr);
    CHECK((a - b).cwiseAbs().maxCoeff() < 1e-6f);
}

TEST_CASE("row stats: uniform row and one-hot limit") {
    // Equal scores: uniform weights, entropy log n, max 1/n, logit variance 0.
    const int n = 8;
    Mat s = Mat::Constant(1, n, 0.3f);
    RowStats st = attention_row_stats(s, 1.0f, nullptr);
    CHECK(st.entropy[0] == doctest::Approx(std::log(double(n))).epsilon(1e-5));
    CHECK(st.max_weight[0] == doctest::Approx(1.0 / n));
    CHECK(st.logit_mean[0] == doctest::Approx(0.3));
    CHECK(st.logit_var[0] == doctest::Approx(0.0));
    // J = diag(p) − ppᵀ for uniform p: ‖J‖² = n(1/n − 1/n²)² + (n² − n)/n⁴
    const double p = 1.0 / n;
    const double fro2 = n * (p - p * p) * (p - p * p) + (double(n) * n - n) * p * p * p * p;
    CHECK(st.jacobian_norm[0] == doctest::Approx(std::sqrt(fro2)).epsilon(1e-5));

    // A dominant score: the softmax saturates, entropy and Jacobian norm go to 0.
    s(0, 3) = 100.0f;
    st = attention_row_stats(s, 1.0f, nullptr);
    CHECK(st.entropy[0] < 1e-6f);
    CHECK(st.max_weight[0] == doctest::Approx(1.0f));
    CHECK(st.jacobian_norm[0] < 1e-6f);
}

TEST_CASE("closed-form Jacobian norm equals the explicit matrix") {
    const Mat s = random_scores(10, 12, 1.5f, 4);
    const Mat w = masked_softmax(s, 1.0f, nullptr);
    for (int i = 0; i < w.rows(); ++i) {
        const Vec p = w.row(i).transpose();
        const Eigen::MatrixXf J = Eigen::MatrixXf(p.asDiagonal()) - p * p.transpose();
        CHECK(softmax_jacobian_frobenius(w.row(i).data(), int(w.cols())) ==
              doctest::Approx(J.norm()).epsilon(1e-5));
    }
}

TEST_CASE("row stats ignore masked keys and zero fully masked rows") {
    Mat s(2, 3);
    s << 1.0f, 2.0f, 1000.0f,
         5.0f, 6.0f, 7.0f;
    BoolMat b(2, 3);
    b << 0, 0, 1,
         1, 1, 1;
    const RowStats st = attention_row_stats(s, 1.0f, &b);
    CHECK(st.logit_mean[0] == doctest::Approx(1.5));
    CHECK(st.logit_var[0] == doctest::Approx(0.25));
    CHECK(st.max_weight[0] == doctest::Approx(std::exp(2.0) / (std::exp(1.0) + std::exp(2.0))));
    CHECK(st.entropy[1] == 0.0f);
    CHECK(st.max_weight[1] == 0.0f);
    CHECK(st.jacobian_norm[1] == 0.0f);
}

TEST_CASE("stats from given weights equal stats recomputed from scores") {
    const Mat s = random_scores(9, 11, 4.0f, 5);
    const Mat w = masked_softmax(s, 0.5f, nullptr);
    const RowStats a = attention_row_stats(s, 0.5f, nullptr, &w);
    const RowStats b = attention_row_stats(s, 0.5f, nullptr, nullptr);
    CHECK((a.entropy - b.entropy).cwiseAbs().maxCoeff() < 1e-6f);
    CHECK((a.jacobian_norm - b.jacobian_norm).cwiseAbs().maxCoeff() < 1e-6f);
}

TEST_CASE("entropy equals −Σ p log p computed directly, masked or not") {
    const Mat s = random_scores(12, 17, 6.0f, 6);
    BoolMat b = BoolMat::Zero(12, 17);
    for (int i = 0; i < 12; ++i) b(i, (3 * i) % 17) = 1;
    for (const BoolMat* mask : {static_cast<const BoolMat*>(nullptr), static_cast<const BoolMat*>(&b)}) {
        const Mat w = masked_softmax(s, 0.8f, mask);
        const RowStats st = attention_row_stats(s, 0.8f, mask);
        for (int i = 0; i < 12; ++i) {
            double h = 0;
            for (int j = 0; j < 17; ++j)
                if (w(i, j) > 0) h -= double(w(i, j)) * std::log(double(w(i, j)));
            CHECK(st.entropy[i] == doctest::Approx(h).epsilon(1e-4));
        }
    }
}

TEST_CASE("exp_nonpositive: within 2 ulp of exp on [-87, 0], exact at 0 and -inf, NaN stays NaN") {
    double worst_ulp = 0.0;
    float worst_x = 0.0f;
    // Every 97th float in [-87, 0] (about 11 million values): the whole exponent range is covered.
    for (std::uint32_t bits = 0; ; bits += 97) {
        float x;
        const std::uint32_t b = 0x80000000u | bits;  // -0 and the negative floats, by magnitude
        std::memcpy(&x, &b, sizeof x);
        if (!(x >= -87.0f)) break;
        const double want = std::exp(double(x));
        const float got = attn::exp_nonpositive(x);
        const double ulp = std::nextafter(float(want), 2.0f) - float(want);
        const double err = std::abs(double(got) - want) / ulp;
        if (err > worst_ulp) {
            worst_ulp = err;
            worst_x = x;
        }
    }
    MESSAGE("exp_nonpositive: worst error " << worst_ulp << " ulp at x = " << worst_x);
    CHECK(worst_ulp < 2.0);
    CHECK(attn::exp_nonpositive(0.0f) == 1.0f);
    CHECK(attn::exp_nonpositive(-0.0f) == 1.0f);
    CHECK(attn::exp_nonpositive(-std::numeric_limits<float>::infinity()) == 0.0f);
    CHECK(std::isnan(attn::exp_nonpositive(std::numeric_limits<float>::quiet_NaN())));
    CHECK(attn::exp_nonpositive(-200.0f) == 0.0f);  // far below the smallest float: flushes to 0
}
