// control_channel.h — the pipe a script drives the app through (--control FIFO: app_control.h
// applies its commands) and a frame log (--frame-log FILE) a script samples to see whether the UI
// thread ever blocked.
//
// Frame log: every second a line "seconds frames longest_ms longest_cpu_ms heap_mib free_mib models":
// frames drawn since the last line, the longest one's wall time (from the end of the event wait to
// after the swap), the most UI-thread CPU one took, the bytes malloc has handed out and not had
// back, and the freed bytes in its free lists (a trim gives their pages back to the system, but
// they still count here) (glibc's mallinfo2; −1 elsewhere), and the models alive (opened, kept by a
// view, or a trainer's: pretrained::live_model_count).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::app {

struct ControlChannel {
    int fd = -1;          // the pipe, read without blocking
    std::string pending;  // a line not yet ended
    std::FILE* log = nullptr;
    double log_start_ms = 0.0, last_line_ms = 0.0;
    int frames = 0;
    double longest_ms = 0.0, longest_cpu_ms = 0.0;

    ControlChannel() = default;
    ControlChannel(const ControlChannel&) = delete;
    ControlChannel& operator=(const ControlChannel&) = delete;
    ~ControlChannel();
};

// Opens what the options name ("" = none). An error names the path.
Status open_control(ControlChannel& c, const std::string& pipe_path, const std::string& log_path);
void close_control(ControlChannel& c);
// The complete lines that arrived since the last call (never waits).
std::vector<std::string> read_control_lines(ControlChannel& c);
// Once per frame: `wall_ms` and `cpu_ms` the frame took; writes a line each second.
void log_frame(ControlChannel& c, double wall_ms, double cpu_ms);

}  // namespace attn::app
