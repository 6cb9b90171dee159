// user_file.cpp — read_user_file: stat, open without blocking, size cap, read.
#include "core/base/user_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/base/utf8.h"

namespace attn {

Status too_large_error(const std::string& shown, std::uint64_t bytes, std::size_t max_bytes, const char* kind) {
    return Status::Error("'" + shown + "' is " + std::to_string((bytes + (1u << 20) - 1) >> 20) +
                         " MiB; AttnLab reads " + kind + " of at most " + std::to_string(max_bytes >> 20) +
                         " MiB.");
}

Expected<std::vector<std::uint8_t>> read_user_file(const std::string& path, std::size_t max_bytes,
                                                   const char* kind) {
    const std::string shown = printable_input(path, 200);
    // Looked at before it is opened: opening a named pipe waits for a writer (for ever). O_NONBLOCK
    // covers a file swapped for a pipe in between; it changes nothing for a regular file.
    struct stat before {};
    if (::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode))
        return Status::Error(S_ISDIR(before.st_mode) ? "'" + shown + "' is a folder, not a file."
                                                     : "'" + shown + "' is not a regular file.");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int err = errno;
        return Status::Error("Cannot open '" + shown + "': " + std::strerror(err) + ".");
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        const int err = errno;
        return Status::Error("Cannot read '" + shown + "': " + std::strerror(err) + ".");
    }
    if (S_ISDIR(st.st_mode)) return Status::Error("'" + shown + "' is a folder, not a file.");
    if (!S_ISREG(st.st_mode)) return Status::Error("'" + shown + "' is not a regular file.");
    if (st.st_size <= 0) return Status::Error("'" + shown + "' is empty (0 bytes).");
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > max_bytes) return too_large_error(shown, size, max_bytes, kind);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            return Status::Error("Cannot read '" + shown + "': " + std::strerror(err) + ".");
        }
        if (n == 0) break;  // shorter than fstat said: the decoder says "cut short"
        done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
    return bytes;
}

}  // namespace attn
