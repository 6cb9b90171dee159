// panel.cpp — small multiples: every head's weights (T_q × T_k) plus their average, each a
// (implementation; the interface and its contract are in panel.h)
#include "app/views/all_heads/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "app/matrix/heatmap_layout.h"
#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

constexpr float kOwnScaleQuantile = 0.99f;

// Makes sure there are `n` renderers and that they hold `trace`'s heads (+ average last).
bool refresh(AllHeadsPanel& p, const std::shared_ptr<const Trace>& trace, int layer_index, int shown_heads) {
    const size_t n = size_t(shown_heads) + 1;
    while (p.renderers.size() < n) {
        HeatmapRenderer r;
        if (Status s = heatmap_renderer_init(r); !s) {
            p.renderer_error = s.message();
            heatmap_renderer_destroy(r);
            return false;
        }
        p.renderers.push_back(r);
    }
    if (p.uploaded_trace.lock() != trace || p.uploaded_layer != layer_index) {
        const LayerTrace& layer = trace->layers[size_t(layer_index)];
        p.max_weight.assign(n, 1.0f);
        for (int h = 0; h < shown_heads; ++h) {
            const HeatmapData d = make_heatmap_data(layer, h, HeatmapQuantity::Weights);
            upload_heatmap(p.renderers[size_t(h)], d);
            p.max_weight[size_t(h)] = value_quantile(d, kOwnScaleQuantile);
        }
        p.average = make_head_average_data(layer);
        upload_heatmap(p.renderers[size_t(shown_heads)], p.average);
        p.max_weight[size_t(shown_heads)] = value_quantile(p.average, kOwnScaleQuantile);
        p.uploaded_trace = trace;
        p.uploaded_layer = layer_index;
    }
    return true;
}

// Patch pictures along a map whose top-left corner is p0: the queries down its left edge, the keys
// along its top, each `thumb` wide and centred on its row or column.
void draw_patch_edges(const PictureTexture& picture, const LayerTrace& layer, ImVec2 p0, float img_w, float img_h,
                      float thumb) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float row_h = img_h / float(std::max(layer.t_q(), 1)), col_w = img_w / float(std::max(layer.t_k(), 1));
    for (int i = 0; i < layer.t_q(); ++i)
        draw_patch_thumb(dl, picture, i, ImVec2(p0.x - 3.0f - 0.5f * thumb, p0.y + (float(i) + 0.5f) * row_h),
                         std::min(thumb, row_h - 1.0f), false);
    for (int j = 0; j < layer.t_k(); ++j)
        draw_patch_thumb(dl, picture, j, ImVec2(p0.x + (float(j) + 0.5f) * col_w, p0.y - 3.0f - 0.5f * thumb),
                         std::min(thumb, col_w - 1.0f), false);
}

}  // namespace

void draw_all_heads_panel(AllHeadsPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    const std::shared_ptr<const Trace>& trace = view.trace;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::HeadsIntro));
    ImGui::PopTextWrapPos();
    LabelBuf label;
    if (trace && trace->layers.size() > 1) {
        ImGui::AlignTextToFramePadding();
        draw_layer_choice(s, int(trace->layers.size()));
    }
    ImGui::Checkbox(label(lang, Txt::HeadsAutoScale, "heads_auto"), &p.auto_scale);
    item_tooltip(tr(lang, Txt::HeadsAutoScaleTip));
    if (!trace || trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const int layer_index = clamp_layer(s.layer, *trace);
    const LayerTrace& layer = trace->layers[size_t(layer_index)];
    const int shown = std::min(layer.n_heads, kMaxHeadThumbnails);
    if (shown < layer.n_heads) ImGui::TextDisabled(tr(lang, Txt::HeadsMore), shown, layer.n_heads);
    if (!p.renderer_error.empty() || !refresh(p, trace, layer_index, shown)) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }

    // Grid of (shown + 1) square thumbnails, each with a caption line above. Image runs whose cells
    // would be readable get a strip of patch pictures left of and above each map (`edge` wide).
    const int count = shown + 1;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float gap = 14.0f;
    const int t_max = std::max({layer.t_q(), layer.t_k(), 1});
    auto best_grid = [&](float edge, int* cols_out) {
        int best_cols = 1;
        float best_side = 0.0f;
        for (int cols = 1; cols <= count; ++cols) {  // the column count that gives the largest squares
            const int rows = (count + cols - 1) / cols;
            const float side = std::min((avail.x - gap * float(cols - 1)) / float(cols) - edge,
                                        (avail.y - float(rows) * (line_h + gap)) / float(rows) - edge);
            if (side > best_side) {
                best_side = side;
                best_cols = cols;
            }
        }
        *cols_out = best_cols;
        return best_side;
    };
    int best_cols = 1;
    float best_side = best_grid(0.0f, &best_cols);
    float edge = 0.0f;  // the patch strip's width (0: no pictures)
    if (refresh_picture_for(p.picture, trace.get()) && best_side / float(t_max) >= kMinThumbPx + 2.0f) {
        int cols_with = 1;
        const float cell = std::min(std::floor(best_side / float(t_max)), 28.0f);
        const float side_with = best_grid(cell + 2.0f, &cols_with);
        if (side_with / float(t_max) >= kMinThumbPx + 2.0f) {
            edge = std::floor(std::min(side_with / float(t_max), 28.0f)) + 2.0f;
            best_side = side_with;
            best_cols = cols_with;
        }
    }
    const float aspect = float(layer.t_k()) / float(std::max(layer.t_q(), 1));  // width / height
    const float side = std::floor(std::max(best_side, 16.0f));
    const float img_w = aspect >= 1.0f ? side : std::floor(side * aspect);
    const float img_h = aspect >= 1.0f ? std::floor(side / aspect) : side;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);

    for (int k = 0; k < count; ++k) {
        const bool is_avg = k == shown;
        const int col = k % best_cols, row = k / best_cols;
        const ImVec2 cap(origin.x + edge + float(col) * (side + edge + gap),
                         origin.y + float(row) * (side + edge + line_h + gap));
        const ImVec2 p0(cap.x, cap.y + line_h + edge), p1(p0.x + img_w, p0.y + img_h);
        char caption[64];
        if (is_avg) {
            std::snprintf(caption, sizeof(caption), "%s", tr(lang, Txt::HeadAverage));
        } else {
            std::snprintf(caption, sizeof(caption), tr(lang, Txt::HeadN), k + 1);
        }
        if (p.auto_scale) {  // say what the brightest colour means
            const size_t used = std::strlen(caption);
            std::snprintf(caption + used, sizeof(caption) - used, "  (0–%.3f)", double(p.max_weight[size_t(k)]));
        }
        dl->AddText(cap, text, caption);

        HeatmapRenderer& r = p.renderers[size_t(k)];
        const float cell = img_w / float(std::max(layer.t_k(), 1));
        const float vmax = p.auto_scale ? std::max(p.max_weight[size_t(k)], 1e-6f) : 1.0f;
        const unsigned tex = render_heatmap(r, int(img_w), int(img_h), s.colormap, 0.0f, vmax, cell);
        if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
        const bool focused = !is_avg && k == s.head;
        dl->AddRect(ImVec2(p0.x - 2, p0.y - 2), ImVec2(p1.x + 2, p1.y + 2),
                    focused ? rgba(80, 220, 255) : rgba(70, 70, 80), 0.0f, 0, focused ? 3.0f : 1.0f);

        if (edge > 0.0f) draw_patch_edges(p.picture, layer, p0, img_w, img_h, edge - 2.0f);

        ImGui::SetCursorScreenPos(p0);
        ImGui::PushID(k);
        const bool clicked = ImGui::InvisibleButton("##thumb", ImVec2(std::max(img_w, 1.0f), std::max(img_h, 1.0f)));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
            // Which cell the pointer is over: same arithmetic as the heatmap's hit test.
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(int((m.x - p0.x) / img_w * float(layer.t_k())), 0, layer.t_k() - 1);
            const int i = std::clamp(int((m.y - p0.y) / img_h * float(layer.t_q())), 0, layer.t_q() - 1);
            const float w = is_avg ? p.average.values[size_t(i) * size_t(layer.t_k()) + size_t(j)]
                                   : layer.heads[size_t(k)].weights(i, j);
            ImGui::BeginTooltip();
            ImGui::TextUnformatted(caption);
            ImGui::Text(tr(lang, Txt::HeadsCellTip), trace->q_tokens[size_t(i)].text.c_str(),
                        trace->k_tokens[size_t(j)].text.c_str(), double(w));
            patch_pair_item(p.picture, *trace, i, j, 48.0f);
            ImGui::TextDisabled("%s", tr(lang, is_avg ? Txt::HeadsAverageTip : Txt::HeadsClickTip));
            ImGui::EndTooltip();
        }
        if (clicked && !is_avg) {
            s.head = k;
            s.view = View::Heatmap;
        }
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, 1.0f));
}

void all_heads_panel_destroy(AllHeadsPanel& p) {
    for (HeatmapRenderer& r : p.renderers) heatmap_renderer_destroy(r);
    destroy_picture(p.picture);
    p = AllHeadsPanel{};
}

}  // namespace attn::app
