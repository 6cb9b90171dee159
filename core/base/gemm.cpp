// gemm.cpp — the engine's large matrix products, done by OpenBLAS sgemm (one OpenBLAS thread per call)
// (implementation; the interface and its contract are in gemm.h)
#include "core/base/gemm.h"

#include <cblas.h>

#include <cassert>

namespace attn {

namespace {

// Keeps OpenBLAS (the pthread build, which is safe to call from several threads at once; the
// serial build is not) to one thread per call: the engine pool is the only threading.
void single_threaded_blas() {
    static const bool done = [] {
        openblas_set_num_threads(1);
        return true;
    }();
    (void)done;
}

// c (m, n) = a (m, k) · op(b), via sgemm for all but tiny sizes.
void gemm(const ConstMatView& a, const ConstMatView& b, bool trans_b, MatView& c) {
    const Eigen::Index m = a.rows(), k = a.cols(), n = trans_b ? b.rows() : b.cols();
    assert(c.rows() == m && c.cols() == n && (trans_b ? b.cols() : b.rows()) == k && "gemm: shapes");
    if (m == 0 || n == 0) return;
    if (k == 0) {  // an empty sum: BLAS implementations differ on whether they touch c
        c.setZero();
        return;
    }
    if (double(m) * double(n) * double(k) < kBlasMinMacs) {
        if (trans_b) {
            c.noalias() = a.lazyProduct(b.transpose());
        } else {
            c.noalias() = a.lazyProduct(b);
        }
        return;
    }
    single_threaded_blas();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans, int(m), int(n), int(k),
                1.0f, a.data(), int(a.outerStride()), b.data(), int(b.outerStride()), 0.0f, c.data(),
                int(c.outerStride()));
}

}  // namespace

void matmul(const ConstMatView& a, const ConstMatView& b, MatView c) { gemm(a, b, false, c); }

void matmul_bt(const ConstMatView& a, const ConstMatView& b, MatView c) { gemm(a, b, true, c); }

void gemm_rows(bool trans_a, bool trans_b, int m, int n, int k, const float* a, int lda, const float* b, int ldb,
               float beta, float* c, int ldc) {
    if (m == 0 || n == 0) return;
    if (k == 0) {  // an empty sum: c = beta · c, whatever the BLAS would do
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) c[static_cast<long>(i) * ldc + j] *= beta;
        return;
    }
    single_threaded_blas();
    cblas_sgemm(CblasRowMajor, trans_a ? CblasTrans : CblasNoTrans, trans_b ? CblasTrans : CblasNoTrans, m, n, k,
                1.0f, a, lda, b, ldb, beta, c, ldc);
}

}  // namespace attn
