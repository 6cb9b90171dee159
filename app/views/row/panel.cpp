// panel.cpp — the Row view: one query's weights as a labelled bar chart (plot block)
// (implementation; the interface and its contract are in panel.h)
#include "app/views/row/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/views/row/row_bars.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

void select_row(AppState& s, int row, const Trace& trace, int layer, int head) {
    const RowBars nb = make_row_bars(trace, layer, head, row, false);
    s.sel_query = nb.row;
    s.sel_key = nb.argmax;  // the heatmap frames the strongest key of the row
}

}  // namespace

void draw_row_panel(RowPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const Trace& trace = *view.trace;
    const int layer = clamp_layer(s.layer, trace);
    const LayerTrace& L = trace.layers[size_t(layer)];
    const int head = std::clamp(s.head, 0, L.n_heads - 1);
    const RowBars b = make_row_bars(trace, layer, head, row_for_selection(trace, s.sel_query), p.sorted);
    const int tq = L.t_q();

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::RowIntro));
    ImGui::PopTextWrapPos();

    // Query picker: ◀ "flies" (2 of 5) ▶, and ↑ / ↓ on the keyboard.
    ImGui::TextUnformatted(tr(lang, Txt::RowQuery));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##row_prev", ImGuiDir_Left) && b.row > 0) select_row(s, b.row - 1, trace, layer, head);
    item_tooltip(tr(lang, Txt::RowPrevTip));
    ImGui::SameLine();
    ImGui::Text("\"%s\"  (%d / %d)", b.query.c_str(), b.row + 1, tq);
    const bool pictures = refresh_picture_for(p.picture, &trace);
    if (pictures) {
        ImGui::SameLine();
        patch_thumb_item(p.picture, b.row, ImGui::GetFrameHeight());
    }
    ImGui::SameLine();
    if (ImGui::ArrowButton("##row_next", ImGuiDir_Right) && b.row + 1 < tq)
        select_row(s, b.row + 1, trace, layer, head);
    item_tooltip(tr(lang, Txt::RowNextTip));
    if (!ImGui::GetIO().WantTextInput) {
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)) && b.row > 0) select_row(s, b.row - 1, trace, layer, head);
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)) && b.row + 1 < tq) select_row(s, b.row + 1, trace, layer, head);
    }
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::Checkbox(p.label(lang, Txt::RowSorted, "row_sorted"), &p.sorted);
    item_tooltip(tr(lang, Txt::RowSortedTip));

    if (b.argmax < 0) {
        ImGui::TextColored(error_colour(), "%s", tr(lang, Txt::RowFullyMasked));
        return;
    }
    char summary[512];
    std::snprintf(summary, sizeof(summary), tr(lang, Txt::RowSummary), b.query.c_str(),
                  trace.k_tokens[size_t(b.argmax)].text.c_str(), double(L.heads[size_t(head)].weights(b.row, b.argmax)),
                  double(b.entropy), std::log(double(std::max(1, L.t_k()))));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(summary);
    ImGui::PopTextWrapPos();

    PlotSpec spec;
    spec.legend = false;
    spec.x_category_labels = b.labels;
    spec.x.lo = -0.5;
    spec.x.hi = double(b.labels.size()) - 0.5;
    spec.x.label = tr(lang, Txt::RowAxisKeys);
    std::vector<double> ys(b.weights.begin(), b.weights.end());
    spec.y = fit_axis(ys, AxisScale::Linear, true);
    spec.y.hi = std::min(spec.y.hi, 1.0);
    spec.y.label = tr(lang, Txt::RowAxisWeight);
    const float avail_w = ImGui::GetContentRegionAvail().x;
    PlotSeries bars = plot_series(tr(lang, Txt::RowAxisWeight), {}, {}, plot_colour(0), SeriesKind::Bars);
    PlotSeries top = plot_series("", {}, {}, plot_colour(1), SeriesKind::Bars);  // the strongest key, highlighted
    for (size_t i = 0; i < b.keys.size(); ++i) {
        PlotSeries& target = b.keys[i] == b.argmax ? top : bars;
        target.x.push_back(double(i));
        target.y.push_back(b.weights[i]);
        char tip[160];
        std::snprintf(tip, sizeof(tip), b.masked[i] ? tr(lang, Txt::RowMaskedTip) : "%s → %s",
                      b.query.c_str(), b.labels[i].c_str());
        target.point_labels.push_back(tip);
    }
    spec.series = {bars, top};
    // Pictures under the bars when a slot is wide enough (the plot's left margin is ~ 50 px).
    const float slot = (avail_w - 60.0f) / float(std::max<size_t>(b.keys.size(), 1));
    const float thumb = pictures ? std::floor(std::min(slot - 2.0f, 32.0f)) : 0.0f;
    if (thumb >= kMinThumbPx) spec.x_category_room = thumb + 2.0f;
    const PlotHover h = draw_plot("##row_plot", spec, ImVec2(avail_w, std::max(200.0f, ImGui::GetContentRegionAvail().y)));
    if (spec.x_category_room > 0.0f) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        for (size_t i = 0; i < b.keys.size(); ++i) {
            const float x = plot_point(spec, h, double(i), 0.0).x, y = h.area_max.y + 6.0f + 0.5f * thumb;
            if (draw_patch_thumb(dl, p.picture, b.keys[i], ImVec2(x, y), thumb, b.keys[i] == b.argmax)) continue;
            const ImVec2 ts = ImGui::CalcTextSize(b.labels[i].c_str());  // a prefix token: its name
            dl->AddText(ImVec2(x - 0.5f * ts.x, y - 0.5f * ts.y), ImGui::GetColorU32(ImGuiCol_Text), b.labels[i].c_str());
        }
    }
    if (h.clicked && h.series >= 0) {  // a click on a bar selects that cell for the explainer
        const PlotSeries& s_hit = spec.series[size_t(h.series)];
        const size_t i = size_t(s_hit.x[size_t(h.index)]);
        s.sel_query = b.row;
        s.sel_key = b.keys[i];
    }
}

}  // namespace attn::app
