// app_control.h — the app driven by a script (tools/soak.sh): commands read from a named pipe
// (--control FIFO, control_channel.h), one a line, applied at the start of a frame through the
// calls the menus, buttons and drops make.
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
#pragma once

#include <string>

namespace attn::app {

struct App;

// Applies one command; "" when done, else why not (English, for stderr).
std::string apply_control_command(App& app, const std::string& line);

}  // namespace attn::app
