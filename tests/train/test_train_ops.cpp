// test_train_ops.cpp — every training op's backward against central finite differences of its
// forward (several shapes, the causal mask), and the whole model's gradient the same way.
//
// The scalar checked is L = Σ out ⊙ R for a fixed random R (so dout = R), summed in double; the
// forward runs in float, so h = 1e-3 and a tolerance of 1e-2 of the largest gradient.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "core/base/parallel.h"
#include "core/train/decoder_model.h"
#include "core/train/train_ops.h"

using namespace attn;
using namespace attn::train;

namespace {

std::vector<float> randn(int n, std::uint64_t seed, float scale = 1.0f) {
    std::vector<float> v(n);
    std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int i = 0; i < n; ++i) {
        // sum of 4 uniforms, centred: roughly normal, deterministic
        double acc = 0;
        for (int k = 0; k < 4; ++k) {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            acc += double(s >> 11) * 0x1.0p-53;
        }
        v[i] = float((acc - 2.0) * 1.7) * scale;
    }
    return v;
}

double dot(const std::vector<float>& a, const std::vector<float>& r) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += double(a[i]) * r[i];
    return s;
}

// max |analytic − numeric| / max |numeric| over x's entries; loss() re-runs the forward.
double fd_error(std::vector<float>& x, const std::vector<float>& analytic, const std::function<double()>& loss,
                float h = 1e-3f) {
    REQUIRE(x.size() == analytic.size());
    double max_err = 0, max_g = 1e-6;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float keep = x[i];
        x[i] = keep + h;
        const double up = loss();
        x[i] = keep - h;
        const double down = loss();
        x[i] = keep;
        const double num = (up - down) / (2.0 * double(h));
        max_err = std::max(max_err, std::abs(num - analytic[i]));
        max_g = std::max(max_g, std::abs(num));
    }
    return max_err / max_g;
}

constexpr double kTol = 1e-2;

}  // namespace

TEST_CASE("layernorm backward matches finite differences") {
    for (auto [N, C] : {std::pair{4, 6}, std::pair{3, 16}}) {
        auto x = randn(N * C, 1), w = randn(C, 2, 0.5f), b = randn(C, 3), R = randn(N * C, 4);
        for (float& v : w) v += 1.0f;
        std::vector<float> out(N * C), mean(N), rstd(N);
        auto loss = [&] {
            layernorm_forward(out.data(), mean.data(), rstd.data(), x.data(), w.data(), b.data(), N, C, 1e-5f);
            return dot(out, R);
        };
        loss();
        std::vector<float> dx(N * C, 0.0f), dw(C, 0.0f), db(C, 0.0f);
        layernorm_backward(dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), mean.data(), rstd.data(),
                           N, C);
        const double ex = fd_error(x, dx, loss), ew = fd_error(w, dw, loss), eb = fd_error(b, db, loss);
        std::printf("layernorm N=%d C=%d: rel err dx %.2e dw %.2e db %.2e\n", N, C, ex, ew, eb);
        CHECK(ex < kTol);
        CHECK(ew < kTol);
        CHECK(eb < kTol);
    }
}

TEST_CASE("matmul backward matches finite differences, small and blocked shapes") {
    ThreadPool pool(2);
    for (auto [N, C, OC] : {std::tuple{5, 7, 9}, std::tuple{256, 64, 24}}) {
        auto x = randn(N * C, 5), w = randn(C * OC, 6, 0.3f), b = randn(OC, 7), R = randn(N * OC, 8);
        std::vector<float> out(N * OC);
        auto loss = [&] {
            matmul_forward(pool, out.data(), x.data(), w.data(), b.data(), N, C, OC);
            return dot(out, R);
        };
        loss();
        std::vector<float> dx(N * C, 0.0f), dw(C * OC, 0.0f), db(OC, 0.0f);
        matmul_backward(pool, dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), N, C, OC);
        // The big shape's dx has 16K entries: check a slice (the blocks are the same code).
        std::vector<float> xs(x.begin(), x.begin() + std::min<std::size_t>(x.size(), 512));
        std::vector<float> dxs(dx.begin(), dx.begin() + xs.size());
        auto loss_slice = [&] {
            std::copy(xs.begin(), xs.end(), x.begin());
            return loss();
        };
        const double ex = fd_error(xs, dxs, loss_slice), ew = fd_error(w, dw, loss), eb = fd_error(b, db, loss);
        std::printf("matmul N=%d C=%d OC=%d: rel err dx %.2e dw %.2e db %.2e\n", N, C, OC, ex, ew, eb);
        CHECK(ex < kTol);
        CHECK(ew < kTol);
        CHECK(eb < kTol);
    }
}

TEST_CASE("attention backward matches finite differences; the causal mask holds") {
    ThreadPool pool(2);
    for (auto [B, T, C, NH] : {std::tuple{2, 5, 8, 2}, std::tuple{1, 7, 12, 3}, std::tuple{2, 1, 4, 1}}) {
        const int N = B * T;
        auto qkv = randn(N * 3 * C, 9), R = randn(N * C, 10);
        std::vector<float> out(N * C), pre(B * NH * T * T), att(B * NH * T * T);
        auto loss = [&] {
            attention_forward(pool, out.data(), pre.data(), att.data(), qkv.data(), B, T, C, NH);
            return dot(out, R);
        };
        loss();
        // weights: rows sum to 1 over j ≤ i, exactly 0 above the diagonal
        for (int bh = 0; bh < B * NH; ++bh)
            for (int i = 0; i < T; ++i) {
                double sum = 0;
                for (int j = 0; j < T; ++j) {
                    const float a = att[(bh * T + i) * T + j];
                    if (j > i) CHECK(a == 0.0f);
                    sum += a;
                }
                CHECK(sum == doctest::Approx(1.0).epsilon(1e-5));
            }
        std::vector<float> dqkv(N * 3 * C, 0.0f), datt(B * NH * T * T);
        attention_backward(pool, dqkv.data(), datt.data(), R.data(), qkv.data(), att.data(), B, T, C, NH);
        const double e = fd_error(qkv, dqkv, loss);
        std::printf("attention B=%d T=%d C=%d NH=%d: rel err dqkv %.2e\n", B, T, C, NH, e);
        CHECK(e < kTol);
        // causality: the last position's key and value change nothing before it
        if (T > 1) {
            const std::vector<float> before = out;
            for (int c = C; c < 3 * C; ++c) qkv[(T - 1) * 3 * C + c] += 1.0f;  // batch 0, last row, K and V
            loss();
            for (int i = 0; i < T - 1; ++i)
                for (int c = 0; c < C; ++c) CHECK(out[i * C + c] == before[i * C + c]);
        }
    }
}

TEST_CASE("gelu, residual and encoder backward match finite differences") {
    auto x = randn(64, 11, 2.0f), R = randn(64, 12);
    std::vector<float> y(64);
    auto loss = [&] {
        gelu_forward(y.data(), x.data(), 64);
        return dot(y, R);
    };
    loss();
    std::vector<float> dx(64, 0.0f);
    gelu_backward(dx.data(), x.data(), R.data(), 64);
    const double eg = fd_error(x, dx, loss);
    std::printf("gelu: rel err %.2e\n", eg);
    CHECK(eg < kTol);
    // GELU at a few points against the formula in double
    for (double v : {-3.0, -0.5, 0.0, 0.7, 2.5}) {
        float in = float(v), out;
        gelu_forward(&out, &in, 1);
        const double ref = 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
        CHECK(out == doctest::Approx(ref).epsilon(1e-6));
    }

    auto a = randn(10, 13), b = randn(10, 14), Rr = randn(10, 15);
    std::vector<float> s(10);
    auto lr = [&] {
        residual_forward(s.data(), a.data(), b.data(), 10);
        return dot(s, Rr);
    };
    std::vector<float> da(10, 0.0f), dbb(10, 0.0f);
    residual_backward(da.data(), dbb.data(), Rr.data(), 10);
    CHECK(fd_error(a, da, lr) < kTol);
    CHECK(fd_error(b, dbb, lr) < kTol);

    const int N = 6, T = 3, C = 4, V = 5;
    const int ids[N] = {1, 4, 1, 0, 1, 2};  // repeats: gradients must add up
    auto wte = randn(V * C, 16), wpe = randn(T * C, 17), Re = randn(N * C, 18);
    std::vector<float> e(N * C);
    auto le = [&] {
        encoder_forward(e.data(), ids, wte.data(), wpe.data(), N, T, C);
        return dot(e, Re);
    };
    std::vector<float> dwte(V * C, 0.0f), dwpe(T * C, 0.0f);
    encoder_backward(dwte.data(), dwpe.data(), Re.data(), ids, N, T, C);
    CHECK(fd_error(wte, dwte, le) < kTol);
    CHECK(fd_error(wpe, dwpe, le) < kTol);
}

TEST_CASE("softmax cross-entropy backward matches finite differences; unscored rows get nothing") {
    const int N = 6, V = 5;
    auto z = randn(N * V, 19, 2.0f);
    const int targets[N] = {2, -1, 0, 4, -1, 1};
    std::vector<float> probs(N * V), losses(N);
    auto loss = [&] { return double(softmax_crossentropy_forward(probs.data(), losses.data(), z.data(), targets, N, V)); };
    const double l0 = loss();
    // the mean over the 4 scored rows of −log p[target]
    double ref = 0;
    for (int n = 0; n < N; ++n) {
        if (targets[n] < 0) continue;
        double m = -1e30, s = 0;
        for (int v = 0; v < V; ++v) m = std::max(m, double(z[n * V + v]));
        for (int v = 0; v < V; ++v) s += std::exp(double(z[n * V + v]) - m);
        ref += -(double(z[n * V + targets[n]]) - m - std::log(s));
    }
    CHECK(l0 == doctest::Approx(ref / 4).epsilon(1e-6));
    std::vector<float> dz(N * V);
    softmax_crossentropy_backward(dz.data(), probs.data(), targets, N, V);
    const double e = fd_error(z, dz, loss);
    std::printf("softmax cross-entropy: rel err %.2e\n", e);
    CHECK(e < kTol);
    for (int v = 0; v < V; ++v) CHECK(dz[1 * V + v] == 0.0f);
}

TEST_CASE("the whole model's gradient matches finite differences (with and without MLP)") {
    ThreadPool pool(1);
    for (bool mlp : {true, false}) {
        ModelShape s;
        s.n_layers = 2;
        s.n_heads = 2;
        s.d_model = 8;
        s.vocab = 7;
        s.n_positions = 5;
        s.mlp = mlp;
        DecoderModel m = make_model(s, 3);
        // larger weights than GPT-2's 0.02 so every path carries a visible gradient
        auto noise = randn(int(m.params.size()), 20, 0.3f);
        for (const ParamTensor& t : m.layout.tensors)
            if (t.trained)
                for (std::size_t i = 0; i < t.size; ++i) m.params[t.offset + i] += noise[t.offset + i];
        const int B = 2, T = 5;
        const std::vector<int> ids = {0, 3, 6, 3, 1, 2, 2, 5, 4, 0};
        const std::vector<int> targets = {-1, 1, 2, -1, 4, 5, 0, -1, 3, 6};
        Activations a, d;
        auto loss = [&] { return double(model_forward(pool, m, a, ids.data(), targets.data(), B, T)); };
        loss();
        model_backward(pool, m, a, d, ids.data(), targets.data());
        for (const ParamTensor& t : m.layout.tensors) {
            if (!t.trained) continue;
            std::vector<float> x(m.params.begin() + t.offset, m.params.begin() + t.offset + t.size);
            std::vector<float> g(m.grads.begin() + t.offset, m.grads.begin() + t.offset + t.size);
            auto lt = [&] {
                std::copy(x.begin(), x.end(), m.params.begin() + t.offset);
                return loss();
            };
            const double e = fd_error(x, g, lt);
            std::copy(x.begin(), x.end(), m.params.begin() + t.offset);
            if (e >= kTol) std::printf("model (mlp=%d) %s: rel err %.2e\n", int(mlp), t.name.c_str(), e);
            CHECK_MESSAGE(e < kTol, t.name);
        }
    }
}
