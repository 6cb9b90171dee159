// test_attention_cost.cpp — the Cost view's lean kernels against the engine's reference forms,
// and the sweep's shape (sizes, budgets, the memory columns' growth).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/attention/attention_cost.h"
#include "core/attention/linear_attention.h"
#include "core/attention/softmax.h"
#include "tests/random_matrix.h"

using namespace attn;

namespace {

Mat randn(int rows, int cols, std::mt19937& gen) { return testing::random_normal(rows, cols, 1.0f, gen); }

// Reference: masked softmax over the full score matrix, then · V.
Mat reference(const Mat& q, const Mat& k, const Mat& v, float factor, int window) {
    const Mat s = q * k.transpose();
    BoolMat blocked = BoolMat::Zero(s.rows(), s.cols());
    if (window >= 0)
        for (int i = 0; i < s.rows(); ++i)
            for (int j = 0; j < s.cols(); ++j) blocked(i, j) = std::abs(i - j) > window ? 1 : 0;
    return masked_softmax(s, factor, &blocked) * v;
}

float max_abs_diff(const Mat& a, const Mat& b) { return (a - b).cwiseAbs().maxCoeff(); }

}  // namespace

TEST_CASE("lean cost kernels equal the reference attention") {
    std::mt19937 gen(7);
    for (int n : {1, 5, 33, 130}) {
        const Mat q = randn(n, 16, gen), k = randn(n, 16, gen), v = randn(n, 8, gen);
        const float factor = 0.25f;
        std::size_t bytes = 0;
        const float d_dense = max_abs_diff(dense_attention(q, k, v, factor, &bytes), reference(q, k, v, factor, -1));
        CHECK(bytes == std::size_t(2) * n * n * sizeof(float));
        const float d_tiled = max_abs_diff(tiled_attention(q, k, v, factor, 7, &bytes), reference(q, k, v, factor, -1));
        for (int w : {0, 1, 4, 200}) {
            const float d_band = max_abs_diff(banded_attention(q, k, v, factor, w, &bytes), reference(q, k, v, factor, w));
            CHECK(bytes == std::size_t(n) * (2 * w + 1) * sizeof(float));
            CHECK(d_band < 1e-5f);
        }
        // Linear: against the quadratic form (explicit weights · V), an independent route.
        const float d_lin = max_abs_diff(linear_attention_lean(q, k, v), linear_attention_weights(q, k, false) * v);
        MESSAGE("n=" << n << " max |Δ| dense " << d_dense << ", tiled " << d_tiled << ", linear " << d_lin);
        CHECK(d_dense < 1e-5f);
        CHECK(d_tiled < 1e-5f);
        CHECK(d_lin < 1e-5f);
    }
}

TEST_CASE("cost sweep: every method measured, memory grows as its algorithm says") {
    CostSweepConfig c;
    c.sizes = {16, 64, 256};
    c.d = 16;
    c.window = 4;
    c.tile = 8;
    const CostSweep sweep = run_cost_sweep(c);
    for (int m = 0; m < kCostMethods; ++m) {
        REQUIRE(sweep.samples[m].size() == 3);
        for (const CostSample& s : sweep.samples[m]) CHECK(s.ms > 0.0);
    }
    auto mem = [&](CostMethod m, int i) { return sweep.samples[int(m)][size_t(i)].scratch_mib; };
    // 16 → 256 is ×16 in n: softmax memory ×256 (n²), window and online ×16 (n), linear about ×16 too
    // (n·d dominates d² here) — never ×256.
    CHECK(mem(CostMethod::Softmax, 2) / mem(CostMethod::Softmax, 0) == doctest::Approx(256.0));
    CHECK(mem(CostMethod::Window, 2) / mem(CostMethod::Window, 0) == doctest::Approx(16.0));
    CHECK(mem(CostMethod::Online, 2) / mem(CostMethod::Online, 0) < 20.0);
    CHECK(mem(CostMethod::Linear, 2) / mem(CostMethod::Linear, 0) < 20.0);

    std::atomic<bool> cancel{true};
    const CostSweep none = run_cost_sweep(c, &cancel);
    for (int m = 0; m < kCostMethods; ++m) CHECK(none.samples[m].empty());
}
