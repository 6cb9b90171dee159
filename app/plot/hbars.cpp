// hbars.cpp — labelled horizontal bars drawn with ImGui's draw list
// (implementation; the interface and its contract are in hbars.h)
#include "app/plot/hbars.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn::app {

void draw_hbar_legend(const HBarSpec& spec) {
    const float line_h = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    bool first = true;
    for (const HBarSeries& s : spec.series) {
        if (s.name.empty()) continue;
        if (!first) ImGui::SameLine(0.0f, 18.0f);
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float cy = p.y + 0.5f * line_h;
        dl->AddRectFilled(ImVec2(p.x + 4.0f, cy - 5.0f), ImVec2(p.x + 18.0f, cy + 5.0f), s.colour);
        ImGui::Dummy(ImVec2(22.0f, line_h));
        ImGui::SameLine(0.0f, 2.0f);
        ImGui::TextUnformatted(s.name.c_str());
    }
}

HBarHover draw_hbars(const char* id, const HBarSpec& spec, ImVec2 size) {
    HBarHover hover;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    size.x = std::max(size.x, 160.0f);
    size.y = std::max(size.y, 60.0f);
    const int rows = int(spec.labels.size());
    const float line_h = ImGui::GetTextLineHeight();
    const float axis_h = line_h + 8.0f + (spec.x.label.empty() ? 0.0f : line_h + 2.0f);
    float row_h = rows > 0 ? (size.y - axis_h) / float(rows) : 0.0f;
    if (spec.max_row_height > 0.0f) row_h = std::min(row_h, spec.max_row_height);
    row_h = std::max(row_h, line_h + 2.0f);
    size.y = float(rows) * row_h + axis_h;
    ImGui::InvisibleButton(id, size);
    const bool hovered = ImGui::IsItemHovered();
    hover.clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);

    const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 dim_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 grid_col = IM_COL32(255, 255, 255, 28), axis_col = IM_COL32(255, 255, 255, 110);

    float label_w = 0.0f;
    for (const std::string& l : spec.labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
    label_w = std::min(label_w, 0.4f * size.x);
    char buf[64];
    std::snprintf(buf, sizeof(buf), spec.value_format, 0.888888);
    const float value_w = spec.value_format[0] != '\0' ? ImGui::CalcTextSize(buf).x + 6.0f : 0.0f;
    const float left = origin.x + label_w + 8.0f;
    const float right = origin.x + size.x - value_w - 6.0f;
    const float top = origin.y, bottom = origin.y + float(rows) * row_h;
    if (right - left < 20.0f) return hover;
    auto px = [&](double v) {
        return left + float(std::clamp(axis_fraction(spec.x, v), 0.0, 1.0)) * (right - left);
    };

    const std::vector<Tick> ticks = make_ticks(spec.x, 5);
    for (const Tick& t : ticks) {
        const float x = px(t.value);
        dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), grid_col);
        dl->AddLine(ImVec2(x, bottom), ImVec2(x, bottom + 4.0f), axis_col);
        if (!t.major || t.label.empty()) continue;
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        dl->AddText(ImVec2(x - 0.5f * ts.x, bottom + 5.0f), text_col, t.label.c_str());
    }
    dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), axis_col);
    dl->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), axis_col);
    if (!spec.x.label.empty()) {
        const ImVec2 ts = ImGui::CalcTextSize(spec.x.label.c_str());
        dl->AddText(ImVec2(0.5f * (left + right) - 0.5f * ts.x, bottom + line_h + 8.0f), dim_col, spec.x.label.c_str());
    }

    const ImVec2 m = ImGui::GetIO().MousePos;
    if (hovered && m.y >= top && m.y < bottom) hover.row = std::clamp(int((m.y - top) / row_h), 0, rows - 1);
    const int n_series = std::max(1, int(spec.series.size()));
    const float pad = std::min(4.0f, 0.15f * row_h);
    const float bar_h = (row_h - 2.0f * pad) / float(n_series);
    for (int r = 0; r < rows; ++r) {
        const float y0 = top + float(r) * row_h;
        if (r == hover.row) dl->AddRectFilled(ImVec2(origin.x, y0), ImVec2(origin.x + size.x, y0 + row_h), IM_COL32(255, 255, 255, 18));
        if (r == spec.highlight)
            dl->AddRect(ImVec2(origin.x, y0), ImVec2(origin.x + size.x, y0 + row_h), IM_COL32(80, 220, 255, 200), 0.0f, 0, 1.5f);
        // The label, right-aligned against the axis, clipped to its column.
        const std::string& l = spec.labels[size_t(r)];
        const ImVec2 ts = ImGui::CalcTextSize(l.c_str());
        const ImVec4 clip(origin.x, y0, left - 4.0f, y0 + row_h);
        dl->AddText(nullptr, 0.0f, ImVec2(std::max(origin.x, left - 6.0f - ts.x), y0 + 0.5f * (row_h - ts.y)), text_col,
                    l.c_str(), nullptr, 0.0f, &clip);
        for (int si = 0; si < int(spec.series.size()); ++si) {
            const HBarSeries& s = spec.series[size_t(si)];
            if (size_t(r) >= s.values.size() || !std::isfinite(s.values[size_t(r)])) continue;
            const float b0 = y0 + pad + float(si) * bar_h;
            const float x1 = px(s.values[size_t(r)]);
            dl->AddRectFilled(ImVec2(left + 1.0f, b0 + 1.0f), ImVec2(std::max(x1, left + 2.0f), b0 + bar_h - 1.0f), s.colour);
            if (spec.value_format[0] != '\0' && bar_h >= 0.6f * line_h) {
                std::snprintf(buf, sizeof(buf), spec.value_format, s.values[size_t(r)]);
                dl->AddText(ImVec2(x1 + 4.0f, b0 + 0.5f * (bar_h - line_h)), s.colour, buf);
            }
        }
    }
    if (hover.row >= 0) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(spec.labels[size_t(hover.row)].c_str());
        for (const HBarSeries& s : spec.series) {
            if (size_t(hover.row) >= s.values.size()) continue;
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.colour), "%s: %.4g", s.name.c_str(), s.values[size_t(hover.row)]);
        }
        ImGui::EndTooltip();
    }
    return hover;
}

}  // namespace attn::app
