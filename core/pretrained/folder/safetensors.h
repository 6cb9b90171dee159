// safetensors.h — our own reader of Hugging Face's .safetensors files, which distrusts the file.
//
// Format: 8-byte little-endian u64 N, then N bytes of UTF-8 JSON header
//   { "name": {"dtype": "F32", "shape": [768, 2304], "data_offsets": [begin, end]}, ...,
//     "__metadata__": {"key": "value", ...} (optional) }
// then the data section; offsets are relative to its start. open() checks every field against the
// file: header length within the file, valid JSON object, known dtype strings, non-negative shape,
// begin <= end <= data size, (end - begin) == product(shape) * dtype size, no two tensors
// overlapping, no duplicate names, and the limits of core/base/limits.h (header bytes and entries,
// float32 weights within the memory budget). Each error message names the file, the tensor and
// the numbers. The file is read with pread (model_file.h), never mapped.
#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/folder/model_file.h"

namespace attn::pretrained {

enum class DType { F64, F32, F16, BF16, I64, I32, I16, I8, U8, Bool, Other };

const char* dtype_name(DType t);      // "F32", ...
int dtype_size(DType t);              // bytes per element (0 for Other)

// IEEE binary16 and bfloat16 -> float32, exactly (every such value is a float32; infinities stay
// infinite and NaNs stay NaN, so the loader's finiteness check sees them).
float half_to_float(std::uint16_t h);
float bf16_to_float(std::uint16_t b);

struct TensorInfo {
    std::string name;
    DType dtype = DType::F32;
    std::string dtype_text;           // as written in the header (for messages)
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0, end = 0; // byte offsets into the data section
    std::int64_t numel() const;
};

class SafeTensorsFile {
public:
    static Expected<SafeTensorsFile> open(const std::string& path);

    const std::vector<TensorInfo>& tensors() const { return tensors_; }  // in header order
    const TensorInfo* find(std::string_view name) const;                 // null if absent
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    const std::string& path() const { return file_.path(); }

    // A float tensor (F32, F16 or BF16) converted to float32. The shape must be exactly
    // {rows, cols} (read_matrix) or {n} (read_vector); errors name the tensor, the expected and the
    // found shape or dtype, or say the tensor is missing. NaN or infinite values are refused,
    // naming the tensor, and so is a file that changed since open().
    Expected<Mat> read_matrix(std::string_view name, int rows, int cols) const;
    Expected<RowVec> read_vector(std::string_view name, int n) const;
    // A tensor of exactly `shape` (e.g. a Conv2d kernel (d, C, P, P) or a token (1, 1, d)), its
    // values in storage order as a (rows, cols) matrix; rows · cols must equal the shape's product.
    Expected<Mat> read_reshaped(std::string_view name, const std::vector<std::int64_t>& shape, int rows,
                                int cols) const;
    // A BF16 or F16 tensor of shape exactly {rows, cols}, its 16-bit values as stored (no widening:
    // weight_matrix.h keeps them compact). The same checks and errors as read_matrix; the caller
    // looks at find(name)->dtype first (any other dtype is refused with read_matrix's message).
    Expected<std::vector<std::uint16_t>> read_half_matrix(std::string_view name, int rows, int cols) const;

private:
    ModelFile file_;
    std::uint64_t data_start_ = 0;
    std::vector<TensorInfo> tensors_;
    std::unordered_map<std::string, std::size_t> index_;  // name -> position in tensors_
    std::map<std::string, std::string> metadata_;
};

}  // namespace attn::pretrained
