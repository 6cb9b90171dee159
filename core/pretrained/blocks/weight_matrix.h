// weight_matrix.h — a big weight matrix kept as the checkpoint stores it: float32, or 16-bit
// (bfloat16 / IEEE half) when the file's tensor is, so a bf16 model holds half the bytes.
//
// Layout: the file's (rows, cols), row-major — nn.Linear (d_out, d_in), an embedding (V, d). Row r
// is output r's weights (or token r's vector), so both products read whole contiguous rows:
//   linear_t:   out (T, d_out) = x (T, d_in) · Wᵀ + b        the nn.Linear product (x·W in our
//               convention with W = stored ᵀ, as WeightReader::linear_weight returns it)
//     T == 1   one dot product per row, 16-bit values widened on the fly (bf16 → f32 is a 16-bit
//              shift; memory-bound, so reading half the bytes is the speed-up)
//     T > 1    row blocks widened into a per-thread float32 scratch (≤ 4 MiB, kept), then OpenBLAS
//              (gemm.h), so the products run at sgemm speed without a float32 copy of W.
// Widening is exact (every bf16 / f16 value is a float32), so the numbers equal widening the whole
// tensor up front, up to float summation order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

enum class WeightFormat : std::uint8_t { F32, BF16, F16 };

struct WeightMatrix {
    WeightFormat format = WeightFormat::F32;
    int rows = 0, cols = 0;
    Mat f32;                          // (rows, cols) when format == F32, else empty
    std::vector<std::uint16_t> bits;  // rows · cols 16-bit values, row-major, when BF16 or F16

    bool empty() const { return rows == 0 || cols == 0; }
    std::size_t bytes() const { return f32.size() * sizeof(float) + bits.size() * sizeof(std::uint16_t); }
};

// A float32 matrix as a WeightMatrix (tests, benchmarks, generated models).
WeightMatrix weight_from_float(const Mat& m);
// The same values as 16-bit (rounded to nearest even for BF16; F16 must be in range: asserted).
WeightMatrix weight_to_half(const Mat& m, WeightFormat format);

// Reads tensor `name` of shape exactly (rows, cols): kept 16-bit when the file stores BF16 or F16
// and `compact`, else widened to float32. Errors as SafeTensorsFile::read_matrix (missing tensor,
// shape, dtype, NaN or infinite values).
Expected<WeightMatrix> read_weight_matrix(const SafeTensorsFile& file, const std::string& name, int rows, int cols,
                                          bool compact);

// Rows r0 … r0 + n − 1 widened to float32 into out (n · cols floats, row-major).
void weight_rows(const WeightMatrix& w, int r0, int n, float* out);
// The whole matrix as float32 (rows, cols), and transposed (cols, rows): our x·W layout.
Mat weight_to_float(const WeightMatrix& w);
Mat weight_to_float_transposed(const WeightMatrix& w);
// The same into `out`, reusing its memory when it already has the shape (a forward pass widens
// W_O layer after layer into one buffer: no fresh pages each time).
void weight_to_float_transposed(const WeightMatrix& w, Mat& out);

// out (T, rows) = x (T, cols) · wᵀ (+ b (rows) unless empty). Output column blocks run in parallel
// on engine_pool(). `out` must not alias x.
void linear_t(const Mat& x, const WeightMatrix& w, const RowVec& b, Mat& out);

// Several products of the same x at once (q, k, v; gate, up): their blocks share one parallel_for,
// so the pool is handed work once, not once per product. Each out is as linear_t would give it.
struct LinearJob {
    const WeightMatrix* w;
    const RowVec* b;  // empty: no bias
    Mat* out;
};
void linear_t_many(const Mat& x, const LinearJob* jobs, int n_jobs);  // 1 ≤ n_jobs ≤ 7

}  // namespace attn::pretrained
