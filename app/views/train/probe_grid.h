// probe_grid.h — every (layer, head) weight matrix of a trainer's probe trace as a grid of tiles,
// layers down and heads across: one GL texture (make_probe_atlas), query labels left of each row of
// tiles, key labels under the last, "L1 H2" over each tile and the weight under the mouse as a
// tooltip. The text tasks' probe (panel.cpp) and the image tasks' "every head" (vit_panel.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/views/train/train_lab.h"
#include "core/attention/trace.h"

namespace attn::app {

struct ProbeGrid {
    std::shared_ptr<const Trace> trace;  // what the texture shows
    Colormap map = Colormap::Viridis;
    ProbeAtlas atlas;                    // sizes (pixels dropped after upload)
    unsigned texture = 0;
};

// Draws `trace` in `avail` (rows: its queries' labels, cols: its keys'); the texture is made again
// only when the trace or the colormap changes. Square cells as large as the room allows.
void draw_probe_grid(ProbeGrid& g, const std::shared_ptr<const Trace>& trace, const std::vector<std::string>& rows,
                     const std::vector<std::string>& cols, Lang lang, Colormap map, ImVec2 avail);
void destroy_probe_grid(ProbeGrid& g);  // GL context current

}  // namespace attn::app
