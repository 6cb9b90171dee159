// test_train_llama.cpp — the modern decoder's ops (RMSNorm, SwiGLU, RoPE, grouped-query attention)
// against central finite differences of their forwards, and the whole Arch::Llama model's gradient
// the same way (with and without the MLP, with and without grouping). As test_train_ops.cpp: the
// scalar is L = Σ out ⊙ R for a fixed random R, h = 1e-3, tolerance 1e-2 of the largest gradient.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <tuple>
#include <vector>

#include "core/base/parallel.h"
#include "core/pretrained/families/rotary/rope.h"
#include "core/train/decoder_model.h"
#include "core/train/train_ops_llama.h"
#include "tests/train/fd_check.h"

using namespace attn;
using namespace attn::train;
using namespace attn::train::test;

namespace {
constexpr double kTol = 1e-2;
}

TEST_CASE("rmsnorm backward matches finite differences") {
    for (auto [N, C] : {std::pair{3, 8}, std::pair{2, 33}}) {
        auto x = randn(N * C, 1), w = randn(C, 2, 0.5f), R = randn(N * C, 3);
        for (float& v : w) v += 1.0f;
        std::vector<float> out(N * C), rstd(N);
        auto loss = [&] {
            rmsnorm_forward(out.data(), rstd.data(), x.data(), w.data(), N, C, 1e-5f);
            return dot(out, R);
        };
        loss();
        std::vector<float> dx(N * C, 0.0f), dw(C, 0.0f);
        rmsnorm_backward(dx.data(), dw.data(), R.data(), x.data(), w.data(), rstd.data(), N, C);
        const double ex = fd_error(x, dx, loss), ew = fd_error(w, dw, loss);
        std::printf("rmsnorm N=%d C=%d: rel err dx %.2e dw %.2e\n", N, C, ex, ew);
        CHECK(ex < kTol);
        CHECK(ew < kTol);
    }
}

TEST_CASE("swiglu backward matches finite differences") {
    const int N = 3, F = 10;
    auto h = randn(N * 2 * F, 4, 1.5f), R = randn(N * F, 5);
    std::vector<float> out(N * F);
    auto loss = [&] {
        swiglu_forward(out.data(), h.data(), N, F);
        return dot(out, R);
    };
    loss();
    // silu(g) · u by hand for one entry
    const float g = h[1], u = h[F + 1];
    CHECK(out[1] == doctest::Approx(g / (1.0f + std::exp(-g)) * u).epsilon(1e-5));
    std::vector<float> dh(N * 2 * F, 0.0f);
    swiglu_backward(dh.data(), R.data(), h.data(), N, F);
    const double e = fd_error(h, dh, loss);
    std::printf("swiglu N=%d F=%d: rel err dh %.2e\n", N, F, e);
    CHECK(e < kTol);
}

TEST_CASE("rope backward (the inverse rotation) matches finite differences; scores depend on distance only") {
    const int B = 2, T = 5, heads = 3, hs = 8, stride = heads * hs + 4;  // 4 columns left alone (V)
    pretrained::RopeConfig rope;
    rope.theta = 100.0;  // visible rotation at small positions
    rope.rotary_dim = hs;
    const pretrained::RopeTable tab = pretrained::rope_table(pretrained::rope_inverse_frequencies(rope), 0, T);
    const std::vector<float> cos(tab.cos.data(), tab.cos.data() + T * hs / 2), sin(tab.sin.data(), tab.sin.data() + T * hs / 2);
    auto x = randn(B * T * stride, 6), R = randn(B * T * stride, 7);
    std::vector<float> y;
    auto loss = [&] {
        y = x;
        rope_forward(y.data(), cos.data(), sin.data(), B * T, T, stride, heads, hs);
        return dot(y, R);
    };
    loss();
    for (int c = heads * hs; c < stride; ++c) CHECK(y[stride + c] == x[stride + c]);  // untouched columns
    std::vector<float> dx = R;
    rope_backward(dx.data(), cos.data(), sin.data(), B * T, T, stride, heads, hs);
    const double e = fd_error(x, dx, loss);
    std::printf("rope B=%d T=%d heads=%d hs=%d: rel err dx %.2e\n", B, T, heads, hs, e);
    CHECK(e < kTol);
    // the same q and k vector at every position: q_t · k_s depends on t − s only
    std::vector<float> q(T * stride, 0.0f), k(T * stride, 0.0f);
    const auto base = randn(hs, 8);
    for (int t = 0; t < T; ++t)
        for (int i = 0; i < hs; ++i) q[t * stride + i] = k[t * stride + i] = base[i];
    rope_forward(q.data(), cos.data(), sin.data(), T, T, stride, 1, hs);
    rope_forward(k.data(), cos.data(), sin.data(), T, T, stride, 1, hs);
    auto score = [&](int t, int s) {
        double d = 0;
        for (int i = 0; i < hs; ++i) d += double(q[t * stride + i]) * k[s * stride + i];
        return d;
    };
    CHECK(score(3, 1) == doctest::Approx(score(4, 2)).epsilon(1e-5));
    CHECK(score(2, 2) == doctest::Approx(score(0, 0)).epsilon(1e-5));
}

TEST_CASE("grouped-query attention backward matches finite differences; a group shares its K and V") {
    ThreadPool pool(2);
    for (auto [B, T, NH, NKV, hs] : {std::tuple{2, 5, 4, 2, 4}, std::tuple{1, 6, 3, 1, 2}, std::tuple{1, 4, 2, 2, 4}}) {
        const int N = B * T, W = (NH + 2 * NKV) * hs, C = NH * hs;
        auto qkv = randn(N * W, 11), R = randn(N * C, 12);
        std::vector<float> out(N * C), pre(B * NH * T * T), att(B * NH * T * T);
        auto loss = [&] {
            gqa_attention_forward(pool, out.data(), pre.data(), att.data(), qkv.data(), B, T, NH, NKV, hs);
            return dot(out, R);
        };
        loss();
        for (int bh = 0; bh < B * NH; ++bh)
            for (int i = 0; i < T; ++i)
                for (int j = i + 1; j < T; ++j) CHECK(att[(bh * T + i) * T + j] == 0.0f);
        std::vector<float> dqkv(N * W, 0.0f), datt(B * NH * T * T);
        gqa_attention_backward(pool, dqkv.data(), datt.data(), R.data(), qkv.data(), att.data(), B, T, NH, NKV, hs);
        const double e = fd_error(qkv, dqkv, loss);
        std::printf("gqa attention B=%d T=%d NH=%d NKV=%d hs=%d: rel err dqkv %.2e\n", B, T, NH, NKV, hs, e);
        CHECK(e < kTol);
        if (NKV < NH) {  // query heads 0 and 1 read the same K/V head: equal queries, equal weights
            for (int t = 0; t < T; ++t)
                for (int i = 0; i < hs; ++i) qkv[t * W + hs + i] = qkv[t * W + i];
            loss();
            // Equal up to rounding: the row kernels may sum a row in another order where it
            // starts at another alignment (the portable build's dispatched kernels do).
            for (int i = 0; i < T * T; ++i) CHECK(att[T * T + i] == doctest::Approx(att[i]).epsilon(1e-6));
        }
    }
}

TEST_CASE("the whole llama-arch model's gradient matches finite differences (MLP or not, GQA or not)") {
    ThreadPool pool(1);
    for (auto [mlp, kv] : {std::pair{true, 1}, std::pair{false, 2}, std::pair{true, 2}}) {
        ModelShape s;
        s.arch = Arch::Llama;
        s.n_layers = 2;
        s.n_heads = 2;
        s.n_kv_heads = kv;
        s.d_model = 8;
        s.vocab = 7;
        s.n_positions = 5;
        s.rope_theta = 100.0f;
        s.ffn = 12;
        s.mlp = mlp;
        REQUIRE(validate_llama_shape(s));
        DecoderModel m = make_model(s, 3);
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
        double worst = 0;
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
            worst = std::max(worst, e);
            CHECK_MESSAGE(e < kTol, t.name);
        }
        std::printf("llama model (mlp=%d, kv heads %d of 2): worst rel err over every tensor %.2e\n", int(mlp), kv,
                    worst);
    }
}
