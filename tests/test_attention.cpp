// Multi-head attention layer and the text → trace engine: hand cases, a naive reference, properties.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/attention/attention.h"
#include "core/attention/engine.h"
#include "tests/random_matrix.h"

using namespace attn;

static Mat randn(int rows, int cols, float stddev, std::mt19937& gen) {
    return testing::random_normal(rows, cols, stddev, gen);
}

static AttentionWeights random_weights(int d, int heads, bool bias, std::mt19937& gen) {
    AttentionWeights w;
    w.n_heads = heads;
    const float s = 1.0f / std::sqrt(float(d));
    w.w_q = randn(d, d, s, gen);
    w.w_k = randn(d, d, s, gen);
    w.w_v = randn(d, d, s, gen);
    w.w_o = randn(d, d, s, gen);
    if (bias) {
        w.b_q = randn(1, d, 0.1f, gen);
        w.b_k = randn(1, d, 0.1f, gen);
        w.b_v = randn(1, d, 0.1f, gen);
        w.b_o = randn(1, d, 0.1f, gen);
    }
    return w;
}

// Straightforward double-precision loops, written independently of the engine's Eigen code.
static Mat naive_attention(const Mat& xq, const Mat& xkv, const AttentionWeights& w, const BoolMat& blocked,
                           double factor, std::vector<Eigen::MatrixXd>* weights_out) {
    const int tq = int(xq.rows()), tk = int(xkv.rows()), d = int(xq.cols()), h = w.n_heads, dk = d / h;
    auto proj = [&](const Mat& x, const Mat& W, const RowVec& b) {
        Eigen::MatrixXd y(x.rows(), d);
        for (int t = 0; t < x.rows(); ++t)
            for (int o = 0; o < d; ++o) {
                double acc = b.size() ? b[o] : 0.0;
                for (int i = 0; i < d; ++i) acc += double(x(t, i)) * W(i, o);
                y(t, o) = acc;
            }
        return y;
    };
    const Eigen::MatrixXd Q = proj(xq, w.w_q, w.b_q), K = proj(xkv, w.w_k, w.b_k), V = proj(xkv, w.w_v, w.b_v);
    Eigen::MatrixXd concat = Eigen::MatrixXd::Zero(tq, d);
    for (int hh = 0; hh < h; ++hh) {
        Eigen::MatrixXd A = Eigen::MatrixXd::Zero(tq, tk);
        for (int i = 0; i < tq; ++i) {
            double m = -INFINITY;
            std::vector<double> z(tk);
            for (int j = 0; j < tk; ++j) {
                double dot = 0;
                for (int c = 0; c < dk; ++c) dot += Q(i, hh * dk + c) * K(j, hh * dk + c);
                z[j] = factor * dot;
                if (!(blocked.size() && blocked(i, j))) m = std::max(m, z[j]);
            }
            if (m == -INFINITY) continue;
            double sum = 0;
            for (int j = 0; j < tk; ++j)
                if (!(blocked.size() && blocked(i, j))) sum += std::exp(z[j] - m);
            for (int j = 0; j < tk; ++j)
                A(i, j) = (blocked.size() && blocked(i, j)) ? 0.0 : std::exp(z[j] - m) / sum;
        }
        for (int i = 0; i < tq; ++i)
            for (int c = 0; c < dk; ++c) {
                double acc = 0;
                for (int j = 0; j < tk; ++j) acc += A(i, j) * V(j, hh * dk + c);
                concat(i, hh * dk + c) = acc;
            }
        if (weights_out) weights_out->push_back(A);
    }
    Mat out(tq, d);
    for (int t = 0; t < tq; ++t)
        for (int o = 0; o < d; ++o) {
            double acc = w.b_o.size() ? w.b_o[o] : 0.0;
            for (int i = 0; i < d; ++i) acc += concat(t, i) * w.w_o(i, o);
            out(t, o) = float(acc);
        }
    return out;
}

TEST_CASE("a 2-token, 1-head case computed by hand") {
    // Identity projections, d_model = d_k = 2: Q = K = V = X.
    AttentionWeights w;
    w.n_heads = 1;
    w.w_q = w.w_k = w.w_v = w.w_o = Mat::Identity(2, 2);
    Mat x(2, 2);
    x << 1, 0,
         1, 1;
    // scores = X Xᵀ = [[1, 1], [1, 2]]; ÷√2; row 0 equal → (0.5, 0.5);
    // row 1: softmax(1/√2, 2/√2) = (1 − σ, σ) with σ = 1 / (1 + e^(−1/√2)).
    const LayerTrace L = run_attention_layer(x, x, w, BoolMat(), AttentionOptions{});
    const double sig = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
    CHECK(L.heads[0].scores(1, 1) == doctest::Approx(2.0));
    CHECK(L.heads[0].weights(0, 0) == doctest::Approx(0.5));
    CHECK(L.heads[0].weights(0, 1) == doctest::Approx(0.5));
    CHECK(L.heads[0].weights(1, 0) == doctest::Approx(1.0 - sig).epsilon(1e-6));
    CHECK(L.heads[0].weights(1, 1) == doctest::Approx(sig).epsilon(1e-6));
    // output row 1 = (1−σ)·(1,0) + σ·(1,1) = (1, σ)
    CHECK(L.output(1, 0) == doctest::Approx(1.0));
    CHECK(L.output(1, 1) == doctest::Approx(sig).epsilon(1e-6));
    CHECK(L.factor == doctest::Approx(1.0 / std::sqrt(2.0)));
}

TEST_CASE("engine layer matches a naive double-precision reference") {
    std::mt19937 gen(11);
    struct Case { int d, h, tq, tk; bool bias, causal; };
    for (const Case& c : {Case{8, 1, 4, 4, false, false}, Case{24, 3, 6, 6, true, true},
                          Case{32, 4, 5, 9, true, false}, Case{48, 6, 7, 7, false, true}}) {
        CAPTURE(c.d);
        CAPTURE(c.h);
        const AttentionWeights w = random_weights(c.d, c.h, c.bias, gen);
        const Mat xq = randn(c.tq, c.d, 1.0f, gen), xkv = randn(c.tk, c.d, 1.0f, gen);
        BoolMat blocked;
        if (c.causal) {
            MaskConfig mc;
            mc.causal = true;
            blocked = *build_mask(mc, c.tq, c.tk, {});
        }
        std::vector<Eigen::MatrixXd> ref_weights;
        const Mat ref = naive_attention(xq, xkv, w, blocked, 1.0 / std::sqrt(double(c.d / c.h)), &ref_weights);
        const LayerTrace L = run_attention_layer(xq, xkv, w, blocked, AttentionOptions{});
        float max_w = 0.0f;
        for (int h = 0; h < c.h; ++h)
            max_w = std::max(max_w, float((L.heads[h].weights.cast<double>() - ref_weights[h]).cwiseAbs().maxCoeff()));
        const float max_out = (L.output - ref).cwiseAbs().maxCoeff();
        MESSAGE("d=" << c.d << " h=" << c.h << ": max |Δweights| = " << max_w << ", max |Δoutput| = " << max_out);
        CHECK(max_w < 1e-5f);
        CHECK(max_out < 1e-4f);
    }
}

TEST_CASE("concat holds each head's weights · V_h and output = concat · W_O") {
    std::mt19937 gen(12);
    const AttentionWeights w = random_weights(16, 4, true, gen);
    const Mat x = randn(5, 16, 1.0f, gen);
    const LayerTrace L = run_attention_layer(x, x, w, BoolMat(), AttentionOptions{});
    for (int h = 0; h < 4; ++h) {
        const Mat expect = L.heads[h].weights * L.v_head(h);
        CHECK((Mat(L.out_head(h)) - expect).cwiseAbs().maxCoeff() < 1e-6f);
    }
    const Mat expect_out = (L.concat * w.w_o).rowwise() + w.b_o;
    CHECK((L.output - expect_out).cwiseAbs().maxCoeff() < 1e-5f);
}

TEST_CASE("scaling off equals scaling on with temperature sqrt(d_k)") {
    std::mt19937 gen(13);
    const AttentionWeights w = random_weights(64, 4, false, gen);  // d_k = 16, √d_k = 4
    const Mat x = randn(6, 64, 1.0f, gen);
    AttentionOptions off;
    off.scale = false;
    AttentionOptions on_t;
    on_t.temperature = 1.0f / 4.0f;  // ÷√d_k then ÷(1/4) = ×1: the unscaled logits
    const LayerTrace a = run_attention_layer(x, x, w, BoolMat(), off);
    const LayerTrace b = run_attention_layer(x, x, w, BoolMat(), on_t);
    float diff = 0;
    for (int h = 0; h < 4; ++h) diff = std::max(diff, (a.heads[h].weights - b.heads[h].weights).cwiseAbs().maxCoeff());
    MESSAGE("unscaled vs scaled at T=1/sqrt(d_k): max diff " << diff);
    CHECK(diff < 1e-6f);
    // And the other way round: scaling on equals scaling off with temperature √d_k.
    AttentionOptions off_t;
    off_t.scale = false;
    off_t.temperature = 4.0f;
    const LayerTrace c = run_attention_layer(x, x, w, BoolMat(), AttentionOptions{});
    const LayerTrace d = run_attention_layer(x, x, w, BoolMat(), off_t);
    CHECK((c.heads[0].weights - d.heads[0].weights).cwiseAbs().maxCoeff() < 1e-6f);
    // The flipped stats of one equal the stats of the other.
    CHECK((c.heads[1].stats_flipped.entropy - a.heads[1].stats.entropy).cwiseAbs().maxCoeff() < 1e-5f);
}

TEST_CASE("without scaling the softmax saturates: lower entropy, smaller Jacobian") {
    std::mt19937 gen(14);
    const AttentionWeights w = random_weights(512, 1, false, gen);  // d_k = 512
    const Mat x = randn(16, 512, 1.0f, gen);
    const LayerTrace L = run_attention_layer(x, x, w, BoolMat(), AttentionOptions{});
    const RowStats& scaled = L.heads[0].stats;
    const RowStats& unscaled = L.heads[0].stats_flipped;
    CHECK(unscaled.entropy.mean() < 0.5f * scaled.entropy.mean());
    CHECK(unscaled.max_weight.mean() > scaled.max_weight.mean());
    CHECK(unscaled.jacobian_norm.mean() < scaled.jacobian_norm.mean());
    // Var(logits) grows by d_k when the scaling is removed.
    CHECK(unscaled.logit_var.mean() / scaled.logit_var.mean() == doctest::Approx(512.0).epsilon(1e-3));
}

TEST_CASE("Var(q·k) ≈ d_k for unit-variance vectors") {
    std::mt19937 gen(15);
    for (int dk : {4, 16, 64, 256}) {
        const int n = 4000;
        const Mat q = randn(n, dk, 1.0f, gen), k = randn(n, dk, 1.0f, gen);
        const Vec dots = (q.array() * k.array()).rowwise().sum();
        const double mean = dots.mean();
        const double var = (dots.array() - mean).square().mean();
        MESSAGE("d_k = " << dk << ": Var(q·k) = " << var);
        CHECK(var == doctest::Approx(dk).epsilon(0.1));
        const Vec scaled = dots / std::sqrt(float(dk));
        const double var_s = (scaled.array() - scaled.mean()).square().mean();
        CHECK(var_s == doctest::Approx(1.0).epsilon(0.1));
    }
}

// ---- the text → trace engine ----

static BuiltinModel model(int d = 32, int h = 4, bool pe = true) {
    ModelConfig c;
    c.d_model = d;
    c.n_heads = h;
    c.positional = pe;
    auto m = make_builtin_model(c);
    REQUIRE(m.ok());
    return *m;
}

static Trace run(const BuiltinModel& m, RunConfig r) {
    auto t = compute_trace(m, r);
    REQUIRE_MESSAGE(t.ok(), t.status().message());
    return *t;
}

TEST_CASE("trace: rows sum to 1, causal upper triangle exactly 0") {
    RunConfig r;
    r.text = "Time flies like an arrow";
    r.mask.causal = true;
    const Trace t = run(model(), r);
    REQUIRE(t.t_q() == 5);
    const LayerTrace& L = t.layers[0];
    for (const HeadTrace& H : L.heads) {
        for (int i = 0; i < 5; ++i) {
            CHECK(H.weights.row(i).sum() == doctest::Approx(1.0f));
            for (int j = i + 1; j < 5; ++j) CHECK(H.weights(i, j) == 0.0f);
        }
        CHECK(H.weights(0, 0) == 1.0f);  // the first token can only see itself
    }
    CHECK(std::isinf(L.logit(0, 0, 3)));
    CHECK(L.logits(0)(4, 2) == doctest::Approx(L.factor * L.heads[0].scores(4, 2)));
}

TEST_CASE("trace: without positional encoding, reordering words permutes the attention") {
    const BuiltinModel m = model(32, 4, /*pe=*/false);
    RunConfig a, b;
    a.text = "time flies like an arrow";
    b.text = "arrow an like flies time";  // permutation p: b[i] = a[4 - i]
    const Trace ta = run(m, a), tb = run(m, b);
    for (int h = 0; h < 4; ++h)
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j)
                CHECK(tb.layers[0].heads[h].weights(i, j) ==
                      doctest::Approx(ta.layers[0].heads[h].weights(4 - i, 4 - j)).epsilon(1e-5));
    // With positional encoding the same reordering changes the pattern.
    const BuiltinModel mp = model(32, 4, true);
    const Trace pa = run(mp, a), pb = run(mp, b);
    double diff = 0;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            diff = std::max(diff, double(std::abs(pb.layers[0].heads[0].weights(i, j) -
                                                  pa.layers[0].heads[0].weights(4 - i, 4 - j))));
    CHECK(diff > 1e-3);
}

TEST_CASE("trace: key padding appends [PAD] tokens whose columns get zero weight") {
    RunConfig r;
    r.text = "The cat sat";
    r.mask.pad_to = 5;
    const Trace t = run(model(), r);
    REQUIRE(t.t_q() == 5);
    REQUIRE(t.t_k() == 5);
    CHECK(t.k_tokens[3].text == "[PAD]");
    CHECK(t.k_tokens[4].kind == TokenKind::Special);
    CHECK(t.key_is_pad[3] == 1);
    for (const HeadTrace& H : t.layers[0].heads)
        for (int i = 0; i < 5; ++i) {
            CHECK(H.weights(i, 3) == 0.0f);
            CHECK(H.weights(i, 4) == 0.0f);
            CHECK(H.weights.row(i).sum() == doctest::Approx(1.0f));
        }
}

TEST_CASE("trace: cross-attention has T_q queries over T_k keys") {
    RunConfig r;
    r.text = "그는 집에 갔다.";
    r.cross_text = "He went home .";
    const Trace t = run(model(), r);
    CHECK(t.t_q() == 4);
    CHECK(t.t_k() == 4);
    r.cross_text = "He went to his house yesterday";
    const Trace t2 = run(model(), r);
    CHECK(t2.t_k() == 6);
    CHECK(t2.layers[0].heads[0].weights.rows() == 4);
    CHECK(t2.layers[0].heads[0].weights.cols() == 6);
    CHECK(t2.layers[0].output.rows() == 4);
    // Queries are the same sentence in both runs, so Q is unchanged; K differs in length.
    CHECK((t.layers[0].q - t2.layers[0].q).cwiseAbs().maxCoeff() == 0.0f);
}

TEST_CASE("trace: a fully masked row gives zero weights and output, flagged, no NaN") {
    RunConfig r;
    r.text = "a b c";
    r.mask.blocked_cells = {{1, 0}, {1, 1}, {1, 2}};
    const Trace t = run(model(), r);
    const LayerTrace& L = t.layers[0];
    CHECK(L.fully_masked[1] == 1);
    CHECK(L.fully_masked[0] == 0);
    for (const HeadTrace& H : L.heads) CHECK(H.weights.row(1).cwiseAbs().sum() == 0.0f);
    CHECK(L.concat.row(1).cwiseAbs().sum() == 0.0f);
    CHECK(L.output.allFinite());
}

TEST_CASE("trace errors are messages, not crashes") {
    const BuiltinModel m = model();
    RunConfig r;
    r.text = "";
    CHECK_FALSE(compute_trace(m, r).ok());
    r.text = "   \n\t ";
    CHECK_FALSE(compute_trace(m, r).ok());
    r.text = std::string("bad \xff byte");
    auto bad = compute_trace(m, r);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("UTF-8") != std::string::npos);
    r.text = "one two three four";
    r.tokenizer.max_tokens = 3;
    CHECK_FALSE(compute_trace(m, r).ok());
    r.tokenizer.max_tokens = 512;
    r.mask.pad_to = 600;
    CHECK_FALSE(compute_trace(m, r).ok());
    r.mask.pad_to = 0;
    r.cross_text = std::string("\xc3");
    auto cross = compute_trace(m, r);
    REQUIRE_FALSE(cross.ok());
    CHECK(cross.error().rfind("Second sentence", 0) == 0);
    r.cross_text.clear();
    r.text = std::string(kMaxTextBytes + 1, 'a');
    auto huge = compute_trace(m, r);
    REQUIRE_FALSE(huge.ok());
    CHECK(huge.error().find("KiB") != std::string::npos);
    r.text = "fine";
    r.attention.temperature = 0.0f;
    CHECK_FALSE(compute_trace(m, r).ok());
    r.attention.temperature = std::nanf("");
    CHECK_FALSE(compute_trace(m, r).ok());
}

TEST_CASE("trace: reusing a previous trace gives the same result as computing afresh") {
    const BuiltinModel m = model(32, 4);
    RunConfig r;
    r.text = "The cat sat on the mat";
    const Trace first = run(m, r);
    RunConfig toggled = r;
    toggled.attention.scale = false;
    toggled.attention.temperature = 0.7f;
    toggled.mask.causal = true;
    toggled.mask.blocked_cells = {{5, 0}};
    REQUIRE(can_reuse_projections(first, m, toggled));
    auto reused = compute_trace(m, toggled, &first);
    auto fresh = compute_trace(m, toggled);
    REQUIRE(reused.ok());
    REQUIRE(fresh.ok());
    const LayerTrace &a = reused->layers[0], &b = fresh->layers[0];
    CHECK(a.q == b.q);
    CHECK(a.blocked == b.blocked);
    CHECK(a.factor == b.factor);
    for (int h = 0; h < 4; ++h) {
        CHECK(a.heads[h].scores == b.heads[h].scores);
        CHECK(a.heads[h].weights == b.heads[h].weights);
        CHECK(a.heads[h].stats.entropy == b.heads[h].stats.entropy);
    }
    CHECK(a.output == b.output);
    CHECK(reused->run.attention.scale == false);

    // A different text, model or padding cannot reuse.
    RunConfig other = r;
    other.text = "The dog sat on the mat";
    CHECK_FALSE(can_reuse_projections(first, m, other));
    other = r;
    other.mask.pad_to = 8;
    CHECK_FALSE(can_reuse_projections(first, m, other));
    const BuiltinModel m2 = model(32, 2);
    CHECK_FALSE(can_reuse_projections(first, m2, r));
    auto via_other = compute_trace(m2, r, &first);  // falls back to a full computation
    REQUIRE(via_other.ok());
    CHECK(via_other->layers[0].n_heads == 2);
}

// The scaling lab's other setting: max |weight − double reference| over heads.
static double max_weight_error(const LayerTrace& L, const std::vector<Eigen::MatrixXd>& ref) {
    double worst = 0.0;
    for (int h = 0; h < L.n_heads; ++h)
        worst = std::max(worst, (L.heads[size_t(h)].weights.cast<double>() - ref[size_t(h)]).cwiseAbs().maxCoeff());
    return worst;
}

TEST_CASE("other_scaling_layer: the same scores under the other factor, against a double reference") {
    std::mt19937 gen(11);
    const int d = 32, heads = 4, t = 6, d_k = d / heads;
    const AttentionWeights w = random_weights(d, heads, true, gen);
    const Mat x = randn(t, d, 1.0f, gen);  // (T, d)
    BoolMat blocked = causal_mask(t);
    blocked(3, 1) = 1;
    for (bool scale : {true, false}) {
        for (float temperature : {1.0f, 0.7f}) {
            CAPTURE(scale);
            CAPTURE(temperature);
            AttentionOptions opt;
            opt.scale = scale;
            opt.temperature = temperature;
            const LayerTrace L = run_attention_layer(x, x, w, blocked, opt);
            const LayerTrace O = other_scaling_layer(L);
            CHECK(O.scale == !scale);
            CHECK(O.factor == L.factor_flipped);
            CHECK(O.t_q() == t);
            CHECK(O.t_k() == t);
            std::vector<Eigen::MatrixXd> ref;  // the other setting's factor, from x and W alone
            naive_attention(x, x, w, blocked, (scale ? 1.0 : 1.0 / std::sqrt(double(d_k))) / temperature, &ref);
            const double err = max_weight_error(O, ref);
            MESSAGE("other scaling: max |weight - double reference| = " << err);
            CHECK(err < 2e-6);
            // The same as running the layer again with the other setting (what the app did).
            AttentionOptions other = opt;
            other.scale = !scale;
            const LayerTrace again = run_attention_layer(x, x, w, blocked, other);
            for (int h = 0; h < heads; ++h) {
                CHECK(O.heads[size_t(h)].weights == again.heads[size_t(h)].weights);
                CHECK(O.heads[size_t(h)].stats.entropy.isApprox(again.heads[size_t(h)].stats.entropy, 1e-5f));
                CHECK(O.heads[size_t(h)].stats_flipped.entropy == L.heads[size_t(h)].stats.entropy);
            }
            // Toggled twice: the layer's own weights.
            const LayerTrace back = other_scaling_layer(O);
            for (int h = 0; h < heads; ++h) CHECK(back.heads[size_t(h)].weights == L.heads[size_t(h)].weights);
            // One head only: the others' weights are left empty.
            const LayerTrace one = other_scaling_layer(L, 2);
            CHECK(one.heads[2].weights == O.heads[2].weights);
            CHECK(one.heads[1].weights.size() == 0);
        }
    }
}

TEST_CASE("other_scaling_layer: T5's position bias stays unscaled") {
    std::mt19937 gen(5);
    const int d = 16, heads = 2, t = 5, d_k = d / heads;
    LayerTrace L;
    L.n_heads = heads;
    L.d_k = d_k;
    L.x_q = L.x_kv = randn(t, d, 1.0f, gen);
    L.q = randn(t, d, 1.0f, gen);
    L.k = randn(t, d, 1.0f, gen);
    L.v = randn(t, d, 1.0f, gen);
    L.position_bias = HeadBias(std::vector<Mat>{randn(t, t, 2.0f, gen), randn(t, t, 2.0f, gen)});
    AttentionOptions opt;
    opt.scale = false;  // as T5 was trained
    opt.temperature = 1.3f;
    finish_attention_heads(L, opt);
    const LayerTrace O = other_scaling_layer(L);
    double worst = 0.0;
    const double f = 1.0 / std::sqrt(double(d_k)) / double(opt.temperature);
    for (int h = 0; h < heads; ++h) {
        for (int i = 0; i < t; ++i) {
            std::vector<double> z(static_cast<std::size_t>(t), 0.0);
            double m = -INFINITY, sum = 0.0;
            for (int j = 0; j < t; ++j) {
                double dot = 0.0;
                for (int c = 0; c < d_k; ++c) dot += double(L.q(i, h * d_k + c)) * double(L.k(j, h * d_k + c));
                z[size_t(j)] = f * dot + double(L.position_bias[size_t(h)](i, j)) / double(opt.temperature);
                m = std::max(m, z[size_t(j)]);
            }
            for (double v : z) sum += std::exp(v - m);
            for (int j = 0; j < t; ++j)
                worst = std::max(worst, std::fabs(double(O.heads[size_t(h)].weights(i, j)) - std::exp(z[size_t(j)] - m) / sum));
        }
    }
    MESSAGE("T5-style bias, other scaling: max |weight - double reference| = " << worst);
    CHECK(worst < 2e-6);
    CHECK(O.position_bias.shares(L.position_bias));
}

TEST_CASE("trace: cells outside the matrix are dropped when asked, refused otherwise") {
    const BuiltinModel m = model(32, 4);
    RunConfig r;
    r.text = "one two three";  // 3 tokens
    r.mask.blocked_cells = {{0, 0}, {2, 1}, {3, 0}, {0, 3}, {-1, 0}};
    CHECK_FALSE(compute_trace(m, r).ok());
    r.mask.drop_cells_outside = true;
    auto t = compute_trace(m, r);
    REQUIRE(t.ok());
    CHECK(t->run.mask.blocked_cells == std::vector<std::pair<int, int>>{{0, 0}, {2, 1}});  // what was applied
    CHECK(t->layers[0].is_blocked(2, 1));
    CHECK(t->layers[0].heads[0].weights(2, 1) == 0.0f);
    r.mask.pad_to = 4;  // self-attention pads queries and keys to 4: (3, 0) and (0, 3) are inside now
    t = compute_trace(m, r);
    REQUIRE(t.ok());
    CHECK(t->run.mask.blocked_cells.size() == 4);
}
