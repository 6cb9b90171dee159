// Row kernels (core/simd): every variant this CPU runs gives bit-identical results, and they agree
// with a double-precision reference. The portable build has three variants (x86-64-v2/v3/v4).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/attention/row_kernels.h"
#include "core/attention/softmax.h"

using namespace attn;
using simd::ExpSums;
using simd::Isa;
using simd::RowKernels;

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr float kTiny = 2.6e-13f;

struct Row {
    std::vector<float> s, hide, visible;  // (n) each; hide/visible empty = nothing blocked
};

Row random_row(int n, bool masked, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<float> nd(0.0f, 4.0f);
    Row r;
    for (int j = 0; j < n; ++j) r.s.push_back(nd(gen));
    if (masked) {
        for (int j = 0; j < n; ++j) {
            const bool blocked = j != n / 2 && (gen() % 3 == 0);  // key n/2 stays visible
            r.hide.push_back(blocked ? kNegInf : 0.0f);
            r.visible.push_back(blocked ? 0.0f : 1.0f);
        }
    }
    return r;
}

struct Results {
    float max = 0, sum = 0, sq = 0;
    ExpSums x, x_plain;
    std::vector<float> e, scaled;
};

Results run(const RowKernels& k, const Row& r) {
    const int n = int(r.s.size());
    const float* h = r.hide.empty() ? nullptr : r.hide.data();
    const float* v = r.visible.empty() ? nullptr : r.visible.data();
    Results out;
    out.max = k.max(r.s.data(), h, n);
    out.sum = k.sum(r.s.data(), v, n);
    out.sq = k.sq_dev(r.s.data(), v, 0.25f, n);
    out.e.resize(n);
    out.x = k.exp(r.s.data(), h, out.max, 0.37f, kTiny, true, out.e.data(), n);
    std::vector<float> e2(n);
    out.x_plain = k.exp(r.s.data(), h, out.max, 0.37f, kTiny, false, e2.data(), n);
    out.scaled = out.e;
    k.scale(out.scaled.data(), 1.0f / out.x.l, n);
    return out;
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("row kernels: the chosen variant is one this CPU runs") {
    const RowKernels& k = simd::row_kernels();
    REQUIRE(k.name != nullptr);
    MESSAGE("row kernels in use: " << k.name);
    REQUIRE(simd::row_kernels_for(Isa::Baseline) != nullptr);
    bool found = false;
    for (int i = 0; i < simd::kIsaCount; ++i) found = found || simd::row_kernels_for(Isa(i)) == &k;
    CHECK(found);
}

TEST_CASE("row kernels: every variant gives the same bits as the baseline") {
    const RowKernels& base = *simd::row_kernels_for(Isa::Baseline);
    int variants = 0;
    for (int i = 0; i < simd::kIsaCount; ++i) {
        const RowKernels* k = simd::row_kernels_for(Isa(i));
        if (!k) continue;
        ++variants;
        for (int n : {1, 2, 15, 16, 17, 31, 33, 64, 100, 1000}) {
            for (bool masked : {false, true}) {
                CAPTURE(k->name);
                CAPTURE(n);
                CAPTURE(masked);
                const Row r = random_row(n, masked, unsigned(n * 2 + masked));
                const Results a = run(base, r), b = run(*k, r);
                CHECK(same_bits(a.max, b.max));
                CHECK(same_bits(a.sum, b.sum));
                CHECK(same_bits(a.sq, b.sq));
                CHECK(same_bits(a.x.l, b.x.l));
                CHECK(same_bits(a.x.ed, b.x.ed));
                CHECK(same_bits(a.x.e2, b.x.e2));
                CHECK(same_bits(a.x.e3, b.x.e3));
                CHECK(same_bits(a.x_plain.l, b.x_plain.l));
                CHECK(std::memcmp(a.e.data(), b.e.data(), n * sizeof(float)) == 0);
                CHECK(std::memcmp(a.scaled.data(), b.scaled.data(), n * sizeof(float)) == 0);
            }
        }
    }
    MESSAGE(variants << " row-kernel variant(s) compared");
}

TEST_CASE("row kernels agree with a double-precision reference") {
    const RowKernels& k = simd::row_kernels();
    for (int n : {1, 7, 16, 50, 1000}) {
        for (bool masked : {false, true}) {
            CAPTURE(n);
            CAPTURE(masked);
            const Row r = random_row(n, masked, unsigned(1000 + n + masked));
            const Results got = run(k, r);
            double top = -INFINITY, sum = 0, sq = 0, l = 0, ed = 0, e2 = 0, e3 = 0;
            for (int j = 0; j < n; ++j) {
                const bool vis = !masked || r.visible[j] != 0.0f;
                if (vis) top = std::max(top, double(r.s[j]));
                if (vis) sum += r.s[j];
                if (vis) sq += (r.s[j] - 0.25) * (r.s[j] - 0.25);
            }
            double max_err = 0;
            for (int j = 0; j < n; ++j) {
                const bool vis = !masked || r.visible[j] != 0.0f;
                const double d = double(r.s[j]) - top;
                const double e = vis ? std::exp(0.37 * d) : 0.0;
                l += e;
                ed += e * d;
                const double c = std::max(e, double(kTiny));
                e2 += c * c;
                e3 += c * c * c;
                max_err = std::max(max_err, std::abs(double(got.e[j]) - e));
            }
            CHECK(double(got.max) == top);
            CHECK(got.sum == doctest::Approx(sum).epsilon(1e-5).scale(n));
            CHECK(got.sq == doctest::Approx(sq).epsilon(1e-5));
            CHECK(got.x.l == doctest::Approx(l).epsilon(1e-5));
            CHECK(got.x.ed == doctest::Approx(ed).epsilon(1e-5).scale(1.0));
            CHECK(got.x.e2 == doctest::Approx(e2).epsilon(1e-5));
            CHECK(got.x.e3 == doctest::Approx(e3).epsilon(1e-5));
            CHECK(got.x_plain.l == got.x.l);
            CHECK(max_err < 1e-6);
        }
    }
}
