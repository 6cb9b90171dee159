// golden_inputs.h — the deterministic input generator of the golden attention fixtures.
//
// C++ twin of stream() in tests/fixtures/golden/gen_golden.py: both must give identical bits, so
// change them together (and bump the generator name, "splitmix64-top24-v1", on both sides).
//
//   key(seed, stream, i) = ((seed << 8 | stream_id) << 32) | i        uint64, i = row-major index
//   z = splitmix64(key)                                              uint64 arithmetic, wraps
//   n = z >> 40                                                      top 24 bits, 0 ≤ n < 2^24
//   value = (n − 2^23) · 2^(amplitude_log2 − 23)                     in [−2^a, 2^a)
//
// n − 2^23 has at most 24 significant bits and the factor is a power of two, so each value is an
// exact float32: no rounding anywhere, no dependence on the compiler or libm. Matrices are filled
// in the engine's x·W layout (d_in, d_out), row-major.
//
// The fixtures record checksums of every stream (count, sum, and a (i mod 13 + 1)-weighted sum, in
// float64). For the sizes used (≤ 2^20 values, amplitudes ≥ 2^−4) both sums are exact in float64,
// so they do not depend on summation order and can be compared tightly.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/matrix.h"

namespace golden {

inline constexpr const char* kGeneratorName = "splitmix64-top24-v1";

// Stream ids, fixed forever (part of the fixture format).
enum class Stream : std::uint32_t {
    x_q = 0, x_kv = 1, w_q = 2, w_k = 3, w_v = 4, w_o = 5, b_q = 6, b_k = 7, b_v = 8, b_o = 9,
};

inline const char* stream_name(Stream s) {
    switch (s) {
        case Stream::x_q: return "x_q";
        case Stream::x_kv: return "x_kv";
        case Stream::w_q: return "w_q";
        case Stream::w_k: return "w_k";
        case Stream::w_v: return "w_v";
        case Stream::w_o: return "w_o";
        case Stream::b_q: return "b_q";
        case Stream::b_k: return "b_k";
        case Stream::b_v: return "b_v";
        case Stream::b_o: return "b_o";
    }
    return "?";
}

// Our own copy (not core/base/rng.h) so the fixtures cannot drift when the engine's RNG changes.
inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Value `index` of stream `s` for fixture `seed` (seed < 2^24, index < 2^32).
inline float value(std::uint32_t seed, Stream s, std::uint64_t index, int amplitude_log2) {
    const std::uint64_t stream_key = (std::uint64_t(seed) << 8) | std::uint64_t(s);
    const std::uint64_t z = splitmix64((stream_key << 32) | index);
    const std::int64_t n = std::int64_t(z >> 40) - (std::int64_t(1) << 23);  // [−2^23, 2^23)
    return float(std::ldexp(double(n), amplitude_log2 - 23));               // exact
}

// (rows, cols) row-major matrix of stream `s`.
inline attn::Mat matrix(std::uint32_t seed, Stream s, int rows, int cols, int amplitude_log2) {
    attn::Mat m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = value(seed, s, std::uint64_t(r) * std::uint64_t(cols) + std::uint64_t(c),
                            amplitude_log2);
    return m;
}

// (n) row vector of stream `s` (biases).
inline attn::RowVec row(std::uint32_t seed, Stream s, int n, int amplitude_log2) {
    attn::RowVec v(n);
    for (int i = 0; i < n; ++i) v(i) = value(seed, s, std::uint64_t(i), amplitude_log2);
    return v;
}

struct Checksum {
    std::int64_t count = 0;
    double sum = 0.0;   // Σ v_i
    double wsum = 0.0;  // Σ (i mod 13 + 1) · v_i, i row-major: catches transposed or shifted data
};

inline Checksum checksum(const float* data, std::size_t n) {
    Checksum c;
    c.count = std::int64_t(n);
    for (std::size_t i = 0; i < n; ++i) {
        c.sum += double(data[i]);
        c.wsum += double(i % 13 + 1) * double(data[i]);
    }
    return c;
}

// Row-major storage, so data() is in generator order.
inline Checksum checksum(const attn::Mat& m) { return checksum(m.data(), std::size_t(m.size())); }
inline Checksum checksum(const attn::RowVec& v) { return checksum(v.data(), std::size_t(v.size())); }

}  // namespace golden
