// view_notice.cpp — the run's refusal (or "Type a sentence to begin.") as every view shows it
// (implementation; the interface and its contract are in view_notice.h)
#include "app/widgets/view_notice.h"

#include <imgui.h>

#include <string>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

void draw_wrapped(const std::string& text, bool is_error) {
    ImGui::PushTextWrapPos(0.0f);
    if (is_error) ImGui::PushStyleColor(ImGuiCol_Text, error_colour());
    else ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_empty_view(const ComputeView& view, Lang lang) {
    draw_wrapped(empty_view_message(view, lang), !view.error.empty());
}

}  // namespace attn::app
