// test_gemm_threads.cpp — the engine's products are right when several threads call them at once
// (the engine pool does exactly that). Debian's serial OpenBLAS failed this about once in 10⁴ calls
// (it has no locking); the pthread build kept to one thread per call passes. A stress test: a
// broken BLAS fails it most runs, not every run.
#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include "core/base/gemm.h"
#include "tests/random_matrix.h"

using namespace attn;

TEST_CASE("matmul from two threads at once gives the same products as from one") {
    std::mt19937 gen(11);
    const Mat a = testing::random_normal(104, 64, 1.0f, gen), b = testing::random_normal(64, 192, 1.0f, gen);
    Mat ref(104, 192);
    matmul(a, b, ref);
    std::atomic<long> wrong{0};
    auto work = [&] {
        Mat c(104, 192);
        for (int r = 0; r < 6000; ++r) {
            matmul(a, b, c);
            if (!(c == ref)) wrong.fetch_add(1);
        }
    };
    std::thread t1(work), t2(work);
    t1.join();
    t2.join();
    MESSAGE("products that differed from the single-threaded one: " << wrong.load() << " of 12000");
    CHECK(wrong.load() == 0);
}
