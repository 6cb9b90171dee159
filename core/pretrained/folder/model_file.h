// model_file.h — a weights file opened for reading with pread(): unlike a memory map, a file that
// is truncated or replaced while we read it gives an error message, never a SIGBUS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/status.h"

namespace attn::pretrained {

class ModelFile {
public:
    ModelFile() = default;
    ~ModelFile();
    ModelFile(ModelFile&& other) noexcept;
    ModelFile& operator=(ModelFile&& other) noexcept;
    ModelFile(const ModelFile&) = delete;
    ModelFile& operator=(const ModelFile&) = delete;

    // Errors name the path and the reason (missing, a directory, unreadable, empty).
    static Expected<ModelFile> open(const std::string& path);

    std::uint64_t size() const { return size_; }  // as it was when opened
    const std::string& path() const { return path_; }

    // Reads bytes [offset, offset + length) into dst. A file that became shorter (or longer)
    // since open() is reported as changed while reading, naming the file.
    Status read_at(std::uint64_t offset, std::size_t length, void* dst) const;

private:
    void reset();

    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::string path_;
};

}  // namespace attn::pretrained
