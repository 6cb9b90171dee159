// Linear attention and the tiled online softmax against their reference forms.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/attention/linear_attention.h"
#include "core/attention/mask.h"
#include "core/attention/online_softmax.h"
#include "core/attention/softmax.h"
#include "tests/random_matrix.h"

using namespace attn;

static Mat randn(int rows, int cols, std::mt19937& gen) { return testing::random_normal(rows, cols, 1.0f, gen); }

TEST_CASE("elu + 1 feature map") {
    Mat x(1, 3);
    x << -1.0f, 0.0f, 2.0f;
    const Mat f = elu_plus_one(x);
    CHECK(f(0, 0) == doctest::Approx(std::exp(-1.0)));
    CHECK(f(0, 1) == doctest::Approx(1.0));
    CHECK(f(0, 2) == doctest::Approx(3.0));
}

TEST_CASE("linear attention in O(n d²) order equals its quadratic form") {
    std::mt19937 gen(21);
    for (bool causal : {false, true}) {
        const Mat q = randn(9, 8, gen), k = randn(9, 8, gen), v = randn(9, 5, gen);
        const Mat fast = linear_attention(q, k, v, causal);
        const Mat a = linear_attention_weights(q, k, causal);
        const Mat slow = a * v;
        const float diff = (fast - slow).cwiseAbs().maxCoeff();
        MESSAGE("linear attention causal=" << causal << ": max |fast − quadratic| = " << diff);
        CHECK(diff < 1e-5f);
        for (int i = 0; i < a.rows(); ++i) CHECK(a.row(i).sum() == doctest::Approx(1.0f));
        if (causal) CHECK(a(0, 1) == 0.0f);
    }
    // Cross: more keys than queries.
    const Mat q = randn(3, 4, gen), k = randn(7, 4, gen), v = randn(7, 2, gen);
    CHECK((linear_attention(q, k, v, false) - linear_attention_weights(q, k, false) * v).cwiseAbs().maxCoeff() < 1e-5f);
}

static Mat standard_attention(const Mat& q, const Mat& k, const Mat& v, float factor, const BoolMat* b) {
    const Mat s = q * k.transpose();
    return masked_softmax(s, factor, b) * v;
}

TEST_CASE("tiled online softmax equals standard attention for every tile size") {
    std::mt19937 gen(22);
    const Mat q = randn(7, 8, gen), k = randn(11, 8, gen), v = randn(11, 6, gen);
    const float factor = 1.0f / std::sqrt(8.0f);
    const Mat ref = standard_attention(q, k, v, factor, nullptr);
    for (int tile : {1, 2, 3, 4, 7, 11, 64}) {
        const OnlineSoftmaxResult r = online_softmax_attention(q, k, v, factor, nullptr, tile, true);
        const float diff = (r.output - ref).cwiseAbs().maxCoeff();
        CAPTURE(tile);
        CHECK(diff < 1e-5f);
        CHECK(int(r.tiles.size()) == (11 + tile - 1) / tile);
        CHECK(r.tiles.back().key_end == 11);
        // The running max never decreases; the final (m, l) is the full row's max and Σ exp.
        for (size_t t = 1; t < r.tiles.size(); ++t)
            CHECK((r.tiles[t].running_max - r.tiles[t - 1].running_max).minCoeff() >= 0.0f);
        const Mat z = factor * (q * k.transpose());
        for (int i = 0; i < 7; ++i) {
            const float m = z.row(i).maxCoeff();
            CHECK(r.tiles.back().running_max[i] == doctest::Approx(m));
            CHECK(r.tiles.back().running_sum[i] ==
                  doctest::Approx((z.row(i).array() - m).exp().sum()).epsilon(1e-5));
        }
    }
}

TEST_CASE("online softmax with masks, including a fully masked row and a large logit range") {
    std::mt19937 gen(23);
    Mat q = randn(6, 4, gen), k = randn(6, 4, gen);
    q *= 20.0f;  // logits spread over hundreds: the rescaling must keep exp from overflowing
    const Mat v = randn(6, 3, gen);
    MaskConfig mc;
    mc.causal = true;
    mc.blocked_cells = {{3, 0}, {3, 1}, {3, 2}, {3, 3}};  // row 3 sees nothing
    const BoolMat b = *build_mask(mc, 6, 6, {});
    const Mat ref = standard_attention(q, k, v, 1.0f, &b);
    for (int tile : {1, 2, 4}) {
        const OnlineSoftmaxResult r = online_softmax_attention(q, k, v, 1.0f, &b, tile, false);
        CHECK(r.tiles.empty());
        CHECK(r.output.allFinite());
        CHECK((r.output - ref).cwiseAbs().maxCoeff() < 1e-4f);
        CHECK(r.output.row(3).cwiseAbs().sum() == 0.0f);
    }
}
