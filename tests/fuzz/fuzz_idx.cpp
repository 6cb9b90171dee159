// fuzz_idx.cpp — Fashion-MNIST's idx files (core/train/idx_file.h), gzip'd or not: the first byte
// picks labels (even) or images (odd), the rest is the file. A parsed array must hold exactly the
// product of its dimensions, each within the limits; a refusal must say something.
#include "core/base/limits.h"
#include "core/train/idx_file.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(idx) {
    if (size < 1) return 0;
    const int dims = (data[0] & 1) ? 3 : 1;
    auto bytes = attn::train::gunzip_if_needed(data + 1, size - 1, "f");
    if (!bytes.ok()) {
        if (bytes.error().empty()) __builtin_trap();
        return 0;
    }
    if (bytes->size() > attn::limits::kMaxDatasetFileBytes) __builtin_trap();
    auto a = attn::train::parse_idx(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), dims, "f");
    if (!a.ok()) {
        if (a.error().empty()) __builtin_trap();
        return 0;
    }
    if (static_cast<int>(a->dims.size()) != dims) __builtin_trap();
    std::size_t total = 1;
    for (int d : a->dims) {
        if (d < 1) __builtin_trap();
        total *= static_cast<std::size_t>(d);
    }
    if (a->data.size() != total) __builtin_trap();
    return 0;
}
