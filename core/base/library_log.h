// library_log.h — what a C library prints by itself (libmpg123 behind libsndfile prints up to ~200
// lines on stderr for a damaged MP3, even when the file decodes; libsndfile's SDS reader printf()s
// "Error A : 75" on stdout, where `dump -o -` writes its JSON), caught while a LibraryLog lives so
// that it can become part of our own one-line message instead of noise on the user's terminal or
// damage in the output.
//
// Process-wide: file descriptors 1 and 2 point at one in-memory file (memfd) until the LibraryLog
// is destroyed (C stdio's buffers flushed on both sides), and one LibraryLog exists at a time (a
// mutex). Keep it around library calls only.
#pragma once

#include <mutex>
#include <string>

namespace attn {

class LibraryLog {
public:
    LibraryLog();
    ~LibraryLog();
    LibraryLog(const LibraryLog&) = delete;
    LibraryLog& operator=(const LibraryLog&) = delete;

    // The last non-empty line written so far, without a "[src/file.c:123] " location prefix or an
    // "error: " label, printable and at most `max_chars` long; "" when nothing was written.
    std::string last_line(std::size_t max_chars = 120) const;

private:
    std::string text() const;
    void restore();  // the real stdout and stderr back, the memfd closed (idempotent)
    std::unique_lock<std::mutex> lock_;
    int saved_out_ = -1, saved_err_ = -1;  // the real stdout and stderr while redirected
    int file_fd_ = -1;
};

}  // namespace attn
