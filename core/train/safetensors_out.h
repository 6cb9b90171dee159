// safetensors_out.h — writing a model.safetensors of float32 tensors (the trainers' saved folders)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace attn::train {

struct F32Tensor {
    std::string name;          // e.g. "h.0.attn.c_attn.weight"
    std::vector<long> shape;   // as stored
    const float* data;         // count values, row-major; must stay alive during the call
    std::size_t count;
};

// The whole file: an 8-byte little-endian header length, the JSON header ("__metadata__":
// {"format": "pt"}, then each tensor's dtype F32, shape and data_offsets) padded with spaces to a
// multiple of 8, then the tensors' bytes in the order given.
std::string f32_safetensors_bytes(const std::vector<F32Tensor>& tensors);

// A tensor that owns its values: what the trainers' exporters build (renamed, split, transposed).
struct OwnedTensor {
    std::string name;
    std::vector<int> shape;
    std::vector<float> data;
};
std::string f32_safetensors_bytes(const std::vector<OwnedTensor>& tensors);

// Columns [col0, col0 + ncols) of a (rows, cols) row-major matrix at `p` (row stride `stride`,
// default cols), transposed: (ncols, rows). The trainers keep (in, out); Hugging Face's Linear
// stores (out, in).
std::vector<float> transposed(const float* p, int rows, int cols, int col0 = 0, int ncols = -1, int stride = -1);

}  // namespace attn::train
