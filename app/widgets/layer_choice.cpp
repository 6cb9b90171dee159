// layer_choice.cpp — the "Layer [slider]" row shared by the views of a multi-layer trace.
// Needs ImGui; writes only AppState::layer.
#include "app/widgets/layer_choice.h"
#include "app/widgets/lesson_marks.h"

#include <algorithm>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

void draw_layer_choice(AppState& s, int n_layers) {
    const Lang lang = s.lang;
    ImGui::TextUnformatted(tr(lang, Txt::Layer));
    item_tooltip(tr(lang, Txt::LayerTip));
    ImGui::SameLine();
    int shown = std::clamp(s.layer, 0, n_layers - 1) + 1;
    ImGui::SetNextItemWidth(std::min(40.0f + 14.0f * float(n_layers), 200.0f));
    if (ImGui::SliderInt("##layer", &shown, 1, n_layers, "%d", ImGuiSliderFlags_AlwaysClamp)) s.layer = shown - 1;
    mark_control(s.highlights, "layer");
    item_tooltip(tr(lang, Txt::LayerTip));
    ImGui::SameLine(0.0f, 24.0f);
}

}  // namespace attn::app
