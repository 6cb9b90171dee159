// quiet_headers_fixture.cpp — compiled (never linked) by quiet_headers_test.sh: Eigen's AVX-512
// packets (which make GCC 12 warn inside its own headers) and one real maybe-uninitialized of ours.
#include <Eigen/Core>

float planted_bug(const Eigen::ArrayXf& a, int n) {
    float x;
    if (n > 3) x = a.maxCoeff();
    return x + (a + 1.0f).maxCoeff();  // x is uninitialized when n <= 3: must still warn
}
