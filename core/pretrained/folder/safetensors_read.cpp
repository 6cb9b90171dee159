// safetensors_read.cpp — reading a checked tensor (safetensors.h): F32 as stored, F16 and BF16
// converted to float in bounded chunks, and every value finite. open() (safetensors.cpp) has
// already checked that each tensor's bytes lie inside the data section.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/base/utf8.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/folder/safetensors_text.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "safetensors data is little-endian; this reader copies it as is");

namespace attn::pretrained {

using safetensors_text::base_name;
using safetensors_text::quote_name;
using safetensors_text::shape_text;

// IEEE binary16 -> binary32, exactly (every half is a float).
float half_to_float(std::uint16_t h) {
    const bool negative = (h & 0x8000u) != 0;
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    const std::uint32_t mantissa = h & 0x3ffu;
    std::uint32_t bits = 0;
    if (exponent == 0) {
        // Zero or subnormal: mantissa * 2^-24, exact in float.
        float v = std::ldexp(static_cast<float>(mantissa), -24);
        return negative ? -v : v;
    }
    if (exponent == 0x1f) {
        bits = 0x7f800000u | (mantissa << 13);  // inf (mantissa 0) or NaN (payload kept, so still NaN)
    } else {
        bits = ((exponent - 15 + 127) << 23) | (mantissa << 13);
    }
    if (negative) bits |= 0x80000000u;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// bfloat16 is the top half of a float32.
float bf16_to_float(std::uint16_t b) {
    std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

namespace {

// Converts `count` elements at `src` (any alignment) into dst.
void convert_to_float(DType dtype, const unsigned char* src, std::size_t count, float* dst) {
    switch (dtype) {
        case DType::F32:
            std::memcpy(dst, src, count * sizeof(float));
            break;
        case DType::F16:
        case DType::BF16:
            for (std::size_t i = 0; i < count; ++i) {
                std::uint16_t v;
                std::memcpy(&v, src + 2 * i, sizeof v);
                dst[i] = dtype == DType::F16 ? half_to_float(v) : bf16_to_float(v);
            }
            break;
        default:
            assert(false && "only float dtypes reach convert_to_float");
            break;
    }
}

}  // namespace

// Shared by read_matrix and read_vector: finds the tensor, checks dtype and shape, converts.
static Status read_float_tensor(const SafeTensorsFile& st, const ModelFile& file, std::uint64_t data_start,
                                std::string_view name, const std::vector<std::int64_t>& expected, float* dst,
                                bool dst_ready) {
    const std::string fname = printable_input(base_name(st.path()), 80);
    const TensorInfo* t = st.find(name);
    if (t == nullptr) return Status::Error("Tensor " + quote_name(name) + " is missing from " + fname + ".");
    if (t->dtype != DType::F32 && t->dtype != DType::F16 && t->dtype != DType::BF16)
        return Status::Error("Tensor " + quote_name(name) + " in " + fname + " has dtype " + t->dtype_text +
                             "; expected a float tensor (F32, F16 or BF16).");
    if (t->shape != expected)
        return Status::Error("Tensor " + quote_name(name) + " in " + fname + " has shape " + shape_text(t->shape) +
                             "; expected " + shape_text(expected) + ".");
    if (!dst_ready) return Status::Ok();
    const std::size_t count = static_cast<std::size_t>(t->numel());
    if (count == 0) return Status::Ok();
    const std::uint64_t offset = data_start + t->begin;
    const int elem = dtype_size(t->dtype);
    if (t->dtype == DType::F32) {
        if (Status s = file.read_at(offset, count * sizeof(float), dst); !s) return s;
    } else {
        // Half-precision: read a chunk of raw values, convert, repeat (a bounded buffer).
        constexpr std::size_t kChunk = 1u << 18;
        std::vector<unsigned char> raw(std::min(count, kChunk) * std::size_t(elem));
        for (std::size_t done = 0; done < count;) {
            const std::size_t n = std::min(count - done, kChunk);
            if (Status s = file.read_at(offset + done * elem, n * elem, raw.data()); !s) return s;
            convert_to_float(t->dtype, raw.data(), n, dst + done);
            done += n;
        }
    }
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(dst[i]))
            return Status::Error("Tensor " + quote_name(name) + " in " + fname + " has " +
                                 (std::isnan(dst[i]) ? "NaN" : "an infinite value") + " at element " +
                                 std::to_string(i) + "; AttnLab loads only finite weights.");
    }
    return Status::Ok();
}

Expected<Mat> SafeTensorsFile::read_matrix(std::string_view name, int rows, int cols) const {
    const std::vector<std::int64_t> expected = {rows, cols};
    // Check first, so a wrong shape never allocates what the file claims.
    Status s = read_float_tensor(*this, file_, data_start_, name, expected, nullptr, false);
    if (!s) return s;
    Mat m(rows, cols);
    s = read_float_tensor(*this, file_, data_start_, name, expected, m.data(), true);
    if (!s) return s;
    return m;
}

Expected<Mat> SafeTensorsFile::read_reshaped(std::string_view name, const std::vector<std::int64_t>& shape,
                                             int rows, int cols) const {
    std::int64_t n = 1;
    for (std::int64_t e : shape) n *= e;
    assert(n == std::int64_t(rows) * cols && "read_reshaped: rows · cols must equal the shape's product");
    Status s = read_float_tensor(*this, file_, data_start_, name, shape, nullptr, false);
    if (!s) return s;
    Mat m(rows, cols);
    s = read_float_tensor(*this, file_, data_start_, name, shape, m.data(), true);
    if (!s) return s;
    return m;
}

Expected<RowVec> SafeTensorsFile::read_vector(std::string_view name, int n) const {
    const std::vector<std::int64_t> expected = {n};
    Status s = read_float_tensor(*this, file_, data_start_, name, expected, nullptr, false);
    if (!s) return s;
    RowVec v(n);
    s = read_float_tensor(*this, file_, data_start_, name, expected, v.data(), true);
    if (!s) return s;
    return v;
}

Expected<std::vector<std::uint16_t>> SafeTensorsFile::read_half_matrix(std::string_view name, int rows, int cols) const {
    const std::vector<std::int64_t> expected = {rows, cols};
    Status s = read_float_tensor(*this, file_, data_start_, name, expected, nullptr, false);
    if (!s) return s;
    const TensorInfo* t = find(name);
    assert(t && (t->dtype == DType::BF16 || t->dtype == DType::F16) && "read_half_matrix: a BF16 or F16 tensor");
    const std::size_t count = static_cast<std::size_t>(t->numel());
    std::vector<std::uint16_t> out(count);
    if (count == 0) return out;
    if (s = file_.read_at(data_start_ + t->begin, count * sizeof(std::uint16_t), out.data()); !s) return s;
    // All exponent bits set: infinite or NaN (bf16: 8 bits, f16: 5 bits); a NaN has mantissa bits.
    const std::uint16_t exp_mask = t->dtype == DType::BF16 ? 0x7f80u : 0x7c00u;
    const std::uint16_t man_mask = t->dtype == DType::BF16 ? 0x007fu : 0x03ffu;
    for (std::size_t i = 0; i < count; ++i) {
        if ((out[i] & exp_mask) == exp_mask) {
            const std::string fname = printable_input(base_name(path()), 80);
            return Status::Error("Tensor " + quote_name(name) + " in " + fname + " has " +
                                 ((out[i] & man_mask) != 0 ? "NaN" : "an infinite value") + " at element " +
                                 std::to_string(i) + "; AttnLab loads only finite weights.");
        }
    }
    return out;
}

}  // namespace attn::pretrained
