// hbars.h — labelled horizontal bars (ImGui draw list), part of the plot block: one row per
// category (a token), label on the left, one bar per series side by side in the row, the value
// written after each bar, a value axis with ticks at the bottom. Used where the categories are
// words that must stay readable (next-token predictions, masked-token fillers, head rankings).
//
//   HBarSpec spec;  spec.labels = {"the", "a"};  spec.series = {{"model", colour, {0.4, 0.2}}};
//   HBarHover h = draw_hbars("##predict", spec, ImVec2(w, h));
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "core/base/plot_scale.h"

namespace attn::app {

struct HBarSeries {
    std::string name;            // legend entry (draw_hbar_legend), hover title
    ImU32 colour = IM_COL32(255, 255, 255, 255);
    std::vector<double> values;  // one per label; NaN = no bar
};

struct HBarSpec {
    std::vector<std::string> labels;  // rows, top to bottom
    std::vector<HBarSeries> series;   // bars within a row, top to bottom
    Axis x;                           // value axis (lo is the bars' base); label shown under it
    const char* value_format = "%.3f";  // the number after each bar ("" = none)
    int highlight = -1;               // a row drawn with a frame (e.g. the chosen token)
    float max_row_height = 0.0f;      // 0: rows share the height; else at most this per row
};

struct HBarHover {
    int row = -1;          // under the pointer
    bool clicked = false;  // left click on a row this frame
};

// Draws into a box of `size` at the cursor (advances the cursor like an item).
HBarHover draw_hbars(const char* id, const HBarSpec& spec, ImVec2 size);

// The series' colours and names as one legend row.
void draw_hbar_legend(const HBarSpec& spec);

}  // namespace attn::app
