// panel.cpp — the Model view (as BertViz's model view): a layers × heads grid of small
// (implementation; the interface and its contract are in panel.h)
#include "app/views/model_view/panel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <imgui.h>

#include "app/matrix/heatmap_texture.h"
#include "app/views/model_view/kv_groups.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

void refresh_atlas(ModelViewPanel& p, const std::shared_ptr<const Trace>& trace, Colormap map) {
    if (p.atlas_trace.lock() == trace && p.atlas_map == map) return;
    const auto t0 = std::chrono::steady_clock::now();
    p.atlas = make_model_atlas(*trace, map);
    if (p.atlas.width > 0) p.texture = upload_rgba_texture(p.texture, p.atlas.rgba.data(), p.atlas.width, p.atlas.height);
    p.atlas.rgba = {};  // the texture has them
    p.atlas_trace = trace;
    p.atlas_map = map;
    p.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void draw_model_view_panel(ModelViewPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::ModelViewIntro));
    ImGui::PopTextWrapPos();
    const std::shared_ptr<const Trace>& trace = view.trace;
    if (!trace || trace->layers.empty() || trace->t_q() == 0) {
        draw_empty_view(view, lang);
        return;
    }
    refresh_atlas(p, trace, s.colormap);
    const lm::HeadRoleTable* roles = update_roles(p.roles, s, view);
    const ModelAtlas& a = p.atlas;
    if (a.width == 0 || p.texture == 0) {
        draw_empty_view(view, lang);
        return;
    }
    if (a.pool_q > 1 || a.pool_k > 1) ImGui::TextDisabled(tr(lang, Txt::ModelViewPooled), a.pool_q, a.pool_k);

    // Geometry: row labels left, column labels on top, thumbnails with the trace's aspect.
    const float line_h = ImGui::GetTextLineHeight();
    char buf[64];
    float label_w = 0.0f;
    for (int l = 0; l < a.layers; ++l) {
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::ModelRowLabel), l + 1);
        label_w = std::max(label_w, ImGui::CalcTextSize(buf).x);
    }
    label_w += 10.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    const float roles_w = std::floor(std::min(340.0f * ImGui::GetIO().FontGlobalScale, 0.35f * avail.x));
    avail.x -= roles_w + 12.0f;  // the head-roles column on the right
    const std::vector<KvGroup> groups = kv_groups(trace->layers.front());  // the same in every layer
    const float group_h = groups.empty() ? 0.0f : line_h + 6.0f;                // "KV g" above a bracket
    const float top_h = line_h + 6.0f + group_h;
    const float aspect = float(trace->t_k()) / float(trace->t_q());  // width / height of one map
    const float gap_frac = 0.12f;
    // Largest cell height that fits both ways: cell = img · (1 + gap).
    const float by_h = (avail.y - top_h) / (float(a.layers) * (1.0f + gap_frac));
    const float by_w = (avail.x - label_w) / (float(a.heads) * (1.0f + gap_frac)) / aspect;
    const float img_h = std::floor(std::max(std::min(by_h, by_w), 4.0f));
    const float img_w = std::floor(std::max(img_h * aspect, 4.0f));
    const float gap = std::max(std::floor(img_h * gap_frac), 2.0f);
    const float cell_w = img_w + gap, cell_h = img_h + gap;
    const ImVec2 g0(origin.x + label_w, origin.y + top_h);  // first thumbnail's corner

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const bool show_all_cols = ImGui::CalcTextSize("H12").x + 4.0f <= cell_w;
    const float grid_h_all = float(a.layers) * cell_h - gap;
    for (std::size_t g = 0; g < groups.size(); ++g) {  // grouped-query attention: one band per K/V head
        const KvGroup& kg = groups[g];
        const float xa = g0.x + float(kg.first) * cell_w - 0.4f * gap, xb = g0.x + float(kg.last) * cell_w + img_w + 0.4f * gap;
        const ImU32 band = g % 2 == 0 ? IM_COL32(255, 190, 90, 38) : IM_COL32(120, 170, 255, 38);
        dl->AddRectFilled(ImVec2(xa, origin.y + group_h - 2.0f), ImVec2(xb, g0.y + grid_h_all + 0.4f * gap), band, 3.0f);
        const float yb = origin.y + line_h + 2.0f;
        dl->AddLine(ImVec2(xa + 2.0f, yb), ImVec2(xb - 2.0f, yb), rgba(230, 170, 80), 1.5f);
        dl->AddLine(ImVec2(xa + 2.0f, yb), ImVec2(xa + 2.0f, yb + 4.0f), rgba(230, 170, 80), 1.5f);
        dl->AddLine(ImVec2(xb - 2.0f, yb), ImVec2(xb - 2.0f, yb + 4.0f), rgba(230, 170, 80), 1.5f);
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::GqaGroup), kg.kv + 1);
        const float tw = ImGui::CalcTextSize(buf).x;
        if (tw + 4.0f <= xb - xa) dl->AddText(ImVec2(0.5f * (xa + xb - tw), origin.y), rgba(240, 190, 110), buf);
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (m.x >= xa && m.x < xb && m.y >= origin.y && m.y < yb + 4.0f && ImGui::IsWindowHovered()) {
            ImGui::SetTooltip(tr(lang, Txt::GqaGroupTip), kg.first + 1, kg.last + 1, kg.kv + 1);
        }
    }
    for (int h = 0; h < a.heads; ++h) {
        if (!show_all_cols && h % 2 == 1 && h != s.head) continue;
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::ModelColLabel), h + 1);
        const float tw = ImGui::CalcTextSize(buf).x;
        dl->AddText(ImVec2(g0.x + float(h) * cell_w + 0.5f * (img_w - tw), origin.y + group_h), h == s.head ? text : dim, buf);
    }
    const float du = float(a.tile_w) / float(a.width), dv = float(a.tile_h) / float(a.height);
    const int sel_layer = clamp_layer(s.layer, *trace);
    // The section a knocked-out head belongs to (an encoder–decoder's: the trace section shown).
    const pretrained::Section knock_section =
        view.model ? knockout_section(view.model->caps(), trace->section) : pretrained::Section::Only;
    for (int l = 0; l < a.layers; ++l) {
        const float y = g0.y + float(l) * cell_h;
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::ModelRowLabel), l + 1);
        dl->AddText(ImVec2(origin.x, y + 0.5f * (img_h - line_h)), l == sel_layer ? text : dim, buf);
        const int heads = trace->layers[size_t(l)].n_heads;
        for (int h = 0; h < heads; ++h) {
            const ImVec2 p0(g0.x + float(h) * cell_w, y), p1(p0.x + img_w, p0.y + img_h);
            dl->AddImage(ImTextureID(std::intptr_t(p.texture)), p0, p1, ImVec2(float(h) * du, float(l) * dv),
                         ImVec2(float(h + 1) * du, float(l + 1) * dv));
            if (roles != nullptr) draw_role_badge(*roles, l, h, dl, p0, img_w, img_h);
            if (is_knocked_out(s, l, h, knock_section)) {  // dimmed and crossed out
                dl->AddRectFilled(p0, p1, IM_COL32(0, 0, 0, 150));
                dl->AddLine(p0, p1, rgba(255, 90, 90), 2.0f);
                dl->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p0.y), rgba(255, 90, 90), 2.0f);
            }
        }
    }
    const float grid_w = float(a.heads) * cell_w - gap, grid_h = float(a.layers) * cell_h - gap;
    {  // the layer and head the other views show
        const int h = std::clamp(s.head, 0, a.heads - 1);
        const ImVec2 p0(g0.x + float(h) * cell_w, g0.y + float(sel_layer) * cell_h);
        dl->AddRect(ImVec2(p0.x - 2, p0.y - 2), ImVec2(p0.x + img_w + 2, p0.y + img_h + 2), rgba(80, 220, 255), 0.0f, 0,
                    2.0f);
    }

    ImGui::SetCursorScreenPos(g0);
    const bool clicked = ImGui::InvisibleButton("##model_grid", ImVec2(std::max(grid_w, 1.0f), std::max(grid_h, 1.0f)));
    int hl = -1, hh = -1;
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        if (model_grid_hit(m.x - g0.x, m.y - g0.y, a.layers, a.heads, cell_w, cell_h, img_w, img_h, &hl, &hh) &&
            hh < trace->layers[size_t(hl)].n_heads) {
            const ImVec2 p0(g0.x + float(hh) * cell_w, g0.y + float(hl) * cell_h);
            dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p0.x + img_w + 1, p0.y + img_h + 1), rgba(255, 255, 255), 0.0f,
                        0, 2.0f);
            ImGui::BeginTooltip();
            ImGui::Text(tr(lang, Txt::ModelViewCell), hl + 1, hh + 1);
            if (refresh_picture_for(p.picture, trace.get())) {  // the cell under the pointer, as patches
                const int i = std::clamp(int((m.y - p0.y) / img_h * float(trace->t_q())), 0, trace->t_q() - 1);
                const int j = std::clamp(int((m.x - p0.x) / img_w * float(trace->t_k())), 0, trace->t_k() - 1);
                patch_pair_item(p.picture, *trace, i, j, 40.0f);
            }
            if (!groups.empty()) {
                const LayerTrace& hovered_layer = trace->layers[size_t(hl)];
                for (const KvGroup& kg : groups) {
                    if (hh >= kg.first && hh <= kg.last) {
                        ImGui::TextDisabled(tr(lang, Txt::GqaExplain), hh + 1, hovered_layer.kv_head_of(hh) + 1,
                                            hovered_layer.kv_heads(), kg.first + 1, kg.last + 1);
                    }
                }
            }
            if (roles != nullptr) role_tooltip_line(*roles, hl, hh, lang);
            if (is_knocked_out(s, hl, hh, knock_section)) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", tr(lang, Txt::ModelViewKnocked));
            ImGui::TextDisabled("%s", tr(lang, Txt::ModelViewClick));
            if (view.model && takes_knockouts(view.model->caps()))
                ImGui::TextDisabled("%s", tr(lang, Txt::ModelViewKnockTip));
            ImGui::EndTooltip();
        } else {
            hl = hh = -1;
        }
    }
    if (clicked && hl >= 0 && ImGui::GetIO().KeyShift && view.model && takes_knockouts(view.model->caps())) {
        toggle_knockout(s, hl, hh, knock_section);
    } else if (clicked && hl >= 0) {
        s.layer = hl;
        s.head = hh;
        s.view = View::Heatmap;
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x + avail.x + 12.0f, origin.y));
    ImGui::BeginChild("##model_roles", ImVec2(roles_w, avail.y), false);
    draw_roles_column(p.roles, s, view);
    ImGui::EndChild();
}

void model_view_panel_destroy(ModelViewPanel& p) {
    delete_texture(p.texture);
    destroy_picture(p.picture);
    p.texture = 0;
    p.atlas_trace.reset();
}

}  // namespace attn::app
