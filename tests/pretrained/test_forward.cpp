// test_forward.cpp — the GPT-2 / BERT / DistilBERT forward pass against an independent PyTorch pass.
//
// tests/fixtures/pretrained/models/gen_tiny_models.py writes tiny models in Hugging Face's names
// and layouts, and reference.json: every layer's per-head attention weights and every hidden
// state, computed in float64 with plain torch ops on the stored weights. Here the same ids run
// through our float32 pass; the max |Δ| is printed. Each comparison is also run with one thing
// deliberately wrong (a weight not transposed, Q and K swapped, the other GELU, segments or
// padding ignored) and must then fail — otherwise it could not catch that mistake.
//
// [SECTION] helpers: reference cases, loading a fixture, comparing
// [SECTION] nn_ops
// [SECTION] forward with weights filled here (properties)
// [SECTION] golden comparisons + perturbations
// (load_pretrained_model and compute_pretrained_trace end to end, and their errors:
// test_pretrained_run.cpp)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>  // getpid: one temporary folder per test process

#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/pretrained/forward_golden.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;
namespace fs = std::filesystem;

using namespace attn::pretrained::forward_golden;

namespace {

float gelu_tanh_ref(double x) {
    return float(0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x))));
}
float gelu_erf_ref(double x) { return float(0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)))); }

}  // namespace

// ------------------------------------------------------------------------------------------------
// [SECTION] nn_ops

TEST_CASE("nn_ops: linear equals x·W + b, in parallel blocks too") {
    for (int d_out : {3, 17, 96, 1000}) {  // 1000 columns x 64 x 200 rows crosses the parallel threshold
        const Mat x = testing::random_normal(200, 64, 1.0f, 1);      // (T, d_in)
        const Mat w = testing::random_normal(64, d_out, 1.0f, 2);    // (d_in, d_out)
        const Mat bm = testing::random_normal(1, d_out, 1.0f, 3);
        const RowVec b = bm.row(0);
        Mat y;
        linear(x, w, b, y);
        Mat expected = x * w;
        expected.rowwise() += b;
        CHECK(y.rows() == 200);
        CHECK(y.cols() == d_out);
        CHECK((y - expected).cwiseAbs().maxCoeff() < 1e-4f);
        linear(x, w, RowVec(), y);  // no bias
        CHECK((y - x * w).cwiseAbs().maxCoeff() < 1e-4f);
    }
}

TEST_CASE("nn_ops: layer_norm gives mean beta and spread gamma; works in place") {
    Mat x = testing::random_normal(5, 48, 3.0f, 4);
    x.array() += 100.0f;  // a large mean must not cost precision (two-pass variance)
    const RowVec ones = RowVec::Ones(48), zeros = RowVec::Zero(48);
    Mat y;
    layer_norm(x, ones, zeros, 1e-5f, y);
    for (int i = 0; i < 5; ++i) {
        CHECK(std::abs(y.row(i).mean()) < 1e-5f);
        CHECK(std::abs(y.row(i).squaredNorm() / 48.0f - 1.0f) < 1e-4f);
    }
    RowVec gamma = RowVec::Constant(48, 2.0f), beta = RowVec::Constant(48, 0.5f);
    Mat z = x;
    layer_norm(z, gamma, beta, 1e-5f, z);
    CHECK((z - (2.0f * y).array().matrix() - Mat::Constant(5, 48, 0.5f)).cwiseAbs().maxCoeff() < 1e-5f);
}

TEST_CASE("nn_ops: GELU forms match their formulas, and differ from each other") {
    Mat a(1, 9);
    a << -6.0f, -3.0f, -1.0f, -0.1f, 0.0f, 0.5f, 1.0f, 2.5f, 9.0f;
    Mat t = a, e = a;
    gelu_tanh(t);
    gelu_erf(e);
    double max_t = 0, max_e = 0, between = 0;
    for (int j = 0; j < a.cols(); ++j) {
        max_t = std::max(max_t, double(std::abs(t(0, j) - gelu_tanh_ref(a(0, j)))));
        max_e = std::max(max_e, double(std::abs(e(0, j) - gelu_erf_ref(a(0, j)))));
        between = std::max(between, double(std::abs(t(0, j) - e(0, j))));
    }
    MESSAGE("gelu_tanh max |Δ| " << max_t << ", gelu_erf max |Δ| " << max_e);
    CHECK(max_t < 1e-6);
    CHECK(max_e < 1e-6);
    CHECK(between > 1e-4);  // the tests can tell the two apart
    CHECK(t(0, 6) == doctest::Approx(0.841192).epsilon(1e-5));
    CHECK(e(0, 6) == doctest::Approx(0.841345).epsilon(1e-5));

    // A large matrix goes through the parallel path: same values.
    Mat big = testing::random_normal(300, 512, 2.0f, 5), ref = big;
    gelu_erf(big);
    for (Eigen::Index i = 0; i < ref.size(); i += 997)
        CHECK(std::abs(big.data()[i] - gelu_erf_ref(ref.data()[i])) < 1e-6f);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] forward with weights filled here: properties that need no file

namespace {

PretrainedConfig small_config(const std::string& model_type) {
    PretrainedConfig c;
    c.model_type = model_type;
    c.family = find_family(model_type);
    c.n_layers = 2;
    c.n_heads = 2;
    c.d_model = 8;
    c.d_ff = 16;
    c.vocab_size = 20;
    c.max_positions = 12;
    c.type_vocab_size = model_type == "bert" ? 2 : 0;
    c.layer_norm_eps = 1e-5f;
    c.activation = model_type == "gpt2" ? "gelu_new" : "gelu";
    return c;
}

RowVec random_row(int n, float std, unsigned seed) { return testing::random_normal(1, n, std, seed).row(0); }

AttentionWeights random_attention(int d, int heads, unsigned seed) {
    AttentionWeights a;
    a.n_heads = heads;
    a.w_q = testing::random_normal(d, d, 0.5f, seed);
    a.w_k = testing::random_normal(d, d, 0.5f, seed + 1);
    a.w_v = testing::random_normal(d, d, 0.5f, seed + 2);
    a.w_o = testing::random_normal(d, d, 0.5f, seed + 3);
    a.b_q = random_row(d, 0.1f, seed + 4);
    a.b_k = random_row(d, 0.1f, seed + 5);
    a.b_v = random_row(d, 0.1f, seed + 6);
    a.b_o = random_row(d, 0.1f, seed + 7);
    return a;
}

Gpt2Weights random_gpt2(const PretrainedConfig& c) {
    Gpt2Weights w;
    w.wte = testing::random_normal(c.vocab_size, c.d_model, 1.0f, 10);
    w.wpe = testing::random_normal(c.max_positions, c.d_model, 0.5f, 11);
    w.ln_f_gamma = RowVec::Ones(c.d_model);
    w.ln_f_beta = RowVec::Zero(c.d_model);
    for (int l = 0; l < c.n_layers; ++l) {
        Gpt2Block b;
        b.ln_1_gamma = b.ln_2_gamma = RowVec::Ones(c.d_model);
        b.ln_1_beta = b.ln_2_beta = RowVec::Zero(c.d_model);
        b.attn = random_attention(c.d_model, c.n_heads, 20 + 10 * l);
        b.fc_w = testing::random_normal(c.d_model, c.d_ff, 0.3f, 40 + l);
        b.fc_b = random_row(c.d_ff, 0.1f, 50 + l);
        b.proj_w = testing::random_normal(c.d_ff, c.d_model, 0.3f, 60 + l);
        b.proj_b = random_row(c.d_model, 0.1f, 70 + l);
        w.blocks.push_back(b);
    }
    return w;
}

BertWeights random_bert(const PretrainedConfig& c) {
    BertWeights w;
    w.word = testing::random_normal(c.vocab_size, c.d_model, 1.0f, 10);
    w.position = testing::random_normal(c.max_positions, c.d_model, 0.5f, 11);
    if (c.type_vocab_size > 0) w.token_type = testing::random_normal(c.type_vocab_size, c.d_model, 0.5f, 12);
    w.ln_emb_gamma = RowVec::Ones(c.d_model);
    w.ln_emb_beta = RowVec::Zero(c.d_model);
    for (int l = 0; l < c.n_layers; ++l) {
        BertBlock b;
        b.attn = random_attention(c.d_model, c.n_heads, 20 + 10 * l);
        b.ln_attn_gamma = b.ln_out_gamma = RowVec::Ones(c.d_model);
        b.ln_attn_beta = b.ln_out_beta = RowVec::Zero(c.d_model);
        b.ff1_w = testing::random_normal(c.d_model, c.d_ff, 0.3f, 40 + l);
        b.ff1_b = random_row(c.d_ff, 0.1f, 50 + l);
        b.ff2_w = testing::random_normal(c.d_ff, c.d_model, 0.3f, 60 + l);
        b.ff2_b = random_row(c.d_model, 0.1f, 70 + l);
        w.blocks.push_back(b);
    }
    return w;
}

}  // namespace

TEST_CASE("gpt2_forward: causal — a prefix's states do not depend on later tokens") {
    const PretrainedConfig c = small_config("gpt2");
    const Gpt2Weights w = random_gpt2(c);
    const ForwardPass a = gpt2_forward(w, c, {1, 5, 7, 3, 9}, BoolMat(), AttentionOptions{});
    const ForwardPass b = gpt2_forward(w, c, {1, 5, 7, 11, 2, 19}, BoolMat(), AttentionOptions{});
    REQUIRE(a.layers.size() == 2);
    REQUIRE(a.hidden_states.size() == 3);
    for (size_t k = 0; k < a.hidden_states.size(); ++k) {
        CHECK((a.hidden_states[k].topRows(3) - b.hidden_states[k].topRows(3)).cwiseAbs().maxCoeff() < 1e-5f);
        // ...but the 4th token changed, so its state does (the check above is not vacuous).
        CHECK((a.hidden_states[k].row(3) - b.hidden_states[k].row(3)).cwiseAbs().maxCoeff() > 1e-3f);
    }
    for (const LayerTrace& L : a.layers) {
        for (const HeadTrace& h : L.heads) {
            CHECK(h.weights.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff() == 0.0f);
            CHECK((h.weights.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
        }
    }
    // An extra mask only hides more: key 0 hidden from query 2 in every layer.
    BoolMat extra = BoolMat::Zero(5, 5);
    extra(2, 0) = 1;
    const ForwardPass m = gpt2_forward(w, c, {1, 5, 7, 3, 9}, extra, AttentionOptions{});
    CHECK(m.layers[1].heads[0].weights(2, 0) == 0.0f);
    CHECK(m.layers[1].heads[0].weights(2, 1) > 0.0f);
    CHECK(m.layers[1].heads[0].weights(1, 2) == 0.0f);  // still causal
}

TEST_CASE("bert_forward: bidirectional, segments matter, padding keys get no weight") {
    const PretrainedConfig c = small_config("bert");
    const BertWeights w = random_bert(c);
    const std::vector<int> ids = {2, 5, 7, 3, 9, 3};
    const ForwardPass a = bert_forward(w, c, ids, {}, BoolMat(), AttentionOptions{});
    REQUIRE(a.hidden_states.size() == 3);
    CHECK(a.layers[0].heads[0].weights(0, 5) > 0.0f);  // the first token sees the last
    const ForwardPass s = bert_forward(w, c, ids, {0, 0, 0, 0, 1, 1}, BoolMat(), AttentionOptions{});
    CHECK((a.hidden_states[2] - s.hidden_states[2]).cwiseAbs().maxCoeff() > 1e-3f);
    CHECK((a.token_embeddings.row(5) - s.token_embeddings.row(5)).cwiseAbs().maxCoeff() > 1e-3f);

    // Padding: two pad keys hidden; the real tokens' states are those of the unpadded run.
    const std::vector<int> padded = {2, 5, 7, 3, 9, 3, 0, 0};
    BoolMat pad = BoolMat::Zero(8, 8);
    pad.rightCols(2).setOnes();
    const ForwardPass p = bert_forward(w, c, padded, {}, pad, AttentionOptions{});
    for (const LayerTrace& L : p.layers)
        for (const HeadTrace& h : L.heads) CHECK(h.weights.rightCols(2).cwiseAbs().maxCoeff() == 0.0f);
    CHECK((p.hidden_states[2].topRows(6) - a.hidden_states[2]).cwiseAbs().maxCoeff() < 1e-5f);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] golden comparisons + perturbations

TEST_CASE("GPT-2 forward matches PyTorch on the tiny models (F32, F16, BF16)") {
    for (const std::string folder : {"tiny-gpt2", "tiny-gpt2-f16", "tiny-gpt2-bf16"}) {
        CAPTURE(folder);
        const Fixture f(folder);
        for (const RefCase& c : f.cases) {
            CAPTURE(c.name);
            const MaxDiff m = f.compare(c, f.run(c));
            MESSAGE(folder << " / " << c.name << " (T=" << c.ids.size() << "): max |Δ| attention "
                           << test::against_bound(m.attention, m.bounds.attention) << ", hidden states "
                           << test::against_bound(m.hidden, m.bounds.hidden));
            CHECK(m.attention < m.bounds.attention);
            CHECK(m.hidden < m.bounds.hidden);
        }
    }
}

TEST_CASE("GPT-2 golden comparison fails when the forward pass is wrong") {
    const Fixture good("tiny-gpt2");
    const MaxDiff ok = good.max_diff();
    REQUIRE(ok.within());
    auto worst_with = [&](auto&& perturb) { return perturbed(good, perturb).worst(); };
    // A subtle bug (a difference near float32's bound) must still fail the golden, with room.
    auto excess_with = [&](auto&& perturb) { return perturbed(good, perturb).excess(); };
    // Conv1D is already x·W: transposing it (as one would for nn.Linear) is a bug.
    CHECK(worst_with([](Fixture& f) { f.gpt2.blocks[0].attn.w_o.transposeInPlace(); }) > 1e-2);
    // c_attn's thirds are Q, K, V in that order.
    CHECK(worst_with([](Fixture& f) { std::swap(f.gpt2.blocks[1].attn.w_q, f.gpt2.blocks[1].attn.w_k); }) > 1e-2);
    CHECK(worst_with([](Fixture& f) { std::swap(f.gpt2.blocks[0].attn.b_k, f.gpt2.blocks[0].attn.b_v); }) > 1e-2);
    // gelu_new is the tanh form; the erf form is close but not equal.
    CHECK(excess_with([](Fixture& f) { f.config.activation = "gelu"; }) > 3);
    // Positions are added to the token embeddings.
    CHECK(worst_with([](Fixture& f) { f.gpt2.wpe.setZero(); }) > 1e-2);
    // ln_f is applied at the end (the last hidden state is after it).
    CHECK(worst_with([](Fixture& f) { f.gpt2.ln_f_beta.setZero(); }) > 1e-2);
    // The extra mask cells of the "masked" case are applied.
    const RefCase& masked = good.find("masked");
    const BoolMat none;
    CHECK(good.compare(masked, good.run(masked, nullptr, &none)).worst() > 1e-2);
}

TEST_CASE("BERT and DistilBERT forward match PyTorch on the tiny models") {
    for (const std::string folder : {"tiny-bert", "tiny-distilbert"}) {
        CAPTURE(folder);
        const Fixture f(folder);
        for (const RefCase& c : f.cases) {
            CAPTURE(c.name);
            const MaxDiff m = f.compare(c, f.run(c));
            MESSAGE(folder << " / " << c.name << " (T=" << c.ids.size() << "): max |Δ| attention "
                           << test::against_bound(m.attention, m.bounds.attention) << ", hidden states "
                           << test::against_bound(m.hidden, m.bounds.hidden));
            CHECK(m.attention < m.bounds.attention);
            CHECK(m.hidden < m.bounds.hidden);
        }
    }
}

TEST_CASE("BERT golden comparison fails when the forward pass is wrong") {
    const Fixture good("tiny-bert");
    const MaxDiff ok = good.max_diff();
    REQUIRE(ok.within());
    auto worst_with = [&](auto&& perturb) { return perturbed(good, perturb).worst(); };
    // A subtle bug (a difference near float32's bound) must still fail the golden, with room.
    auto excess_with = [&](auto&& perturb) { return perturbed(good, perturb).excess(); };
    // nn.Linear stores (out, in): forgetting the transpose at load is caught.
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[0].attn.w_q.transposeInPlace(); }) > 1e-2);
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[1].attn.w_v.transposeInPlace(); }) > 1e-2);
    // BERT's "gelu" is the erf form.
    CHECK(excess_with([](Fixture& f) { f.config.activation = "gelu_new"; }) > 3);
    // Post-LN: the attention LayerNorm is applied to x + attention.
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[0].ln_attn_beta.setZero(); }) > 1e-2);

    const RefCase& pair = good.find("pair");
    const std::vector<int> no_segments;
    CHECK(good.compare(pair, good.run(pair, &no_segments)).worst() > 1e-2);  // segment ids matter
    const RefCase& padded = good.find("padded");
    const BoolMat none;
    CHECK(good.compare(padded, good.run(padded, nullptr, &none)).worst() > 1e-2);  // padding is hidden

    const Fixture distil("tiny-distilbert");
    Fixture bad = distil;
    bad.bert.blocks[1].attn.w_k.transposeInPlace();
    CHECK(bad.max_diff().worst() > 1e-2);
}
