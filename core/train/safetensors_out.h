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

}  // namespace attn::train
