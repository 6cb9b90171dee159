// idx_file.cpp — the idx reader and its gzip front (see idx_file.h).
#include "core/train/idx_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <zlib.h>

#include "core/base/limits.h"

namespace attn::train {

Expected<std::string> gunzip_if_needed(const std::uint8_t* data, std::size_t size, const std::string& name) {
    if (size < 2 || data[0] != 0x1f || data[1] != 0x8b) return std::string(reinterpret_cast<const char*>(data), size);
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return Status::Error(name + ": cannot start gzip decompression.");
    std::string out;
    z.next_in = const_cast<Bytef*>(data);
    z.avail_in = uInt(size);
    char buf[1 << 16];
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            const bool cut = rc == Z_BUF_ERROR;  // no progress possible: the input ended early
            inflateEnd(&z);
            return Status::Error(name + (cut ? ": the gzip data is cut short." : ": the gzip data is damaged."));
        }
        out.append(buf, sizeof buf - z.avail_out);
        if (out.size() > limits::kMaxDatasetFileBytes) {
            inflateEnd(&z);
            return Status::Error(name + ": unpacks to more than " +
                                 std::to_string(limits::kMaxDatasetFileBytes >> 20) + " MiB, the limit for a dataset file.");
        }
    }
    inflateEnd(&z);
    return out;
}

static std::uint32_t be32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}

Expected<IdxArray> parse_idx(const std::uint8_t* data, std::size_t size, int want_dims, const std::string& name) {
    const char* what = want_dims == 1 ? "labels" : "images";
    if (size < 4 || data[0] != 0 || data[1] != 0)
        return Status::Error(name + ": not an idx file (it should start with 00 00 08).");
    if (data[2] != 0x08)
        return Status::Error(name + ": idx data of type " + std::to_string(data[2]) +
                             "; only unsigned bytes (08) are supported.");
    if (data[3] != want_dims)
        return Status::Error(name + ": an idx file of " + std::to_string(data[3]) + " dimensions; " + what +
                             " need " + std::to_string(want_dims) + ".");
    const std::size_t header = 4 + 4 * std::size_t(want_dims);
    if (size < header) return Status::Error(name + ": the idx header is cut short.");
    IdxArray a;
    std::uint64_t total = 1;
    for (int d = 0; d < want_dims; ++d) {
        const std::uint32_t n = be32(data + 4 + 4 * d);
        if (d == 0 && (n == 0 || n > limits::kMaxDatasetImages))
            return Status::Error(name + ": " + std::to_string(n) + " " + what + "; must be 1 to " +
                                 std::to_string(limits::kMaxDatasetImages) + ".");
        if (d > 0 && (n == 0 || n > std::uint32_t(limits::kMaxDatasetImageSide)))
            return Status::Error(name + ": images of " + std::to_string(n) + " pixels per side; must be 1 to " +
                                 std::to_string(limits::kMaxDatasetImageSide) + ".");
        a.dims.push_back(int(n));
        total *= n;
    }
    if (size - header < total)
        return Status::Error(name + ": cut short (" + std::to_string(size - header) + " bytes of data, the header promises " +
                             std::to_string(total) + ").");
    if (size - header > total)
        return Status::Error(name + ": " + std::to_string(size - header - total) +
                             " bytes after the data the header promises; not an idx file of " + what + ".");
    a.data.assign(data + header, data + header + total);
    return a;
}

Expected<IdxArray> read_idx_file(const std::string& path, int want_dims) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return Status::Error("Cannot open " + path + ": " + std::strerror(errno) + ".");
    const std::streamoff bytes = in.tellg();
    if (bytes < 0 || std::uint64_t(bytes) > limits::kMaxDatasetFileBytes)
        return Status::Error(path + ": larger than " + std::to_string(limits::kMaxDatasetFileBytes >> 20) +
                             " MiB, the limit for a dataset file.");
    std::string raw(std::size_t(bytes), '\0');
    in.seekg(0);
    in.read(raw.data(), bytes);
    if (!in) return Status::Error("Cannot read " + path + ".");
    auto unpacked = gunzip_if_needed(reinterpret_cast<const std::uint8_t*>(raw.data()), raw.size(), path);
    if (!unpacked) return unpacked.status();
    return parse_idx(reinterpret_cast<const std::uint8_t*>(unpacked->data()), unpacked->size(), want_dims, path);
}

}  // namespace attn::train
