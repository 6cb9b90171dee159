// probe_grid.cpp — a probe trace's every head as tiles (see probe_grid.h)
#include "app/views/train/probe_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "app/matrix/heatmap_texture.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

void upload(ProbeGrid& g, const std::shared_ptr<const Trace>& trace, Colormap map) {
    if (g.trace == trace && g.map == map && g.texture != 0) return;
    ProbeAtlas a = make_probe_atlas(*trace, map);
    if (a.width > 0) g.texture = upload_rgba_texture(g.texture, a.rgba.data(), a.width, a.height);
    a.rgba.clear();
    a.rgba.shrink_to_fit();
    g.atlas = std::move(a);
    g.trace = trace;
    g.map = map;
}

}  // namespace

void draw_probe_grid(ProbeGrid& g, const std::shared_ptr<const Trace>& trace, const std::vector<std::string>& rows,
                     const std::vector<std::string>& cols, Lang lang, Colormap map, ImVec2 avail) {
    upload(g, trace, map);
    const ProbeAtlas& a = g.atlas;
    if (a.width == 0 || g.texture == 0) return;
    float label_w = 0.0f;
    for (const std::string& l : rows) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
    label_w += 6.0f;
    const float line_h = ImGui::GetTextLineHeight();
    const float gap = 12.0f;
    // Square cells: the tile is (tk × tq) cells, as large as the heads across and the layers down allow.
    const float room_w = (avail.x - label_w - gap * float(a.heads - 1)) / float(a.heads);
    const float room_h = (avail.y - float(a.layers) * (line_h + 2.0f) - line_h - 4.0f - gap * float(a.layers - 1)) / float(a.layers);
    const float cell = std::floor(std::max(std::min(room_w / float(a.tk), room_h / float(a.tq)), 24.0f / float(std::max(a.tq, a.tk))));
    const float tile_w = cell * float(a.tk), tile_h = cell * float(a.tq);
    // Token labels on every cell when they fit, else every k-th.
    float widest = 0.0f;
    for (const std::string& l : cols) widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
    const int every = std::max(1, int(std::ceil((widest + 1.0f) / cell)));
    const int every_row = std::max(1, int(std::ceil(line_h / cell)));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float u = 1.0f / float(a.heads), v = 1.0f / float(a.layers);
    for (int l = 0; l < a.layers; ++l) {
        const LayerTrace& L = trace->layers[std::size_t(l)];
        const float y0 = origin.y + float(l) * (tile_h + line_h + 2.0f + gap) + line_h + 2.0f;
        for (int i = 0; i < a.tq && i < int(rows.size()); i += every_row) {  // query labels, left of the row
            const ImVec2 ts = ImGui::CalcTextSize(rows[std::size_t(i)].c_str());
            dl->AddText(ImVec2(origin.x + label_w - 4.0f - ts.x, y0 + (float(i) + 0.5f) * cell - 0.5f * ts.y), dim,
                        rows[std::size_t(i)].c_str());
        }
        for (int h = 0; h < L.n_heads; ++h) {
            const ImVec2 p0(origin.x + label_w + float(h) * (tile_w + gap), y0), p1(p0.x + tile_w, p0.y + tile_h);
            char cap[64];
            std::snprintf(cap, sizeof(cap), tr(lang, Txt::TrainHeadCaption), l + 1, h + 1);
            dl->AddText(ImVec2(p0.x, p0.y - line_h - 2.0f), text, cap);
            dl->AddImage(ImTextureID(std::intptr_t(g.texture)), p0, p1, ImVec2(float(h) * u, float(l) * v),
                         ImVec2(float(h + 1) * u, float(l + 1) * v));
            dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));
            if (l == a.layers - 1) {  // key labels under the last row
                for (int j = 0; j < a.tk && j < int(cols.size()); j += every) {
                    const ImVec2 ts = ImGui::CalcTextSize(cols[std::size_t(j)].c_str());
                    dl->AddText(ImVec2(p0.x + (float(j) + 0.5f) * cell - 0.5f * ts.x, p1.y + 2.0f), dim,
                                cols[std::size_t(j)].c_str());
                }
            }
            const ImVec2 m = ImGui::GetIO().MousePos;
            if (ImGui::IsWindowHovered() && m.x >= p0.x && m.x < p1.x && m.y >= p0.y && m.y < p1.y) {
                const int j = std::clamp(int((m.x - p0.x) / cell), 0, a.tk - 1);
                const int i = std::clamp(int((m.y - p0.y) / cell), 0, a.tq - 1);
                ImGui::BeginTooltip();
                ImGui::TextUnformatted(cap);
                ImGui::Text(tr(lang, Txt::HeadsCellTip), rows[std::size_t(i)].c_str(), cols[std::size_t(j)].c_str(),
                            double(L.heads[std::size_t(h)].weights(i, j)));
                ImGui::EndTooltip();
            }
        }
    }
    const float used_h = float(a.layers) * (tile_h + line_h + 2.0f + gap) - gap + line_h + 4.0f;
    ImGui::Dummy(ImVec2(avail.x, std::min(used_h, std::max(avail.y, 1.0f))));
}

void destroy_probe_grid(ProbeGrid& g) {
    if (g.texture != 0) delete_texture(g.texture);
    g.texture = 0;
    g.trace.reset();
}

}  // namespace attn::app
