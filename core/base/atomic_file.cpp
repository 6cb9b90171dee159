// atomic_file.cpp — write a file so that readers see the old file or the whole new one, never half
// (implementation; the interface and its contract are in atomic_file.h)
#include "core/base/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <streambuf>

#include "core/base/utf8.h"

namespace attn {

namespace {

namespace fs = std::filesystem;

// A stream buffer over a file descriptor that remembers the first write error (errno), so
// "disk full" and "broken pipe" reach the message instead of a generic failure.
class FdStreamBuf : public std::streambuf {
public:
    explicit FdStreamBuf(int fd) : fd_(fd) { setp(buf_, buf_ + sizeof buf_); }
    int error() const { return err_; }
    bool flush_all() { return flush_buffer() && err_ == 0; }

protected:
    int_type overflow(int_type ch) override {
        if (!flush_buffer()) return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return flush_buffer() ? 0 : -1; }

private:
    bool flush_buffer() {
        const char* p = pbase();
        std::size_t left = static_cast<std::size_t>(pptr() - pbase());
        while (left > 0 && err_ == 0) {
            const ssize_t n = ::write(fd_, p, left);
            if (n < 0) {
                if (errno == EINTR) continue;
                err_ = errno;
            } else {
                p += n;
                left -= static_cast<std::size_t>(n);
            }
        }
        setp(buf_, buf_ + sizeof buf_);
        return err_ == 0;
    }

    int fd_;
    int err_ = 0;
    char buf_[1 << 16];
};

std::string shown(const std::string& path) { return printable_input(path, 200); }

std::string reason(int err) {
    if (err == EACCES || err == EPERM) return "permission denied";
    return std::strerror(err);
}

Status cannot_write(const std::string& path, int err) {
    if (err == ENOSPC || err == EDQUOT) return Status::Error("Writing '" + shown(path) + "' failed (disk full?).");
    return Status::Error("Cannot write '" + shown(path) + "': " + reason(err) + ".");
}

// Runs `write` into fd; errors name `path` (shown to the user, may be "standard output").
Status write_to_fd(int fd, const std::string& path, const std::function<Status(std::ostream&)>& write) {
    FdStreamBuf buf(fd);
    std::ostream out(&buf);
    Status result = write(out);
    if (!result) return result;
    out.flush();
    if (!buf.flush_all() || !out) {
        const int err = buf.error();
        if (path == "-") {
            return Status::Error("Cannot write to standard output: " +
                                 std::string(err ? std::strerror(err) : "write failed") + ".");
        }
        return err ? cannot_write(path, err) : Status::Error("Writing '" + shown(path) + "' failed (disk full?).");
    }
    return Status::Ok();
}

// Follows symbolic links to the path that will really be written (which may not exist yet).
// Fails on a loop or an over-long chain, as the kernel would.
Expected<fs::path> follow_links(const std::string& path) {
    fs::path p(path);
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        std::error_code ec;
        const fs::path target = fs::read_symlink(p, ec);
        if (ec) return Status::Error("Cannot write '" + shown(path) + "': " + ec.message() + ".");
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    return Status::Error("Cannot write '" + shown(path) + "': too many levels of symbolic links.");
}

// Copies the whole of `from` into the already-open `to_fd` (truncated first).
int copy_into(const std::string& from, int to_fd) {
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) return errno;
    int err = 0;
    if (::ftruncate(to_fd, 0) != 0) err = errno;
    char buf[1 << 16];
    while (err == 0) {
        const ssize_t n = ::read(in, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            err = errno;
            break;
        }
        if (n == 0) break;
        for (ssize_t done = 0; done < n && err == 0;) {
            const ssize_t w = ::write(to_fd, buf + done, static_cast<std::size_t>(n - done));
            if (w < 0 && errno != EINTR) err = errno;
            if (w > 0) done += w;
        }
    }
    ::close(in);
    if (err == 0 && ::fsync(to_fd) != 0 && errno != EINVAL && errno != EROFS) err = errno;
    return err;
}

// Writes the content to a fresh temporary file in `dir` and returns its name; the caller renames
// or copies it. On failure nothing is left behind.
Expected<std::string> write_temporary(const fs::path& dir, const std::string& path, mode_t mode,
                                      const std::function<Status(std::ostream&)>& write, int* open_errno) {
    std::string tmp = (dir / ".attnlab-XXXXXX").string();
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0) {
        *open_errno = errno;
        return cannot_write(path, errno);
    }
    ::fchmod(fd, mode);
    Status s = write_to_fd(fd, path, write);
    if (s && ::fsync(fd) != 0 && errno != EINVAL) s = cannot_write(path, errno);
    if (::close(fd) != 0 && s) s = cannot_write(path, errno);
    if (!s) {
        ::unlink(tmp.c_str());
        return s;
    }
    return tmp;
}

}  // namespace

Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& write) {
    if (path.empty()) return Status::Error("No output file given.");
    if (is_standard_output(path)) return write_to_fd(STDOUT_FILENO, "-", write);

    auto resolved = follow_links(path);
    if (!resolved) return resolved.status();
    const fs::path target = *resolved;

    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (!exists && errno != ENOENT) return cannot_write(path, errno);
    if (exists && S_ISDIR(st.st_mode)) return Status::Error("'" + shown(path) + "' is a folder, not a file.");

    // Devices, pipes and sockets are written where they are: there is nothing to replace.
    if (exists && !S_ISREG(st.st_mode)) {
        const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return cannot_write(path, errno);
        Status s = write_to_fd(fd, path, write);
        if (::close(fd) != 0 && s && errno != EINTR) s = cannot_write(path, errno);
        return s;
    }

    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    struct stat dir_st {};
    if (::stat(dir.c_str(), &dir_st) != 0 || !S_ISDIR(dir_st.st_mode)) {
        return Status::Error("Cannot write '" + shown(path) + "': the folder '" + shown(dir.string()) +
                             "' does not exist.");
    }
    // A new file gets the usual permissions of a user document; a replaced one keeps its own.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    const mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~mask);

    int open_errno = 0;
    auto tmp = write_temporary(dir, path, mode, write, &open_errno);
    if (!tmp) {
        // A folder we may not create files in, holding a file we may write: write it in place.
        if (exists && open_errno == EACCES && ::access(target.c_str(), W_OK) == 0) {
            const int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
            if (fd < 0) return cannot_write(path, errno);
            Status s = write_to_fd(fd, path, write);
            if (::close(fd) != 0 && s) s = cannot_write(path, errno);
            return s;
        }
        return tmp.status();
    }

    if (exists && st.st_nlink > 1) {
        // Every name of a hard-linked file must see the new content: copy into it, in place.
        const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
        const int err = fd < 0 ? errno : copy_into(*tmp, fd);
        if (fd >= 0) ::close(fd);
        ::unlink(tmp->c_str());
        return err ? cannot_write(path, err) : Status::Ok();
    }
    if (::rename(tmp->c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp->c_str());
        return Status::Error("Cannot replace '" + shown(path) + "': " + std::strerror(err) + ".");
    }
    return Status::Ok();
}

}  // namespace attn
