// panel.cpp — the attention matrix of one head as a heatmap
// (implementation; the interface and its contract are in panel.h)
#include "app/views/heatmap/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/matrix/selection_sums.h"

#include "app/i18n/core_messages.h"
#include "app/plot/plot.h"
#include "app/widgets/lesson_marks.h"
#include "app/widgets/text_fit.h"

namespace attn::app {

namespace {


void draw_view_bar(HeatmapPanel& p, AppState& s, int n_heads, int n_layers, const pretrained::PretrainedModel* model,
                   const std::string& trace_section) {
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
            mark_control(s.highlights, "head");
            item_tooltip(tr(lang, Txt::HeadTip));
            ImGui::SameLine();
        }
    } else {
        int shown = s.head + 1;
        ImGui::SetNextItemWidth(160.0f);
        if (ImGui::SliderInt("##head", &shown, 1, n_heads)) s.head = shown - 1;
        mark_control(s.highlights, "head");
        item_tooltip(tr(lang, Txt::HeadTip));
        ImGui::SameLine();
    }
    if (n_heads > 0 && model != nullptr && takes_knockouts(model->caps())) {  // where the Predict view compares
        const int layer = std::clamp(s.layer, 0, std::max(n_layers - 1, 0));
        const pretrained::Section section = knockout_section(model->caps(), trace_section);
        const bool out = is_knocked_out(s, layer, s.head, section);
        if (ImGui::SmallButton(p.label(lang, out ? Txt::HeatmapKnockBack : Txt::HeatmapKnock, "knock")))
            toggle_knockout(s, layer, s.head, section);
        item_tooltip(tr(lang, Txt::HeatmapKnockTip));
        ImGui::SameLine();
    }

    ImGui::SameLine(0.0f, 24.0f);
    const Txt quantities[] = {Txt::QtyWeights, Txt::QtyScores, Txt::QtyScaled, Txt::QtyRollout};
    ImGui::SetNextItemWidth(260.0f);
    if (ImGui::BeginCombo(p.label(lang, Txt::Show, "show"), tr(lang, quantities[int(s.quantity)]))) {
        for (int k = 0; k < 4; ++k) {
            if (ImGui::Selectable(tr(lang, quantities[k]), int(s.quantity) == k)) s.quantity = HeatmapQuantity(k);
            if (k == 3) item_tooltip(tr(lang, Txt::QtyRolloutTip));
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, s.quantity == HeatmapQuantity::Rollout ? Txt::QtyRolloutTip : Txt::ShowTip));

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
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::Checkbox(p.label(lang, Txt::AutoContrast, "auto_contrast"), &s.auto_contrast);
    item_tooltip(tr(lang, Txt::AutoContrastTip));
    if (p.zoom.zoomed()) {
        ImGui::SameLine(0.0f, 24.0f);
        char z[96];
        std::snprintf(z, sizeof(z), tr(lang, Txt::ZoomReset), double(p.zoom.zoom));
        if (ImGui::SmallButton(z)) p.zoom = HeatmapZoom{};
        item_tooltip(tr(lang, Txt::ZoomTip));
    }
}

void draw_status(const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (const Trace* t = view.trace.get()) {
        ImGui::TextDisabled(tr(lang, Txt::StatusLine), t->t_q(), t->t_k(), t->model.n_heads,
                            t->layers.empty() ? t->model.d_k() : t->layers.front().d_k,  // Qwen3: head_dim ≠ d/H
                            view.compute_ms);
        // Mistral-style sliding-window layers hide keys the user's mask controls do not: say why.
        const pretrained::PretrainedModel* m = view.model.get();
        const int layer = std::clamp(s.layer, 0, std::max(int(t->layers.size()) - 1, 0));
        if (const int window = m ? m->family().window(m->config, layer) : 0; window > 0) {
            ImGui::SameLine(0.0f, 12.0f);
            ImGui::TextColored(ImVec4(0.95f, 0.8f, 0.45f, 1.0f), tr(lang, Txt::HeatmapModelWindow), window);
            item_tooltip(tr(lang, Txt::HeatmapModelWindowTip));
        }
    } else if (view.error.empty()) {  // a refusal shows below instead
        ImGui::TextDisabled("%s", tr(lang, Txt::NoTrace));
    }
    if (view.busy) {
        const int dots = int(ImGui::GetTime() * 3.0) % 4;  // animated without stored state
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s%.*s", tr(lang, Txt::Computing), dots, "...");
    }
    if (!view.error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", refusal_message(view, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::TextDisabled("%s", tr(lang, s.mask_edit ? Txt::EditHint : Txt::AxisLegend));
}

void refresh_cache(HeatmapPanel& p, const std::shared_ptr<const Trace>& trace, int layer, int head,
                   HeatmapQuantity quantity, bool auto_contrast) {
    RolloutPtr rollout;
    if (quantity == HeatmapQuantity::Rollout && rollout_available(*trace)) {
        if (p.rollout_trace != trace) {
            p.rollout_trace = trace;
            p.rollout.reset();
            p.rollout_job->post(trace);
        }
        if (auto done = p.rollout_job->take(); done && done->request == p.rollout_trace) p.rollout = done->result;
        rollout = p.rollout;
    }
    if (p.data_trace.lock() != trace || p.data_layer != layer || p.data_head != head || p.data_quantity != quantity ||
        p.data_auto_contrast != auto_contrast || p.data_rollout != rollout) {
        p.data = rollout ? make_rollout_data((*rollout)[size_t(layer)])
                         : make_heatmap_data(trace->layers[size_t(layer)], head, quantity);
        p.data_rollout = rollout;
        if (auto_contrast) apply_auto_contrast(p.data);
        if (p.renderer.program != 0) upload_heatmap(p.renderer, p.data);
        if (p.overview.program != 0) upload_heatmap(p.overview, p.data);
        p.data_auto_contrast = auto_contrast;
        p.data_trace = trace;
        p.data_layer = layer;
        p.data_head = head;
        p.data_quantity = quantity;
    }
    if (p.label_trace.lock() != trace) {
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

// Above the grid: the shown matrix summed over the selected rows (where they look) and columns
// (who looks at them), the largest few of each.
void draw_selection_sums(HeatmapPanel& p, const Trace& trace, Lang lang) {
    const HeatmapData& d = p.data;
    Mat a(d.rows, d.cols);  // (T_q, T_k) the values shown
    for (int i = 0; i < d.rows; ++i)
        for (int j = 0; j < d.cols; ++j) a(i, j) = d.masked[size_t(i) * d.cols + j] ? 0.0f : d.values[size_t(i) * d.cols + j];
    const SelectionSums sums = selection_sums(a, p.sel_rows, p.sel_cols, 6);
    auto line = [&](Txt title, int n, const std::vector<SumItem>& items, const std::vector<Token>& tokens) {
        std::string text;
        char buf[64];
        for (const SumItem& it : items) {
            std::snprintf(buf, sizeof(buf), "  %.2f", double(it.value));
            text += "  " + (size_t(it.index) < tokens.size() ? tokens[size_t(it.index)].text : std::string("?")) + buf;
        }
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.9f, 1.0f), tr(lang, title), n);
        ImGui::SameLine();
        ImGui::TextUnformatted(text.c_str());
    };
    if (!p.sel_rows.empty()) line(Txt::SelRowsSum, int(p.sel_rows.size()), sums.from_rows, trace.k_tokens);
    if (!p.sel_cols.empty()) line(Txt::SelColsSum, int(p.sel_cols.size()), sums.to_columns, trace.q_tokens);
    if (ImGui::SmallButton(p.label(lang, Txt::SelClear, "sel_clear"))) {
        p.sel_rows.clear();
        p.sel_cols.clear();
    }
    item_tooltip(tr(lang, Txt::SelHint));
}

// When zoomed: the whole matrix small in the grid's top-right corner, the visible window framed.
void draw_overview(HeatmapPanel& p, const HeatmapLayout& fit, const UvRect& win, Colormap map) {
    if (!p.overview_ready) {
        p.overview_ready = true;
        if (heatmap_renderer_init(p.overview)) upload_heatmap(p.overview, p.data);
        else heatmap_renderer_destroy(p.overview);
    }
    if (p.overview.program == 0) return;
    const float scale = std::min(140.0f / std::max(fit.grid.w, 1.0f), 140.0f / std::max(fit.grid.h, 1.0f));
    const float w = std::max(std::floor(fit.grid.w * scale), 8.0f), h = std::max(std::floor(fit.grid.h * scale), 8.0f);
    const ImVec2 o0(fit.grid.right() - w - 6.0f, fit.grid.y + 6.0f), o1(o0.x + w, o0.y + h);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const unsigned tex = render_heatmap(p.overview, int(w), int(h), map, p.data.vmin, p.data.vmax, 0.0f);
    dl->AddRectFilled(ImVec2(o0.x - 3, o0.y - 3), ImVec2(o1.x + 3, o1.y + 3), rgba(15, 15, 18, 230));
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), o0, o1);
    dl->AddRect(ImVec2(o0.x + win.u0 * w, o0.y + win.v0 * h), ImVec2(o0.x + win.u1 * w, o0.y + win.v1 * h),
                rgba(255, 255, 255), 0.0f, 0, 2.0f);
}

}  // namespace

void heatmap_panel_wait_idle(HeatmapPanel& p, std::chrono::milliseconds timeout) { p.rollout_job->wait_idle(timeout); }

void draw_heatmap_panel(HeatmapPanel& p, AppState& s, const ComputeView& view) {
    const std::shared_ptr<const Trace>& trace = view.trace;
    const bool have_trace = trace && !trace->layers.empty();
    if (have_trace) clamp_selection(s, *trace);  // keep --head until a trace exists
    const int n_heads = have_trace ? current_layer(*trace, s).n_heads : 0;
    draw_view_bar(p, s, n_heads, have_trace ? int(trace->layers.size()) : 0, view.model.get(),
                  have_trace ? trace->section : std::string());
    draw_status(s, view);
    p.hovered = {};
    if (!have_trace) return;
    if (!p.renderer_error.empty()) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }

    refresh_cache(p, trace, s.layer, s.head, s.quantity, s.auto_contrast);
    if (s.quantity == HeatmapQuantity::Rollout && !p.data_rollout) {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s",
                           tr(s.lang, rollout_available(*trace) ? Txt::RolloutComputing : Txt::RolloutUnavailable));
    }
    const HeatmapData& d = p.data;
    prune_selection(p.sel_rows, d.rows);
    prune_selection(p.sel_cols, d.cols);
    if (!p.sel_rows.empty() || !p.sel_cols.empty()) draw_selection_sums(p, *trace, s.lang);

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
    const HeatmapLayout fit = layout_heatmap(in);
    if (p.zoom_rows != d.rows || p.zoom_cols != d.cols) {  // a new shape: see it all
        p.zoom = p.initial_zoom.value_or(HeatmapZoom{});
        p.initial_zoom.reset();
        p.zoom_rows = d.rows;
        p.zoom_cols = d.cols;
        p.sel_rows.clear();
        p.sel_cols.clear();
    }
    const HeatmapLayout L = p.zoom.zoomed() ? zoomed_layout(fit, p.zoom, d.rows, d.cols, in.line_h) : fit;
    p.layout = L;

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 g0(fit.grid.x, fit.grid.y), g1(fit.grid.right(), fit.grid.bottom());
    const UvRect win = zoom_window(p.zoom);
    const float view_uv[4] = {win.u0, win.v0, win.u1, win.v1};
    const unsigned tex = render_heatmap(p.renderer, int(std::lround(fit.grid.w)), int(std::lround(fit.grid.h)),
                                        s.colormap, d.vmin, d.vmax, L.cell, view_uv);
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), g0, g1);
    dl->AddRect(ImVec2(g0.x - 1, g0.y - 1), ImVec2(g1.x + 1, g1.y + 1), rgba(20, 20, 23));

    // Pointer: hover, wheel zoom, drag to pan, and painting hidden cells in mask-edit mode.
    ImGui::SetCursorScreenPos(g0);
    ImGui::InvisibleButton("##cells", ImVec2(std::max(fit.grid.w, 1.0f), std::max(fit.grid.h, 1.0f)),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const bool over = ImGui::IsItemHovered();
    if (over || ImGui::IsItemActive()) p.hovered = hit_test(L, d.rows, d.cols, mouse.x, mouse.y);
    const ImGuiIO& io = ImGui::GetIO();
    if (over && io.MouseWheel != 0.0f && fit.grid.w > 0.0f && fit.grid.h > 0.0f) {
        zoom_about(p.zoom, std::pow(1.25f, io.MouseWheel), (mouse.x - g0.x) / fit.grid.w, (mouse.y - g0.y) / fit.grid.h);
    }
    // ImGui 1.86 reads keys by the backend's index: GetKeyIndex maps ImGuiKey_Home to it.
    if (over && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) p.zoom = HeatmapZoom{};
    const bool left_pan = p.zoom.zoomed() && !s.mask_edit && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f) &&
                          ImGui::IsItemActive();
    if (left_pan) p.panning = true;
    if (ImGui::IsItemActive() && fit.grid.w > 0.0f &&
        (left_pan || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 1.0f) ||
         ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 1.0f))) {
        pan_view(p.zoom, io.MouseDelta.x / fit.grid.w, io.MouseDelta.y / fit.grid.h);
    }
    if (s.mask_edit) {
        apply_mask_edit(p.edit, s.blocked_cells, p.hovered, ImGui::IsItemActivated() && io.MouseDown[0],
                        ImGui::IsItemActive() && io.MouseDown[0]);
    } else {
        p.edit = {};
        // Select the cell for the explainer on release of a left click that did not pan.
        if (ImGui::IsItemDeactivated() && !p.panning && p.hovered.valid() &&
            ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
            if (io.KeyShift) {
                toggle_selected(p.sel_cols, p.hovered.j);  // Shift: the key column joins the selection
            } else {
                s.sel_query = p.hovered.i;
                s.sel_key = p.hovered.j;
            }
        }
    }
    if (!ImGui::IsItemActive()) p.panning = false;
    dl->PushClipRect(g0, g1, true);

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
    draw_lesson_highlights(L, s.highlights, d.rows, d.cols);  // inside the grid's clip
    for (int i : p.sel_rows) {  // the selection: magenta frames around its rows and columns
        const RectF a = cell_rect(L, i, 0), b = cell_rect(L, i, d.cols - 1);
        dl->AddRect(ImVec2(a.x, a.y), ImVec2(b.right(), b.bottom()), rgba(255, 90, 220), 0.0f, 0, 2.0f);
    }
    for (int j : p.sel_cols) {
        const RectF a = cell_rect(L, 0, j), b = cell_rect(L, d.rows - 1, j);
        dl->AddRect(ImVec2(a.x, a.y), ImVec2(b.right(), b.bottom()), rgba(255, 90, 220), 0.0f, 0, 2.0f);
    }
    if (p.hovered.valid()) {
        const RectF r = cell_rect(L, p.hovered.i, p.hovered.j);
        dl->AddRect(ImVec2(r.x - 1, r.y - 1), ImVec2(r.right() + 1, r.bottom() + 1), rgba(255, 255, 255), 0.0f, 0, 2.0f);
    }
    dl->PopClipRect();
    if (p.zoom.zoomed()) draw_overview(p, fit, win, s.colormap);
    // A click on a row label picks that query (the Row view's bars; the explainer's strongest cell).
    if (L.row_labels.w > 0.0f && L.cell > 0.0f) {
        ImGui::SetCursorScreenPos(ImVec2(L.row_labels.x, L.row_labels.y));
        ImGui::InvisibleButton("##row_labels", ImVec2(L.row_labels.w, std::max(L.row_labels.h, 1.0f)));
        if (ImGui::IsItemHovered()) {
            const int i = int((mouse.y - L.grid.y) / L.cell);
            if (i >= 0 && i < d.rows) {
                dl->AddRectFilled(ImVec2(L.row_labels.x, L.grid.y + float(i) * L.cell),
                                  ImVec2(L.row_labels.right(), L.grid.y + float(i + 1) * L.cell), rgba(255, 255, 255, 28));
                item_tooltip((std::string(tr(s.lang, Txt::RowLabelTip)) + "\n" + tr(s.lang, Txt::SelHint)).c_str());
                if (ImGui::IsItemClicked() && io.KeyShift) {
                    toggle_selected(p.sel_rows, i);
                } else if (ImGui::IsItemClicked()) {
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
    draw_lesson_token_marks(L, s.highlights, d.rows, d.cols);  // behind the labels
    if (trace->image) refresh_picture(p.picture, trace->image);
    draw_axis_labels(p, L, *trace);
    draw_colour_bar(p, L, s.colormap, s.lang);
    if (p.hovered.valid()) {
        draw_cell_tooltip(*trace, s.head, p.hovered, s);
        if (p.data_rollout && p.hovered.i < d.rows && p.hovered.j < d.cols) {  // appended to the same tooltip
            ImGui::BeginTooltip();
            ImGui::Separator();
            ImGui::Text("%s = %.4f", tr(s.lang, Txt::QtyRollout), double(d.values[size_t(p.hovered.i) * d.cols + p.hovered.j]));
            ImGui::EndTooltip();
        }
    }
}

}  // namespace attn::app
