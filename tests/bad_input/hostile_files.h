// hostile_files.h — small hand-made bad inputs shared by the hardening tests (core and app):
// safetensors files with NaN weights, too many header entries, or a huge sparse data section.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace attn::test {

// A safetensors file: 8-byte little-endian header length, the header, then `data`.
inline void write_safetensors(const std::filesystem::path& path, const std::string& header, const std::string& data,
                              std::uint64_t sparse_total = 0) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    std::uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) out.put(char((n >> (8 * i)) & 0xff));
    out << header << data;
    out.close();
    if (sparse_total > 0) std::filesystem::resize_file(path, 8 + n + sparse_total);
}

// {"w": F32 [2]} holding 1.0 and NaN.
inline void write_nan_tensor(const std::filesystem::path& path) {
    const float v[2] = {1.0f, __builtin_nanf("")};
    write_safetensors(path, R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
                      std::string(reinterpret_cast<const char*>(v), sizeof v));
}

// `entries` empty tensors: a header far beyond the entry limit.
inline void write_many_entries(const std::filesystem::path& path, int entries) {
    std::string h = "{";
    for (int i = 0; i < entries; ++i) {
        if (i) h += ",";
        h += "\"t" + std::to_string(i) + "\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}";
    }
    h += "}";
    write_safetensors(path, h, "");
}

// One F16 tensor of 9 Gi elements in a sparse 18 GiB file: 36 GiB as float32, over the budget.
inline void write_huge_sparse(const std::filesystem::path& path) {
    const std::uint64_t elems = 9ull << 30, bytes = elems * 2;
    write_safetensors(path,
                      "{\"w\":{\"dtype\":\"F16\",\"shape\":[" + std::to_string(elems) + "],\"data_offsets\":[0," +
                          std::to_string(bytes) + "]}}",
                      "", bytes);
}

}  // namespace attn::test
