// test_llama.cpp — the rotary decoders (Llama, Qwen2, Qwen3, Mistral) against an independent PyTorch pass.
//
// tests/fixtures/pretrained/models/gen_tiny_llama.py writes four tiny folders (GQA with llama3 rope
// scaling and a tied head; Qwen2's biases in BF16; Qwen3's head_dim ≠ hidden/heads and q/k norms
// with linear scaling; Mistral's MQA and a sliding window shorter than the sentence) and
// reference.json, computed in float64 with plain torch ops from Hugging Face's semantics. Here the
// same ids run through our float32 pass; the max |Δ| of the attention weights (absolute) and of the
// hidden states and logits (relative to max(1, |ref|)) is printed and must stay within float32's bound
// for the pass (stack_bounds.h; tests/float32_bound.h says how it is derived).
//
// [SECTION] helpers
// [SECTION] config
// [SECTION] rope and masks (properties)
// [SECTION] golden comparisons
// [SECTION] load_pretrained_model + compute_pretrained_trace end to end
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/pretrained/families/rotary/rope.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/pretrained/stack_bounds.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

// ------------------------------------------------------------------------------------------------
// [SECTION] helpers

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";
const char* const kFolders[] = {"tiny-llama", "tiny-qwen2", "tiny-qwen3", "tiny-mistral"};

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RefCase {
    std::string name;
    std::vector<int> ids;
    std::vector<std::pair<int, int>> cells;
    int first_position = 0;
    std::vector<std::vector<std::vector<float>>> attentions;  // [layer][head] T*T
    std::vector<std::vector<float>> hidden;                 // [L + 1] T*d
    std::vector<float> logits;                              // T*V
};

struct Reference {
    std::vector<RefCase> cases;
    std::string generate_text;
    std::vector<int> prompt, generated;
};

Reference load_reference(const std::string& folder) {
    const auto j = nlohmann::json::parse(read_text(kModels + folder + "/reference.json"));
    Reference r;
    for (const auto& c : j.at("cases")) {
        RefCase rc;
        rc.name = c.at("name").get<std::string>();
        rc.ids = c.at("ids").get<std::vector<int>>();
        for (const auto& cell : c.at("blocked")) rc.cells.emplace_back(cell.at(0).get<int>(), cell.at(1).get<int>());
        rc.first_position = c.at("first_position").get<int>();
        rc.attentions = c.at("attentions").get<std::vector<std::vector<std::vector<float>>>>();
        rc.hidden = c.at("hidden_states").get<std::vector<std::vector<float>>>();
        rc.logits = c.at("logits").get<std::vector<float>>();
        r.cases.push_back(std::move(rc));
    }
    r.generate_text = j.at("generate").at("text").get<std::string>();
    r.prompt = j.at("generate").at("prompt").get<std::vector<int>>();
    r.generated = j.at("generate").at("tokens").get<std::vector<int>>();
    return r;
}

struct Fixture {
    std::string folder;
    PretrainedConfig config;
    RotaryWeights w;
    Reference ref;

    explicit Fixture(const std::string& f) : folder(f), ref(load_reference(f)) {
        auto cfg = parse_model_config(read_text(kModels + f + "/config.json"));
        REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
        config = *cfg;
        auto file = SafeTensorsFile::open(kModels + f + "/model.safetensors");
        REQUIRE_MESSAGE(file.ok(), file.status().message());
        auto weights = load_rotary_weights(*file, config);
        REQUIRE_MESSAGE(weights.ok(), weights.status().message());
        w = std::move(*weights);
    }

    ForwardPass run(const RefCase& c) const {
        DecoderOptions opt;
        opt.first_position = c.first_position;
        if (!c.cells.empty()) {
            const int t = int(c.ids.size());
            opt.extra_blocked = BoolMat::Zero(t, t);  // (T, T)
            for (auto [i, j] : c.cells) opt.extra_blocked(i, j) = 1;
        }
        return rotary_forward(w, config, c.ids, opt);
    }
};

double rel(double got, double want) { return std::abs(got - want) / std::max(1.0, std::abs(want)); }

struct MaxDiff {
    double attention = 0, hidden = 0, logits = 0;
};

MaxDiff compare(const Fixture& fx, const ForwardPass& pass, const RefCase& ref) {
    MaxDiff m;
    const int t = int(ref.ids.size());
    REQUIRE(pass.layers.size() == ref.attentions.size());
    for (size_t l = 0; l < pass.layers.size(); ++l) {
        const LayerTrace& L = pass.layers[l];
        REQUIRE(L.heads.size() == ref.attentions[l].size());
        for (size_t h = 0; h < L.heads.size(); ++h) {
            const Mat& a = L.heads[h].weights;  // (T, T)
            REQUIRE(a.rows() == t);
            for (int i = 0; i < t; ++i)
                for (int j = 0; j < t; ++j)
                    m.attention = std::max(m.attention, std::abs(double(a(i, j)) - ref.attentions[l][h][size_t(i * t + j)]));
        }
    }
    REQUIRE(pass.hidden_states.size() == ref.hidden.size());
    for (size_t k = 0; k < ref.hidden.size(); ++k) {
        const Mat& x = pass.hidden_states[k];  // (T, d)
        REQUIRE(x.size() == Eigen::Index(ref.hidden[k].size()));
        for (Eigen::Index i = 0; i < x.size(); ++i) m.hidden = std::max(m.hidden, rel(x.data()[i], ref.hidden[k][size_t(i)]));
    }
    const Mat logits = rotary_logits(fx.w, pass.hidden_states.back());  // (T, V)
    REQUIRE(logits.size() == Eigen::Index(ref.logits.size()));
    for (Eigen::Index i = 0; i < logits.size(); ++i) m.logits = std::max(m.logits, rel(logits.data()[i], ref.logits[size_t(i)]));
    return m;
}

PretrainedConfig parse_ok(const std::string& json) {
    auto c = parse_model_config(json);
    REQUIRE_MESSAGE(c.ok(), c.status().message());
    return *c;
}

std::string parse_error(const std::string& json) {
    auto c = parse_model_config(json);
    REQUIRE(!c.ok());
    return c.status().message();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const std::string kBase =
    R"("hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 8, "num_hidden_layers": 2, "vocab_size": 100)";

}  // namespace

// ------------------------------------------------------------------------------------------------
// [SECTION] config

TEST_CASE("llama config: families, defaults and the fields each one reads") {
    const PretrainedConfig l = parse_ok(R"({"model_type": "llama", )" + kBase + "}");
    CHECK(l.model_type == "llama");
    CHECK(family_name(l) == "Llama");
    CHECK(l.kv_heads == 8);
    CHECK(l.d_k() == 8);
    CHECK(rotary_settings(l).rope.rotary_dim == 8);
    CHECK(rotary_settings(l).rope.theta == 10000.0);
    CHECK_FALSE(rotary_settings(l).qkv_bias);
    CHECK(rotary_settings(l).window_of(1) == 0);

    const PretrainedConfig q2 = parse_ok(R"({"model_type": "qwen2", "num_key_value_heads": 2, "use_sliding_window": true,
        "sliding_window": 16, "max_window_layers": 1, )" + kBase + "}");
    CHECK(family_name(q2) == "Qwen2");
    CHECK(rotary_settings(q2).qkv_bias);
    CHECK_FALSE(rotary_settings(q2).o_bias);
    CHECK(rotary_settings(q2).window_of(0) == 0);  // layers below max_window_layers attend fully
    CHECK(rotary_settings(q2).window_of(1) == 16);

    const PretrainedConfig q3 = parse_ok(R"({"model_type": "qwen3", "head_dim": 32, "partial_rotary_factor": 0.5, )" + kBase + "}");
    CHECK(q3.d_k() == 32);
    CHECK(rotary_settings(q3).qk_norm);
    CHECK(rotary_settings(q3).rope.rotary_dim == 16);
    CHECK(rotary_settings(q3).window_of(1) == 0);  // use_sliding_window defaults to false

    const PretrainedConfig m = parse_ok(R"({"architectures": ["MistralForCausalLM"], "sliding_window": 4096, )" + kBase + "}");
    CHECK(m.model_type == "mistral");
    CHECK(rotary_settings(m).window_of(0) == 4096);
    const PretrainedConfig m0 = parse_ok(R"({"model_type": "mistral", "sliding_window": null, )" + kBase + "}");
    CHECK(rotary_settings(m0).window_of(0) == 0);

    const PretrainedConfig l3 = parse_ok(R"({"model_type": "llama", "rope_scaling": {"rope_type": "llama3", "factor": 32.0,
        "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}, "rope_theta": 500000.0,
        "max_position_embeddings": 131072, "eos_token_id": [7, 8], "tie_word_embeddings": true, )" + kBase + "}");
    CHECK(rotary_settings(l3).rope.scaling == RopeScaling::Llama3);
    CHECK(rotary_settings(l3).rope.factor == 32.0);
    CHECK(rotary_settings(l3).eos_id == 7);
    CHECK(rotary_settings(l3).tie_word_embeddings);
    CHECK(l3.max_positions == 65536);  // kMaxPositions: longer than any trace anyway

    const PretrainedConfig v5 = parse_ok(R"({"model_type": "llama", "rope_parameters": {"rope_type": "linear", "factor": 2,
        "rope_theta": 1000.0}, )" + kBase + "}");
    CHECK(rotary_settings(v5).rope.scaling == RopeScaling::Linear);
    CHECK(rotary_settings(v5).rope.theta == 1000.0);
}

TEST_CASE("llama config: what AttnLab does not run is refused by name") {
    CHECK(contains(parse_error(R"({"model_type": "gemma2", )" + kBase + "}"), "Gemma"));
    CHECK(contains(parse_error(R"({"model_type": "phi3", )" + kBase + "}"), "\"phi3\", which AttnLab cannot run"));
    CHECK(contains(parse_error(R"({"model_type": "llama", "rope_scaling": {"type": "yarn", "factor": 4.0}, )" + kBase + "}"),
                   "rotary scaling \"yarn\""));
    CHECK(contains(parse_error(R"({"model_type": "llama", "hidden_act": "gelu", )" + kBase + "}"), "\"silu\""));
    CHECK(contains(parse_error(R"({"model_type": "llama", "num_key_value_heads": 3, )" + kBase + "}"),
                   "cannot share the 3 key/value heads"));
    CHECK(contains(parse_error(R"({"model_type": "llama", "mlp_bias": true, )" + kBase + "}"), "\"mlp_bias\""));
    CHECK(contains(parse_error(R"({"model_type": "llama", "head_dim": 7, )" + kBase + "}"), "odd"));
    CHECK(contains(parse_error(R"({"model_type": "llama", "rope_scaling": {"rope_type": "llama3", "factor": 8,
        "low_freq_factor": 4, "high_freq_factor": 1}, )" + kBase + "}"), "high_freq_factor"));
    CHECK(contains(parse_error(R"({"model_type": "qwen2", "layer_types": ["full_attention", "chunked"], )" + kBase + "}"),
                   "\"full_attention\" and \"sliding_attention\""));
    CHECK(contains(parse_error(R"({"model_type": "llama", "rope_scaling": {"rope_type": "linear", "factor": "x"}, )" + kBase + "}"),
                   "\"rope_scaling.factor\""));
}

// ------------------------------------------------------------------------------------------------
// [SECTION] rope and masks (properties)

TEST_CASE("rope: scores depend on the distance between positions only") {
    RopeConfig r;
    r.rotary_dim = 16;
    const std::vector<double> inv = rope_inverse_frequencies(r);
    Mat q = testing::random_normal(1, 16, 1.0f, 5), k = testing::random_normal(1, 16, 1.0f, 6);  // (1, d)
    auto score = [&](int pq, int pk) {
        Mat a = q, b = k;
        apply_rope(a, 1, 16, rope_table(inv, pq, 1));
        apply_rope(b, 1, 16, rope_table(inv, pk, 1));
        return double((a * b.transpose())(0, 0));
    };
    CHECK(std::abs(score(7, 3) - score(27, 23)) < 1e-4);
    CHECK(std::abs(score(7, 3) - score(7, 4)) > 1e-3);
    // Position 0 is the identity; a rotation keeps the norm.
    Mat a = q;
    apply_rope(a, 1, 16, rope_table(inv, 0, 1));
    CHECK((a - q).cwiseAbs().maxCoeff() == 0.0f);
    apply_rope(a, 1, 16, rope_table(inv, 11, 1));
    CHECK(std::abs(a.norm() - q.norm()) < 1e-5);
}

TEST_CASE("causal_window_mask: W keys per query, itself included") {
    const BoolMat m = causal_window_mask(6, 3);
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) CHECK((m(i, j) == 0) == (j <= i && j > i - 3));
    CHECK(causal_window_mask(4, 0).cast<int>().sum() == 6);  // causal only
}

// ------------------------------------------------------------------------------------------------
// [SECTION] golden comparisons

TEST_CASE("llama families: attentions, hidden states and logits equal PyTorch's") {
    for (const char* folder : kFolders) {
        const Fixture fx(folder);
        for (const RefCase& c : fx.ref.cases) {
            const ForwardPass pass = fx.run(c);
            const MaxDiff m = compare(fx, pass, c);
            const test::StackBounds b = test::float32_bounds(fx.config, pass);
            const double logits_bound =
                test::logits_bound(fx.config, pass, [&](const Mat& h) { return rotary_logits(fx.w, h); });
            MESSAGE(std::string(folder) << " " << c.name << ": max |Δ| attention " << test::against_bound(m.attention, b.attention)
                                        << ", hidden (rel) " << test::against_bound(m.hidden, b.relative) << ", logits (rel) "
                                        << test::against_bound(m.logits, logits_bound));
            CHECK(m.attention <= b.attention);
            CHECK(m.hidden <= b.relative);
            CHECK(m.logits <= logits_bound);
            // The trace's shape: H heads of head_dim, each query head's copy of its K/V head.
            const LayerTrace& L = pass.layers.back();
            CHECK(L.d_k == fx.config.d_k());
            CHECK(L.q.cols() == fx.config.n_heads * fx.config.d_k());
            CHECK(L.kv_heads() == fx.config.n_kv_heads());
            for (int h = 0; h < L.n_heads; ++h) {
                CHECK(L.kv_head_of(h) == h / (fx.config.n_heads / fx.config.n_kv_heads()));
                CHECK(L.k_head(h) == L.k_head(L.kv_head_of(h) * (fx.config.n_heads / fx.config.n_kv_heads())));
            }
            CHECK(L.q_unrotated.rows() == L.q.rows());
        }
    }
}

// ------------------------------------------------------------------------------------------------
// [SECTION] load_pretrained_model + compute_pretrained_trace end to end

TEST_CASE("llama families: a folder loads, its tokenizer gives the reference ids, the trace is the pass") {
    for (const char* folder : kFolders) {
        auto model = load_pretrained_model(kModels + folder);
        REQUIRE_MESSAGE(model.ok(), model.status().message());
        const Fixture fx(folder);
        const RefCase& plain = fx.ref.cases.front();
        RunConfig run;
        run.text = "the cat sat on the mat and the dog ran";
        auto tr = compute_pretrained_trace(**model, run);
        REQUIRE_MESSAGE(tr.ok(), tr.status().message());
        std::vector<int> ids;
        for (const Token& t : tr->q_tokens) ids.push_back(t.id);
        CHECK(ids == plain.ids);  // BOS from the post-processor for Llama and Mistral, none for Qwen
        CHECK(tr->model_family == family_name(fx.config));
        const ForwardPass pass = fx.run(plain);
        const MaxDiff m = compare(fx, pass, plain);
        const double bound = test::float32_bounds(fx.config, pass).attention;
        CHECK(m.attention <= bound);
        REQUIRE(tr->layers.size() == plain.attentions.size());
        double worst = 0;
        for (size_t l = 0; l < tr->layers.size(); ++l)
            for (size_t h = 0; h < tr->layers[l].heads.size(); ++h) {
                const Mat& a = tr->layers[l].heads[h].weights;
                for (Eigen::Index i = 0; i < a.size(); ++i)
                    worst = std::max(worst, std::abs(double(a.data()[i]) - plain.attentions[l][h][size_t(i)]));
            }
        CHECK(worst <= bound);
        CHECK((*model)->weight_bytes > 0);
    }
}
