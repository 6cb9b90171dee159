// panel.cpp — every matrix of one head's forward pass as a small heatmap with its name,
// (implementation; the interface and its contract are in panel.h)
#include "app/views/pipeline/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

constexpr int kColumns = 4;

bool ensure_renderers(PipelinePanel& p) {
    while (p.renderers.size() < size_t(kPipelineStages)) {
        HeatmapRenderer r;
        if (Status s = heatmap_renderer_init(r); !s) {
            p.renderer_error = s.message();
            heatmap_renderer_destroy(r);
            return false;
        }
        p.renderers.push_back(r);
    }
    return true;
}

}  // namespace

void draw_pipeline_panel(PipelinePanel& p, const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (!view.trace || view.trace->layers.empty()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::NoTrace));
        return;
    }
    const int layer_index = clamp_layer(s.layer, *view.trace);
    const LayerTrace& layer = view.trace->layers[size_t(layer_index)];
    const int head = std::clamp(s.head, 0, layer.n_heads - 1);
    ImGui::PushTextWrapPos(0.0f);
    if (view.trace->layers.size() > 1) ImGui::Text(tr(lang, Txt::ModelViewCell), layer_index + 1, head + 1);
    ImGui::TextDisabled(tr(lang, Txt::PipeIntro), head + 1);
    ImGui::PopTextWrapPos();
    if (!p.renderer_error.empty() || !ensure_renderers(p)) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }
    if (p.cached_trace != view.trace || p.cached_layer != layer_index || p.cached_head != head) {
        p.stages = make_pipeline(*view.trace, layer_index, head);
        for (size_t k = 0; k < p.stages.size(); ++k) upload_heatmap(p.renderers[k], p.stages[k].data);
        p.cached_trace = view.trace;
        p.cached_layer = layer_index;
        p.cached_head = head;
    }

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int rows = (kPipelineStages + kColumns - 1) / kColumns;
    const float gap = 28.0f;
    const float line_h = ImGui::GetTextLineHeight();
    const float caption_h = 3.0f * line_h + 6.0f;
    const float box_w = std::floor((avail.x - gap * (kColumns - 1)) / kColumns);
    const float box_h = std::floor((avail.y - gap * float(rows - 1)) / float(rows));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 accent = rgba(140, 205, 255);

    for (int k = 0; k < kPipelineStages; ++k) {
        const PipelineStage& st = p.stages[size_t(k)];
        const ImVec2 b0(origin.x + float(k % kColumns) * (box_w + gap), origin.y + float(k / kColumns) * (box_h + gap));
        char line[192];
        std::snprintf(line, sizeof(line), "%d. %s = %s", k + 1, st.name, st.formula);
        dl->AddText(b0, accent, line);
        const std::string shape = shape_text(st);
        dl->AddText(ImVec2(b0.x, b0.y + line_h), text, shape.c_str());
        dl->AddText(ImVec2(b0.x, b0.y + 2.0f * line_h), dim, tr(lang, st.what));
        if (k + 1 < kPipelineStages && (k + 1) % kColumns != 0) {  // arrow to the next stage
            const float ay = b0.y + 0.5f * line_h;
            dl->AddText(ImVec2(b0.x + box_w + 0.5f * gap - 0.5f * ImGui::CalcTextSize("→").x, ay - 0.5f * line_h), dim, "→");
        }

        // Square cells that fit the box below the caption.
        const int nr = std::max(st.data.rows, 1), nc = std::max(st.data.cols, 1);
        const float cell = std::max(std::min(box_w / float(nc), (box_h - caption_h) / float(nr)), 0.25f);
        const float w = std::max(std::floor(cell * float(nc)), 1.0f), h = std::max(std::floor(cell * float(nr)), 1.0f);
        const ImVec2 p0(b0.x, b0.y + caption_h), p1(p0.x + w, p0.y + h);
        const unsigned tex = render_heatmap(p.renderers[size_t(k)], int(w), int(h), s.colormap, st.data.vmin,
                                            st.data.vmax, cell);
        if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
        dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));

        ImGui::SetCursorScreenPos(p0);
        ImGui::PushID(k);
        ImGui::InvisibleButton("##m", ImVec2(w, h));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(int((m.x - p0.x) / w * float(nc)), 0, nc - 1);
            const int i = std::clamp(int((m.y - p0.y) / h * float(nr)), 0, nr - 1);
            const size_t idx = size_t(i) * size_t(nc) + size_t(j);
            ImGui::BeginTooltip();
            if (st.data.masked[idx]) {
                ImGui::Text("%s[%d, %d] = -∞", st.name, i, j);
            } else {
                ImGui::Text(tr(lang, Txt::PipeValue), st.name, i, j, double(st.data.values[idx]));
            }
            ImGui::TextDisabled("%s", shape.c_str());
            ImGui::EndTooltip();
        }
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, 1.0f));
}

void pipeline_panel_destroy(PipelinePanel& p) {
    for (HeatmapRenderer& r : p.renderers) heatmap_renderer_destroy(r);
    p = PipelinePanel{};
}

}  // namespace attn::app
