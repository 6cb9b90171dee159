// model_file.cpp — POSIX open + fstat + pread; the descriptor stays open for the file's lifetime
// (implementation; the interface and its contract are in model_file.h)
#include "core/pretrained/folder/model_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>
#include <utility>

#include "core/base/utf8.h"

namespace attn::pretrained {

static std::string errno_text(int err) { return std::generic_category().message(err); }
static std::string shown(const std::string& path) { return printable_input(path, 200); }

ModelFile::~ModelFile() { reset(); }

ModelFile::ModelFile(ModelFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), size_(std::exchange(other.size_, 0)), path_(std::move(other.path_)) {}

ModelFile& ModelFile::operator=(ModelFile&& other) noexcept {
    if (this != &other) {
        reset();
        fd_ = std::exchange(other.fd_, -1);
        size_ = std::exchange(other.size_, 0);
        path_ = std::move(other.path_);
    }
    return *this;
}

void ModelFile::reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    size_ = 0;
}

Expected<ModelFile> ModelFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        return Status::Error("Cannot open '" + shown(path) + "': " + errno_text(err) + ".");
    }
    ModelFile f;
    f.fd_ = fd;  // closed by f's destructor on every early return below
    f.path_ = path;
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        const int err = errno;
        return Status::Error("Cannot read the size of '" + shown(path) + "': " + errno_text(err) + ".");
    }
    if (S_ISDIR(st.st_mode)) return Status::Error("'" + shown(path) + "' is a folder, not a file.");
    if (!S_ISREG(st.st_mode)) return Status::Error("'" + shown(path) + "' is not a regular file.");
    if (st.st_size <= 0) return Status::Error("'" + shown(path) + "' is empty (0 bytes).");
    f.size_ = static_cast<std::uint64_t>(st.st_size);
    return f;
}

Status ModelFile::read_at(std::uint64_t offset, std::size_t length, void* dst) const {
    const std::string name = shown(std::filesystem::path(path_).filename().string());
    auto changed = [&]() {
        struct stat st {};
        std::string now = fstat(fd_, &st) == 0 ? std::to_string(st.st_size) + " bytes" : "unreadable";
        return Status::Error(name + " changed while it was being read (it had " + std::to_string(size_) +
                             " bytes, now " + now + "). Load the model again once the file is complete.");
    };
    if (fd_ < 0 || offset > size_ || length > size_ - offset) return changed();
    auto* p = static_cast<unsigned char*>(dst);
    std::size_t done = 0;
    while (done < length) {
        const ssize_t n = ::pread(fd_, p + done, length - done, static_cast<off_t>(offset + done));
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            return Status::Error("Cannot read " + name + ": " + errno_text(err) + ".");
        }
        if (n == 0) return changed();  // the file became shorter underneath us
        done += static_cast<std::size_t>(n);
    }
    struct stat st {};
    if (fstat(fd_, &st) == 0 && static_cast<std::uint64_t>(st.st_size) != size_) return changed();
    return Status::Ok();
}

}  // namespace attn::pretrained
