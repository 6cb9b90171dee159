// panel.cpp — the line view: query tokens left, key tokens right, one line per (i, j) with
// (implementation; the interface and its contract are in panel.h)
#include "app/views/lines/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

void draw_head_choice(AppState& s, int n_heads) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(s.lang, Txt::Head));
    item_tooltip(tr(s.lang, Txt::HeadTip));
    ImGui::SameLine();
    int shown = s.head + 1;
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::SliderInt("##lines_head", &shown, 1, n_heads)) s.head = std::clamp(shown - 1, 0, n_heads - 1);
}

}  // namespace

void draw_lines_panel(LinesPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::LinesIntro));
    ImGui::PopTextWrapPos();
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const Trace& trace = *view.trace;
    clamp_selection(s, trace);
    const LayerTrace& layer = current_layer(trace, s);
    if (trace.layers.size() > 1) {
        ImGui::AlignTextToFramePadding();
        draw_layer_choice(s, int(trace.layers.size()));
    }
    draw_head_choice(s, layer.n_heads);
    const int t_q = trace.t_q(), t_k = trace.t_k();
    if (std::max(t_q, t_k) > kMaxLineTokens) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::LinesTooMany), std::max(t_q, t_k),
                           kMaxLineTokens, kMaxLineTokens * kMaxLineTokens);
        ImGui::PopTextWrapPos();
        return;
    }

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    const float header_h = line_h + 8.0f;
    const float top = origin.y + header_h, height = std::max(avail.y - header_h - 4.0f, 10.0f);
    const float label_w = std::min(220.0f, avail.x * 0.25f);
    const float left_x = origin.x + label_w;              // line ends, left
    const float right_x = origin.x + avail.x - label_w;  // line ends, right
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddText(ImVec2(origin.x, origin.y), dim, tr(lang, Txt::LinesQueries));
    dl->AddText(ImVec2(right_x + 8.0f, origin.y), dim, tr(lang, Txt::LinesKeys));

    // Pointer → focused token (last frame's lines are replaced below when it changes).
    const ImVec2 m = ImGui::GetIO().MousePos;
    ImGui::SetCursorScreenPos(ImVec2(origin.x, top));
    ImGui::InvisibleButton("##lines", ImVec2(std::max(avail.x, 1.0f), height));
    p.focus_q = p.focus_k = -1;
    if (ImGui::IsItemHovered()) {
        if (m.x < left_x + 6.0f) p.focus_q = token_at(m.y, t_q, top, height);
        if (m.x > right_x - 6.0f) p.focus_k = token_at(m.y, t_k, top, height);
    }
    if (p.cached_trace.lock() != view.trace || p.cached_layer != s.layer || p.cached_head != s.head ||
        p.cached_q != p.focus_q || p.cached_k != p.focus_k) {
        p.lines = attention_lines(layer, s.head, p.focus_q, p.focus_k);
        p.cached_trace = view.trace;
        p.cached_layer = s.layer;
        p.cached_head = s.head;
        p.cached_q = p.focus_q;
        p.cached_k = p.focus_k;
    }

    const bool focused = p.focus_q >= 0 || p.focus_k >= 0;
    const float thickness = std::max(t_q, t_k) > 48 ? 1.0f : 2.0f;
    for (const AttentionLine& l : p.lines) {
        const float y0 = token_y(l.i, t_q, top, height), y1 = token_y(l.j, t_k, top, height);
        const int a = int(std::lround(std::clamp(l.alpha, 0.0f, 1.0f) * 255.0f));
        const ImU32 c = focused ? IM_COL32(255, 170, 60, a) : IM_COL32(90, 170, 255, a);
        dl->AddLine(ImVec2(left_x, y0), ImVec2(right_x, y1), c, thickness);
    }

    // Labels: every k-th when the bands are thinner than a text line.
    auto labels = [&](const std::vector<Token>& tokens, int count, bool left, int focus) {
        const int stride = std::max(1, int(std::ceil(line_h / (height / float(std::max(count, 1))))));
        for (int t = 0; t < count; ++t) {
            if (t % stride != 0 && t != focus) continue;
            char buf[160];
            if (count > 24) {  // only some labels show: number them so they can be found
                std::snprintf(buf, sizeof(buf), "%d %s", t, tokens[size_t(t)].text.c_str());
            } else {
                std::snprintf(buf, sizeof(buf), "%s", tokens[size_t(t)].text.c_str());
            }
            const ImVec2 size = ImGui::CalcTextSize(buf);
            const float y = token_y(t, count, top, height) - 0.5f * line_h;
            const float x = left ? left_x - 8.0f - size.x : right_x + 8.0f;
            if (t == focus) {
                dl->AddRectFilled(ImVec2(x - 3, y - 1), ImVec2(x + size.x + 3, y + line_h + 1), IM_COL32(120, 80, 20, 255), 3.0f);
            }
            dl->PushClipRect(ImVec2(origin.x, top - line_h), ImVec2(origin.x + avail.x, top + height + line_h), true);
            dl->AddText(ImVec2(x, y), text, buf);
            dl->PopClipRect();
        }
    };
    labels(trace.q_tokens, t_q, true, p.focus_q);
    labels(trace.k_tokens, t_k, false, p.focus_k);
    if (focused) {
        ImGui::BeginTooltip();
        const int idx = p.focus_q >= 0 ? p.focus_q : p.focus_k;
        const Token& tok = p.focus_q >= 0 ? trace.q_tokens[size_t(idx)] : trace.k_tokens[size_t(idx)];
        ImGui::Text(tr(lang, Txt::LinesHoverTip), tok.text.c_str(), int(p.lines.size()));
        ImGui::EndTooltip();
    }
}

}  // namespace attn::app
