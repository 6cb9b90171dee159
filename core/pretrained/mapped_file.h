// mapped_file.h — a read-only memory map of a whole file (RAII, move-only).
#pragma once

#include <cstddef>
#include <string>

#include "core/base/status.h"

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

    // Hints for the kernel about bytes [offset, offset + length) of the map (clamped to it; page
    // rounding is done here). Before a one-pass read: read ahead. After it: drop our pages, so a
    // process that converted the weights to float holds the floats and not the file as well (the
    // pages are file-backed and clean; a later read faults them back in).
    void advise_sequential(std::size_t offset, std::size_t length) const;
    void release(std::size_t offset, std::size_t length) const;

private:
    void reset();

    const unsigned char* data_ = nullptr;
    std::size_t size_ = 0;
    std::string path_;
};

}  // namespace attn::pretrained
