// panel.cpp — the positional-encoding view: the PE matrix (trace q_positions,
// (implementation; the interface and its contract are in panel.h)
#include "app/views/positional/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <imgui.h>

#include "app/matrix/heatmap_data.h"
#include "app/views/positional/positional_demo.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

// One heatmap image of w × h pixels at the cursor, with a hover tooltip; returns the hovered cell.
void draw_map(HeatmapRenderer& r, const HeatmapData& d, Colormap map, float max_w, float max_h, const char* id,
              Txt tip, Lang lang) {
    const int nr = std::max(d.rows, 1), nc = std::max(d.cols, 1);
    const float cell = std::max(std::min(max_w / float(nc), max_h / float(nr)), 0.25f);
    const float w = std::max(std::floor(cell * float(nc)), 1.0f), h = std::max(std::floor(cell * float(nr)), 1.0f);
    const ImVec2 p0 = ImGui::GetCursorScreenPos(), p1(p0.x + w, p0.y + h);
    const unsigned tex = render_heatmap(r, int(w), int(h), map, d.vmin, d.vmax, cell);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
    dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));
    ImGui::InvisibleButton(id, ImVec2(w, h));
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int j = std::clamp(int((m.x - p0.x) / w * float(nc)), 0, nc - 1);
        const int i = std::clamp(int((m.y - p0.y) / h * float(nr)), 0, nr - 1);
        ImGui::BeginTooltip();
        ImGui::Text(tr(lang, tip), i, j, double(d.values[size_t(i) * size_t(nc) + size_t(j)]));
        ImGui::EndTooltip();
    }
}

}  // namespace

void draw_positional_panel(PositionalPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    LabelBuf label;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::PeIntro));
    ImGui::PopTextWrapPos();
    const Trace* trace = view.trace.get();
    const bool pretrained = view.model != nullptr;  // learned positions: always on
    ImGui::BeginDisabled(pretrained);
    ImGui::Checkbox(label(lang, Txt::Positional, "pe_on"), &s.positional);
    ImGui::EndDisabled();
    item_tooltip(tr(lang, pretrained ? Txt::BuiltinOnlyTip : Txt::PositionalTip));
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::BeginDisabled(trace == nullptr || view.busy);
    if (ImGui::Button(label(lang, Txt::PeReverse, "pe_reverse")) && trace != nullptr) {
        p.before_reverse = view.trace;
        p.compared.reset();
        p.mismatch = -1.0f;
        s.text = reversed_sentence(trace->q_tokens);
    }
    ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::PeReverseTip));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(tr(lang, pretrained ? Txt::PeLearned : s.positional ? Txt::PeNoteOn : Txt::PeNoteOff));
    ImGui::PopTextWrapPos();
    if (trace == nullptr || trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    if (p.before_reverse && p.compared != view.trace && view.trace != p.before_reverse) {
        p.mismatch = p.before_reverse->model.positional == trace->model.positional &&
                             p.before_reverse->model_name == trace->model_name
                         ? reversal_mismatch(*p.before_reverse, *trace, clamp_layer(s.layer, *trace))
                         : -1.0f;
        p.compared = view.trace;
    }
    if (p.mismatch >= 0.0f) {
        ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), tr(lang, Txt::PeMismatch), double(p.mismatch));
    } else {
        ImGui::TextDisabled("%s", tr(lang, Txt::PeMismatchNone));
    }

    if (!p.renderers_ready && p.renderer_error.empty()) {
        Status a = heatmap_renderer_init(p.pe);
        Status b = a ? heatmap_renderer_init(p.weights) : Status::Ok();
        if (!a || !b) p.renderer_error = !a ? a.message() : b.message();
        p.renderers_ready = p.renderer_error.empty();
    }
    if (!p.renderer_error.empty()) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }
    const int layer_index = clamp_layer(s.layer, *trace);
    const LayerTrace& layer = trace->layers[size_t(layer_index)];
    const int head = std::clamp(s.head, 0, layer.n_heads - 1);
    if (p.cached_trace.lock() != view.trace || p.cached_layer != layer_index || p.cached_head != head) {
        p.pe_data = matrix_heatmap_data(trace->q_positions);
        if (!trace->model.positional) {  // all zeros: a neutral fixed scale instead of min = max
            p.pe_data.vmin = -1.0f;
            p.pe_data.vmax = 1.0f;
        }
        p.weight_data = make_heatmap_data(layer, head, HeatmapQuantity::Weights);
        upload_heatmap(p.pe, p.pe_data);
        upload_heatmap(p.weights, p.weight_data);
        p.cached_trace = view.trace;
        p.cached_layer = layer_index;
        p.cached_head = head;
    }

    ImGui::Spacing();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float left_w = std::floor(avail.x * 0.58f), right_w = avail.x - left_w - 24.0f;
    const float map_h = avail.y - line_h - 8.0f;
    ImGui::BeginGroup();
    ImGui::Text(tr(lang, Txt::PeMatrix), trace->t_q(), int(trace->q_positions.cols()));
    if (!trace->model.positional && !pretrained) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::PeOff));
    draw_map(p.pe, p.pe_data, s.colormap, left_w, map_h - line_h, "##pe", Txt::PeValueTip, lang);
    ImGui::EndGroup();
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::BeginGroup();
    if (trace->layers.size() > 1) {
        ImGui::Text(tr(lang, Txt::ModelViewCell), layer_index + 1, head + 1);
    } else {
        ImGui::Text(tr(lang, Txt::PeWeights), head + 1);
    }
    draw_map(p.weights, p.weight_data, s.colormap, right_w, map_h, "##pe_w", Txt::HeadsCellTipNum, lang);
    ImGui::EndGroup();
}

void positional_panel_destroy(PositionalPanel& p) {
    heatmap_renderer_destroy(p.pe);
    heatmap_renderer_destroy(p.weights);
    p = PositionalPanel{};
}

}  // namespace attn::app
