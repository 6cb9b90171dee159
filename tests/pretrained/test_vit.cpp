// test_vit.cpp — the Vision Transformer forward pass (ViT, DeiT, DINO) against independent references.
//
// tests/fixtures/pretrained/models/gen_tiny_vit.py writes three tiny folders in Hugging Face's
// names and layouts: tiny-vit holds torchvision's VisionTransformer weights renamed, with
// torchvision's own forward as the reference; tiny-deit (class + distillation tokens, teacher
// head) and tiny-dino (no head, no q/k/v bias, a case whose grid needs interpolated positions)
// have a plain float64 torch reference. The same pixels run through our float32 pass; the max |Δ|
// is printed, and each comparison is also run with one thing wrong and must then fail.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/trace_json.h"
#include "core/pretrained/families/vit/vit.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/pretrained/stack_bounds.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct VitCase {
    std::string name;
    int height = 0, width = 0;
    std::vector<float> pixels;                                 // (3, H, W)
    std::vector<std::vector<std::vector<float>>> attentions;  // [layer][head] T*T
    std::vector<std::vector<float>> hidden;                   // [n_layers + 1] T*d
    std::vector<float> logits;                                // classifiers only
};

struct VitFixture {
    PretrainedConfig config;
    VitWeights weights;
    std::vector<VitCase> cases;

    explicit VitFixture(const std::string& folder) {
        auto cfg = parse_model_config(read_text(kModels + folder + "/config.json"));
        REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
        config = *cfg;
        auto file = SafeTensorsFile::open(kModels + folder + "/model.safetensors");
        REQUIRE_MESSAGE(file.ok(), file.status().message());
        auto w = load_vit_weights(*file, config);
        REQUIRE_MESSAGE(w.ok(), w.status().message());
        weights = std::move(*w);
        const auto j = nlohmann::json::parse(read_text(kModels + folder + "/reference.json"));
        for (const auto& c : j.at("cases")) {
            VitCase v;
            v.name = c.at("name").get<std::string>();
            v.height = c.at("height").get<int>();
            v.width = c.at("width").get<int>();
            v.pixels = c.at("pixels").get<std::vector<float>>();
            v.attentions = c.at("attentions").get<std::vector<std::vector<std::vector<float>>>>();
            v.hidden = c.at("hidden_states").get<std::vector<std::vector<float>>>();
            if (c.contains("logits")) v.logits = c.at("logits").get<std::vector<float>>();
            cases.push_back(std::move(v));
        }
        REQUIRE(!cases.empty());
    }

    ForwardPass run(const VitCase& c, const VitWeights& w) const {
        auto grid = patch_grid(config, c.height, c.width, 4096);
        REQUIRE_MESSAGE(grid.ok(), grid.status().message());
        return vit_forward(w, config, PixelInput{c.height, c.width, c.pixels.data()}, *grid, BoolMat(), AttentionOptions{});
    }
};

// float32 against float64, each within float32's bound for the pass (stack_bounds.h, which
// tests/float32_bound.h explains): attention absolute; hidden states relative to their own scale;
// logits absolute, their range the largest |logit|. Every perturbation below moves things by > 1e-2.
struct Diff {
    double attention = 0, hidden = 0, logits = 0;
    double attention_bound = 0, relative_bound = 0, logits_bound = 0;
    double worst() const { return std::max({attention, hidden, logits}); }
    bool within() const { return attention <= attention_bound && hidden <= relative_bound && logits <= logits_bound; }
};

Diff compare(const VitFixture& f, const VitCase& c, const VitWeights& w) {
    const ForwardPass pass = f.run(c, w);
    Diff d;
    REQUIRE(pass.layers.size() == c.attentions.size());
    for (std::size_t l = 0; l < pass.layers.size(); ++l) {
        REQUIRE(pass.layers[l].heads.size() == c.attentions[l].size());
        for (std::size_t h = 0; h < c.attentions[l].size(); ++h) {
            const Mat& a = pass.layers[l].heads[h].weights;  // (T, T)
            REQUIRE(std::size_t(a.size()) == c.attentions[l][h].size());
            for (Eigen::Index i = 0; i < a.size(); ++i)
                d.attention = std::max(d.attention, std::abs(double(a.data()[i]) - c.attentions[l][h][std::size_t(i)]));
        }
    }
    REQUIRE(pass.hidden_states.size() == c.hidden.size());
    for (std::size_t k = 0; k < c.hidden.size(); ++k) {
        const Mat& x = pass.hidden_states[k];  // (T, d)
        REQUIRE(std::size_t(x.size()) == c.hidden[k].size());
        // Relative to the state's scale: the residual stream grows to |x| ~ 10 in these models.
        const double scale = std::max(1.0, double(x.cwiseAbs().maxCoeff()));
        for (Eigen::Index i = 0; i < x.size(); ++i)
            d.hidden = std::max(d.hidden, std::abs(double(x.data()[i]) - c.hidden[k][std::size_t(i)]) / scale);
    }
    const RowVec logits = vit_logits(w, f.config, pass.hidden_states.back());
    REQUIRE(std::size_t(logits.size()) == c.logits.size());
    for (Eigen::Index i = 0; i < logits.size(); ++i)
        d.logits = std::max(d.logits, std::abs(double(logits[i]) - c.logits[std::size_t(i)]));
    const test::StackBounds b = test::float32_bounds(f.config, pass);
    d.attention_bound = b.attention;
    d.relative_bound = b.relative;
    d.logits_bound = b.relative * std::max(1.0, logits.size() ? double(logits.cwiseAbs().maxCoeff()) : 0.0);
    return d;
}

// Every case within tolerance; returns the worst difference (for the perturbation checks).
double check_all(const VitFixture& f, const VitWeights& w, bool expect_match) {
    double worst = 0;
    for (const VitCase& c : f.cases) {
        const Diff d = compare(f, c, w);
        if (expect_match) {
            MESSAGE(c.name << ": max |Δ| attention " << test::against_bound(d.attention, d.attention_bound)
                           << ", hidden (relative) " << test::against_bound(d.hidden, d.relative_bound) << ", logits "
                           << test::against_bound(d.logits, d.logits_bound));
            CHECK(d.within());
        }
        worst = std::max(worst, d.worst());
    }
    return worst;
}

}  // namespace

TEST_CASE("ViT config: sizes, head, labels, DeiT's two prefix tokens") {
    VitFixture vit("tiny-vit");
    CHECK(vit.config.model_type == "vit");
    CHECK(family_name(vit.config) == "ViT");
    CHECK(vit_settings(vit.config).image_size == 32);
    CHECK(vit_settings(vit.config).patch_size == 8);
    CHECK(vit_settings(vit.config).grid() == 4);
    CHECK(vit_settings(vit.config).prefix_tokens == 1);
    CHECK(vit_settings(vit.config).head == VisionHead::Classifier);
    REQUIRE(vit_settings(vit.config).labels.size() == 5);
    CHECK(vit_settings(vit.config).labels[1] == "고양이");
    CHECK(vit.config.layer_norm_eps == doctest::Approx(1e-6));
    CHECK(vit.weights.n_labels() == 5);

    VitFixture deit("tiny-deit");
    CHECK(family_name(deit.config) == "DeiT");
    CHECK(vit_settings(deit.config).prefix_tokens == 2);
    CHECK(vit_settings(deit.config).head == VisionHead::Teacher);
    CHECK(deit.weights.dist_w.cols() == 4);

    VitFixture dino("tiny-dino");
    CHECK(vit_settings(dino.config).head == VisionHead::None);
    CHECK_FALSE(vit_settings(dino.config).qkv_bias);
    CHECK(dino.weights.blocks[0].attn.b_q.size() == 0);
    CHECK(dino.weights.n_labels() == 0);
}

TEST_CASE("ViT forward matches torchvision's VisionTransformer (tiny-vit)") {
    VitFixture f("tiny-vit");
    check_all(f, f.weights, true);
}

TEST_CASE("DeiT (class + distillation tokens, teacher head) and DINO-style ViTModel match PyTorch") {
    VitFixture deit("tiny-deit");
    check_all(deit, deit.weights, true);
    VitFixture dino("tiny-dino");
    check_all(dino, dino.weights, true);  // includes a 24×20 input: positions interpolated
}

TEST_CASE("ViT golden comparisons fail when the forward pass is wrong") {
    VitFixture f("tiny-vit");
    SUBCASE("patch kernel flattened in the wrong order (x, y swapped)") {
        VitWeights w = f.weights;
        const int p = vit_settings(f.config).patch_size;
        for (int c = 0; c < 3; ++c)
            for (int y = 0; y < p; ++y)
                for (int x = 0; x < p; ++x) w.patch_w.row(c * p * p + y * p + x) = f.weights.patch_w.row(c * p * p + x * p + y);
        CHECK(check_all(f, w, false) > 1e-2);
    }
    SUBCASE("query and key swapped") {
        VitWeights w = f.weights;
        std::swap(w.blocks[0].attn.w_q, w.blocks[0].attn.w_k);
        std::swap(w.blocks[0].attn.b_q, w.blocks[0].attn.b_k);
        CHECK(check_all(f, w, false) > 1e-2);
    }
    SUBCASE("position embeddings left out") {
        VitWeights w = f.weights;
        w.position.setZero();
        CHECK(check_all(f, w, false) > 1e-2);
    }
    SUBCASE("the DeiT logits from the class head only") {
        VitFixture deit("tiny-deit");
        VitWeights w = deit.weights;
        w.dist_w = w.head_w;
        w.dist_b = w.head_b;
        CHECK(check_all(deit, w, false) > 1e-2);
    }
}

TEST_CASE("vit_positions: the stored grid is returned as is; interpolation keeps the prefix and constants") {
    Mat stored(1 + 9, 2);  // (prefix + 3·3, d)
    for (int i = 0; i < stored.rows(); ++i) stored.row(i) << float(i), 1.5f;
    CHECK(vit_positions(stored, 1, 3, 3) == stored);
    const Mat out = vit_positions(stored, 1, 5, 4);  // (1 + 20, 2)
    REQUIRE(out.rows() == 21);
    CHECK(out.row(0) == stored.row(0));
    for (int i = 1; i < out.rows(); ++i) CHECK(out(i, 1) == doctest::Approx(1.5f));  // a constant stays constant
}

TEST_CASE("patch_grid: remainders dropped, too small and too many refused") {
    VitFixture f("tiny-vit");  // patch 8, grid 4
    auto g = patch_grid(f.config, 35, 41, 4096);
    REQUIRE(g.ok());
    CHECK(g->rows == 4);
    CHECK(g->cols == 5);
    CHECK(g->positions_interpolated);
    auto same = patch_grid(f.config, 32, 32, 4096);
    REQUIRE(same.ok());
    CHECK_FALSE(same->positions_interpolated);
    auto small = patch_grid(f.config, 7, 100, 4096);
    REQUIRE_FALSE(small.ok());
    CHECK(small.status().message().find("smaller than one 8×8 patch") != std::string::npos);
    auto many = patch_grid(f.config, 800, 800, 4096);
    REQUIRE_FALSE(many.ok());
    CHECK(many.status().message().find("100×100 = 10000 patches") != std::string::npos);
}

TEST_CASE("ViT config errors name what is wrong") {
    auto err = [](const std::string& json) {
        auto c = parse_model_config(json);
        REQUIRE_FALSE(c.ok());
        return c.status().message();
    };
    const std::string base = R"("model_type": "vit", "hidden_size": 8, "num_hidden_layers": 1,
        "num_attention_heads": 2, "intermediate_size": 16)";
    CHECK(err("{" + base + R"(, "patch_size": 64, "image_size": 32})").find("larger than the image size") != std::string::npos);
    CHECK(err("{" + base + R"(, "num_channels": 1})").find("3-channel") != std::string::npos);
    CHECK(err("{" + base + R"(, "architectures": ["ViTMAEForPreTraining"]})").find("ViTMAEForPreTraining") != std::string::npos);
    CHECK(err("{" + base + R"(, "id2label": {"x": "cat"}})").find("\"x\"") != std::string::npos);
    CHECK(err("{" + base + R"(, "qkv_bias": "yes"})").find("qkv_bias") != std::string::npos);
    auto ok = parse_model_config("{" + base + R"(, "architectures": ["ViTForImageClassification"], "id2label": {"2": "c"}})");
    REQUIRE(ok.ok());
    CHECK(vit_settings(*ok).labels == std::vector<std::string>{"LABEL_0", "LABEL_1", "c"});
    CHECK(vit_settings(*ok).image_size == 224);
    CHECK(ok->max_positions == 197);
}

// ------------------------------------------------------------------------------------------------
// End to end: a folder and a PNG file through load_pretrained_model + compute_pretrained_trace

namespace {

std::shared_ptr<const PretrainedModel> load_model(const std::string& folder) {
    auto m = load_pretrained_model(kModels + folder);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

}  // namespace

TEST_CASE("compute_pretrained_trace on an image file: PIL preprocessing + torchvision, end to end") {
    auto model = load_model("tiny-vit");
    CHECK(model->tokenizer == nullptr);
    CHECK(model->preprocess.processor == "ViTImageProcessor");
    const auto ref = nlohmann::json::parse(read_text(kModels + "tiny-vit-input.json"));
    RunConfig run;
    run.image_path = kModels + ref.at("image").get<std::string>();
    auto tr = compute_pretrained_trace(*model, run);
    REQUIRE_MESSAGE(tr.ok(), tr.status().message());
    REQUIRE(tr->image != nullptr);
    const TraceImage& im = *tr->image;
    CHECK(tr->model_family == "ViT");
    CHECK(im.source == "tiny-vit-input.png");
    CHECK(im.source_width == ref.at("source_width").get<int>());
    CHECK(im.source_height == ref.at("source_height").get<int>());
    CHECK(im.width == 32);
    CHECK(im.rgb.size() == std::size_t(32 * 32 * 3));
    CHECK(im.grid_rows == 4);
    CHECK(im.grid_cols == 4);
    CHECK_FALSE(im.positions_interpolated);
    REQUIRE(tr->t_q() == 17);
    CHECK(tr->q_tokens[0].text == "[CLS]");
    CHECK(tr->q_tokens[0].kind == TokenKind::Special);
    CHECK(tr->q_tokens[6].kind == TokenKind::Patch);
    CHECK(tr->q_tokens[6].patch_row == 1);  // patch 5 (0-based): row 1, column 1
    CHECK(tr->q_tokens[6].patch_col == 1);
    CHECK(tr->q_tokens[6].text == "6");

    const auto want = ref.at("logits").get<std::vector<double>>();
    REQUIRE(im.logits.size() == want.size());
    REQUIRE(im.labels.size() == want.size());
    CHECK(im.labels[1] == "고양이");
    double diff = 0;
    for (std::size_t i = 0; i < want.size(); ++i) diff = std::max(diff, std::abs(double(im.logits[i]) - want[i]));
    MESSAGE("PNG → preprocessing → forward: max |Δ| logits against PIL + torchvision " << diff);
    CHECK(diff <= 1e-4);

    std::ostringstream json;
    write_trace_json(json, *tr, TraceJsonOptions{false, false});
    const auto j = nlohmann::json::parse(json.str());
    CHECK(j.at("model").at("family") == "ViT");
    CHECK(j.at("image").at("grid_cols") == 4);
    const auto& patch = j.at("tokens").at("queries").at(6);
    CHECK(patch.at("kind") == "patch");
    CHECK(patch.at("row") == 1);
    CHECK(patch.at("col") == 1);
    CHECK(patch.at("box") == nlohmann::json::array({8, 8, 16, 16}));
}

TEST_CASE("vision runs: DeiT's two prefix tokens; text and image refused by the other kind of model") {
    auto deit = load_model("tiny-deit");
    RunConfig run;
    run.image_path = kModels + "tiny-vit-input.png";
    auto tr = compute_pretrained_trace(*deit, run);
    REQUIRE_MESSAGE(tr.ok(), tr.status().message());
    CHECK(tr->model_family == "DeiT");
    CHECK(tr->q_tokens[1].text == "[DIST]");
    CHECK(tr->t_q() == 2 + 9);  // 24×24 input, 8×8 patches (no preprocessor_config.json: image_size)
    CHECK(tr->image->logits.size() == 4);

    RunConfig text;
    text.text = "a cat";
    auto refused = compute_pretrained_trace(*deit, text);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.status().message().find("reads images, not text") != std::string::npos);

    RunConfig missing;
    missing.image_path = kModels + "no-such-image.png";
    auto absent = compute_pretrained_trace(*deit, missing);
    REQUIRE_FALSE(absent.ok());
    CHECK(absent.status().message().find("no-such-image.png") != std::string::npos);

    auto gpt2 = load_model("tiny-gpt2");
    RunConfig picture;
    picture.text = "hello";
    picture.image_path = kModels + "tiny-vit-input.png";
    auto wrong = compute_pretrained_trace(*gpt2, picture);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.status().message().find("reads text, not images") != std::string::npos);
}
