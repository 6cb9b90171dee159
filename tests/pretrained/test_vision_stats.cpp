// test_vision_stats.cpp — mean attention distance and position-embedding similarity (ViT paper,
// Figure 7) against numpy.
//
// tests/fixtures/vision_stats/gen_vision_stats.py computes both with numpy from PyTorch's attention
// weights (the tiny ViT/DeiT/DINO fixtures' reference.json) and the position embeddings it reads
// from model.safetensors itself. Here the same weights fill a Trace, the positions come through
// our loader, and the max |Δ| is printed.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/attention/vision_stats.h"
#include "core/pretrained/families/vit/vit.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kFixtures = std::string(ATTNLAB_FIXTURE_DIR);

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A trace holding only what the statistics read: the image's grid and every head's weights.
Trace trace_from_reference(const nlohmann::json& ref_case, int patch, int prefix) {
    Trace t;
    auto img = std::make_shared<TraceImage>();
    img->width = ref_case.at("width").get<int>();
    img->height = ref_case.at("height").get<int>();
    img->patch_size = patch;
    img->grid_rows = img->height / patch;
    img->grid_cols = img->width / patch;
    img->prefix_tokens = prefix;
    const int n = prefix + img->grid_rows * img->grid_cols;
    for (const auto& layer : ref_case.at("attentions")) {
        LayerTrace L;
        L.n_heads = int(layer.size());
        L.q = Mat::Zero(n, L.n_heads);  // only its row count is read (t_q, t_k)
        L.k = Mat::Zero(n, L.n_heads);
        for (const auto& head : layer) {
            const std::vector<float> w = head.get<std::vector<float>>();
            REQUIRE(w.size() == size_t(n) * size_t(n));
            HeadTrace h;
            h.weights = Eigen::Map<const Mat>(w.data(), n, n);  // (T, T)
            L.heads.push_back(std::move(h));
        }
        t.layers.push_back(std::move(L));
    }
    t.image = std::move(img);
    return t;
}

double max_diff(const Mat& ours, const nlohmann::json& ref) {
    double m = 0;
    REQUIRE(ours.rows() == int(ref.size()));
    for (int i = 0; i < ours.rows(); ++i) {
        REQUIRE(ours.cols() == int(ref[size_t(i)].size()));
        for (int j = 0; j < ours.cols(); ++j) m = std::max(m, std::fabs(double(ours(i, j)) - ref[size_t(i)][size_t(j)].get<double>()));
    }
    return m;
}

}  // namespace

TEST_CASE("vision_stats: patch distances are Euclidean distances between patch centres in pixels") {
    TraceImage img;
    img.patch_size = 16;
    img.grid_rows = 2;
    img.grid_cols = 3;
    const Mat d = patch_distances(img);  // patches 0 1 2 / 3 4 5
    CHECK(d(0, 0) == 0.0f);
    CHECK(d(0, 2) == doctest::Approx(32.0));
    CHECK(d(0, 3) == doctest::Approx(16.0));
    CHECK(d(0, 5) == doctest::Approx(16.0 * std::sqrt(5.0)));
    CHECK(d(5, 0) == d(0, 5));
}

TEST_CASE("vision_stats: mean attention distance and position similarity against numpy") {
    const auto golden = nlohmann::json::parse(read_text(kFixtures + "/vision_stats/vision_stats.json"));
    for (const auto& m : golden.at("models")) {
        const std::string model = m.at("model").get<std::string>();
        const std::string folder = kFixtures + "/pretrained/models/" + model;
        const int patch = m.at("patch_size").get<int>(), prefix = m.at("prefix").get<int>();
        const auto ref = nlohmann::json::parse(read_text(folder + "/reference.json"));
        REQUIRE(ref.at("cases").size() == m.at("cases").size());
        for (size_t c = 0; c < m.at("cases").size(); ++c) {
            const auto& g = m.at("cases")[c];
            const Trace t = trace_from_reference(ref.at("cases")[c], patch, prefix);
            const AttentionDistance d = mean_attention_distance(t);
            const double dd = max_diff(d.distance, g.at("distance"));
            const double ds = max_diff(d.prefix_share, g.at("prefix_share"));
            MESSAGE(model << " " << g.at("name").get<std::string>() << ": distance max |Δ| " << dd
                          << " px, prefix share max |Δ| " << ds);
            CHECK(dd < 1e-4);  // distances of tens of pixels, float32 weights
            CHECK(ds < 1e-6);
            double spread = 0;  // the fixtures' heads must differ, or the check would prove little
            for (int l = 0; l < d.distance.rows(); ++l)
                spread = std::max(spread, double(d.distance.row(l).maxCoeff() - d.distance.row(l).minCoeff()));
            CHECK(spread > 0.1);
        }

        // Positions through our loader, at the checkpoint's own grid.
        auto cfg = parse_model_config(read_text(folder + "/config.json"));
        REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
        auto file = SafeTensorsFile::open(folder + "/model.safetensors");
        REQUIRE_MESSAGE(file.ok(), file.status().message());
        auto w = load_vit_weights(*file, *cfg);
        REQUIRE_MESSAGE(w.ok(), w.status().message());
        const int grid = m.at("grid").get<int>();
        Trace t;
        auto img = std::make_shared<TraceImage>();
        img->patch_size = patch;
        img->grid_rows = img->grid_cols = grid;
        img->prefix_tokens = prefix;
        t.image = std::move(img);
        t.q_positions = w->position;  // (prefix + g·g, d)
        const Mat s = position_similarity(t);
        const double dp = max_diff(s, m.at("position_similarity"));
        MESSAGE(model << ": position similarity max |Δ| " << dp);
        CHECK(dp < 1e-6);
        for (int i = 0; i < s.rows(); ++i) CHECK(s(i, i) == doctest::Approx(1.0).epsilon(1e-6));
    }
}

TEST_CASE("vision_stats: an all-zero position embedding has similarity 0, never NaN") {
    Trace t;
    auto img = std::make_shared<TraceImage>();
    img->patch_size = 4;
    img->grid_rows = 1;
    img->grid_cols = 2;
    t.image = std::move(img);
    t.q_positions = Mat::Zero(3, 4);
    t.q_positions(2, 1) = 2.0f;
    const Mat s = position_similarity(t);
    CHECK(s(0, 0) == 0.0f);
    CHECK(s(0, 1) == 0.0f);
    CHECK(s(1, 1) == doctest::Approx(1.0));
}
