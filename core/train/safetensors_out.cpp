// safetensors_out.cpp — writing float32 safetensors (see safetensors_out.h)
#include "core/train/safetensors_out.h"

#include <cstdint>

#include <nlohmann/json.hpp>

namespace attn::train {

std::string f32_safetensors_bytes(const std::vector<F32Tensor>& tensors) {
    nlohmann::ordered_json header;  // keys in the order written, as Hugging Face writes them
    header["__metadata__"] = {{"format", "pt"}};
    std::uint64_t at = 0;
    for (const F32Tensor& t : tensors) {
        const std::uint64_t bytes = std::uint64_t(t.count) * sizeof(float);
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {at, at + bytes}}};
        at += bytes;
    }
    std::string h = header.dump();
    while (h.size() % 8 != 0) h += ' ';
    std::string out;
    out.reserve(8 + h.size() + at);
    const std::uint64_t n = h.size();
    for (int i = 0; i < 8; ++i) out += char((n >> (8 * i)) & 0xFF);  // little-endian u64
    out += h;
    for (const F32Tensor& t : tensors) out.append(reinterpret_cast<const char*>(t.data), t.count * sizeof(float));
    return out;
}

std::string f32_safetensors_bytes(const std::vector<OwnedTensor>& tensors) {
    std::vector<F32Tensor> views;
    for (const OwnedTensor& t : tensors)
        views.push_back({t.name, std::vector<long>(t.shape.begin(), t.shape.end()), t.data.data(), t.data.size()});
    return f32_safetensors_bytes(views);
}

std::vector<float> transposed(const float* p, int rows, int cols, int col0, int ncols, int stride) {
    if (ncols < 0) ncols = cols;
    if (stride < 0) stride = cols;
    std::vector<float> out(std::size_t(rows) * ncols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < ncols; ++c) out[std::size_t(c) * rows + r] = p[std::size_t(r) * stride + col0 + c];
    return out;
}

}  // namespace attn::train
