// products.h — the benchmarks' "products alone" baseline: a model's matrix products by OpenBLAS
// sgemm (core/base/gemm.h), split over a pool the way the engine splits them, so that a forward
// pass can be compared with the practical limit of its own arithmetic.
#pragma once

#include <initializer_list>
#include <vector>

#include "core/base/gemm.h"
#include "core/base/parallel.h"

namespace attn::bench {

struct ProductJob {
    const Mat* x;  // (N, in)
    const Mat* w;  // (in, out)
    Mat* y;        // (N, out), written
};

// y = x·W for every job, each cut into pool.size() column blocks: one serial sgemm per block, all
// blocks of all jobs in one parallel_for (as the engine projects q, k and v together).
inline void project_columns(ThreadPool& pool, std::initializer_list<ProductJob> jobs) {
    const std::vector<ProductJob> list(jobs);
    const int blocks = pool.size();
    pool.parallel_for(int(list.size()) * blocks, [&](int task) {
        const ProductJob& j = list[std::size_t(task / blocks)];
        const Eigen::Index cols = j.w->cols(), part = task % blocks;
        const Eigen::Index c0 = cols * part / blocks, c1 = cols * (part + 1) / blocks;
        matmul(*j.x, j.w->middleCols(c0, c1 - c0), j.y->middleCols(c0, c1 - c0));  // (N, c1 − c0)
    });
}

}  // namespace attn::bench
