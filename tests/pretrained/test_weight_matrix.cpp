// test_weight_matrix.cpp — 16-bit weights kept compact give the products of the widened matrix:
// random BF16 / F16 / F32 matrices against a float64 product of the widened values, both paths
// (one row: the on-the-fly dot products; several rows: widened blocks + sgemm), odd sizes and
// several scratch blocks; the tiny BF16 Qwen2 folder loaded compact and widened gives the same pass.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "core/pretrained/blocks/weight_matrix.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/folder/model_config.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

// Random finite F16 values between 2⁻⁸ and 2⁸ in size, both signs, every mantissa.
WeightMatrix random_f16(int rows, int cols, unsigned seed) {
    std::mt19937 gen(seed);
    WeightMatrix w;
    w.format = WeightFormat::F16;
    w.rows = rows;
    w.cols = cols;
    w.bits.resize(std::size_t(rows) * std::size_t(cols));
    for (std::uint16_t& b : w.bits) {
        const std::uint32_t r = gen();
        b = std::uint16_t(((r & 1u) << 15) | ((7u + (r >> 1) % 17u) << 10) | ((r >> 8) & 0x3ffu));
    }
    return w;
}

// max |got − want| / max(1, Σ|terms|), want = x · Wᵀ (+ b) in float64 over the widened values: float
// summation's error scales with the terms' sizes, not with a sum that may cancel.
double max_rel_diff(const Mat& x, const Mat& wide, const RowVec& b, const Mat& got) {
    double worst = 0;
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        for (Eigen::Index r = 0; r < wide.rows(); ++r) {
            double want = b.size() ? double(b(r)) : 0.0, size = std::abs(want);
            for (Eigen::Index c = 0; c < x.cols(); ++c) {
                want += double(x(t, c)) * double(wide(r, c));
                size += std::abs(double(x(t, c)) * double(wide(r, c)));
            }
            worst = std::max(worst, std::abs(double(got(t, r)) - want) / std::max(1.0, size));
        }
    }
    return worst;
}

}  // namespace

TEST_CASE("weight_matrix: 16-bit values widen exactly") {
    const Mat m = testing::random_normal(7, 45, 1.0f, 3);  // (7, 45)
    const WeightMatrix bf = weight_to_half(m, WeightFormat::BF16);
    const WeightMatrix f16 = random_f16(7, 45, 4);
    const Mat wb = weight_to_float(bf), wf = weight_to_float(f16);
    int differ = 0;
    for (int i = 0; i < 7 * 45; ++i) {
        differ += wb(i / 45, i % 45) != bf16_to_float(bf.bits[std::size_t(i)]);
        differ += wf(i / 45, i % 45) != half_to_float(f16.bits[std::size_t(i)]);
        // Rounded to nearest: within half a bf16 step (2⁻⁸ relative) of the float32 value.
        CHECK(std::abs(wb(i / 45, i % 45) - m(i / 45, i % 45)) <= std::abs(m(i / 45, i % 45)) * (1.0f / 256));
    }
    CHECK(differ == 0);
    CHECK(bf.bytes() == 7 * 45 * 2);
    Mat t = weight_to_float_transposed(bf);  // (45, 7)
    CHECK(t.rows() == 45);
    CHECK(t(44, 6) == wb(6, 44));
    std::vector<float> row(45);
    weight_rows(bf, 5, 1, row.data());  // an embedding lookup
    for (int c = 0; c < 45; ++c) CHECK(row[std::size_t(c)] == wb(5, c));
}

TEST_CASE("weight_matrix: compact products equal the widened matrix's (one row and several)") {
    struct Shape { int rows, cols; };
    // 1300 × 2100: the several-row path widens it in more than one scratch block per thread.
    const Shape shapes[] = {{37, 5}, {300, 129}, {1300, 2100}};
    double worst = 0;
    for (const Shape s : shapes) {
        const Mat source = testing::random_normal(s.rows, s.cols, 0.05f, unsigned(s.rows));  // (d_out, d_in)
        const WeightMatrix ws[] = {weight_to_half(source, WeightFormat::BF16), random_f16(s.rows, s.cols, 9),
                                   weight_from_float(source)};
        const RowVec bias = testing::random_normal(1, s.rows, 0.1f, 5).row(0);  // (d_out)
        for (const WeightMatrix& w : ws) {
            const Mat wide = weight_to_float(w);                 // (d_out, d_in)
            const WeightMatrix expanded = weight_from_float(wide);
            for (int t : {1, 3, 40}) {
                const Mat x = testing::random_normal(t, s.cols, 1.0f, unsigned(t + s.cols));  // (T, d_in)
                Mat got, ref;  // (T, d_out)
                linear_t(x, w, bias, got);
                linear_t(x, expanded, bias, ref);
                const double d = max_rel_diff(x, wide, bias, got);
                CAPTURE(s.rows);
                CAPTURE(s.cols);
                CAPTURE(t);
                CAPTURE(int(w.format));
                CHECK(d <= 1e-6);
                CHECK(max_rel_diff(x, wide, bias, ref) <= 2e-5);  // the widened matrix, the same bound
                worst = std::max(worst, d);
            }
        }
    }
    MESSAGE("compact vs float64 products of the widened weights: max rel |Δ| " << worst);
}

TEST_CASE("weight_matrix: several products at once equal each one alone, bit for bit") {
    // q, k, v of a grouped layer: one big product, two small ones (below the parallel threshold for
    // one row), with and without a bias, 16-bit and float32.
    const WeightMatrix wq = weight_to_half(testing::random_normal(96, 64, 0.1f, 21), WeightFormat::BF16);
    const WeightMatrix wk = random_f16(32, 64, 22);
    const WeightMatrix wv = weight_from_float(testing::random_normal(32, 64, 0.1f, 23));
    const RowVec bq = testing::random_normal(1, 96, 0.1f, 24).row(0), none;
    for (int t : {1, 5, 128}) {
        const Mat x = testing::random_normal(t, 64, 1.0f, unsigned(30 + t));  // (T, 64)
        Mat q, k, v, q1, k1, v1;
        const LinearJob jobs[] = {{&wq, &bq, &q}, {&wk, &none, &k}, {&wv, &none, &v}};
        linear_t_many(x, jobs, 3);
        linear_t(x, wq, bq, q1);
        linear_t(x, wk, none, k1);
        linear_t(x, wv, none, v1);
        CAPTURE(t);
        REQUIRE(q.rows() == t);
        REQUIRE(k.cols() == 32);
        CHECK((q.array() == q1.array()).all());
        CHECK((k.array() == k1.array()).all());
        CHECK((v.array() == v1.array()).all());
        // linear_t is linear_t_many of one job: the float64 products are the independent check.
        CHECK(max_rel_diff(x, weight_to_float(wq), bq, q) <= 1e-6);
        CHECK(max_rel_diff(x, weight_to_float(wk), none, k) <= 1e-6);
        CHECK(max_rel_diff(x, weight_to_float(wv), none, v) <= 1e-6);
    }
}

TEST_CASE("weight_matrix: the tiny BF16 Qwen2 loads compact, half the bytes, the same pass as widened") {
    const std::string dir = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-qwen2/";
    std::ifstream in(dir + "config.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto config = parse_model_config(text);
    REQUIRE_MESSAGE(config.ok(), config.status().message());
    auto file = SafeTensorsFile::open(dir + "model.safetensors");
    REQUIRE_MESSAGE(file.ok(), file.status().message());
    auto compact = load_rotary_weights(*file, *config, {}, true);
    auto wide = load_rotary_weights(*file, *config, {}, false);
    REQUIRE_MESSAGE(compact.ok(), compact.status().message());
    REQUIRE(wide.ok());
    CHECK(compact->embed.format == WeightFormat::BF16);
    CHECK(compact->blocks[0].w_down.format == WeightFormat::BF16);
    CHECK(wide->embed.format == WeightFormat::F32);
    MESSAGE("tiny-qwen2 weights: " << compact->bytes() << " bytes compact, " << wide->bytes() << " widened");
    CHECK(double(compact->bytes()) < 0.55 * double(wide->bytes()));

    const std::vector<int> ids = {3, 17, 42, 5, 99, 1, 64, 7, 23};
    const ForwardPass a = rotary_forward(*compact, *config, ids), b = rotary_forward(*wide, *config, ids);
    const Mat la = rotary_logits(*compact, a.hidden_states.back()), lb = rotary_logits(*wide, b.hidden_states.back());
    double attn = 0;
    for (std::size_t l = 0; l < a.layers.size(); ++l)
        for (int h = 0; h < a.layers[l].n_heads; ++h)
            attn = std::max(attn, double((a.layers[l].heads[std::size_t(h)].weights - b.layers[l].heads[std::size_t(h)].weights)
                                             .cwiseAbs().maxCoeff()));
    const double logits = (la - lb).cwiseAbs().maxCoeff();
    MESSAGE("tiny-qwen2 compact vs widened: max |Δ| attention " << attn << ", logits " << logits);
    CHECK(attn <= 1e-6);
    CHECK(logits <= 1e-5);
}
