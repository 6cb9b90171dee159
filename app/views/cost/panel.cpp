// panel.cpp — the Cost view: press Measure and the engine is timed on sentences of 16 … 1024
// (implementation; the interface and its contract are in panel.h)
#include "app/views/cost/panel.h"

#include <cfloat>
#include <cstdio>
#include <vector>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

void draw_cost_panel(CostPanel& p, const AppState& state, const ComputeView& view) {
    const Lang lang = state.lang;
    ImGui::TextWrapped("%s", tr(lang, Txt::CostIntro));
    const bool running = p.probe.running();
    const bool can_run = !running && view.trace != nullptr;
    if (!can_run) ImGui::BeginDisabled();
    char label[96];
    std::snprintf(label, sizeof(label), "%s###cost_run", tr(lang, Txt::CostRun));
    if (ImGui::Button(label)) p.probe.start(view.trace->model, view.trace->run, {16, 32, 64, 128, 256, 512, 1024});
    if (!can_run) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::CostRunTip));
    if (running) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::CostRunning));
    }

    const std::vector<CostPoint> pts = p.probe.points();
    if (pts.empty()) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("###cost_table", 4, flags)) {
        ImGui::TableSetupColumn(tr(lang, Txt::CostColN));
        ImGui::TableSetupColumn(tr(lang, Txt::CostColMs));
        ImGui::TableSetupColumn(tr(lang, Txt::CostColMiB));
        ImGui::TableSetupColumn(tr(lang, Txt::CostColPerPair));
        ImGui::TableHeadersRow();
        for (const CostPoint& c : pts) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%d", c.n);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", c.ms);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", c.trace_mib);
            ImGui::TableNextColumn();
            ImGui::Text("%.1f", c.ms * 1e6 / (double(c.n) * c.n));
        }
        ImGui::EndTable();
    }
    std::vector<float> ms, mib;
    for (const CostPoint& c : pts) {
        ms.push_back(float(c.ms));
        mib.push_back(float(c.trace_mib));
    }
    const float w = ImGui::GetContentRegionAvail().x * 0.48f;
    ImGui::PlotLines("###cost_ms", ms.data(), int(ms.size()), 0, tr(lang, Txt::CostColMs), 0.0f, FLT_MAX, ImVec2(w, 180.0f));
    ImGui::SameLine();
    ImGui::PlotLines("###cost_mib", mib.data(), int(mib.size()), 0, tr(lang, Txt::CostColMiB), 0.0f, FLT_MAX,
                     ImVec2(w, 180.0f));
}

}  // namespace attn::app
