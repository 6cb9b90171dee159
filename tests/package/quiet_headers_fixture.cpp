// quiet_headers_fixture.cpp — compiled (never linked) by quiet_headers_test.sh: Eigen's AVX-512
// packets (which make GCC 12 warn inside its own headers) and one real maybe-uninitialized of ours.
#include <Eigen/Core>

float planted_bug(const Eigen::ArrayXf& a, int n) {
    float x;
    if (n > 3) x = a.maxCoeff();
    return x + (a + 1.0f).maxCoeff();  // x is uninitialized when n <= 3: must still warn
}

// A row-major product: Eigen's GEMM packing transposes 16-float packet blocks, which is where GCC
// warns at -O1 (the sanitizer build) as well as at -O3.
using RowMajorXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
RowMajorXf product(const RowMajorXf& a, const RowMajorXf& b) { return a * b.transpose(); }
