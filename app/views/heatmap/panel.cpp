// panel.cpp — the attention matrix of one head as a heatmap
// (implementation; the interface and its contract are in panel.h)
#include "app/views/heatmap/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/plot/plot.h"
#include "app/widgets/text_fit.h"

namespace attn::app {

namespace {


void draw_view_bar(HeatmapPanel& p, AppState& s, int n_heads, int n_layers) {
    const Lang lang = s.lang;
    ImGui::AlignTextToFramePadding();
    if (n_layers > 1) draw_layer_choice(s, n_layers);
    ImGui::TextUnformatted(tr(lang, Txt::Head));
    item_tooltip(tr(lang, Txt::HeadTip));
    ImGui::SameLine();
    if (n_heads == 0) {  // no trace yet
        ImGui::TextDisabled("-");
        ImGui::SameLine();
    } else if (n_heads <= 8) {
        for (int h = 0; h < n_heads; ++h) {
            char name[8];
            std::snprintf(name, sizeof(name), "%d", h + 1);
            ImGui::PushID(h);
            if (ImGui::RadioButton(name, s.head == h)) s.head = h;
            ImGui::PopID();
            item_tooltip(tr(lang, Txt::HeadTip));
            ImGui::SameLine();
        }
    } else {
        int shown = s.head + 1;
        ImGui::SetNextItemWidth(160.0f);
        if (ImGui::SliderInt("##head", &shown, 1, n_heads)) s.head = shown - 1;
        item_tooltip(tr(lang, Txt::HeadTip));
        ImGui::SameLine();
    }

    ImGui::SameLine(0.0f, 24.0f);
    const Txt quantities[] = {Txt::QtyWeights, Txt::QtyScores, Txt::QtyScaled};
    ImGui::SetNextItemWidth(260.0f);
    if (ImGui::BeginCombo(p.label(lang, Txt::Show, "show"), tr(lang, quantities[int(s.quantity)]))) {
        for (int k = 0; k < 3; ++k) {
            if (ImGui::Selectable(tr(lang, quantities[k]), int(s.quantity) == k)) s.quantity = HeatmapQuantity(k);
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::ShowTip));

    ImGui::SameLine(0.0f, 24.0f);
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::BeginCombo(p.label(lang, Txt::ColormapLabel, "colormap"), colormap_name(s.colormap))) {
        for (int k = 0; k < kColormapCount; ++k) {
            if (ImGui::Selectable(colormap_name(Colormap(k)), int(s.colormap) == k)) s.colormap = Colormap(k);
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::ColormapTip));

    ImGui::SameLine(0.0f, 24.0f);
    ImGui::Checkbox(p.label(lang, Txt::Numbers, "numbers"), &s.show_numbers);
    item_tooltip(tr(lang, Txt::NumbersTip));
}

void draw_status(const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (const Trace* t = view.trace.get()) {
        ImGui::TextDisabled(tr(lang, Txt::StatusLine), t->t_q(), t->t_k(), t->model.n_heads,
                            t->model.d_k(), view.compute_ms);
    } else {
        ImGui::TextDisabled("%s", tr(lang, Txt::NoTrace));
    }
    if (view.busy) {
        const int dots = int(ImGui::GetTime() * 3.0) % 4;  // animated without stored state
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s%.*s", tr(lang, Txt::Computing), dots, "...");
    }
    if (!view.error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", localize_core_message(view.error, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::TextDisabled("%s", tr(lang, s.mask_edit ? Txt::EditHint : Txt::AxisLegend));
}

void refresh_cache(HeatmapPanel& p, const std::shared_ptr<const Trace>& trace, int layer, int head,
                   HeatmapQuantity quantity) {
    if (p.data_trace != trace || p.data_layer != layer || p.data_head != head || p.data_quantity != quantity) {
        p.data = make_heatmap_data(trace->layers[size_t(layer)], head, quantity);
        if (p.renderer.program != 0) upload_heatmap(p.renderer, p.data);
        p.data_trace = trace;
        p.data_layer = layer;
        p.data_head = head;
        p.data_quantity = quantity;
    }
    if (p.label_trace != trace) {
        const TextWidthFn width = [](std::string_view s) {
            return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
        };
        // Long sentences show only every k-th label: prefix the position so it can be found.
        const bool numbered = std::max(trace->t_q(), trace->t_k()) > 24;
        auto make = [&](const std::vector<Token>& tokens, std::vector<std::string>& out, float& widest) {
            out.clear();
            widest = 0.0f;
            for (size_t i = 0; i < tokens.size(); ++i) {
                std::string text = elide_to_width(tokens[i].text, kMaxLabelPx, width);
                if (numbered) text = std::to_string(i) + " " + text;
                widest = std::max(widest, width(text));
                out.push_back(std::move(text));
            }
        };
        make(trace->q_tokens, p.row_labels, p.row_label_w);
        make(trace->k_tokens, p.col_labels, p.col_label_w);
        p.label_trace = trace;
    }
}

}  // namespace

void draw_heatmap_panel(HeatmapPanel& p, AppState& s, const ComputeView& view) {
    const std::shared_ptr<const Trace>& trace = view.trace;
    const bool have_trace = trace && !trace->layers.empty();
    if (have_trace) clamp_selection(s, *trace);  // keep --head until a trace exists
    const int n_heads = have_trace ? current_layer(*trace, s).n_heads : 0;
    draw_view_bar(p, s, n_heads, have_trace ? int(trace->layers.size()) : 0);
    draw_status(s, view);
    p.hovered = {};
    if (!have_trace) return;
    if (!p.renderer_error.empty()) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }

    refresh_cache(p, trace, s.layer, s.head, s.quantity);
    const HeatmapData& d = p.data;

    ImGui::Spacing();
    HeatmapLayoutInput in;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float caption_h = 1.6f * ImGui::GetTextLineHeight();  // colour bar caption below the grid
    in.area = {origin.x, origin.y, avail.x, avail.y - caption_h};
    in.rows = d.rows;
    in.cols = d.cols;
    in.row_label_w = p.row_label_w;
    in.col_label_w = p.col_label_w;
    in.line_h = ImGui::GetTextLineHeight();
    in.colorbar_w = colour_bar_width(s.lang);
    const HeatmapLayout L = layout_heatmap(in);
    p.layout = L;

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 g0(L.grid.x, L.grid.y), g1(L.grid.right(), L.grid.bottom());
    const unsigned tex = render_heatmap(p.renderer, int(std::lround(L.grid.w)), int(std::lround(L.grid.h)),
                                        s.colormap, d.vmin, d.vmax, L.cell);
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), g0, g1);
    dl->AddRect(ImVec2(g0.x - 1, g0.y - 1), ImVec2(g1.x + 1, g1.y + 1), rgba(20, 20, 23));

    // Pointer: hover, and painting hidden cells in mask-edit mode.
    ImGui::SetCursorScreenPos(g0);
    ImGui::InvisibleButton("##cells", ImVec2(std::max(L.grid.w, 1.0f), std::max(L.grid.h, 1.0f)));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) p.hovered = hit_test(L, d.rows, d.cols, mouse.x, mouse.y);
    if (s.mask_edit) {
        apply_mask_edit(p.edit, s.blocked_cells, p.hovered, ImGui::IsItemActivated(), ImGui::IsItemActive());
    } else {
        p.edit = {};
        if (ImGui::IsItemActivated() && p.hovered.valid()) {  // select the cell for the explainer
            s.sel_query = p.hovered.i;
            s.sel_key = p.hovered.j;
        }
    }

    if (s.show_numbers) draw_cell_numbers(p, L, s.colormap, s.quantity);
    if (L.cell >= 4.0f) {  // cells hidden by hand: an orange frame
        for (const auto& [i, j] : s.blocked_cells) {
            if (i >= d.rows || j >= d.cols) continue;
            const RectF r = cell_rect(L, i, j);
            dl->AddRect(ImVec2(r.x + 1, r.y + 1), ImVec2(r.right() - 1, r.bottom() - 1), rgba(255, 150, 40), 0.0f, 0,
                        L.cell >= 16.0f ? 2.0f : 1.0f);
        }
    }
    if (s.sel_query >= 0 && s.sel_query < d.rows && s.sel_key >= 0 && s.sel_key < d.cols && !s.mask_edit) {
        const RectF r = cell_rect(L, s.sel_query, s.sel_key);  // the explained cell: a cyan frame
        dl->AddRect(ImVec2(r.x - 2, r.y - 2), ImVec2(r.right() + 2, r.bottom() + 2), rgba(80, 220, 255), 0.0f, 0, 3.0f);
    }
    if (p.hovered.valid()) {
        const RectF r = cell_rect(L, p.hovered.i, p.hovered.j);
        dl->AddRect(ImVec2(r.x - 1, r.y - 1), ImVec2(r.right() + 1, r.bottom() + 1), rgba(255, 255, 255), 0.0f, 0, 2.0f);
    }
    // A click on a row label picks that query (the Row view's bars; the explainer's strongest cell).
    if (L.row_labels.w > 0.0f && L.cell > 0.0f) {
        ImGui::SetCursorScreenPos(ImVec2(L.row_labels.x, L.row_labels.y));
        ImGui::InvisibleButton("##row_labels", ImVec2(L.row_labels.w, std::max(L.row_labels.h, 1.0f)));
        if (ImGui::IsItemHovered()) {
            const int i = int((mouse.y - L.grid.y) / L.cell);
            if (i >= 0 && i < d.rows) {
                dl->AddRectFilled(ImVec2(L.row_labels.x, L.grid.y + float(i) * L.cell),
                                  ImVec2(L.row_labels.right(), L.grid.y + float(i + 1) * L.cell), rgba(255, 255, 255, 28));
                item_tooltip(tr(s.lang, Txt::RowLabelTip));
                if (ImGui::IsItemClicked()) {
                    const LayerTrace& layer = current_layer(*trace, s);
                    const Mat& w = layer.heads[size_t(std::clamp(s.head, 0, layer.n_heads - 1))].weights;
                    int best = -1;
                    for (int j = 0; j < int(w.cols()); ++j)
                        if (w(i, j) > 0.0f && (best < 0 || w(i, j) > w(i, best))) best = j;
                    s.sel_query = i;
                    s.sel_key = best;
                }
            }
        }
    }
    if (s.view == View::Row && d.rows > 0) {  // the query the bars show: a frame around its row
        const int i = s.sel_query >= 0 && s.sel_query < d.rows ? s.sel_query : d.rows - 1;
        dl->AddRect(ImVec2(L.grid.x - 3, L.grid.y + float(i) * L.cell - 2),
                    ImVec2(L.grid.right() + 3, L.grid.y + float(i + 1) * L.cell + 2), plot_colour(1), 0.0f, 0, 2.5f);
    }
    draw_axis_labels(p, L, *trace);
    draw_colour_bar(p, L, s.colormap, s.lang);
    if (p.hovered.valid()) draw_cell_tooltip(*trace, s.head, p.hovered, s);
}

}  // namespace attn::app
