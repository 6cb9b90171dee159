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
// [SECTION] load_pretrained_model + compute_pretrained_trace end to end
// [SECTION] errors
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

#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/model_config.h"
#include "core/pretrained/nn_ops.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/safetensors.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;
namespace fs = std::filesystem;

namespace {

// ------------------------------------------------------------------------------------------------
// [SECTION] helpers

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

// float32 against float64: observed max |Δ| is ~1e-6 (see the MESSAGEs); 1e-5 leaves room for
// other compilers and vector widths while every perturbation below moves things by > 1e-2.
constexpr double kTolerance = 1e-5;

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RefCase {
    std::string name;
    std::vector<int> ids, segments;
    std::vector<std::pair<int, int>> cells;                // hidden on top of the model's mask
    std::vector<std::vector<std::vector<float>>> attentions;  // [layer][head] T*T row-major
    std::vector<std::vector<float>> hidden;                 // [n_layers + 1] T*d row-major
};

std::vector<RefCase> load_reference(const std::string& folder) {
    const auto j = nlohmann::json::parse(read_text(kModels + folder + "/reference.json"));
    std::vector<RefCase> cases;
    for (const auto& c : j.at("cases")) {
        RefCase r;
        r.name = c.at("name").get<std::string>();
        r.ids = c.at("ids").get<std::vector<int>>();
        r.segments = c.at("segments").get<std::vector<int>>();
        for (const auto& cell : c.at("blocked")) r.cells.emplace_back(cell.at(0).get<int>(), cell.at(1).get<int>());
        r.attentions = c.at("attentions").get<std::vector<std::vector<std::vector<float>>>>();
        r.hidden = c.at("hidden_states").get<std::vector<std::vector<float>>>();
        cases.push_back(std::move(r));
    }
    REQUIRE(!cases.empty());
    return cases;
}

PretrainedConfig load_config(const std::string& folder) {
    auto cfg = parse_model_config(read_text(kModels + folder + "/config.json"));
    REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
    return *cfg;
}

SafeTensorsFile open_weights(const std::string& folder) {
    auto f = SafeTensorsFile::open(kModels + folder + "/model.safetensors");
    REQUIRE_MESSAGE(f.ok(), f.status().message());
    return std::move(*f);
}

BoolMat cells_mask(int t, const std::vector<std::pair<int, int>>& cells) {
    if (cells.empty()) return BoolMat();
    BoolMat b = BoolMat::Zero(t, t);  // (T, T)
    for (auto [i, j] : cells) b(i, j) = 1;
    return b;
}

struct MaxDiff {
    double attention = 0, hidden = 0;
    double worst() const { return std::max(attention, hidden); }
};

MaxDiff compare(const ForwardPass& pass, const RefCase& ref) {
    MaxDiff m;
    const int t = int(ref.ids.size());
    REQUIRE(pass.layers.size() == ref.attentions.size());
    for (size_t l = 0; l < pass.layers.size(); ++l) {
        const LayerTrace& L = pass.layers[l];
        REQUIRE(L.heads.size() == ref.attentions[l].size());
        for (size_t h = 0; h < L.heads.size(); ++h) {
            const Mat& a = L.heads[h].weights;  // (T, T)
            REQUIRE(a.rows() == t);
            REQUIRE(a.cols() == t);
            for (int i = 0; i < t; ++i)
                for (int j = 0; j < t; ++j)
                    m.attention = std::max(m.attention, std::abs(double(a(i, j)) - ref.attentions[l][h][i * t + j]));
        }
    }
    REQUIRE(pass.hidden_states.size() == ref.hidden.size());
    for (size_t k = 0; k < ref.hidden.size(); ++k) {
        const Mat& x = pass.hidden_states[k];  // (T, d)
        REQUIRE(x.size() == Eigen::Index(ref.hidden[k].size()));
        for (Eigen::Index i = 0; i < x.size(); ++i)
            m.hidden = std::max(m.hidden, std::abs(double(x.data()[i]) - ref.hidden[k][size_t(i)]));
    }
    return m;
}

// One fixture's weights and reference, with the forward pass over a case.
struct Fixture {
    std::string folder;
    PretrainedConfig config;
    Gpt2Weights gpt2;
    BertWeights bert;
    std::vector<RefCase> cases;

    explicit Fixture(const std::string& f) : folder(f), config(load_config(f)), cases(load_reference(f)) {
        const SafeTensorsFile file = open_weights(f);
        if (config.model_type == "gpt2") {
            auto w = load_gpt2_weights(file, config);
            REQUIRE_MESSAGE(w.ok(), w.status().message());
            gpt2 = std::move(*w);
        } else {
            auto w = load_bert_weights(file, config);
            REQUIRE_MESSAGE(w.ok(), w.status().message());
            bert = std::move(*w);
        }
    }

    ForwardPass run(const RefCase& c, const std::vector<int>* segments = nullptr,
                    const BoolMat* blocked = nullptr) const {
        const BoolMat mask = blocked ? *blocked : cells_mask(int(c.ids.size()), c.cells);
        if (config.model_type == "gpt2") return gpt2_forward(gpt2, config, c.ids, mask, AttentionOptions{});
        return bert_forward(bert, config, c.ids, segments ? *segments : c.segments, mask, AttentionOptions{});
    }

    const RefCase& find(const std::string& name) const {
        for (const RefCase& c : cases)
            if (c.name == name) return c;
        FAIL("no case " << name << " in " << folder);
        return cases.front();
    }

    // Every case; returns the largest difference.
    MaxDiff max_diff() const {
        MaxDiff all;
        for (const RefCase& c : cases) {
            const MaxDiff m = compare(run(c), c);
            all.attention = std::max(all.attention, m.attention);
            all.hidden = std::max(all.hidden, m.hidden);
        }
        return all;
    }
};

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
            const MaxDiff m = compare(f.run(c), c);
            MESSAGE(folder << " / " << c.name << " (T=" << c.ids.size() << "): max |Δ| attention "
                           << m.attention << ", hidden states " << m.hidden);
            CHECK(m.attention < kTolerance);
            CHECK(m.hidden < kTolerance);
        }
    }
}

TEST_CASE("GPT-2 golden comparison fails when the forward pass is wrong") {
    const Fixture good("tiny-gpt2");
    REQUIRE(good.max_diff().worst() < kTolerance);
    auto worst_with = [&](auto&& perturb) {
        Fixture f = good;
        perturb(f);
        const double worst = f.max_diff().worst();
        MESSAGE("perturbed " << good.folder << ": max |Δ| " << worst);
        return worst;
    };
    // Conv1D is already x·W: transposing it (as one would for nn.Linear) is a bug.
    CHECK(worst_with([](Fixture& f) { f.gpt2.blocks[0].attn.w_o.transposeInPlace(); }) > 1e-2);
    // c_attn's thirds are Q, K, V in that order.
    CHECK(worst_with([](Fixture& f) { std::swap(f.gpt2.blocks[1].attn.w_q, f.gpt2.blocks[1].attn.w_k); }) > 1e-2);
    CHECK(worst_with([](Fixture& f) { std::swap(f.gpt2.blocks[0].attn.b_k, f.gpt2.blocks[0].attn.b_v); }) > 1e-2);
    // gelu_new is the tanh form; the erf form is close but not equal.
    CHECK(worst_with([](Fixture& f) { f.config.activation = "gelu"; }) > kTolerance * 10);
    // Positions are added to the token embeddings.
    CHECK(worst_with([](Fixture& f) { f.gpt2.wpe.setZero(); }) > 1e-2);
    // ln_f is applied at the end (the last hidden state is after it).
    CHECK(worst_with([](Fixture& f) { f.gpt2.ln_f_beta.setZero(); }) > 1e-2);
    // The extra mask cells of the "masked" case are applied.
    const RefCase& masked = good.find("masked");
    const BoolMat none;
    CHECK(compare(good.run(masked, nullptr, &none), masked).worst() > 1e-2);
}

TEST_CASE("BERT and DistilBERT forward match PyTorch on the tiny models") {
    for (const std::string folder : {"tiny-bert", "tiny-distilbert"}) {
        CAPTURE(folder);
        const Fixture f(folder);
        for (const RefCase& c : f.cases) {
            CAPTURE(c.name);
            const MaxDiff m = compare(f.run(c), c);
            MESSAGE(folder << " / " << c.name << " (T=" << c.ids.size() << "): max |Δ| attention "
                           << m.attention << ", hidden states " << m.hidden);
            CHECK(m.attention < kTolerance);
            CHECK(m.hidden < kTolerance);
        }
    }
}

TEST_CASE("BERT golden comparison fails when the forward pass is wrong") {
    const Fixture good("tiny-bert");
    REQUIRE(good.max_diff().worst() < kTolerance);
    auto worst_with = [&](auto&& perturb) {
        Fixture f = good;
        perturb(f);
        const double worst = f.max_diff().worst();
        MESSAGE("perturbed " << good.folder << ": max |Δ| " << worst);
        return worst;
    };
    // nn.Linear stores (out, in): forgetting the transpose at load is caught.
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[0].attn.w_q.transposeInPlace(); }) > 1e-2);
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[1].attn.w_v.transposeInPlace(); }) > 1e-2);
    // BERT's "gelu" is the erf form.
    CHECK(worst_with([](Fixture& f) { f.config.activation = "gelu_new"; }) > kTolerance * 10);
    // Post-LN: the attention LayerNorm is applied to x + attention.
    CHECK(worst_with([](Fixture& f) { f.bert.blocks[0].ln_attn_beta.setZero(); }) > 1e-2);

    const RefCase& pair = good.find("pair");
    const std::vector<int> no_segments;
    CHECK(compare(good.run(pair, &no_segments), pair).worst() > 1e-2);  // segment ids matter
    const RefCase& padded = good.find("padded");
    const BoolMat none;
    CHECK(compare(good.run(padded, nullptr, &none), padded).worst() > 1e-2);  // padding is hidden

    const Fixture distil("tiny-distilbert");
    Fixture bad = distil;
    bad.bert.blocks[1].attn.w_k.transposeInPlace();
    CHECK(bad.max_diff().worst() > 1e-2);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] end to end

namespace {

std::shared_ptr<const PretrainedModel> load_model(const std::string& folder) {
    auto m = load_pretrained_model(kModels + folder);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

Trace trace_of(const PretrainedModel& model, const std::string& text, const std::string& cross = "") {
    RunConfig run;
    run.text = text;
    run.cross_text = cross;
    auto tr = compute_pretrained_trace(model, run);
    REQUIRE_MESSAGE(tr.ok(), tr.status().message());
    return std::move(*tr);
}

void check_rows_sum_to_one(const Trace& tr) {
    for (const LayerTrace& L : tr.layers) {
        for (const HeadTrace& h : L.heads) {
            REQUIRE(h.weights.rows() == tr.t_q());
            REQUIRE(h.weights.cols() == tr.t_k());
            CHECK((h.weights.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
        }
    }
}

std::vector<int> ids_of(const Trace& tr) {
    std::vector<int> ids;
    for (const Token& t : tr.q_tokens) ids.push_back(t.id);
    return ids;
}

double max_weight_diff(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b) {
    REQUIRE(a.size() == b.size());
    double m = 0;
    for (size_t l = 0; l < a.size(); ++l)
        for (size_t h = 0; h < a[l].heads.size(); ++h)
            m = std::max(m, double((a[l].heads[h].weights - b[l].heads[h].weights).cwiseAbs().maxCoeff()));
    return m;
}

}  // namespace

TEST_CASE("load_pretrained_model: progress, sizes, cancel") {
    std::vector<float> fractions;
    auto m = load_pretrained_model(kModels + "tiny-gpt2",
                                   [&](float f, const std::string& stage) {
                                       CHECK(!stage.empty());
                                       fractions.push_back(f);
                                   });
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    const PretrainedModel& model = **m;
    CHECK(model.name == "tiny-gpt2");
    CHECK(model.config.model_type == "gpt2");
    CHECK(model.tokenizer != nullptr);
    // 275 x 32 + 64 x 32 + ln_f + 2 blocks x (2 LN + 32 x 96 + 96 + 32 x 32 + 32 + 2 x 32 x 128 + 128 + 32)
    CHECK(model.weight_bytes == 4u * (275 * 32 + 64 * 32 + 64 + 2 * (128 + 3072 + 96 + 1024 + 32 + 8192 + 128 + 32)));
    REQUIRE(fractions.size() >= 3);
    CHECK(fractions.front() == 0.0f);
    CHECK(fractions.back() == 1.0f);
    for (size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] >= fractions[i - 1]);

    std::atomic<bool> cancel{true};
    auto c = load_pretrained_model(kModels + "tiny-bert", {}, &cancel);
    REQUIRE(!c.ok());
    CHECK(c.error().find("cancelled") != std::string::npos);
}

TEST_CASE("compute_pretrained_trace: GPT-2 end to end") {
    const auto model = load_model("tiny-gpt2");
    const Trace tr = trace_of(*model, "the cat sat on the mat");
    CHECK(tr.model_name == "tiny-gpt2");
    CHECK(tr.model.d_model == 32);
    CHECK(tr.model.n_heads == 4);
    REQUIRE(tr.layers.size() == 2);
    REQUIRE(tr.t_q() >= 6);  // at least one token per word; merges make " the", " cat" ... whole
    CHECK(tr.t_k() == tr.t_q());
    for (const Token& t : tr.q_tokens) {
        CHECK(t.kind != TokenKind::Special);  // GPT-2 adds no special tokens
        CHECK(t.id >= 0);
    }
    CHECK(tr.q_tokens.front().byte_begin == 0);
    CHECK(tr.q_tokens.back().byte_end == std::string("the cat sat on the mat").size());
    CHECK(tr.q_embeddings.rows() == tr.t_q());
    CHECK(tr.q_positions.rows() == tr.t_q());
    check_rows_sum_to_one(tr);
    for (const LayerTrace& L : tr.layers)
        for (const HeadTrace& h : L.heads)
            CHECK(h.weights.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff() == 0.0f);

    // The trace is the forward pass over the tokens' ids.
    const Fixture f("tiny-gpt2");
    const ForwardPass pass = gpt2_forward(f.gpt2, f.config, ids_of(tr), BoolMat(), AttentionOptions{});
    CHECK(max_weight_diff(tr.layers, pass.layers) < 1e-6);

    // The user's options and mask reach every layer; causality stays.
    RunConfig run;
    run.text = "the cat sat on the mat";
    run.attention.temperature = 2.0f;
    run.mask.blocked_cells = {{3, 1}};
    run.mask.pad_to = tr.t_q() + 2;
    auto t2 = compute_pretrained_trace(*model, run);
    REQUIRE_MESSAGE(t2.ok(), t2.status().message());
    CHECK(t2->t_q() == tr.t_q() + 2);
    CHECK(t2->key_is_pad.back() == 1);
    CHECK(t2->q_tokens.back().kind == TokenKind::Special);
    for (const LayerTrace& L : t2->layers) {
        CHECK(L.temperature == 2.0f);
        CHECK(L.heads[0].weights(3, 1) == 0.0f);
        CHECK(L.heads[0].weights(3, 0) > 0.0f);
        CHECK(L.heads[0].weights(1, 2) == 0.0f);
        CHECK(L.heads[0].weights.rightCols(2).topRows(tr.t_q()).cwiseAbs().maxCoeff() == 0.0f);
    }
}

TEST_CASE("compute_pretrained_trace: BERT single sentence, pair and padding") {
    const auto model = load_model("tiny-bert");
    const Trace tr = trace_of(*model, "The cat sat on the mat.");
    REQUIRE(tr.t_q() == 9);  // [CLS] the cat sat on the mat . [SEP]
    CHECK(tr.q_tokens.front().text == "[CLS]");
    CHECK(tr.q_tokens.front().kind == TokenKind::Special);
    CHECK(tr.q_tokens.back().text == "[SEP]");
    CHECK(tr.q_tokens.back().kind == TokenKind::Special);
    CHECK(tr.q_tokens[2].text == "cat");
    CHECK(tr.q_tokens[7].kind == TokenKind::Punctuation);
    CHECK(tr.layers.size() == 2);
    check_rows_sum_to_one(tr);
    CHECK(tr.layers[0].heads[0].weights(0, 8) > 0.0f);  // bidirectional
    CHECK(tr.layers[0].blocked.size() == 0);            // nothing masked: the fast path

    const Fixture f("tiny-bert");
    const ForwardPass pass = bert_forward(f.bert, f.config, ids_of(tr), {}, BoolMat(), AttentionOptions{});
    CHECK(max_weight_diff(tr.layers, pass.layers) < 1e-6);
    // The golden "pair" case holds the ids of this pair: the trace matches PyTorch directly.
    const Trace pair = trace_of(*model, "The cat sat on the mat", "Where is the dog?");
    const RefCase& ref = f.find("pair");
    REQUIRE(ids_of(pair) == ref.ids);
    ForwardPass from_trace;
    from_trace.layers = pair.layers;
    from_trace.hidden_states = f.run(ref).hidden_states;  // only the attention comes from the trace
    CHECK(compare(from_trace, ref).attention < kTolerance);
    CHECK(pair.q_tokens[7].text == "[SEP]");
    CHECK(pair.q_tokens[8].byte_begin == 0);  // second segment spans index cross_text

    RunConfig run;
    run.text = "time flies like an arrow.";
    run.mask.pad_to = 12;
    auto padded = compute_pretrained_trace(*model, run);
    REQUIRE_MESSAGE(padded.ok(), padded.status().message());
    REQUIRE(padded->t_q() == 12);
    const RefCase& pref = f.find("padded");  // the same ids, padding keys hidden from every query
    REQUIRE(ids_of(*padded) == pref.ids);
    ForwardPass padded_pass;
    padded_pass.layers = padded->layers;
    padded_pass.hidden_states = f.run(pref).hidden_states;
    CHECK(compare(padded_pass, pref).attention < kTolerance);
    CHECK(padded->q_tokens.back().text == "[PAD]");
    CHECK(padded->key_is_pad == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1});
    for (const LayerTrace& L : padded->layers)
        for (const HeadTrace& h : L.heads) CHECK(h.weights.rightCols(4).cwiseAbs().maxCoeff() == 0.0f);
}

TEST_CASE("compute_pretrained_trace: DistilBERT end to end") {
    const auto model = load_model("tiny-distilbert");
    const Trace tr = trace_of(*model, "where is the dog?");
    REQUIRE(tr.t_q() == 7);
    CHECK(tr.q_tokens.front().text == "[CLS]");
    CHECK(tr.layers.size() == 2);
    check_rows_sum_to_one(tr);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] errors

namespace {

// A safetensors file with the given F32 tensors (name, shape, values).
struct RawTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

void write_safetensors(const std::string& path, const std::vector<RawTensor>& tensors) {
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    for (const RawTensor& t : tensors) {
        const std::uint64_t bytes = t.values.size() * 4;
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    const std::string text = header.dump();
    std::ofstream out(path, std::ios::binary);
    const std::uint64_t n = text.size();
    unsigned char len[8];
    for (int i = 0; i < 8; ++i) len[i] = static_cast<unsigned char>(n >> (8 * i));  // little-endian
    out.write(reinterpret_cast<const char*>(len), 8);
    out << text;
    for (const RawTensor& t : tensors) out.write(reinterpret_cast<const char*>(t.values.data()), std::streamsize(t.values.size() * 4));
}

// The tiny GPT-2's float tensors, to rewrite with one thing broken.
std::vector<RawTensor> tiny_gpt2_tensors() {
    const SafeTensorsFile file = open_weights("tiny-gpt2");
    std::vector<RawTensor> out;
    for (const TensorInfo& info : file.tensors()) {
        if (info.dtype != DType::F32 || info.shape.empty()) continue;
        RawTensor t{info.name, info.shape, {}};
        if (info.shape.size() == 2) {
            auto m = file.read_matrix(info.name, int(info.shape[0]), int(info.shape[1]));
            REQUIRE(m.ok());
            t.values.assign(m->data(), m->data() + m->size());
        } else {
            auto v = file.read_vector(info.name, int(info.shape[0]));
            REQUIRE(v.ok());
            t.values.assign(v->data(), v->data() + v->size());
        }
        out.push_back(std::move(t));
    }
    return out;
}

// A copy of tiny-gpt2 in a temporary folder whose weights are `tensors`.
std::string broken_copy(const std::string& tag, const std::vector<RawTensor>& tensors) {
    const fs::path dir = fs::temp_directory_path() / ("attnlab-test-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name : {"config.json", "vocab.json", "merges.txt"})
        fs::copy_file(kModels + "tiny-gpt2/" + name, dir / name);
    write_safetensors((dir / "model.safetensors").string(), tensors);
    return dir.string();
}

}  // namespace

TEST_CASE("compute_pretrained_trace: GPT-2 refuses a second sentence; too many tokens") {
    const auto model = load_model("tiny-gpt2");
    RunConfig run;
    run.text = "the cat";
    run.cross_text = "sat on the mat";
    auto tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("second sentence") != std::string::npos);

    run.cross_text.clear();
    run.text.clear();
    for (int i = 0; i < 70; ++i) run.text += " cat";  // 70 tokens, 64 positions
    tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("more than 64 tokens") != std::string::npos);  // the tokenizer stops at the model's 64
    CHECK(tr.error().find("at most 64") != std::string::npos);

    run.text = "the cat";
    run.mask.pad_to = 65;  // padding past the positions is refused too
    tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("at most 64") != std::string::npos);

    const auto bert = load_model("tiny-bert");
    run.mask.pad_to = 0;
    run.text.clear();
    for (int i = 0; i < 63; ++i) run.text += " cat";  // 63 + [CLS] + [SEP] = 65
    tr = compute_pretrained_trace(*bert, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("65 tokens") != std::string::npos);
    run.text = "   ";
    tr = compute_pretrained_trace(*bert, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("empty") != std::string::npos);
}

TEST_CASE("load_pretrained_model: a missing or misshapen tensor is named") {
    std::vector<RawTensor> tensors = tiny_gpt2_tensors();
    REQUIRE(tensors.size() > 20);

    std::vector<RawTensor> missing;
    for (const RawTensor& t : tensors)
        if (t.name != "h.1.mlp.c_fc.bias") missing.push_back(t);
    const std::string dir1 = broken_copy("missing", missing);
    auto m = load_pretrained_model(dir1);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("h.1.mlp.c_fc.bias") != std::string::npos);

    std::vector<RawTensor> misshapen = tensors;
    for (RawTensor& t : misshapen) {
        if (t.name == "h.0.attn.c_proj.weight") t.shape = {16, 64};  // same count, wrong shape
    }
    const std::string dir2 = broken_copy("shape", misshapen);
    m = load_pretrained_model(dir2);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("h.0.attn.c_proj.weight") != std::string::npos);

    std::vector<RawTensor> not_gpt2;
    for (const RawTensor& t : tensors)
        if (t.name != "wte.weight") not_gpt2.push_back(t);
    const std::string dir3 = broken_copy("nowte", not_gpt2);
    m = load_pretrained_model(dir3);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("wte.weight") != std::string::npos);

    for (const std::string& d : {dir1, dir2, dir3}) fs::remove_all(d);
}
