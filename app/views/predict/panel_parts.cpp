// panel_parts.cpp — the Predict view's token row and message lines
// (implementation; the interface and its contract are in panel_parts.h)
#include "app/views/predict/panel_parts.h"

#include <cstdio>

#include "app/i18n/core_messages.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app::predict_view {

int token_row(const std::vector<std::string>& labels, const std::vector<bool>& accent, int chosen, const char* tip,
              ImU32 accent_colour) {
    int clicked = -1;
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    for (size_t i = 0; i < labels.size(); ++i) {
        const std::string text = labels[i].empty() ? std::string("·") : labels[i];
        char id[32];
        std::snprintf(id, sizeof(id), "##tok%zu", i);
        const std::string label = text + id;
        const float w = ImGui::CalcTextSize(text.c_str()).x + 2.0f * style.FramePadding.x;
        if (i > 0) {
            ImGui::SameLine(0.0f, 4.0f);
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        const bool is_accent = i < accent.size() && accent[i];
        const bool is_chosen = int(i) == chosen;
        int pushed = 0;
        if (is_accent) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(accent_colour));
            ++pushed;
        }
        if (is_chosen) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.15f, 0.45f, 0.65f, 1.0f));
            ++pushed;
        }
        if (ImGui::SmallButton(label.c_str())) clicked = int(i);
        ImGui::PopStyleColor(pushed);
        item_tooltip(tip);
    }
    return clicked;
}

void wrapped_dim(const char* text) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", text);
    ImGui::PopTextWrapPos();
}

void error_line(Lang lang, const std::string& core_message) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(error_colour(), "%s %s", tr(lang, Txt::PredictError),
                       localize_core_message(core_message, lang).c_str());
    ImGui::PopTextWrapPos();
}

void draw_knock_change(Lang lang, const PredictRow& chosen, float knocked, const PredictRow* top_without) {
    ImGui::Text(tr(lang, Txt::KnockChange), chosen.label.c_str(), double(chosen.raw), double(knocked),
                double(knocked - chosen.raw));
    if (top_without && top_without->id != chosen.id)
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.55f, 1.0f), tr(lang, Txt::KnockTopNow), top_without->label.c_str(),
                           double(top_without->raw));
}

}  // namespace attn::app::predict_view
