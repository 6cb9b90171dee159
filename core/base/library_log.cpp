// library_log.cpp — fds 1 and 2 redirected to an in-memory file (memfd) (see library_log.h).
#include "core/base/library_log.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

#include "core/base/utf8.h"

namespace attn {

namespace {
std::mutex g_stderr_mutex;
}

LibraryLog::LibraryLog() : lock_(g_stderr_mutex) {
    // What we printed before goes where it was meant to go.
    std::fflush(stdout);
    std::fflush(stderr);
    file_fd_ = ::memfd_create("attnlab-library-log", MFD_CLOEXEC);  // in memory: no temp folder needed
    if (file_fd_ < 0) return;  // then the library's words simply stay where it writes them
    saved_out_ = ::dup(STDOUT_FILENO);
    saved_err_ = ::dup(STDERR_FILENO);
    if (saved_out_ < 0 || saved_err_ < 0 || ::dup2(file_fd_, STDOUT_FILENO) < 0 || ::dup2(file_fd_, STDERR_FILENO) < 0)
        restore();
}

LibraryLog::~LibraryLog() {
    // The library's buffered printf()s land in the memfd, not later on the real stdout.
    std::fflush(stdout);
    std::fflush(stderr);
    restore();
}

void LibraryLog::restore() {
    for (auto [saved, fd] : {std::pair<int*, int>{&saved_out_, STDOUT_FILENO}, {&saved_err_, STDERR_FILENO}}) {
        if (*saved < 0) continue;
        ::dup2(*saved, fd);
        ::close(*saved);
        *saved = -1;
    }
    if (file_fd_ >= 0) ::close(file_fd_);
    file_fd_ = -1;
}

std::string LibraryLog::text() const {
    std::fflush(stdout);
    std::fflush(stderr);
    std::string out;
    if (file_fd_ < 0) return out;
    const off_t end = ::lseek(file_fd_, 0, SEEK_END);
    if (end <= 0) return out;
    constexpr off_t kTail = 4096;  // the last lines are enough
    const off_t from = end > kTail ? end - kTail : 0;
    out.resize(std::size_t(end - from));
    const ssize_t got = ::pread(file_fd_, out.data(), out.size(), from);
    out.resize(got > 0 ? std::size_t(got) : 0);
    return out;
}

std::string LibraryLog::last_line(std::size_t max_chars) const {
    const std::string all = text();
    std::size_t end = all.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) return "";
    std::size_t begin = all.rfind('\n', end);
    begin = begin == std::string::npos ? 0 : begin + 1;
    std::string line = all.substr(begin, end + 1 - begin);
    if (!line.empty() && line[0] == '[') {  // "[src/libmpg123/parse.c:1234] error: …"
        const std::size_t close = line.find("] ");
        if (close != std::string::npos) line.erase(0, close + 2);
    }
    for (const char* label : {"error: ", "warning: ", "Note: "})
        if (line.rfind(label, 0) == 0) line.erase(0, std::char_traits<char>::length(label));
    return printable_input(line, max_chars);
}

}  // namespace attn
