// panel.cpp — why scaled dot-product attention divides by √d_k
// (implementation; the interface and its contract are in panel.h)
#include "app/views/scaling_lab/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <imgui.h>

#include "app/matrix/heatmap_data.h"
#include "app/plot/plot.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

// Takes finished jobs' results (uploading the maps: the one GL step) and posts what is missing.
void refresh(ScalingLabPanel& p, const ComputeView& view, int layer, int head) {
    if (auto done = p.maps_job.take()) {
        upload_heatmap(p.scaled, done->result.scaled);
        upload_heatmap(p.unscaled, done->result.unscaled);
        p.diff = std::move(done->result.diff);
        p.diff_tex = upload_rgba_texture(p.diff_tex, p.diff.rgba.data(), p.diff.cols, p.diff.rows);
        p.hist_scaled = std::move(done->result.hist_scaled);
        p.hist_unscaled = std::move(done->result.hist_unscaled);
        p.other = std::move(done->result.other);
        p.shown = std::move(done->request);
    }
    const ScalingRequest wanted{view.trace, layer, head};
    const bool up_to_date = p.shown && same_scaling_request(*p.shown, wanted);
    if (!up_to_date && (!p.posted || !same_scaling_request(*p.posted, wanted))) {
        p.maps_job.post(wanted);
        p.posted = wanted;
    }
}

void refresh_dk(ScalingLabPanel& p) {
    if (auto done = p.dk_job.take()) {
        p.dk = std::move(done->result);
        for (int k = 0; k < kDkDemoCount; ++k) {
            p.curve_raw[size_t(k)] = float((*p.dk)[size_t(k)].entropy_unscaled);
            p.curve_scaled[size_t(k)] = float((*p.dk)[size_t(k)].entropy_scaled);
        }
    }
    if (!p.dk && !p.dk_posted) {
        p.dk_job.post(7);  // the demo's fixed seed: the same numbers every session
        p.dk_posted = true;
    }
}

void draw_computing(Lang lang) {
    const int dots = int(ImGui::GetTime() * 3.0) % 4;  // animated without stored state
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s%.*s", tr(lang, Txt::Computing), dots, "...");
}

void draw_maps(ScalingLabPanel& p, const AppState& s, const LayerTrace& main, const LayerTrace& twin, float side) {
    const Lang lang = s.lang;
    const LayerTrace& scaled = main.scale ? main : twin;
    const LayerTrace& unscaled = main.scale ? twin : main;
    const float aspect = float(main.t_k()) / float(std::max(main.t_q(), 1));
    const float w = aspect >= 1.0f ? side : std::floor(side * aspect);
    const float h = aspect >= 1.0f ? std::floor(side / aspect) : side;
    const float cell = w / float(std::max(main.t_k(), 1));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    char caption[128];
    for (int k = 0; k < 3; ++k) {
        const ImVec2 cap(origin.x + float(k) * (side + 16.0f), origin.y);
        const ImVec2 p0(cap.x, cap.y + line_h), p1(p0.x + w, p0.y + h);
        unsigned tex = 0;
        if (k == 0) {
            std::snprintf(caption, sizeof(caption), tr(lang, Txt::ScalingScaled), double(scaled.factor));
            tex = render_heatmap(p.scaled, int(w), int(h), s.colormap, 0.0f, 1.0f, cell);
        } else if (k == 1) {
            std::snprintf(caption, sizeof(caption), tr(lang, Txt::ScalingUnscaled), double(unscaled.factor));
            tex = render_heatmap(p.unscaled, int(w), int(h), s.colormap, 0.0f, 1.0f, cell);
        } else {
            std::snprintf(caption, sizeof(caption), tr(lang, Txt::ScalingDiff), double(p.diff.max_abs));
            tex = p.diff_tex;
        }
        dl->AddText(cap, ImGui::GetColorU32(ImGuiCol_Text), caption);
        if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
        dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));
        ImGui::SetCursorScreenPos(p0);
        ImGui::PushID(k);
        ImGui::InvisibleButton("##map", ImVec2(std::max(w, 1.0f), std::max(h, 1.0f)));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(int((m.x - p0.x) / w * float(main.t_k())), 0, main.t_k() - 1);
            const int i = std::clamp(int((m.y - p0.y) / h * float(main.t_q())), 0, main.t_q() - 1);
            const int head = p.shown->head;
            ImGui::BeginTooltip();
            ImGui::Text("%d → %d", i, j);
            ImGui::Text("%s: %.4f   %s: %.4f", tr(lang, Txt::ScaledShort), double(scaled.heads[size_t(head)].weights(i, j)),
                        tr(lang, Txt::RawShort), double(unscaled.heads[size_t(head)].weights(i, j)));
            if (p.shown->trace) patch_pair_item(p.picture, *p.shown->trace, i, j, 40.0f);
            if (k == 2) ImGui::TextDisabled("%s", tr(lang, Txt::ScalingDiffTip));
            ImGui::EndTooltip();
        }
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + line_h + h + 10.0f));
}

void draw_stats_table(const PictureTexture& picture, const Trace& trace, const LayerTrace& main, int head, Lang lang) {
    const HeadTrace& ht = main.heads[size_t(head)];
    const RowStats& sc = main.scale ? ht.stats : ht.stats_flipped;
    const RowStats& raw = main.scale ? ht.stats_flipped : ht.stats;
    ImGui::TextUnformatted(tr(lang, Txt::ScalingStats));
    item_tooltip(tr(lang, Txt::ScalingStatsTip));
    if (sc.entropy.size() != main.t_q() || raw.entropy.size() != main.t_q()) return;  // stats off
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##rowstats", 7, flags, ImVec2(0.0f, ImGui::GetContentRegionAvail().y))) return;
    char head_buf[7][48];
    std::snprintf(head_buf[0], 48, "%s", tr(lang, Txt::ColToken));
    const Txt names[3] = {Txt::ColEntropy, Txt::ColMaxWeight, Txt::ColJacobian};
    for (int c = 0; c < 3; ++c) {
        std::snprintf(head_buf[1 + 2 * c], 48, "%s %s", tr(lang, names[c]), tr(lang, Txt::ScaledShort));
        std::snprintf(head_buf[2 + 2 * c], 48, "%s %s", tr(lang, names[c]), tr(lang, Txt::RawShort));
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    for (auto& name : head_buf) ImGui::TableSetupColumn(name);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;  // 512 rows: only the visible ones are laid out
    clipper.Begin(main.t_q());
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (patch_thumb_item(picture, i, ImGui::GetTextLineHeight())) ImGui::SameLine();
            ImGui::Text("%d %s", i, trace.q_tokens[size_t(i)].text.c_str());
            const float v[6] = {sc.entropy(i), raw.entropy(i), sc.max_weight(i), raw.max_weight(i),
                                sc.jacobian_norm(i), raw.jacobian_norm(i)};
            for (float x : v) {
                ImGui::TableNextColumn();
                ImGui::Text("%.3f", double(x));
            }
        }
    }
    ImGui::EndTable();
}

void draw_histograms_and_demo(ScalingLabPanel& p, Lang lang) {
    const float w = ImGui::GetContentRegionAvail().x;
    char title[128];
    const Histogram* hs[2] = {&p.hist_scaled, &p.hist_unscaled};
    // Both histograms on one value axis, so dividing by √d_k visibly squeezes the softmax inputs.
    const std::vector<double> edges = {double(hs[0]->lo), double(hs[0]->hi), double(hs[1]->lo), double(hs[1]->hi)};
    const Axis x_axis = fit_axis(edges, AxisScale::Linear);
    // One plot, both histograms overlaid (raw behind, ÷√d_k in front).
    PlotSpec hist;
    hist.title = tr(lang, Txt::HistBothTitle);
    hist.x = x_axis;
    hist.x.label = tr(lang, Txt::HistAxisValue);
    hist.y_tick_target = 2;
    std::vector<double> counts;
    for (int k = 1; k >= 0; --k) {
        const Histogram& h = *hs[k];
        const ImVec4 c = ImGui::ColorConvertU32ToFloat4(plot_colour(k));
        PlotSeries bars = plot_series(tr(lang, k == 0 ? Txt::ScaledShort : Txt::RawShort), {}, {},
                        ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, k == 0 ? 0.85f : 0.6f)), SeriesKind::Bars);
        const int bins = int(h.counts.size());
        for (int b = 0; b < bins; ++b) {
            bars.x.push_back(double(h.lo) + (b + 0.5) * double(h.hi - h.lo) / std::max(bins, 1));
            bars.y.push_back(h.counts[size_t(b)]);
            counts.push_back(h.counts[size_t(b)]);
        }
        bars.bar_width = bins > 0 ? 0.9 * double(h.hi - h.lo) / bins : 0.0;
        hist.series.push_back(bars);
    }
    hist.y = fit_axis(counts, AxisScale::Linear, true);
    hist.y.label = tr(lang, Txt::HistAxisCount);
    draw_plot("##hist", hist, ImVec2(w, 170.0f));
    item_tooltip(tr(lang, Txt::HistTip));
    (void)title;

    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", tr(lang, Txt::DkTitle));
    item_tooltip(tr(lang, Txt::DkTip));
    refresh_dk(p);
    if (!p.dk) {
        draw_computing(lang);
        return;
    }
    char fmt[32];
    std::snprintf(fmt, sizeof(fmt), "d_k = %d", kDkDemoValues[p.dk_index]);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("##dk", &p.dk_index, 0, kDkDemoCount - 1, fmt, ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::DkTip));
    p.dk_index = std::clamp(p.dk_index, 0, kDkDemoCount - 1);
    const DkDemo& d = (*p.dk)[size_t(p.dk_index)];
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr(lang, Txt::DkVar), d.dot_var, d.d_k, d.scaled_var);
    ImGui::Text(tr(lang, Txt::DkEntropy), d.keys, d.entropy_unscaled, d.entropy_scaled, d.entropy_uniform);
    ImGui::Text(tr(lang, Txt::DkMax), d.max_weight_unscaled, d.max_weight_scaled);
    ImGui::PopTextWrapPos();
    ImGui::TextDisabled("%s", tr(lang, Txt::DkCurve));
    PlotSpec spec;
    spec.x.scale = AxisScale::Log;
    spec.x.lo = 3.0;
    spec.x.hi = 700.0;
    spec.x.label = "d_k";
    spec.y.lo = 0.0;
    spec.y.hi = std::max(0.1, d.entropy_uniform * 1.1);
    spec.y.label = tr(lang, Txt::DkAxisEntropy);
    PlotSeries scaled = plot_series(tr(lang, Txt::ScaledShort), {}, {}, plot_colour(0), SeriesKind::LinePoints);
    PlotSeries raw = plot_series(tr(lang, Txt::RawShort), {}, {}, plot_colour(1), SeriesKind::LinePoints);
    for (int k = 0; k < kDkDemoCount; ++k) {
        scaled.x.push_back(kDkDemoValues[k]);
        scaled.y.push_back(p.curve_scaled[size_t(k)]);
        raw.x.push_back(kDkDemoValues[k]);
        raw.y.push_back(p.curve_raw[size_t(k)]);
    }
    PlotSeries uniform = plot_series(tr(lang, Txt::DkUniform), {spec.x.lo, spec.x.hi}, {d.entropy_uniform, d.entropy_uniform},
                       IM_COL32(200, 200, 200, 200), SeriesKind::Reference);
    spec.series = {uniform, scaled, raw};
    spec.x_marks = {double(kDkDemoValues[p.dk_index])};
    spec.y_tick_target = 3;
    draw_plot("##dk_curve", spec, ImVec2(w, std::max(150.0f, ImGui::GetContentRegionAvail().y)));
}

}  // namespace

void draw_scaling_lab_panel(ScalingLabPanel& p, const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::ScalingIntro));
    ImGui::PopTextWrapPos();
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const int layer = clamp_layer(s.layer, *view.trace);
    const LayerTrace& main = view.trace->layers[size_t(layer)];
    const int head = std::clamp(s.head, 0, main.n_heads - 1);
    ImGui::Text(tr(lang, Txt::ScalingHead), head + 1, main.d_k);
    if (!view.trace->trained_scaled) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", tr(lang, Txt::ScalingTrainedUnscaled));
        ImGui::PopTextWrapPos();
    }
    if (!p.renderers_ready && p.renderer_error.empty()) {
        Status a = heatmap_renderer_init(p.scaled);
        Status b = a ? heatmap_renderer_init(p.unscaled) : Status::Ok();
        if (!a || !b) p.renderer_error = !a ? a.message() : b.message();
        p.renderers_ready = p.renderer_error.empty();
    }
    if (!p.renderer_error.empty()) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    refresh(p, view, layer, head);
    if (p.shown && !same_scaling_request(*p.shown, ScalingRequest{view.trace, layer, head})) {
        ImGui::SameLine(0.0f, 24.0f);
        draw_computing(lang);
    }
    refresh_picture_for(p.picture, view.trace.get());  // image runs: patches in the table and tooltips
    if (p.shown) {  // the maps on screen, drawn with the shape of the run they were made from
        const float side = std::floor(std::min((avail.x - 32.0f) / 3.0f, avail.y * 0.42f));
        const size_t shown_layer = size_t(clamp_layer(p.shown->layer, *p.shown->trace));
        draw_maps(p, s, p.shown->trace->layers[shown_layer], p.other, std::max(side, 16.0f));
    } else {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::ScalingWaiting));
    }

    const float lower_h = ImGui::GetContentRegionAvail().y;
    const float left_w = std::floor(ImGui::GetContentRegionAvail().x * 0.55f);
    if (ImGui::BeginChild("##stats", ImVec2(left_w, lower_h), false, ImGuiWindowFlags_NoBackground)) {
        draw_stats_table(p.picture, *view.trace, main, head, lang);
    }
    ImGui::EndChild();
    ImGui::SameLine(0.0f, 16.0f);
    if (ImGui::BeginChild("##demo", ImVec2(0.0f, lower_h), false, ImGuiWindowFlags_NoBackground)) {
        if (p.shown) draw_histograms_and_demo(p, lang);
    }
    ImGui::EndChild();
}

void scaling_lab_panel_destroy(ScalingLabPanel& p) {
    heatmap_renderer_destroy(p.scaled);
    heatmap_renderer_destroy(p.unscaled);
    delete_texture(p.diff_tex);
    destroy_picture(p.picture);
    p.scaled = HeatmapRenderer{};
    p.unscaled = HeatmapRenderer{};
    p.diff_tex = 0;
    p.renderers_ready = false;
    p.shown.reset();  // its maps must be uploaded again
    p.posted.reset();
}

void scaling_lab_panel_set_wakeup(ScalingLabPanel& p, std::function<void()> wakeup) {
    p.maps_job.set_wakeup(wakeup);
    p.dk_job.set_wakeup(std::move(wakeup));
}

bool scaling_lab_panel_wait_idle(ScalingLabPanel& p, std::chrono::milliseconds timeout) {
    const bool maps = p.maps_job.wait_idle(timeout);
    return p.dk_job.wait_idle(timeout) && maps;
}

}  // namespace attn::app
