// test_word_timing.cpp — Whisper's word-timing pieces (core/attention/word_timing.h) against torch
// (tests/fixtures/word_timing/gen_word_timing.py: openai's median filter with F.pad and unfold, its
// DTW loop), and properties of the path.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "core/attention/word_timing.h"

using namespace attn;

namespace {

nlohmann::json cases() {
    std::ifstream in(std::string(ATTNLAB_FIXTURE_DIR) + "/word_timing/cases.json");
    std::ostringstream s;
    s << in.rdbuf();
    return nlohmann::json::parse(s.str());
}

Mat to_mat(const nlohmann::json& rows) {
    Mat m(rows.size(), rows.front().size());
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < rows[r].size(); ++c) m(Eigen::Index(r), Eigen::Index(c)) = rows[r][c].get<float>();
    return m;
}

}  // namespace

TEST_CASE("word timing: the alignment matrix, the DTW path and the row starts equal torch's") {
    int n = 0;
    for (const auto& c : cases()) {
        CAPTURE(c.at("name").get<std::string>());
        std::vector<Mat> heads;
        for (const auto& h : c.at("scores")) heads.push_back(to_mat(h));
        const Eigen::MatrixXd m = alignment_matrix(heads, c.at("frames").get<int>(), c.at("median_width").get<int>());
        const Mat ref = to_mat(c.at("matrix"));
        const double diff = (m - ref.cast<double>()).cwiseAbs().maxCoeff();
        MESSAGE(c.at("name").get<std::string>() << ": alignment matrix max |diff| " << diff);
        CHECK(diff < 1e-5);  // the scores and the reference are stored as floats
        const auto path = dtw_path(-ref.cast<double>());  // the reference's own matrix: no tie flips
        std::vector<std::vector<int>> got;
        for (const auto& [r, col] : path) got.push_back({r, col});
        CHECK(got == c.at("path").get<std::vector<std::vector<int>>>());
        CHECK(row_start_frames(path, int(ref.rows())) == c.at("row_starts").get<std::vector<int>>());
        ++n;
    }
    CHECK(n == 4);
}

TEST_CASE("dtw_path: monotonic, from corner to corner; a diagonal cost gives the diagonal") {
    Eigen::MatrixXd cost = Eigen::MatrixXd::Constant(5, 5, 1.0);
    cost.diagonal().setZero();
    const auto path = dtw_path(cost);
    REQUIRE(path.size() == 5);
    for (int i = 0; i < 5; ++i) CHECK(path[std::size_t(i)] == std::make_pair(i, i));
    // A wide matrix: every column visited once, rows never go back.
    Eigen::MatrixXd wide = Eigen::MatrixXd::Random(3, 12);
    const auto p = dtw_path(wide);
    CHECK(p.front() == std::make_pair(0, 0));
    CHECK(p.back() == std::make_pair(2, 11));
    for (std::size_t i = 1; i < p.size(); ++i) {
        const int dr = p[i].first - p[i - 1].first, dc = p[i].second - p[i - 1].second;
        CHECK((dr == 0 || dr == 1));
        CHECK((dc == 0 || dc == 1));
        CHECK(dr + dc >= 1);
    }
}

TEST_CASE("median_filter_rows: reflected edges; short rows unchanged") {
    Eigen::MatrixXd x(1, 5);
    x << 5, 1, 9, 2, 7;
    const Eigen::MatrixXd y = median_filter_rows(x, 3);
    // windows: [1 5 1] [5 1 9] [1 9 2] [9 2 7] [2 7 2]
    CHECK(y(0, 0) == 1);
    CHECK(y(0, 1) == 5);
    CHECK(y(0, 2) == 2);
    CHECK(y(0, 3) == 7);
    CHECK(y(0, 4) == 2);
    Eigen::MatrixXd short_row(1, 3);
    short_row << 3, 1, 2;
    CHECK(median_filter_rows(short_row, 7) == short_row);
}
