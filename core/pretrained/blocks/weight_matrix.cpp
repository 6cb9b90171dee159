// weight_matrix.cpp — a big weight matrix kept as the checkpoint stores it (float32 or 16-bit)
// (implementation; the interface, the layout and the two product paths are in weight_matrix.h)
#include "core/pretrained/blocks/weight_matrix.h"

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include "core/base/gemm.h"
#include "core/base/parallel.h"

namespace attn::pretrained {

// Below this many multiply-adds a product runs on the calling thread: waking the pool costs more.
constexpr double kParallelMacs = 64.0 * 1024;
// The T > 1 path widens at most this many floats of W at a time per thread (4 MiB): enough rows
// that sgemm's packing of x is repaid, few enough that the scratch stays in the last-level cache.
constexpr std::size_t kScratchFloats = std::size_t(1) << 20;

WeightMatrix weight_from_float(const Mat& m) {
    WeightMatrix w;
    w.rows = int(m.rows());
    w.cols = int(m.cols());
    w.f32 = m;
    return w;
}

WeightMatrix weight_to_half(const Mat& m, WeightFormat format) {
    assert(format == WeightFormat::BF16 && "weight_to_half: BF16 only (tests build F16 from bits)");
    WeightMatrix w;
    w.format = format;
    w.rows = int(m.rows());
    w.cols = int(m.cols());
    w.bits.resize(std::size_t(m.size()));
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        std::uint32_t u;
        std::memcpy(&u, m.data() + i, sizeof u);
        assert((u & 0x7f800000u) != 0x7f800000u && "weight_to_half: finite values");
        u += 0x7fffu + ((u >> 16) & 1u);  // round to nearest, ties to even
        w.bits[std::size_t(i)] = std::uint16_t(u >> 16);
    }
    return w;
}

Expected<WeightMatrix> read_weight_matrix(const SafeTensorsFile& file, const std::string& name, int rows, int cols,
                                          bool compact) {
    const TensorInfo* t = file.find(name);
    WeightMatrix w;
    w.rows = rows;
    w.cols = cols;
    if (compact && t && (t->dtype == DType::BF16 || t->dtype == DType::F16)) {
        auto bits = file.read_half_matrix(name, rows, cols);
        if (!bits) return bits.status();
        w.format = t->dtype == DType::BF16 ? WeightFormat::BF16 : WeightFormat::F16;
        w.bits = std::move(*bits);
        return w;
    }
    auto m = file.read_matrix(name, rows, cols);  // also every error of a missing or misshapen tensor
    if (!m) return m.status();
    w.f32 = std::move(*m);
    return w;
}

// ---------------------------------------------------------------------------------------------
// Widening 16-bit values
// ---------------------------------------------------------------------------------------------

static inline float widen_bf16(std::uint16_t b) {
    const std::uint32_t u = std::uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

static void widen(WeightFormat format, const std::uint16_t* src, std::size_t n, float* dst) {
    if (format == WeightFormat::BF16) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = widen_bf16(src[i]);  // vectorised by the compiler
    } else {
        std::size_t i = 0;
#if defined(__F16C__)
        for (; i + 8 <= n; i += 8)
            _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
#endif
        for (; i < n; ++i) dst[i] = half_to_float(src[i]);
    }
}

void weight_rows(const WeightMatrix& w, int r0, int n, float* out) {
    assert(r0 >= 0 && n >= 0 && r0 + n <= w.rows && "weight_rows: rows inside the matrix");
    const std::size_t begin = std::size_t(r0) * std::size_t(w.cols), count = std::size_t(n) * std::size_t(w.cols);
    if (w.format == WeightFormat::F32) {
        std::memcpy(out, w.f32.data() + begin, count * sizeof(float));
    } else {
        widen(w.format, w.bits.data() + begin, count, out);
    }
}

Mat weight_to_float(const WeightMatrix& w) {
    Mat m(w.rows, w.cols);  // (rows, cols)
    weight_rows(w, 0, w.rows, m.data());
    return m;
}

Mat weight_to_float_transposed(const WeightMatrix& w) {
    Mat out;  // (cols, rows)
    weight_to_float_transposed(w, out);
    return out;
}

void weight_to_float_transposed(const WeightMatrix& w, Mat& out) {
    out.resize(w.cols, w.rows);  // (cols, rows); no reallocation when the shape is the same
    if (w.format == WeightFormat::F32) {
        out.noalias() = w.f32.transpose();
        return;
    }
    // Row r of W widened once into a small buffer, then written down column r of out.
    std::vector<float> row(std::size_t(w.cols));
    for (int r = 0; r < w.rows; ++r) {
        weight_rows(w, r, 1, row.data());
        out.col(r) = Eigen::Map<const Eigen::VectorXf>(row.data(), w.cols);
    }
}

// ---------------------------------------------------------------------------------------------
// One row: dot products with 16-bit rows, widened in registers
// ---------------------------------------------------------------------------------------------

// Σ x[i] · w[i] over n values of one 16-bit row.
static float dot_half(WeightFormat format, const float* x, const std::uint16_t* w, int n) {
    int i = 0;
    float sum = 0.0f;
#if defined(__AVX512F__)
    __m512 acc0 = _mm512_setzero_ps(), acc1 = _mm512_setzero_ps();
    auto load = [format](const std::uint16_t* p) {
        const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if (format == WeightFormat::BF16) return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
        return _mm512_cvtph_ps(h);
    };
    for (; i + 32 <= n; i += 32) {
        acc0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), load(w + i), acc0);
        acc1 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i + 16), load(w + i + 16), acc1);
    }
    for (; i + 16 <= n; i += 16) acc0 = _mm512_fmadd_ps(_mm512_loadu_ps(x + i), load(w + i), acc0);
    sum = _mm512_reduce_add_ps(_mm512_add_ps(acc0, acc1));
#elif defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)
    __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
    auto load = [format](const std::uint16_t* p) {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        if (format == WeightFormat::BF16) return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
        return _mm256_cvtph_ps(h);
    };
    for (; i + 16 <= n; i += 16) {
        acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), load(w + i), acc0);
        acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), load(w + i + 8), acc1);
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, _mm256_add_ps(acc0, acc1));
    for (float v : lanes) sum += v;
#else
    // Portable build: BF16 widened in 16 independent lanes (the compiler vectorises the lanes without
    // reordering any one sum); F16 through the exact scalar conversion.
    if (format == WeightFormat::BF16) {
        float lanes[16] = {};
        for (; i + 16 <= n; i += 16)
            for (int j = 0; j < 16; ++j) lanes[j] += x[i + j] * widen_bf16(w[i + j]);
        for (float v : lanes) sum += v;
    }
#endif
    for (; i < n; ++i) sum += x[i] * (format == WeightFormat::BF16 ? widen_bf16(w[i]) : half_to_float(w[i]));
    return sum;
}

// ---------------------------------------------------------------------------------------------
// linear_t
// ---------------------------------------------------------------------------------------------

// out[:, r0:r1) = x · W[r0:r1)ᵀ for one block of W's rows (no bias).
static void product_block(const Mat& x, const WeightMatrix& w, Eigen::Index r0, Eigen::Index r1, Mat& out) {
    const Eigen::Index n = r1 - r0;
    if (w.format == WeightFormat::F32) {
        if (x.rows() == 1) {  // gemv: each row of W read once
            out.middleCols(r0, n).noalias() = x * w.f32.middleRows(r0, n).transpose();
        } else {
            matmul_bt(x, w.f32.middleRows(r0, n), out.middleCols(r0, n));  // (T, n)
        }
        return;
    }
    const std::size_t cols = std::size_t(w.cols);
    if (x.rows() == 1) {
        const float* xr = x.data();
        for (Eigen::Index r = r0; r < r1; ++r)
            out(0, r) = dot_half(w.format, xr, w.bits.data() + std::size_t(r) * cols, w.cols);
        return;
    }
    // Several rows of x: widen a chunk of W's rows, then sgemm. (chunk, cols) floats per thread.
    const Eigen::Index chunk = std::max<Eigen::Index>(16, Eigen::Index(kScratchFloats / std::max<std::size_t>(cols, 1)) & ~Eigen::Index(15));
    thread_local std::vector<float> scratch;
    scratch.resize(std::size_t(std::min(chunk, n)) * cols);
    for (Eigen::Index c = r0; c < r1; c += chunk) {
        const Eigen::Index m = std::min(chunk, r1 - c);
        weight_rows(w, int(c), int(m), scratch.data());
        const Eigen::Map<const Mat> block(scratch.data(), m, w.cols);  // (m, cols)
        matmul_bt(x, block, out.middleCols(c, m));                     // (T, m)
    }
}

void linear_t(const Mat& x, const WeightMatrix& w, const RowVec& b, Mat& out) {
    const LinearJob job{&w, &b, &out};
    linear_t_many(x, &job, 1);
}

void linear_t_many(const Mat& x, const LinearJob* jobs, int n_jobs) {
    ThreadPool& pool = engine_pool();
    // Each product is split into `blocks` output-row blocks (one when it is small); every block of
    // every product is one task of a single parallel_for, so q, k and v (or gate and up) share one
    // hand-off and one barrier. The blocks are those linear_t alone would use: the same numbers.
    int tasks = 0;
    std::array<int, 8> first{};  // first task of each job, then the total
    assert(n_jobs >= 1 && n_jobs < int(first.size()) && "linear_t_many: 1 … 7 products");
    for (int j = 0; j < n_jobs; ++j) {
        const LinearJob& job = jobs[j];
        assert(job.w && job.b && job.out);
        assert(x.cols() == job.w->cols && "linear_t: x (T, d_in) needs W stored (d_out, d_in)");
        assert((job.b->size() == 0 || job.b->size() == job.w->rows) && "linear_t: bias must be (d_out) or empty");
        assert(job.out != &x && "linear_t: out must not alias x");
        job.out->resize(x.rows(), job.w->rows);  // (T, d_out)
        first[std::size_t(j)] = tasks;
        const double macs = double(x.rows()) * double(job.w->rows) * double(job.w->cols);
        tasks += macs < kParallelMacs ? 1 : pool.size();
    }
    first[std::size_t(n_jobs)] = tasks;
    auto task = [&](int i) {
        int j = 0;
        while (first[std::size_t(j) + 1] <= i) ++j;
        const LinearJob& job = jobs[j];
        const int blocks = first[std::size_t(j) + 1] - first[std::size_t(j)], part = i - first[std::size_t(j)];
        const Eigen::Index rows = job.w->rows;
        // Multiples of 16 outputs keep every block's stores on whole vectors.
        const Eigen::Index r0 = (rows * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index r1 = part + 1 == blocks ? rows : (rows * (part + 1) / blocks) & ~Eigen::Index(15);
        if (r1 <= r0) return;
        product_block(x, *job.w, r0, r1, *job.out);
        if (job.b->size() > 0) job.out->middleCols(r0, r1 - r0).rowwise() += job.b->segment(r0, r1 - r0);
    };
    if (tasks == 1) {
        task(0);
    } else {
        pool.parallel_for(tasks, task);
    }
}

}  // namespace attn::pretrained
