// panel.cpp — every matrix of one head's forward pass as a small heatmap with its name,
// (implementation; the interface and its contract are in panel.h)
#include "app/views/pipeline/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include <imgui.h>

#include "app/widgets/text_fit.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

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
        draw_empty_view(view, lang);
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
    ImGui::Checkbox(p.label(lang, Txt::PipeSameScale, "pipe_same"), &p.same_scale);
    item_tooltip(tr(lang, Txt::PipeSameScaleTip));
    if (p.cached_trace != view.trace || p.cached_layer != layer_index || p.cached_head != head ||
        p.cached_same_scale != p.same_scale) {
        p.stages = make_pipeline(*view.trace, layer_index, head);
        if (p.same_scale) share_score_scale(p.stages);
        for (size_t k = 0; k < p.stages.size(); ++k) upload_heatmap(p.renderers[k], p.stages[k].data);
        p.cached_trace = view.trace;
        p.cached_layer = layer_index;
        p.cached_head = head;
        p.cached_same_scale = p.same_scale;
    }

    const Trace& trace = *view.trace;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    const float caption_h = 4.0f * line_h + 6.0f;
    const float gap = 22.0f;

    // Row labels: the tokens, elided to at most 90 px.
    float label_w = 0.0f;
    for (const auto* toks : {&trace.q_tokens, &trace.k_tokens})
        for (const Token& t : *toks) label_w = std::max(label_w, ImGui::CalcTextSize(t.text.c_str()).x);
    label_w = std::min(label_w, 90.0f) + 6.0f;
    const PipelineLayout L = layout_pipeline(p.stages, avail.x, std::max(avail.y, 200.0f), caption_h, 190.0f, label_w,
                                             gap, 48.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 accent = rgba(140, 205, 255);
    auto width_of = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };

    for (int k = 0; k < kPipelineStages; ++k) {
        const PipelineStage& st = p.stages[size_t(k)];
        const PipelineBox& bx = L.boxes[size_t(k)];
        const ImVec2 b0(origin.x + bx.x, origin.y + bx.y);
        dl->PushClipRect(b0, ImVec2(b0.x + bx.w, b0.y + caption_h), true);
        char line[192];
        std::snprintf(line, sizeof(line), "%d. %s = %s", k + 1, st.name, st.formula);
        dl->AddText(b0, accent, line);
        const std::string shape = shape_text(st);
        dl->AddText(ImVec2(b0.x, b0.y + line_h), text, shape.c_str());
        char range[96];
        std::snprintf(range, sizeof(range), tr(lang, Txt::PipeRange), double(st.data.vmin), double(st.data.vmax));
        dl->AddText(ImVec2(b0.x, b0.y + 2.0f * line_h), dim, range);
        dl->AddText(ImVec2(b0.x, b0.y + 3.0f * line_h), dim, tr(lang, st.what));
        dl->PopClipRect();

        const int nr = std::max(st.data.rows, 1), nc = std::max(st.data.cols, 1);
        const ImVec2 p0(origin.x + bx.matrix_x, origin.y + bx.matrix_y);
        const ImVec2 p1(p0.x + bx.matrix_w, p0.y + bx.matrix_h);
        const unsigned tex = render_heatmap(p.renderers[size_t(k)], int(bx.matrix_w), int(bx.matrix_h), s.colormap,
                                            st.data.vmin, st.data.vmax, L.cell);
        if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
        dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));

        // Token labels on the rows (every k-th row when the cells are smaller than the text).
        const std::vector<Token>* toks = st.rows_name == "T_q" ? &trace.q_tokens
                                         : st.rows_name == "T_k" ? &trace.k_tokens
                                                                 : nullptr;
        if (toks != nullptr && int(toks->size()) == nr) {
            // As large as a row allows (at least 11 px); every k-th row when even that overlaps.
            const float font_px = std::clamp(L.cell * 0.95f, 11.0f, ImGui::GetFontSize());
            const float scale = font_px / ImGui::GetFontSize();
            const int every = std::max(1, int(std::ceil(font_px / std::max(L.cell, 0.01f) - 1e-3f)));
            for (int i = 0; i < nr; i += every) {
                const std::string t = elide_to_width((*toks)[size_t(i)].text, (label_w - 6.0f) / scale, width_of);
                const float y = p0.y + (float(i) + 0.5f) * L.cell - 0.5f * font_px;
                dl->AddText(ImGui::GetFont(), font_px, ImVec2(p0.x - 4.0f - width_of(t) * scale, y), dim, t.c_str());
            }
        }

        ImGui::SetCursorScreenPos(p0);
        ImGui::PushID(k);
        ImGui::InvisibleButton("##m", ImVec2(bx.matrix_w, bx.matrix_h));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(int((m.x - p0.x) / bx.matrix_w * float(nc)), 0, nc - 1);
            const int i = std::clamp(int((m.y - p0.y) / bx.matrix_h * float(nr)), 0, nr - 1);
            const size_t idx = size_t(i) * size_t(nc) + size_t(j);
            ImGui::BeginTooltip();
            if (st.data.masked[idx]) {
                ImGui::Text("%s[%d, %d] = -∞", st.name, i, j);
            } else {
                ImGui::Text(tr(lang, Txt::PipeValue), st.name, i, j, double(st.data.values[idx]));
            }
            if (toks != nullptr && i < int(toks->size())) ImGui::Text("%s", (*toks)[size_t(i)].text.c_str());
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
