// plot.cpp — axes, ticks, series, legend and hover readout drawn with ImGui's draw list
// (implementation; the interface and its contract are in plot.h)
#include "app/plot/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn::app {

namespace {

// Okabe–Ito palette (colour-blind safe), brightened a little for the dark background.
constexpr ImU32 kPalette[] = {
    IM_COL32(86, 180, 233, 255),   // sky blue
    IM_COL32(230, 159, 0, 255),    // orange
    IM_COL32(0, 158, 115, 255),    // bluish green
    IM_COL32(204, 121, 167, 255),  // reddish purple
    IM_COL32(240, 228, 66, 255),   // yellow
    IM_COL32(213, 94, 0, 255),     // vermillion
    IM_COL32(0, 114, 178, 255),    // blue
    IM_COL32(200, 200, 200, 255),  // grey
};

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash = 6.0f) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    const int n = int(len / dash);
    for (int k = 0; k < n; k += 2) {
        const float t0 = float(k) * dash / len, t1 = std::min(1.0f, float(k + 1) * dash / len);
        dl->AddLine(ImVec2(a.x + dx * t0, a.y + dy * t0), ImVec2(a.x + dx * t1, a.y + dy * t1), col, thickness);
    }
}

std::string with_unit(const std::string& label, const std::string& unit) {
    return unit.empty() ? label : label + " " + unit;
}

}  // namespace

ImU32 plot_colour(int index) {
    const int n = int(sizeof(kPalette) / sizeof(kPalette[0]));
    return kPalette[((index % n) + n) % n];
}

void draw_legend_row(const std::vector<PlotSeries>& series) {
    const float line_h = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    bool first = true;
    for (const PlotSeries& s : series) {
        if (s.name.empty()) continue;
        const float item_w = 28.0f + ImGui::CalcTextSize(s.name.c_str()).x;
        if (!first) {
            ImGui::SameLine(0.0f, 18.0f);
            if (ImGui::GetCursorScreenPos().x + item_w > right_edge) ImGui::NewLine();
        }
        first = false;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float cy = p.y + 0.5f * line_h;
        if (s.kind == SeriesKind::Reference)
            dashed_line(dl, ImVec2(p.x, cy), ImVec2(p.x + 22.0f, cy), s.colour, 1.5f, 4.0f);
        else if (s.kind == SeriesKind::Bars)
            dl->AddRectFilled(ImVec2(p.x + 5.0f, cy - 5.0f), ImVec2(p.x + 17.0f, cy + 5.0f), s.colour);
        else
            dl->AddLine(ImVec2(p.x, cy), ImVec2(p.x + 22.0f, cy), s.colour, 2.5f);
        ImGui::Dummy(ImVec2(26.0f, line_h));
        ImGui::SameLine(0.0f, 2.0f);
        ImGui::TextUnformatted(s.name.c_str());
    }
}

ImVec2 plot_point(const PlotSpec& spec, const PlotHover& h, double x, double y) {
    return ImVec2(h.area_min.x + float(axis_fraction(spec.x, x)) * (h.area_max.x - h.area_min.x),
                  h.area_max.y - float(axis_fraction(spec.y, y)) * (h.area_max.y - h.area_min.y));
}

PlotHover draw_plot(const char* id, const PlotSpec& spec, ImVec2 size) {
    PlotHover hover;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    size.x = std::max(size.x, 120.0f);
    size.y = std::max(size.y, 90.0f);
    ImGui::InvisibleButton(id, size);
    const bool item_hovered = ImGui::IsItemHovered();
    hover.clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);

    const float line_h = ImGui::GetTextLineHeight();
    const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 dim_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 grid_col = IM_COL32(255, 255, 255, 28);
    const ImU32 axis_col = IM_COL32(255, 255, 255, 110);

    // Ticks first: their labels decide the margins.
    std::vector<Tick> yt = make_ticks(spec.y, spec.y_tick_target);
    std::vector<Tick> xt;
    const bool categories = !spec.x_category_labels.empty();
    if (categories) {
        for (size_t i = 0; i < spec.x_category_labels.size(); ++i)
            xt.push_back({double(i), true, spec.x_category_labels[i]});
    } else {
        xt = make_ticks(spec.x, spec.x_tick_target);
    }
    float y_label_w = 0.0f;
    for (const Tick& t : yt)
        if (t.major) y_label_w = std::max(y_label_w, ImGui::CalcTextSize(t.label.c_str()).x);
    const float x_label_h = categories && spec.x_category_room > 0.0f ? spec.x_category_room : line_h;
    const float title_h = spec.title.empty() ? 0.0f : line_h + 4.0f;
    const float y_title_h = spec.y.label.empty() ? 0.0f : line_h + 2.0f;  // the y axis' title row
    const float left = origin.x + y_label_w + 10.0f;
    const float right = origin.x + size.x - 8.0f;
    const float top = origin.y + title_h + y_title_h + 0.5f * line_h;
    const float bottom = origin.y + size.y - x_label_h - 8.0f - (spec.x.label.empty() ? 0.0f : line_h + 2.0f);
    if (right - left < 20.0f || bottom - top < 20.0f) return hover;
    hover.area_min = ImVec2(left, top);
    hover.area_max = ImVec2(right, bottom);

    auto px = [&](double x) { return left + float(axis_fraction(spec.x, x)) * (right - left); };
    auto py = [&](double y) { return bottom - float(axis_fraction(spec.y, y)) * (bottom - top); };
    auto inside_x = [&](double x) { const double f = axis_fraction(spec.x, x); return f >= -1e-6 && f <= 1 + 1e-6; };

    if (!spec.title.empty()) dl->AddText(ImVec2(left, origin.y), text_col, spec.title.c_str());

    // Grid and tick labels.
    for (const Tick& t : yt) {
        const float y = py(t.value);
        if (t.major) {
            dl->AddLine(ImVec2(left, y), ImVec2(right, y), grid_col);
            const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
            dl->AddText(ImVec2(left - 6.0f - ts.x, y - 0.5f * ts.y), text_col, t.label.c_str());
        }
        dl->AddLine(ImVec2(left - (t.major ? 5.0f : 3.0f), y), ImVec2(left, y), axis_col);
    }
    // Category labels: every k-th, so that none overlap (k from the widest label).
    int stride = 1;
    if (categories && !xt.empty() && spec.x_category_room <= 0.0f) {
        float widest = 0.0f;
        for (const Tick& t : xt) widest = std::max(widest, ImGui::CalcTextSize(t.label.c_str()).x);
        const float slot = (right - left) / float(xt.size());
        stride = std::max(1, int(std::ceil((widest + 8.0f) / std::max(slot, 0.5f))));
    }
    float last_label_end = -1e9f;
    for (size_t ti = 0; ti < xt.size(); ++ti) {
        const Tick& t = xt[ti];
        const float x = categories ? left + (float(t.value) + 0.5f) / float(xt.size()) * (right - left) : px(t.value);
        if (!categories && t.major) dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), grid_col);
        if (categories && ti % size_t(stride) != 0) continue;
        dl->AddLine(ImVec2(x, bottom), ImVec2(x, bottom + (t.major ? 5.0f : 3.0f)), axis_col);
        if (!t.major || t.label.empty() || spec.x_category_room > 0.0f) continue;
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        if (x - 0.5f * ts.x < last_label_end) continue;  // no overlapping labels
        dl->AddText(ImVec2(x - 0.5f * ts.x, bottom + 6.0f), text_col, t.label.c_str());
        last_label_end = x + 0.5f * ts.x + 6.0f;
    }
    dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), axis_col);
    dl->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), axis_col);

    // Axis titles (with units).
    if (!spec.x.label.empty()) {
        const std::string s = with_unit(spec.x.label, spec.x.unit.empty() ? "" : "(" + spec.x.unit + ")");
        const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(0.5f * (left + right) - 0.5f * ts.x, origin.y + size.y - line_h - 2.0f), dim_col, s.c_str());
    }
    if (!spec.y.label.empty()) {
        // Horizontal, above the axis (rotated text would break Hangul words apart).
        const std::string s = with_unit(spec.y.label, spec.y.unit.empty() ? "" : "(" + spec.y.unit + ")");
        dl->AddText(ImVec2(origin.x, origin.y + title_h), dim_col, s.c_str());
    }

    dl->PushClipRect(ImVec2(left, top - 1.0f), ImVec2(right + 1.0f, bottom + 1.0f), true);
    for (double m : spec.x_marks)
        if (inside_x(m)) dl->AddLine(ImVec2(px(m), top), ImVec2(px(m), bottom), IM_COL32(255, 255, 255, 150), 1.5f);

    // References under the data.
    for (const PlotSeries& s : spec.series) {
        if (s.kind != SeriesKind::Reference) continue;
        for (size_t i = 1; i < std::min(s.x.size(), s.y.size()); ++i)
            dashed_line(dl, ImVec2(px(s.x[i - 1]), py(s.y[i - 1])), ImVec2(px(s.x[i]), py(s.y[i])), s.colour, 1.5f);
    }
    const float base_y = spec.y.scale == AxisScale::Log ? bottom : std::clamp(py(0.0), top, bottom);
    for (const PlotSeries& s : spec.series) {
        const size_t n = std::min(s.x.size(), s.y.size());
        if (s.kind == SeriesKind::Reference || n == 0) continue;
        if (s.kind == SeriesKind::Bars) {
            double w = s.bar_width;
            if (w <= 0.0) {
                double d = 0.0;  // smallest positive spacing
                for (size_t i = 1; i < n; ++i) {
                    const double gap = s.x[i] - s.x[i - 1];
                    if (gap > 0.0 && (d == 0.0 || gap < d)) d = gap;
                }
                if (d == 0.0) d = 1.0;
                w = 0.8 * d;
            }
            for (size_t i = 0; i < n; ++i) {
                if (!std::isfinite(s.y[i])) continue;
                float x0, x1;
                if (categories) {
                    const float cw = (right - left) / float(xt.size());
                    x0 = left + float(s.x[i]) * cw + 0.1f * cw;
                    x1 = x0 + 0.8f * cw;
                } else {
                    x0 = px(s.x[i] - 0.5 * w);
                    x1 = px(s.x[i] + 0.5 * w);
                }
                const float y = py(s.y[i]);
                dl->AddRectFilled(ImVec2(x0, std::min(y, base_y)), ImVec2(std::max(x1, x0 + 1.0f), std::max(y, base_y)), s.colour);
            }
            continue;
        }
        if (s.kind != SeriesKind::Points) {
            for (size_t i = 1; i < n; ++i) {
                if (!std::isfinite(s.y[i - 1]) || !std::isfinite(s.y[i])) continue;
                dl->AddLine(ImVec2(px(s.x[i - 1]), py(s.y[i - 1])), ImVec2(px(s.x[i]), py(s.y[i])), s.colour, 2.0f);
            }
        }
        if (s.kind != SeriesKind::Line) {
            const float r = s.kind == SeriesKind::Points ? 4.0f : 3.0f;
            for (size_t i = 0; i < n; ++i)
                if (std::isfinite(s.y[i])) dl->AddCircleFilled(ImVec2(px(s.x[i]), py(s.y[i])), r, s.colour);
            if (s.label_points) {
                for (size_t i = 0; i < std::min(n, s.point_labels.size()); ++i)
                    if (std::isfinite(s.y[i]))
                        dl->AddText(ImVec2(px(s.x[i]) + 6.0f, py(s.y[i]) - 0.5f * line_h), s.colour, s.point_labels[i].c_str());
            }
        }
    }
    dl->PopClipRect();

    // Legend.
    if (spec.legend) {
        float w = 0.0f;
        int rows = 0;
        for (const PlotSeries& s : spec.series) {
            if (s.name.empty()) continue;
            w = std::max(w, ImGui::CalcTextSize(s.name.c_str()).x);
            ++rows;
        }
        if (rows > 0) {
            // The corner whose box covers the fewest data points.
            const float bw = w + 34.0f, bh = float(rows) * line_h + 8.0f;
            const ImVec2 corners[4] = {ImVec2(left + 8.0f, top + 4.0f), ImVec2(right - bw - 4.0f, top + 4.0f),
                                       ImVec2(right - bw - 4.0f, bottom - bh - 4.0f), ImVec2(left + 8.0f, bottom - bh - 4.0f)};
            int best_corner = 0, best_count = 1 << 30;
            for (int c = 0; c < 4; ++c) {
                int count = 0;
                for (const PlotSeries& s : spec.series) {
                    if (s.kind == SeriesKind::Reference) continue;
                    for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
                        const float x = categories ? left + (float(s.x[i]) + 0.5f) / float(xt.size()) * (right - left) : px(s.x[i]);
                        const float y = py(s.y[i]);
                        if (x >= corners[c].x && x <= corners[c].x + bw && y >= corners[c].y && y <= corners[c].y + bh) ++count;
                    }
                }
                if (count < best_count) {
                    best_count = count;
                    best_corner = c;
                }
            }
            const ImVec2 p0 = corners[best_corner];
            const ImVec2 p1(p0.x + bw, p0.y + bh);
            dl->AddRectFilled(p0, p1, IM_COL32(20, 20, 24, 210), 3.0f);
            float y = p0.y + 4.0f;
            for (const PlotSeries& s : spec.series) {
                if (s.name.empty()) continue;
                const float cy = y + 0.5f * line_h;
                if (s.kind == SeriesKind::Reference)
                    dashed_line(dl, ImVec2(p0.x + 4.0f, cy), ImVec2(p0.x + 24.0f, cy), s.colour, 1.5f, 4.0f);
                else if (s.kind == SeriesKind::Bars)
                    dl->AddRectFilled(ImVec2(p0.x + 8.0f, cy - 5.0f), ImVec2(p0.x + 20.0f, cy + 5.0f), s.colour);
                else if (s.kind == SeriesKind::Points)
                    dl->AddCircleFilled(ImVec2(p0.x + 14.0f, cy), 4.0f, s.colour);
                else
                    dl->AddLine(ImVec2(p0.x + 4.0f, cy), ImVec2(p0.x + 24.0f, cy), s.colour, 2.0f);
                dl->AddText(ImVec2(p0.x + 30.0f, y), text_col, s.name.c_str());
                y += line_h;
            }
        }
    }

    // Hover: the nearest point in x (then in y) among the data series.
    if (item_hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        float best = 1e30f;
        for (size_t si = 0; si < spec.series.size(); ++si) {
            const PlotSeries& s = spec.series[si];
            if (s.kind == SeriesKind::Reference) continue;
            for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
                if (!std::isfinite(s.y[i])) continue;
                const float x = categories ? left + (float(s.x[i]) + 0.5f) / float(xt.size()) * (right - left) : px(s.x[i]);
                const float y = s.kind == SeriesKind::Bars ? std::clamp(m.y, std::min(py(s.y[i]), base_y), std::max(py(s.y[i]), base_y)) : py(s.y[i]);
                const float wy = s.kind == SeriesKind::Points ? 1.0f : 0.25f;  // scatter: plain distance
                const float d = (x - m.x) * (x - m.x) + wy * (y - m.y) * (y - m.y);
                if (d < best) {
                    best = d;
                    hover.series = int(si);
                    hover.index = int(i);
                }
            }
        }
        if (hover.series >= 0) {
            const PlotSeries& s = spec.series[size_t(hover.series)];
            const size_t i = size_t(hover.index);
            const float x = categories ? left + (float(s.x[i]) + 0.5f) / float(xt.size()) * (right - left) : px(s.x[i]);
            dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), IM_COL32(255, 255, 255, 70));
            if (s.kind != SeriesKind::Bars) dl->AddCircle(ImVec2(x, py(s.y[i])), 6.0f, s.colour, 0, 2.0f);
            ImGui::BeginTooltip();
            if (!s.name.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.colour), "%s", s.name.c_str());
            if (i < s.point_labels.size() && !s.point_labels[i].empty()) ImGui::TextUnformatted(s.point_labels[i].c_str());
            const std::string xs = categories && i < spec.x_category_labels.size() ? spec.x_category_labels[size_t(s.x[i])]
                                                                                    : format_tick(s.x[i], 0.0);
            char ybuf[48];
            std::snprintf(ybuf, sizeof(ybuf), std::fabs(s.y[i]) >= 100 ? "%.1f" : std::fabs(s.y[i]) >= 1 ? "%.3g" : "%.4g", s.y[i]);
            ImGui::Text("%s = %s %s", spec.x.label.empty() ? "x" : spec.x.label.c_str(), xs.c_str(), spec.x.unit.c_str());
            ImGui::Text("%s = %s %s", spec.y.label.empty() ? "y" : spec.y.label.c_str(), ybuf, spec.y.unit.c_str());
            ImGui::EndTooltip();
        }
    }
    return hover;
}

}  // namespace attn::app
