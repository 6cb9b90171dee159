// panel_parts.cpp — the Predict view's token row, sampling controls and message lines
// (implementation; the interface and its contract are in panel_parts.h)
#include "app/views/predict/panel_parts.h"

#include <algorithm>
#include <cstdint>
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

bool draw_sampling_controls(PredictPanel& p, Lang lang) {
    lm::SamplingOptions& o = p.settings.sampling;
    bool changed = false;
    changed |= ImGui::Checkbox(p.label(lang, Txt::PredictGreedy, "pr_greedy"), &o.greedy);
    item_tooltip(tr(lang, Txt::PredictGreedyTip));
    ImGui::BeginDisabled(o.greedy);
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(120.0f);
    changed |= ImGui::SliderFloat(p.label(lang, Txt::PredictTemp, "pr_temp"), &o.temperature, 0.1f, 3.0f, "%.2f",
                                  ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTempTip));
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(90.0f);
    changed |= ImGui::SliderInt(p.label(lang, Txt::PredictTopK, "pr_topk"), &o.top_k, 0, 50, "%d", ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTopKTip));
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(90.0f);
    changed |= ImGui::SliderFloat(p.label(lang, Txt::PredictTopP, "pr_topp"), &o.top_p, 0.05f, 1.0f, "%.2f",
                                  ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTopPTip));
    ImGui::SameLine(0.0f, 16.0f);
    int seed = int(o.seed);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::InputInt(p.label(lang, Txt::PredictSeed, "pr_seed"), &seed)) {
        o.seed = std::uint64_t(std::max(seed, 0));
        changed = true;
    }
    item_tooltip(tr(lang, Txt::PredictSeedTip));
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(80.0f);
    changed |= ImGui::SliderInt(p.label(lang, Txt::PredictShown, "pr_shown"), &p.settings.shown, 3, 20, "%d",
                                ImGuiSliderFlags_AlwaysClamp);
    return changed;
}

}  // namespace attn::app::predict_view
