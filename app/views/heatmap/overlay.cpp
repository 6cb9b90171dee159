// overlay.cpp — what the draw list adds on top of the heatmap texture: axis labels, cell
// numbers, the colour bar and the hover tooltip (declared in panel.h).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/views/heatmap/panel.h"
#include "app/widgets/lesson_marks.h"

namespace attn::app {

namespace {

constexpr ImU32 kHoverText = IM_COL32(255, 214, 64, 255);

// Text reading bottom-to-top whose first character sits at `bottom_left`: drawn horizontally,
// then its vertices are turned −90° about that point (ImGui 1.86 has no rotated text).
void add_text_vertical(ImDrawList* dl, ImVec2 bottom_left, ImU32 colour, const char* text) {
    const int first = dl->VtxBuffer.Size;
    dl->AddText(bottom_left, colour, text);
    for (int k = first; k < dl->VtxBuffer.Size; ++k) {
        ImVec2& pos = dl->VtxBuffer[k].pos;
        const float dx = pos.x - bottom_left.x, dy = pos.y - bottom_left.y;
        pos = ImVec2(bottom_left.x + dy, bottom_left.y - dx);  // (dx, dy) → (dy, −dx)
    }
}

void format_value(char* buf, size_t n, float v, HeatmapQuantity q) {
    const float a = std::fabs(v);
    if (q == HeatmapQuantity::Weights || a < 10.0f) std::snprintf(buf, n, "%.2f", v);
    else if (a < 100.0f) std::snprintf(buf, n, "%.1f", v);
    else std::snprintf(buf, n, "%.0f", v);
}

}  // namespace

float colour_bar_width(Lang lang) {
    const float ticks = ImGui::CalcTextSize("-000.00").x;
    const float caption = std::max(ImGui::CalcTextSize(tr(lang, Txt::ColourBarFixed)).x,
                                   ImGui::CalcTextSize(tr(lang, Txt::ColourBarAuto)).x);
    return 12.0f + std::max(16.0f + 6.0f + ticks, caption) + 6.0f;
}

void draw_axis_labels(const HeatmapPanel& p, const HeatmapLayout& L, const Trace& trace) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line_h = ImGui::GetTextLineHeight();
    const ImU32 normal = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 special = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    auto colour = [&](const Token& t, bool hovered) {
        return hovered ? kHoverText : (t.kind == TokenKind::Special ? special : normal);
    };

    // An image run with cells large enough: each patch's picture instead of its name (the prefix
    // tokens keep theirs); every patch is drawn, the text stride does not apply.
    const bool thumbs = trace.image && p.picture.texture != 0 && L.cell >= kMinThumbPx;
    const float row_side = std::min(L.cell - 2.0f, std::max(L.row_labels.w - 2.0f, 0.0f));
    const float col_side = std::min(L.cell - 2.0f, std::max(L.col_labels.h - 2.0f, 0.0f));
    for (int i = 0; i < int(p.row_labels.size()); ++i) {
        const bool hovered = p.hovered.valid() && p.hovered.i == i;
        if (thumbs && row_side >= kMinThumbPx) {
            const float cy = L.grid.y + (float(i) + 0.5f) * L.cell;
            if (cy < L.view.y || cy > L.view.bottom()) continue;
            if (draw_patch_thumb(dl, p.picture, i, ImVec2(L.row_labels.right() - 0.5f * row_side - 1.0f, cy), row_side,
                                 hovered))
                continue;
        }
        if (i % L.row_stride != 0 && !hovered) continue;
        const char* text = p.row_labels[size_t(i)].c_str();
        const float w = ImGui::CalcTextSize(text).x;
        const float y = L.grid.y + (float(i) + 0.5f) * L.cell - 0.5f * line_h;
        if (y + 0.5f * line_h < L.view.y || y + 0.5f * line_h > L.view.bottom()) continue;  // zoomed out of view
        dl->AddText(ImVec2(L.row_labels.right() - w, y), colour(trace.q_tokens[size_t(i)], hovered), text);
    }

    // Rotated glyphs are culled against the clip rect at their unrotated place: widen it.
    const ImVec2 wmin = ImGui::GetWindowPos();
    const ImVec2 wmax(wmin.x + ImGui::GetWindowWidth(), wmin.y + ImGui::GetWindowHeight());
    dl->PushClipRect(ImVec2(wmin.x, wmin.y - kMaxLabelPx), ImVec2(wmax.x + kMaxLabelPx, wmax.y), false);
    for (int j = 0; j < int(p.col_labels.size()); ++j) {
        const bool hovered = p.hovered.valid() && p.hovered.j == j;
        if (thumbs && col_side >= kMinThumbPx) {
            const float cx = L.grid.x + (float(j) + 0.5f) * L.cell;
            if (cx < L.view.x || cx > L.view.right()) continue;
            if (draw_patch_thumb(dl, p.picture, j, ImVec2(cx, L.col_labels.bottom() - 0.5f * col_side - 1.0f), col_side,
                                 hovered))
                continue;
        }
        if (j % L.col_stride != 0 && !hovered) continue;
        const char* text = p.col_labels[size_t(j)].c_str();
        const ImU32 c = colour(trace.k_tokens[size_t(j)], hovered);
        const float cx = L.grid.x + (float(j) + 0.5f) * L.cell;
        if (cx < L.view.x || cx > L.view.right()) continue;  // zoomed out of view
        const float w = ImGui::CalcTextSize(text).x;
        switch (L.col_mode) {
            case ColumnLabelMode::Horizontal:
                dl->AddText(ImVec2(cx - 0.5f * w, L.col_labels.bottom() - line_h), c, text);
                break;
            case ColumnLabelMode::Staggered: {
                const float y = L.col_labels.bottom() - (j % 2 == 0 ? 2.0f : 1.0f) * line_h;
                dl->AddText(ImVec2(cx - 0.5f * w, y), c, text);
                break;
            }
            case ColumnLabelMode::Vertical:
                add_text_vertical(dl, ImVec2(cx - 0.5f * line_h, L.col_labels.bottom()), c, text);
                break;
        }
    }
    dl->PopClipRect();
}

void draw_cell_numbers(const HeatmapPanel& p, const HeatmapLayout& L, Colormap map, HeatmapQuantity q) {
    const HeatmapData& d = p.data;
    const float line_h = ImGui::GetTextLineHeight();
    if (L.cell < line_h + 2.0f || L.cell < ImGui::CalcTextSize("0.00").x + 6.0f) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    char buf[32];
    for (int i = 0; i < d.rows; ++i) {
        for (int j = 0; j < d.cols; ++j) {
            const size_t k = size_t(i) * d.cols + j;
            if (d.masked[k]) continue;  // hatched: the weight is exactly 0 by construction
            const RectF r = cell_rect(L, i, j);
            if (r.x < L.view.x - 0.5f || r.right() > L.view.right() + 0.5f || r.y < L.view.y - 0.5f ||
                r.bottom() > L.view.bottom() + 0.5f)
                continue;  // zoomed: only the cells wholly in view
            format_value(buf, sizeof(buf), d.values[k], q);
            const ImVec2 size = ImGui::CalcTextSize(buf);
            if (size.x + 4.0f > L.cell) continue;
            const bool dark = prefers_dark_text(colormap_rgb(map, normalized(d, d.values[k])));
            dl->AddText(ImVec2(r.x + 0.5f * (r.w - size.x), r.y + 0.5f * (r.h - size.y)),
                        dark ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255), buf);
        }
    }
}

void draw_colour_bar(const HeatmapPanel& p, const HeatmapLayout& L, Colormap map, Lang lang) {
    const HeatmapData& d = p.data;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const RectF& bar = L.colorbar;
    const int segments = std::clamp(int(bar.h), 2, kColormapEntries);
    for (int s = 0; s < segments; ++s) {  // top = vmax
        const float t = 1.0f - float(s) / float(segments - 1);
        const Rgb8 c = colormap_rgb8(map, t);
        const float y0 = bar.y + bar.h * float(s) / float(segments);
        const float y1 = bar.y + bar.h * float(s + 1) / float(segments);
        dl->AddRectFilled(ImVec2(bar.x, y0), ImVec2(bar.right(), y1 + 0.5f), IM_COL32(c.r, c.g, c.b, 255));
    }
    dl->AddRect(ImVec2(bar.x - 1, bar.y - 1), ImVec2(bar.right() + 1, bar.bottom() + 1), IM_COL32(110, 110, 120, 255));

    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const float line_h = ImGui::GetTextLineHeight();
    char buf[32];
    for (int k = 0; k <= 4; ++k) {
        const float t = float(k) / 4.0f;
        const float y = bar.bottom() - t * bar.h;
        const float v = d.vmin + t * (d.vmax - d.vmin);
        std::snprintf(buf, sizeof(buf), std::fabs(d.vmax - d.vmin) >= 10.0f ? "%.1f" : "%.2f", v);
        dl->AddLine(ImVec2(bar.right(), y), ImVec2(bar.right() + 4.0f, y), text);
        dl->AddText(ImVec2(bar.right() + 6.0f, y - 0.5f * line_h), text, buf);
    }
    dl->AddText(ImVec2(bar.x, bar.bottom() + 0.5f * line_h), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                tr(lang, d.fixed_range ? Txt::ColourBarFixed : Txt::ColourBarAuto));
}

void draw_cell_tooltip(const Trace& trace, int head, CellIndex cell, const AppState& s) {
    const Lang lang = s.lang;
    const LayerTrace& layer = current_layer(trace, s);
    const CellInfo c = cell_info(layer, head, cell.i, cell.j);
    const Token& q = trace.q_tokens[size_t(cell.i)];
    const Token& k = trace.k_tokens[size_t(cell.j)];
    ImGui::BeginTooltip();
    ImGui::Text("%s %d: %s", tr(lang, Txt::TipQuery), cell.i, q.text.c_str());
    ImGui::Text("%s %d: %s", tr(lang, Txt::TipKey), cell.j, k.text.c_str());
    if (k.kind == TokenKind::Special) {
        ImGui::SameLine();
        ImGui::TextDisabled("(%s)", tr(lang, Txt::TipPad));
    }
    ImGui::Separator();
    ImGui::Text("%s = %.4f", tr(lang, Txt::TipScore), c.score);
    if (c.masked) {
        ImGui::Text("%s = -∞", tr(lang, Txt::TipScaled));
    } else {
        ImGui::Text("%s = %.4f  (= %.4f × %.4f)", tr(lang, Txt::TipScaled), c.logit, c.score, c.factor);
    }
    ImGui::Text("%s: %s", tr(lang, Txt::TipMasked), tr(lang, c.masked ? Txt::TipYes : Txt::TipNo));
    ImGui::Text("%s = %.4f", tr(lang, Txt::TipWeight), c.weight);
    if (c.row_fully_masked) ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "%s", tr(lang, Txt::TipFullyMasked));
    ImGui::TextDisabled("%s", tr(lang, s.mask_edit ? Txt::TipClickToggle : Txt::ClickToExplain));
    ImGui::EndTooltip();
}

}  // namespace attn::app

namespace attn::app {

void draw_lesson_highlights(const HeatmapLayout& L, const Highlights& h, int rows, int cols) {
    if (h.empty() || L.cell <= 0.0f) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 c = lesson_mark_colour();  // steady outline; the pulse is an inner frame
    const float t = L.cell >= 16.0f ? 3.0f : 2.0f;
    const ImU32 glow = lesson_mark_colour(0.5f * lesson_pulse());
    auto outline = [&](ImVec2 a, ImVec2 b, float width) {
        dl->AddRect(a, b, c, 0.0f, 0, width);
        if (L.cell >= 16.0f) dl->AddRect(ImVec2(a.x + width + 1, a.y + width + 1), ImVec2(b.x - width - 1, b.y - width - 1), glow, 0.0f, 0, 2.0f);
    };
    for (int i : h.rows) {
        if (i < 0 || i >= rows) continue;
        const float y = L.grid.y + float(i) * L.cell;
        outline(ImVec2(L.grid.x + 1, y + 1), ImVec2(L.grid.right() - 1, y + L.cell - 1), t);
    }
    for (int j : h.columns) {
        if (j < 0 || j >= cols) continue;
        const float x = L.grid.x + float(j) * L.cell;
        outline(ImVec2(x + 1, L.grid.y + 1), ImVec2(x + L.cell - 1, L.grid.bottom() - 1), t);
    }
    for (const auto& [i, j] : h.cells) {
        if (i < 0 || i >= rows || j < 0 || j >= cols) continue;
        const RectF r = cell_rect(L, i, j);
        outline(ImVec2(r.x + 1, r.y + 1), ImVec2(r.right() - 1, r.bottom() - 1), t + 1.0f);
    }
    if (h.answer_row >= 0 && h.answer_row < rows && h.answer_col >= 0 && h.answer_col < cols) {
        const RectF r = cell_rect(L, h.answer_row, h.answer_col);  // the revealed answer: green, steady
        dl->AddRect(ImVec2(r.x + 2, r.y + 2), ImVec2(r.right() - 2, r.bottom() - 2), lesson_answer_colour(), 0.0f, 0,
                    t + 1.0f);
    }
}

void draw_lesson_token_marks(const HeatmapLayout& L, const Highlights& h, int rows, int cols) {
    if (h.tokens.empty() && h.rows.empty() && h.columns.empty() && h.cells.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 band = lesson_mark_colour(0.2f + 0.15f * lesson_pulse()), edge = lesson_mark_colour();
    // A highlighted row's or column's token: a tinted band behind its label with a bar on its outer side.
    auto row_mark = [&](int i) {
        if (i < 0 || i >= rows || L.row_labels.w <= 0.0f) return;
        const float y0 = std::max(L.grid.y + float(i) * L.cell, L.view.y);
        const float y1 = std::min(L.grid.y + float(i + 1) * L.cell, L.view.bottom());
        if (y1 <= y0) return;
        dl->AddRectFilled(ImVec2(L.row_labels.x, y0), ImVec2(L.row_labels.right(), y1), band);
        dl->AddRectFilled(ImVec2(L.row_labels.x, y0), ImVec2(L.row_labels.x + 3.0f, y1), edge);  // labels are right-aligned
    };
    auto col_mark = [&](int j) {
        if (j < 0 || j >= cols || L.col_labels.h <= 0.0f) return;
        const float x0 = std::max(L.grid.x + float(j) * L.cell, L.view.x);
        const float x1 = std::min(L.grid.x + float(j + 1) * L.cell, L.view.right());
        if (x1 <= x0) return;
        dl->AddRectFilled(ImVec2(x0, L.col_labels.y), ImVec2(x1, L.col_labels.bottom()), band);
        dl->AddRectFilled(ImVec2(x0, L.col_labels.y), ImVec2(x1, L.col_labels.y + 3.0f), edge);
    };
    for (int i : h.tokens) {
        row_mark(i);
        col_mark(i);
    }
    for (int i : h.rows) row_mark(i);
    for (int j : h.columns) col_mark(j);
    for (const auto& [i, j] : h.cells) {
        row_mark(i);
        col_mark(j);
    }
}

}  // namespace attn::app
