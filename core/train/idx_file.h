// idx_file.h — image datasets in the idx format (MNIST, Fashion-MNIST), gzip-compressed or not.
//
// An idx file is a 4-byte magic (0, 0, type 0x08 = unsigned bytes, the number of dimensions),
// one big-endian u32 per dimension, then the data row-major: labels (n), images (n, rows, cols).
// Every refusal is a one-line Status naming the file; sizes are checked against limits.h and
// against the bytes present before anything is allocated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::train {

struct IdxArray {
    std::vector<int> dims;            // (n) or (n, rows, cols)
    std::vector<std::uint8_t> data;   // row-major, product of dims
};

// The bytes of a file, unpacked when they start with gzip's magic (1f 8b). `name` is for messages.
Expected<std::string> gunzip_if_needed(const std::uint8_t* data, std::size_t size, const std::string& name);

// Parses an unpacked idx file holding `want_dims` dimensions (1: labels, 3: images).
Expected<IdxArray> parse_idx(const std::uint8_t* data, std::size_t size, int want_dims, const std::string& name);

// Reads a file (size-capped), unpacks it and parses it.
Expected<IdxArray> read_idx_file(const std::string& path, int want_dims);

}  // namespace attn::train
