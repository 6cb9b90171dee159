// mapped_file.h — a read-only memory map of a whole file (RAII, move-only).
#pragma once

#include <cstddef>
#include <string>

#include "core/status.h"

namespace attn::pretrained {

class MappedFile {
public:
    MappedFile() = default;
    ~MappedFile();
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    // Errors name the path and the reason (missing, a directory, unreadable, empty).
    static Expected<MappedFile> open(const std::string& path);

    const unsigned char* data() const { return data_; }
    std::size_t size() const { return size_; }
    const std::string& path() const { return path_; }

private:
    const unsigned char* data_ = nullptr;
    std::size_t size_ = 0;
    std::string path_;
};

}  // namespace attn::pretrained
