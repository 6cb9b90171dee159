// panel.cpp — the Position similarity view (ViT paper, Figure 7 centre)
// (implementation; the interface and its contract are in panel.h)
#include "app/views/pos_similarity/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <imgui.h>

#include "app/matrix/heatmap_texture.h"
#include "app/widgets/view_notice.h"
#include "core/attention/vision_stats.h"

namespace attn::app {

namespace {

// A horizontal colour bar for [-1, 1] at the cursor, `w` wide.
void draw_colour_bar(Colormap map, float w) {
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight() * 0.8f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int steps = 64;
    for (int i = 0; i < steps; ++i) {
        const Rgb8 c = colormap_rgb8(map, (float(i) + 0.5f) / float(steps));
        dl->AddRectFilled(ImVec2(o.x + w * float(i) / steps, o.y), ImVec2(o.x + w * float(i + 1) / steps + 0.5f, o.y + h),
                          IM_COL32(c.r, c.g, c.b, 255));
    }
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddText(ImVec2(o.x, o.y + h + 2.0f), text, "-1");
    dl->AddText(ImVec2(o.x + 0.5f * w - 4.0f, o.y + h + 2.0f), text, "0");
    dl->AddText(ImVec2(o.x + w - ImGui::CalcTextSize("1").x, o.y + h + 2.0f), text, "1");
    ImGui::Dummy(ImVec2(w, h + ImGui::GetTextLineHeight() + 4.0f));
}

}  // namespace

void draw_pos_similarity_panel(PosSimilarityPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::PosIntro));
    ImGui::PopTextWrapPos();
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    if (!view.trace->image) {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::VitOnlyImages));
        return;
    }
    const Trace& trace = *view.trace;
    const TraceImage& img = *trace.image;
    const int rows = img.grid_rows, cols = img.grid_cols, n = rows * cols;
    if (n <= 0) return;
    if (p.cached_trace.lock() != view.trace || p.cached_map != s.colormap) {
        if (p.cached_trace.lock() != view.trace) p.similarity = position_similarity(trace);
        p.tiles = similarity_tiles(p.similarity, rows, cols, s.colormap, similarity_cell_pixels(rows, cols, 1024));
        p.texture = upload_rgba_texture(p.texture, p.tiles.rgba.data(), p.tiles.width, p.tiles.height);
        p.cached_trace = view.trace;
        p.cached_map = s.colormap;
        p.single_of = -1;
    }
    s.pos_patch = std::clamp(s.pos_patch, 0, n - 1);
    if (p.single_of != s.pos_patch) {
        p.single = one_map(p.similarity, s.pos_patch, rows, cols, s.colormap);
        p.single_texture = upload_rgba_texture(p.single_texture, p.single.rgba.data(), p.single.width, p.single.height);
        p.single_of = s.pos_patch;
    }
    if (img.positions_interpolated) {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::ImageInterpolated), img.checkpoint_grid,
                           img.checkpoint_grid, rows, cols);
    }

    // Left: every map (square-ish, as large as fits); right: the chosen map large.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float side_w = std::clamp(avail.x * 0.3f, 180.0f, 360.0f);
    const float grid_w = std::max(avail.x - side_w - 16.0f, 50.0f), grid_h = std::max(avail.y - 4.0f, 50.0f);
    const float aspect = float(p.tiles.width) / float(std::max(p.tiles.height, 1));
    const float gw = std::floor(std::min(grid_w, grid_h * aspect)), gh = std::floor(gw / aspect);
    const ImVec2 g0 = ImGui::GetCursorScreenPos(), g1(g0.x + gw, g0.y + gh);
    ImGui::InvisibleButton("##pos_grid", ImVec2(gw, gh));
    const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddImage(ImTextureID(std::intptr_t(p.texture)), g0, g1);
    auto tile_box = [&](int map, ImVec2* a, ImVec2* b) {
        int x0, y0, x1, y1;
        tile_rect(p.tiles, map, &x0, &y0, &x1, &y1);
        const float sx = gw / float(p.tiles.width), sy = gh / float(p.tiles.height);
        *a = ImVec2(g0.x + float(x0) * sx, g0.y + float(y0) * sy);
        *b = ImVec2(g0.x + float(x1) * sx, g0.y + float(y1) * sy);
    };
    ImVec2 a, b;
    tile_box(s.pos_patch, &a, &b);
    dl->AddRect(ImVec2(a.x - 1.5f, a.y - 1.5f), ImVec2(b.x + 1.5f, b.y + 1.5f), IM_COL32(255, 210, 40, 255), 0.0f, 0, 2.0f);
    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const TileHit hit = tile_at(p.tiles, (m.x - g0.x) / gw, (m.y - g0.y) / gh);
        if (hit.map >= 0) {
            tile_box(hit.map, &a, &b);
            dl->AddRect(a, b, IM_COL32(255, 255, 255, 220), 0.0f, 0, 1.5f);
            ImGui::BeginTooltip();
            ImGui::Text(tr(lang, Txt::PosHoverTip), hit.map + 1, hit.map / cols + 1, hit.map % cols + 1, hit.cell + 1,
                        hit.cell / cols + 1, hit.cell % cols + 1, double(p.similarity(hit.map, hit.cell)));
            ImGui::EndTooltip();
            if (clicked) s.pos_patch = hit.map;
        }
    }

    // The side column.
    ImGui::SetCursorScreenPos(ImVec2(g1.x + 16.0f, g0.y));
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side_w);
    ImGui::Text(tr(lang, Txt::PosSelected), s.pos_patch + 1, s.pos_patch / cols + 1, s.pos_patch % cols + 1);
    const float big = std::floor(side_w * 0.9f);
    const float bw = cols >= rows ? big : std::floor(big * float(cols) / float(rows));
    const float bh = rows >= cols ? big : std::floor(big * float(rows) / float(cols));
    const ImVec2 s0 = ImGui::GetCursorScreenPos();
    ImGui::Image(ImTextureID(std::intptr_t(p.single_texture)), ImVec2(bw, bh));
    const float cw = bw / float(cols), ch = bh / float(rows);
    const ImVec2 c0(s0.x + float(s.pos_patch % cols) * cw, s0.y + float(s.pos_patch / cols) * ch);
    dl->AddRect(c0, ImVec2(c0.x + cw, c0.y + ch), IM_COL32(255, 210, 40, 255), 0.0f, 0, 2.0f);
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int q = std::clamp(int((m.x - s0.x) / cw), 0, cols - 1), r = std::clamp(int((m.y - s0.y) / ch), 0, rows - 1);
        const int cell = r * cols + q;
        ImGui::BeginTooltip();
        ImGui::Text(tr(lang, Txt::PosHoverTip), s.pos_patch + 1, s.pos_patch / cols + 1, s.pos_patch % cols + 1, cell + 1, r + 1, q + 1,
                    double(p.similarity(s.pos_patch, cell)));
        ImGui::EndTooltip();
    }
    ImGui::Spacing();
    draw_colour_bar(s.colormap, bw);
    ImGui::TextDisabled("%s", tr(lang, Txt::PosLegend));
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
}

void pos_similarity_panel_destroy(PosSimilarityPanel& p) {
    delete_texture(p.texture);
    delete_texture(p.single_texture);
    p.texture = p.single_texture = 0;
    p.cached_trace.reset();
}

}  // namespace attn::app
