// panel.cpp — the Cost view: the four methods' time and memory on log-log plots, slopes and a table
// (implementation; the interface and its contract are in panel.h)
#include "app/views/cost/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

constexpr int kSeries = kCostMethods + 1;  // the four methods, then the engine's trace

std::string series_name(Lang lang, int s, const CostSweep& sweep) {
    char buf[160];
    switch (s) {
        case 0: return tr(lang, Txt::CostSoftmax);
        case 1: std::snprintf(buf, sizeof(buf), tr(lang, Txt::CostWindow), sweep.window); return buf;
        case 2: return tr(lang, Txt::CostLinear);
        case 3: std::snprintf(buf, sizeof(buf), tr(lang, Txt::CostOnline), sweep.tile); return buf;
        default: return tr(lang, Txt::CostEngine);
    }
}

struct Columns {
    std::vector<double> n, ms, mib;
};

Columns series_columns(const CostResults& r, int s) {
    Columns c;
    if (s < kCostMethods) {
        for (const CostSample& x : r.sweep.samples[s]) {
            c.n.push_back(x.n);
            c.ms.push_back(x.ms);
            c.mib.push_back(x.scratch_mib);
        }
    } else {
        for (const CostPoint& p : r.engine) {
            c.n.push_back(p.n);
            c.ms.push_back(p.ms);
            c.mib.push_back(p.trace_mib);
        }
    }
    return c;
}

// Exponent of y ≈ c·n^p over n ≥ 128 (all points when fewer than three are that large).
PowerFit slope_of(const std::vector<double>& n, const std::vector<double>& y) {
    std::vector<double> xs, ys;
    for (size_t i = 0; i < n.size(); ++i)
        if (n[i] >= 128) {
            xs.push_back(n[i]);
            ys.push_back(y[i]);
        }
    return xs.size() >= 3 ? fit_power_law(xs, ys) : fit_power_law(n, y);
}

// Dashed n and n² lines through the softmax curve's middle point, over the x axis.
void add_references(PlotSpec& spec, Lang lang, const std::vector<double>& n, const std::vector<double>& y) {
    if (n.empty()) return;
    const size_t mid = n.size() / 2;
    const double n0 = n[mid], y0 = y[mid];
    if (!(n0 > 0) || !(y0 > 0)) return;
    PlotSeries r1 = plot_series(tr(lang, Txt::CostRefN), {}, {}, IM_COL32(170, 170, 170, 200), SeriesKind::Reference);
    PlotSeries r2 = plot_series(tr(lang, Txt::CostRefN2), {}, {}, IM_COL32(255, 255, 255, 200), SeriesKind::Reference);
    for (double x : {spec.x.lo, spec.x.hi}) {
        r1.x.push_back(x);
        r1.y.push_back(y0 * (x / n0));
        r2.x.push_back(x);
        r2.y.push_back(y0 * (x / n0) * (x / n0));
    }
    spec.series.insert(spec.series.begin(), {r1, r2});
}

void draw_plots(const CostResults& r, Lang lang, float height) {
    Columns cols[kSeries];
    std::vector<double> all_n, all_ms, all_mib;
    for (int s = 0; s < kSeries; ++s) {
        cols[s] = series_columns(r, s);
        all_n.insert(all_n.end(), cols[s].n.begin(), cols[s].n.end());
        all_ms.insert(all_ms.end(), cols[s].ms.begin(), cols[s].ms.end());
        all_mib.insert(all_mib.end(), cols[s].mib.begin(), cols[s].mib.end());
    }
    const float w = 0.5f * (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x);
    for (int which = 0; which < 2; ++which) {
        PlotSpec spec;
        spec.title = tr(lang, which == 0 ? Txt::CostTimeTitle : Txt::CostMemTitle);
        spec.x = fit_axis(all_n, AxisScale::Log);
        spec.x.label = tr(lang, Txt::CostAxisN);
        spec.y = fit_axis(which == 0 ? all_ms : all_mib, AxisScale::Log);
        spec.y.label = tr(lang, which == 0 ? Txt::CostAxisTime : Txt::CostAxisMem);
        spec.y.unit = which == 0 ? "ms" : "MiB";
        spec.legend = false;  // one legend row above both plots
        for (int s = 0; s < kSeries; ++s)
            spec.series.push_back(plot_series(series_name(lang, s, r.sweep), cols[s].n, which == 0 ? cols[s].ms : cols[s].mib,
                                              plot_colour(s), SeriesKind::LinePoints));
        add_references(spec, lang, cols[0].n, which == 0 ? cols[0].ms : cols[0].mib);
        if (which == 0) draw_legend_row(spec.series);
        if (which == 1) ImGui::SameLine();
        draw_plot(which == 0 ? "##cost_time" : "##cost_mem", spec, ImVec2(w, height));
    }
}

void draw_table(const CostResults& r, Lang lang) {
    std::vector<int> sizes;
    for (int s = 0; s < kSeries; ++s)
        for (double n : series_columns(r, s).n) sizes.push_back(int(n));
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    ImGui::TextDisabled("%s", tr(lang, Txt::CostTableTitle));
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("###cost_table", 1 + 2 * kSeries, flags, ImVec2(0.0f, ImGui::GetContentRegionAvail().y)))
        return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn(tr(lang, Txt::CostColN));
    for (int s = 0; s < kSeries; ++s) {
        std::string name = series_name(lang, s, r.sweep);
        ImGui::TableSetupColumn((name + "\n" + tr(lang, Txt::CostColMs)).c_str());
        ImGui::TableSetupColumn((name + "\n" + tr(lang, Txt::CostColMiB)).c_str());
    }
    ImGui::TableHeadersRow();
    Columns cols[kSeries];
    for (int s = 0; s < kSeries; ++s) cols[s] = series_columns(r, s);
    for (int n : sizes) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", n);
        for (int s = 0; s < kSeries; ++s) {
            const auto it = std::find(cols[s].n.begin(), cols[s].n.end(), double(n));
            const size_t i = size_t(it - cols[s].n.begin());
            ImGui::TableNextColumn();
            if (it == cols[s].n.end()) ImGui::TextDisabled("–");
            else ImGui::Text(cols[s].ms[i] < 1.0 ? "%.3f" : "%.1f", cols[s].ms[i]);
            ImGui::TableNextColumn();
            if (it == cols[s].n.end()) ImGui::TextDisabled("–");
            else ImGui::Text(cols[s].mib[i] < 1.0 ? "%.3f" : "%.1f", cols[s].mib[i]);
        }
    }
    // The fitted exponents: the O(·) column of the seeds' table, measured.
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tr(lang, Txt::CostSlopeRow));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(lang, Txt::CostSlopeTip));
    for (int s = 0; s < kSeries; ++s) {
        for (const std::vector<double>* y : {&cols[s].ms, &cols[s].mib}) {
            ImGui::TableNextColumn();
            const PowerFit f = slope_of(cols[s].n, *y);
            if (f.ok) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(plot_colour(s)), "n^%.2f", f.exponent);
            else ImGui::TextDisabled("–");
        }
    }
    ImGui::EndTable();
}

}  // namespace

void draw_cost_panel(CostPanel& p, const AppState& state, const ComputeView& view) {
    const Lang lang = state.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(tr(lang, Txt::CostIntro));
    ImGui::PopTextWrapPos();
    const bool running = p.probe.running();
    const bool can_run = !running && view.trace != nullptr;
    if (p.auto_start && can_run) {
        p.auto_start = false;
        p.probe.start(view.trace->model, view.trace->run);
    }
    if (!can_run) ImGui::BeginDisabled();
    char label[96];
    std::snprintf(label, sizeof(label), "%s###cost_run", tr(lang, Txt::CostRun));
    if (ImGui::Button(label)) p.probe.start(view.trace->model, view.trace->run);
    if (!can_run) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::CostRunTip));
    if (running) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::CostRunning));
    }

    const CostResults r = p.probe.results();
    bool any = !r.engine.empty();
    for (int m = 0; m < kCostMethods; ++m) any = any || !r.sweep.samples[m].empty();
    if (!any) {
        if (!running) ImGui::TextDisabled("%s", tr(lang, Txt::CostNone));
        return;
    }
    // The table's rows (header of two lines, one per size, the fit) fit under the plots.
    int rows = 0;
    for (int m = 0; m < kCostMethods; ++m) rows = std::max(rows, int(r.sweep.samples[m].size()));
    rows = std::max(rows, int(r.engine.size()));
    const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
    const float table_h = float(rows + 4) * row_h + ImGui::GetTextLineHeightWithSpacing();
    const float legend_h = 2.0f * ImGui::GetTextLineHeightWithSpacing();
    const float avail = ImGui::GetContentRegionAvail().y;
    draw_plots(r, lang, std::max(220.0f, avail - table_h - legend_h));
    draw_table(r, lang);
}

bool cost_panel_wait_idle(const CostPanel& p, std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (p.probe.running()) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

}  // namespace attn::app
