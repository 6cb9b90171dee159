// panel.cpp — the Attention distance view (ViT paper, Figure 7 right)
// (implementation; the interface and its contract are in panel.h)
#include "app/views/attn_distance/panel.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

void draw_attn_distance_panel(AttnDistancePanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::DistIntro));
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
    clamp_selection(s, trace);
    if (p.cached_trace.lock() != view.trace) {
        p.data = distance_plot_data(trace);
        p.cached_trace = view.trace;
    }
    const DistancePlotData& d = p.data;

    PlotSpec spec;
    spec.title = tr(lang, Txt::DistTitle);
    spec.x.lo = 0.5;
    spec.x.hi = d.n_layers + 0.5;
    spec.x.label = tr(lang, Txt::DistAxisLayer);
    spec.x_tick_target = std::min(d.n_layers, 12);
    std::vector<double> ys{d.uniform, 0.0};
    for (int l = 0; l < d.n_layers; ++l)
        for (int h = 0; h < d.n_heads; ++h) ys.push_back(d.raw.distance(l, h));
    spec.y = fit_axis(ys, AxisScale::Linear, /*include_zero=*/true);
    spec.y.label = tr(lang, Txt::DistAxisPx);
    spec.legend = d.n_heads <= 16;
    char buf[200];
    for (int h = 0; h < d.n_heads; ++h) {
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::ImageHeadN), h + 1);
        PlotSeries series = plot_series(buf, d.layers, head_column(d, h), plot_colour(h), SeriesKind::Points);
        for (int l = 0; l < d.n_layers; ++l) {
            std::snprintf(buf, sizeof(buf), tr(lang, Txt::DistPointTip), l + 1, h + 1, double(d.raw.distance(l, h)),
                          100.0 * double(d.raw.prefix_share(l, h)));
            series.point_labels.emplace_back(buf);
        }
        spec.series.push_back(std::move(series));
    }
    spec.series.push_back(plot_series(tr(lang, Txt::DistMean), d.layers, d.layer_mean, IM_COL32(230, 230, 230, 200),
                                      SeriesKind::Line));
    spec.series.push_back(plot_series(tr(lang, Txt::DistUniform), {0.5, d.n_layers + 0.5}, {d.uniform, d.uniform},
                                      IM_COL32(160, 160, 160, 200), SeriesKind::Reference));

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(tr(lang, Txt::DistSummary), 100.0 * d.prefix_share, d.uniform);
    ImGui::TextDisabled("%s", tr(lang, Txt::DistClickTip));
    ImGui::PopTextWrapPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const PlotHover hover = draw_plot("##attn_distance", spec, ImVec2(avail.x, std::max(avail.y - 4.0f, 160.0f)));

    // The chosen layer and head: a ring around its dot.
    if (s.layer >= 0 && s.layer < d.n_layers && s.head >= 0 && s.head < d.n_heads) {
        const ImVec2 at = plot_point(spec, hover, s.layer + 1, d.raw.distance(s.layer, s.head));
        ImGui::GetWindowDrawList()->AddCircle(at, 8.0f, IM_COL32(255, 210, 40, 255), 0, 2.0f);
    }
    if (hover.clicked && hover.series >= 0 && hover.series < d.n_heads) {
        s.head = hover.series;
        s.layer = hover.index;
    }
}

}  // namespace attn::app
