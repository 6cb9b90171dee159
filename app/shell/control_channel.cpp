// control_channel.cpp — --control FIFO and --frame-log FILE (see control_channel.h).
#include "app/shell/control_channel.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

namespace {

constexpr std::size_t kMaxLine = 1 << 20;  // a longer line is dropped (the sentence's own limit is lower)

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Status open_control(ControlChannel& c, const std::string& pipe_path, const std::string& log_path) {
    if (!pipe_path.empty()) {
        // O_RDWR keeps a writer of our own on the FIFO: reads never see end-of-file between the
        // script's writes, and opening never waits for one.
        c.fd = ::open(pipe_path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
        struct stat st {};
        if (c.fd < 0 || ::fstat(c.fd, &st) != 0 || !S_ISFIFO(st.st_mode)) {
            const std::string why = c.fd < 0 ? std::strerror(errno) : "not a named pipe (mkfifo makes one)";
            close_control(c);
            return Status::Error("--control " + pipe_path + ": " + why);
        }
    }
    if (!log_path.empty()) {
        c.log = std::fopen(log_path.c_str(), "a");
        if (c.log == nullptr) {
            const std::string why = std::strerror(errno);
            close_control(c);
            return Status::Error("--frame-log " + log_path + ": " + why);
        }
        std::setvbuf(c.log, nullptr, _IOLBF, 0);
        c.log_start_ms = c.last_line_ms = now_ms();
    }
    return Status::Ok();
}

ControlChannel::~ControlChannel() { close_control(*this); }

void close_control(ControlChannel& c) {
    if (c.fd >= 0) ::close(c.fd);
    if (c.log != nullptr) std::fclose(c.log);
    c.fd = -1;
    c.log = nullptr;
}

std::vector<std::string> read_control_lines(ControlChannel& c) {
    std::vector<std::string> lines;
    if (c.fd < 0) return lines;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(c.fd, buf, sizeof(buf));
        if (n <= 0) break;  // EAGAIN: nothing more now
        c.pending.append(buf, std::size_t(n));
    }
    std::size_t start = 0;
    for (std::size_t nl; (nl = c.pending.find('\n', start)) != std::string::npos; start = nl + 1)
        lines.push_back(c.pending.substr(start, nl - start));
    c.pending.erase(0, start);
    if (c.pending.size() > kMaxLine) c.pending.clear();
    return lines;
}

// What the program's allocations hold now, in MiB: a leak raises `in_use`; `kept_free` is what
// malloc's free lists hold (attention.cpp keeps freed blocks for the next trace; a job thread that
// ends idle trims them, job_thread.h, which returns their pages but leaves them counted here).
// Both −1 without glibc.
struct HeapMib {
    double in_use = -1.0, kept_free = -1.0;
};
static HeapMib heap_mib() {
    HeapMib h;
#if defined(__GLIBC__)
    const struct mallinfo2 m = mallinfo2();
    h.in_use = double(m.uordblks + m.hblkhd) / (1024.0 * 1024.0);  // in-use heap chunks + mmapped blocks
    h.kept_free = double(m.fordblks) / (1024.0 * 1024.0);          // free chunks in every arena
#endif
    return h;
}

void log_frame(ControlChannel& c, double wall_ms, double cpu_ms) {
    if (c.log == nullptr) return;
    ++c.frames;
    c.longest_ms = std::max(c.longest_ms, wall_ms);
    c.longest_cpu_ms = std::max(c.longest_cpu_ms, cpu_ms);
    const double now = now_ms();
    if (now - c.last_line_ms < 1000.0) return;
    const HeapMib heap = heap_mib();
    std::fprintf(c.log, "%.1f %d %.1f %.1f %.1f %.1f %d\n", (now - c.log_start_ms) / 1000.0, c.frames, c.longest_ms,
                 c.longest_cpu_ms, heap.in_use, heap.kept_free, pretrained::live_model_count());
    c.last_line_ms = now;
    c.frames = 0;
    c.longest_ms = c.longest_cpu_ms = 0.0;
}

}  // namespace attn::app
