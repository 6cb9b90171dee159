// lm_test_util.h — shared by the core/lm tests: fixture paths, JSON files, loading a tiny model,
// max |Δ| between matrices.
#pragma once

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm_test {

inline const std::string kFixtures = ATTNLAB_FIXTURE_DIR;
inline const std::string kTinyGpt2 = kFixtures + "/pretrained/models/tiny-gpt2";
inline const std::string kTinyBert = kFixtures + "/pretrained/models/tiny-bert";  // no MLM head
inline const std::string kTinyBertMlm = kFixtures + "/lm/tiny-bert-mlm";
inline const std::string kTinyDistilBertMlm = kFixtures + "/lm/tiny-distilbert-mlm";

inline nlohmann::json read_json(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return nlohmann::json::parse(s.str());
}

inline std::shared_ptr<const pretrained::PretrainedModel> load(const std::string& folder) {
    auto m = pretrained::load_pretrained_model(folder);
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
    return *m;
}

// A flat row-major list as a (rows, cols) matrix.
inline Mat from_flat(const nlohmann::json& values, int rows, int cols) {
    REQUIRE(int(values.size()) == rows * cols);
    Mat m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) m(i, j) = values[std::size_t(i) * cols + j].get<float>();
    return m;
}

inline double max_diff(const Mat& a, const Mat& b) {
    REQUIRE(a.rows() == b.rows());
    REQUIRE(a.cols() == b.cols());
    return double((a - b).cwiseAbs().maxCoeff());
}

inline std::vector<int> ids_of(const nlohmann::json& j) { return j.get<std::vector<int>>(); }

}  // namespace attn::lm_test
