// gemm.h — the engine's large matrix products, done by OpenBLAS sgemm (single-threaded build).
//
// Eigen's own GEMM reached ~0.7× OpenBLAS on the test machine (AVX2), and products are most of a
// trace's time. The parallelism stays ours: callers split a product into column or row blocks
// over engine_pool() and each block is one sgemm call kept to one OpenBLAS thread (Debian's
// libopenblas0-pthread, linked by path in core/base/CMakeLists.txt). Not the serial build: it has
// no locking and gave wrong products about once in 10⁴ calls when two threads called it at once.
// Tiny products (below kBlasMinMacs) stay with Eigen: a BLAS call's fixed cost would dominate.
#pragma once

#include <Eigen/Core>

#include "core/base/matrix.h"

namespace attn {

// Row-major views with unit inner stride: a Mat, or a block of one (middleCols, middleRows, block).
using ConstMatView = Eigen::Ref<const Mat, 0, Eigen::OuterStride<>>;
using MatView = Eigen::Ref<Mat, 0, Eigen::OuterStride<>>;

// Below this many multiply-adds a product goes through Eigen instead of sgemm.
constexpr double kBlasMinMacs = 16.0 * 16 * 16;

// c = a · b          a (m, k), b (k, n), c (m, n)
void matmul(const ConstMatView& a, const ConstMatView& b, MatView c);
// c = a · bᵀ         a (m, k), b (n, k), c (m, n)
void matmul_bt(const ConstMatView& a, const ConstMatView& b, MatView c);

// The trainer's products on raw row-major buffers, always through sgemm (one OpenBLAS thread):
//   c (m, n) = beta · c + op(a) · op(b),  op(a) (m, k), op(b) (k, n)
// op(x) is x, or xᵀ when trans_x; lda, ldb, ldc are the stored matrices' row strides. beta = 1
// accumulates (backward passes), beta = 0 overwrites.
void gemm_rows(bool trans_a, bool trans_b, int m, int n, int k, const float* a, int lda, const float* b, int ldb,
               float beta, float* c, int ldc);

}  // namespace attn
