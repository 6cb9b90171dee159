// app_control.cpp — --control FIFO and --frame-log FILE (see app_control.h).
#include "app/shell/app_control.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "app/shell/app_frame.h"
#include "app/state/views.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

namespace {

constexpr std::size_t kMaxLine = 1 << 20;  // a longer line is dropped (the sentence's own limit is lower)

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// "12" → 12; false for anything else.
bool parse_int(const std::string& s, int* out) {
    if (s.empty()) return false;
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || v < -1000000 || v > 1000000) return false;
    *out = int(v);
    return true;
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

std::string apply_control_command(App& app, const std::string& line) {
    const std::size_t space = line.find(' ');
    const std::string cmd = line.substr(0, space);
    const std::string arg = space == std::string::npos ? std::string() : line.substr(space + 1);
    AppState& s = app.state;
    int a = 0, b = 0;
    if (cmd == "drop" && !arg.empty()) {
        app.model_panel.dropped.push_back(arg);
    } else if (cmd == "builtin") {
        use_builtin_model(app.models, s);
    } else if (cmd == "view") {
        if (!parse_view(arg, &s.view)) return "unknown view '" + arg + "'";
    } else if (cmd == "lang") {
        if (!parse_lang(arg, &s.lang)) return "expected one of " + lang_codes();
    } else if (cmd == "text") {
        s.text = arg;
    } else if (cmd == "causal") {
        s.causal = !s.causal;
    } else if (cmd == "scale") {
        s.scale = !s.scale;
    } else if (cmd == "layer" && parse_int(arg, &a)) {
        s.layer = std::max(a, 0);
    } else if (cmd == "head" && parse_int(arg, &a)) {
        s.head = std::max(a, 0);
    } else if (cmd == "knock" && std::sscanf(arg.c_str(), "%d %d", &a, &b) == 2 && a >= 0 && b >= 0) {
        toggle_knockout(s, a, b);
    } else if (cmd == "train" && !arg.empty()) {
        train_panel_start(app.train, arg);
    } else if (cmd == "pause") {
        train_panel_pause(app.train);
    } else if (cmd == "generate" && parse_int(arg, &a) && a > 0) {
        app.predict.auto_generate = a;
    } else if (cmd == "sample" && parse_int(arg, &a)) {
        app.predict.settings.sampling.greedy = a < 0;  // the next step or generation samples (or not)
        if (a >= 0) app.predict.settings.sampling.seed = std::uint64_t(a);
    } else if (cmd == "rank") {
        app.predict.rank_on_start = true;
    } else if (cmd == "scale-ui") {
        s.ui_scale = std::clamp(float(std::atof(arg.c_str())), kMinUiScale, kMaxUiScale);
    } else {
        return "unknown command";
    }
    return "";
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
