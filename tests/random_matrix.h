// random_matrix.h — normal random matrices for tests and benchmarks (not for the built-in model,
// whose numbers must be identical everywhere: see core/base/rng.h).
#pragma once

#include <random>

#include "core/base/matrix.h"

namespace attn::testing {

inline Mat random_normal(int rows, int cols, float stddev, std::mt19937& gen) {
    std::normal_distribution<float> nd(0.0f, stddev);
    Mat m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) m(i, j) = nd(gen);
    return m;
}

inline Mat random_normal(int rows, int cols, float stddev, unsigned seed) {
    std::mt19937 gen(seed);
    return random_normal(rows, cols, stddev, gen);
}

}  // namespace attn::testing
