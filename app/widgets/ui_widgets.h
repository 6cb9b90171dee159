// ui_widgets.h — small ImGui helpers shared by the panels (needs ImGui; no GL).
#pragma once

#include <cstdio>

#include <imgui.h>

#include "app/i18n/label_buf.h"
#include "app/i18n/ui_text.h"

namespace attn::app {

// Tooltip for the last item (also when the item is disabled).
inline void item_tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// Esc closes the dialog being drawn, as in any desktop dialog: call right after BeginPopupModal
// returned true; on true, call EndPopup and draw nothing more of it (a second CloseCurrentPopup
// in the same frame would close the wrong level). A text field being edited takes the first Esc
// (ImGui reverts the edit there).
inline bool close_popup_on_escape(bool* open = nullptr) {
    if (ImGui::IsAnyItemActive() || !ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) return false;
    if (open != nullptr) *open = false;
    ImGui::CloseCurrentPopup();
    return true;
}

inline ImVec4 error_colour() { return ImVec4(1.0f, 0.42f, 0.38f, 1.0f); }  // red, readable on dark
inline ImVec4 warning_colour() { return ImVec4(1.0f, 0.85f, 0.3f, 1.0f); }  // amber: a caution, not an error

inline ImU32 rgba(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }

}  // namespace attn::app
