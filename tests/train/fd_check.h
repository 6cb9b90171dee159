// fd_check.h — finite-difference helpers for the trainers' gradient tests: deterministic
// pseudo-normal vectors and the relative error of an analytic gradient against central differences.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

namespace attn::train::test {

inline std::vector<float> randn(int n, std::uint64_t seed, float scale = 1.0f) {
    std::vector<float> v(n);
    std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int i = 0; i < n; ++i) {
        double acc = 0;  // sum of 4 uniforms, centred: roughly normal, deterministic
        for (int k = 0; k < 4; ++k) {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            acc += double(s >> 11) * 0x1.0p-53;
        }
        v[i] = float((acc - 2.0) * 1.7) * scale;
    }
    return v;
}

inline double dot(const std::vector<float>& a, const std::vector<float>& r) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += double(a[i]) * r[i];
    return s;
}

// max |analytic − numeric| / max |numeric| over x's entries; loss() re-runs the forward.
inline double fd_error(std::vector<float>& x, const std::vector<float>& analytic, const std::function<double()>& loss,
                       float h = 1e-3f) {
    REQUIRE(x.size() == analytic.size());
    double max_err = 0, max_g = 1e-6;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float keep = x[i];
        x[i] = keep + h;
        const double up = loss();
        x[i] = keep - h;
        const double down = loss();
        x[i] = keep;
        const double num = (up - down) / (2.0 * double(h));
        max_err = std::max(max_err, std::abs(num - analytic[i]));
        max_g = std::max(max_g, std::abs(num));
    }
    return max_err / max_g;
}

}  // namespace attn::train::test
