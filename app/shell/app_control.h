// app_control.h — the app driven by a script (tools/soak.sh): commands read from a named pipe
// (--control FIFO), one a line, applied at the start of a frame through the calls the menus,
// buttons and drops make; and a frame log (--frame-log FILE) a script samples to see whether the
// UI thread ever blocked.
//
// Commands (anything else is reported on stderr and ignored):
//   drop PATH           a path dropped onto the window (a model folder, an image, a recording,
//                       a lesson .md): the window's own drop handling takes it
//   builtin             Model ▸ Use the built-in model
//   view NAME           the view (view_name: heatmap, explain, ..., audio)
//   lang en|ko          the interface language
//   text STRING         the sentence (the rest of the line), as if pasted
//   causal | scale      toggle the causal mask / the ÷√d_k scaling
//   layer N | head N    the layer / head shown (0-based; the views clamp)
//   knock L H           toggle the knock-out of head H in layer L (0-based)
//   train TASK | pause  Train view: start a run of TASK (its defaults) / pause the run
//   generate N          Predict view: add N tokens (or N translation steps)
//   sample SEED         Predict view: sample with this seed from the next step on (−1: greedy)
//   rank                Predict view: rank the heads knocked out one at a time
//   scale-ui X          View ▸ UI scale
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

struct App;

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
// Applies one command; "" when done, else why not (English, for stderr).
std::string apply_control_command(App& app, const std::string& line);
// Once per frame: `wall_ms` and `cpu_ms` the frame took; writes a line each second.
void log_frame(ControlChannel& c, double wall_ms, double cpu_ms);

}  // namespace attn::app
