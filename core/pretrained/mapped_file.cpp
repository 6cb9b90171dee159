// mapped_file.cpp — POSIX open + fstat + mmap(PROT_READ, MAP_PRIVATE); the descriptor is closed
// as soon as the map exists (the map keeps the file alive).
#include "core/pretrained/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

namespace attn::pretrained {

static std::string errno_text(int err) { return std::generic_category().message(err); }

MappedFile::~MappedFile() { reset(); }

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      path_(std::move(other.path_)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        reset();
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        path_ = std::move(other.path_);
    }
    return *this;
}

void MappedFile::reset() {
    if (data_ != nullptr) munmap(const_cast<unsigned char*>(data_), size_);
    data_ = nullptr;
    size_ = 0;
}

Expected<MappedFile> MappedFile::open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int err = errno;
        return Status::Error("Cannot open '" + path + "': " + errno_text(err) + ".");
    }
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        int err = errno;
        ::close(fd);
        return Status::Error("Cannot read the size of '" + path + "': " + errno_text(err) + ".");
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return Status::Error("'" + path + "' is a folder, not a file.");
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return Status::Error("'" + path + "' is not a regular file.");
    }
    if (st.st_size <= 0) {
        ::close(fd);
        return Status::Error("'" + path + "' is empty (0 bytes).");
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int map_err = errno;
    ::close(fd);
    if (p == MAP_FAILED) return Status::Error("Cannot map '" + path + "' into memory: " + errno_text(map_err) + ".");

    MappedFile f;
    f.data_ = static_cast<const unsigned char*>(p);
    f.size_ = size;
    f.path_ = path;
    return f;
}

// madvise wants a page-aligned start; widen [offset, offset + length) to whole pages of the map.
static bool page_range(std::size_t map_size, std::size_t offset, std::size_t length, std::size_t& begin,
                       std::size_t& len) {
    if (offset >= map_size || length == 0) return false;
    if (length > map_size - offset) length = map_size - offset;
    long page = sysconf(_SC_PAGESIZE);
    const std::size_t ps = page > 0 ? static_cast<std::size_t>(page) : 4096;
    begin = offset / ps * ps;
    len = offset + length - begin;
    return true;
}

void MappedFile::advise_sequential(std::size_t offset, std::size_t length) const {
    std::size_t begin = 0, len = 0;
    if (data_ == nullptr || !page_range(size_, offset, length, begin, len)) return;
    auto* p = const_cast<unsigned char*>(data_) + begin;
    madvise(p, len, MADV_SEQUENTIAL);  // hints only: a failure changes nothing we rely on
    madvise(p, len, MADV_WILLNEED);
}

void MappedFile::release(std::size_t offset, std::size_t length) const {
    std::size_t begin = 0, len = 0;
    if (data_ == nullptr || !page_range(size_, offset, length, begin, len)) return;
    // Safe on a read-only private map: nothing was written, so the file still has every byte.
    madvise(const_cast<unsigned char*>(data_) + begin, len, MADV_DONTNEED);
}

}  // namespace attn::pretrained
