// lesson_marks.h — how a lesson step's highlights look (needs ImGui; no GL): a pulsing frame
// around a control of the controls panel, and the colours the heatmap uses for its outlines.
// Views and panels call these with AppState::highlights; they never include the lesson panel.
#pragma once

#include <cmath>
#include <string_view>

#include <imgui.h>

#include "app/state/highlights.h"

namespace attn::app {

// 0.35 … 1: the highlight's pulse (about once a second).
inline float lesson_pulse() { return 0.675f + 0.325f * std::sin(float(ImGui::GetTime()) * 5.0f); }
inline ImU32 lesson_mark_colour(float alpha = 1.0f) { return IM_COL32(255, 196, 0, int(255.0f * alpha)); }
inline ImU32 lesson_answer_colour() { return IM_COL32(90, 235, 120, 255); }

// The pulse: a fading frame just outside an outline (the outline itself is steady, so screenshots
// can find its colour).
inline void lesson_glow(ImDrawList* dl, ImVec2 a, ImVec2 b) {
    const float p = lesson_pulse();
    const float d = 2.0f + 3.0f * p;
    dl->AddRect(ImVec2(a.x - d, a.y - d), ImVec2(b.x + d, b.y + d), lesson_mark_colour(0.6f * p), 4.0f, 0, 2.0f);
}

// A pulsing frame around the last item when the step highlights `key` (a lesson setting key).
inline void mark_control(const Highlights& h, std::string_view key) {
    if (!highlights_control(h, key)) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRectFullScreen();  // full-width fields touch the panel's edge: draw the frame whole
    dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), lesson_mark_colour(), 3.0f, 0, 2.0f);
    lesson_glow(dl, ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2));
    dl->PopClipRect();
}

}  // namespace attn::app
