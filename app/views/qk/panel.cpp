// panel.cpp — queries and keys as points in the plane of their first two principal components
// (implementation; the interface and its contract are in panel.h)
#include "app/views/qk/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

// Each point's patch beside it, where the plot would write its name (keys first, then queries,
// as the series); prefix tokens keep their name.
void draw_point_pictures(const PictureTexture& picture, const Trace& trace, const PlotSpec& spec, const PlotHover& h) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(h.area_min, h.area_max, true);
    const float side = std::max(kMinThumbPx, std::floor(ImGui::GetTextLineHeight() * 1.2f));
    for (size_t si = 0; si < spec.series.size(); ++si) {
        const PlotSeries& series = spec.series[si];
        const std::vector<Token>& tokens = si == 0 ? trace.k_tokens : trace.q_tokens;
        for (size_t i = 0; i < series.x.size() && i < tokens.size(); ++i) {
            const ImVec2 at = plot_point(spec, h, series.x[i], series.y[i]);
            if (draw_patch_thumb(dl, picture, int(i), ImVec2(at.x + 6.0f + 0.5f * side, at.y), side, false))
                dl->AddRect(ImVec2(at.x + 5.0f, at.y - 0.5f * side - 1.0f), ImVec2(at.x + 7.0f + side, at.y + 0.5f * side + 1.0f),
                            series.colour);  // query or key: the series' colour
            else
                dl->AddText(ImVec2(at.x + 6.0f, at.y - 0.5f * ImGui::GetTextLineHeight()), series.colour,
                            tokens[i].text.c_str());
        }
    }
    dl->PopClipRect();
}

}  // namespace

void draw_qk_panel(QkPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const Trace& trace = *view.trace;
    const int layer = clamp_layer(s.layer, trace);
    const LayerTrace& L = trace.layers[size_t(layer)];
    const int head = std::clamp(s.head, 0, L.n_heads - 1);
    if (p.cached_trace.lock() != view.trace || p.cached_layer != layer || p.cached_head != head) {
        p.projection = project_qk(L, head);
        p.cached_trace = view.trace;
        p.cached_layer = layer;
        p.cached_head = head;
    }
    const QkProjection& pr = p.projection;

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::QkIntro));
    ImGui::PopTextWrapPos();
    if (trace.layers.size() > 1) draw_layer_choice(s, int(trace.layers.size()));
    ImGui::TextUnformatted(tr(lang, Txt::Head));
    for (int h = 0; h < L.n_heads; ++h) {
        ImGui::SameLine();
        char id[32];
        std::snprintf(id, sizeof(id), "%d###qk_head%d", h + 1, h);
        if (ImGui::RadioButton(id, head == h)) s.head = h;
    }

    // One square data area, both axes in the same units, so distances compare.
    double lo = 0.0, hi = 0.0;
    for (const Mat* m : {&pr.q2, &pr.k2})
        for (int i = 0; i < m->rows(); ++i)
            for (int c = 0; c < 2; ++c) lo = std::min(lo, double((*m)(i, c))), hi = std::max(hi, double((*m)(i, c)));
    double cx = 0, cy = 0, half = std::max((hi - lo) * 0.55, 1e-3);
    {
        double x0 = 1e30, x1 = -1e30, y0 = 1e30, y1 = -1e30;
        for (const Mat* m : {&pr.q2, &pr.k2})
            for (int i = 0; i < m->rows(); ++i) {
                x0 = std::min(x0, double((*m)(i, 0))), x1 = std::max(x1, double((*m)(i, 0)));
                y0 = std::min(y0, double((*m)(i, 1))), y1 = std::max(y1, double((*m)(i, 1)));
            }
        if (x0 <= x1) {
            cx = 0.5 * (x0 + x1);
            cy = 0.5 * (y0 + y1);
            half = std::max({0.55 * (x1 - x0), 0.55 * (y1 - y0), 1e-3});
        }
    }
    PlotSpec spec;
    spec.x.lo = cx - half;
    spec.x.hi = cx + half;
    spec.y.lo = cy - half;
    spec.y.hi = cy + half;
    char ax[96];
    std::snprintf(ax, sizeof(ax), tr(lang, Txt::QkAxis), 1, 100.0 * pr.explained[0]);
    spec.x.label = ax;
    std::snprintf(ax, sizeof(ax), tr(lang, Txt::QkAxis), 2, 100.0 * pr.explained[1]);
    spec.y.label = ax;
    const bool labels = std::max(L.t_q(), L.t_k()) <= 60;
    PlotSeries keys = plot_series(tr(lang, Txt::QkKeys), {}, {}, plot_colour(1), SeriesKind::Points);
    PlotSeries queries = plot_series(tr(lang, Txt::QkQueries), {}, {}, plot_colour(0), SeriesKind::Points);
    for (int j = 0; j < pr.k2.rows(); ++j) {
        keys.x.push_back(pr.k2(j, 0));
        keys.y.push_back(pr.k2(j, 1));
        keys.point_labels.push_back(trace.k_tokens[size_t(j)].text);
    }
    for (int i = 0; i < pr.q2.rows(); ++i) {
        queries.x.push_back(pr.q2(i, 0));
        queries.y.push_back(pr.q2(i, 1));
        queries.point_labels.push_back(trace.q_tokens[size_t(i)].text);
    }
    const bool pictures = refresh_picture_for(p.picture, view.trace.get());
    keys.label_points = queries.label_points = labels && !pictures;  // pictures: drawn below
    spec.series = {keys, queries};
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float side = std::max(200.0f, std::min(avail.x, avail.y));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, 0.5f * (avail.x - side)));
    const PlotHover h = draw_plot("##qk_plot", spec, ImVec2(side, side));
    if (pictures && h.series >= 0 && h.index >= 0) {  // the plot's tooltip, with the patch under it
        ImGui::BeginTooltip();
        patch_thumb_item(p.picture, h.index, 56.0f);
        ImGui::EndTooltip();
    }
    if (pictures && labels) draw_point_pictures(p.picture, trace, spec, h);

    // The query whose lines are drawn: the hovered one, else the selected (or last) one.
    const int tq = L.t_q();
    int q = s.sel_query >= 0 && s.sel_query < tq ? s.sel_query : tq - 1;
    if (h.series == 1 && h.index >= 0) q = h.index;
    if (h.clicked && h.series == 1 && h.index >= 0) {
        const Mat& w = L.heads[size_t(head)].weights;
        Eigen::Index best = 0;
        w.row(h.index).maxCoeff(&best);
        s.sel_query = h.index;
        s.sel_key = w(h.index, best) > 0.0f ? int(best) : -1;  // the strongest key, for the explainer
    }
    if (q >= 0 && q < pr.q2.rows()) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->PushClipRect(h.area_min, h.area_max, true);
        const Mat& w = L.heads[size_t(head)].weights;
        const ImVec2 from = plot_point(spec, h, pr.q2(q, 0), pr.q2(q, 1));
        const ImU32 c = plot_colour(0);
        for (int j = 0; j < pr.k2.rows(); ++j) {
            const float a = w(q, j);
            if (a <= 0.004f) continue;
            const ImVec4 col = ImGui::ColorConvertU32ToFloat4(c);
            dl->AddLine(from, plot_point(spec, h, pr.k2(j, 0), pr.k2(j, 1)),
                        ImGui::ColorConvertFloat4ToU32(ImVec4(col.x, col.y, col.z, std::min(1.0f, 0.15f + a))),
                        1.0f + 6.0f * a);
        }
        dl->AddCircle(from, 8.0f, IM_COL32(255, 255, 255, 230), 0, 2.0f);
        dl->PopClipRect();
    }
}

}  // namespace attn::app
