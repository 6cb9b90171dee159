// panel_parts.cpp — the Train view's shared ImGui pieces (the interface is in panel_parts.h)
#include "app/views/train/panel_parts.h"

#include <algorithm>
#include <vector>

#include <imgui.h>

#include "app/i18n/core_messages.h"

namespace attn::app {

bool train_input_int(LabelBuf& label, Lang lang, Txt name, const char* id, int* v, int step, Txt tip) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    const bool changed = ImGui::InputInt(label(lang, name, id), v, step, step * 10);
    item_tooltip(tr(lang, tip));
    return changed;
}

void draw_run_status(Lang lang, bool has_state, bool running, int step, int total_steps, double steps_per_s,
                     bool changed) {
    if (changed) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::TrainChanged));
    if (!has_state || (step == 0 && !running)) {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainNotStarted));
        return;
    }
    const bool done = step >= total_steps;
    ImGui::Text(tr(lang, Txt::TrainStatus), step, total_steps, steps_per_s);
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", tr(lang, done ? Txt::TrainStatusDone
                                              : running ? Txt::TrainStatusRunning : Txt::TrainStatusPaused));
}

void draw_using_status(ModelSession& models, Lang lang, const std::string& dir, int step) {
    if (models.active && models.active_folder == dir) {
        ImGui::TextColored(ImVec4(0.55f, 0.85f, 0.55f, 1.0f), tr(lang, Txt::TrainUsing), step, dir.c_str());
    } else if (models.loader.busy()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainUseLoading));
    } else if (!models.error.empty() && models.error_folder == dir) {
        ImGui::TextColored(error_colour(), "%s", localize_core_message(models.error, lang).c_str());
    }
}

static PlotSpec curve_frame(double total, Lang lang, Txt title) {
    PlotSpec spec;
    spec.title = tr(lang, title);
    spec.x = fit_axis({0.0, total}, AxisScale::Linear, true);
    spec.x.label = tr(lang, Txt::TrainAxisStep);
    return spec;
}

PlotSpec loss_plot(const TrainCurves& c, double total, Lang lang, Txt eval_series) {
    PlotSpec spec = curve_frame(total, lang, Txt::TrainLossTitle);
    std::vector<double> x, y;
    decimate(c.step, c.loss, 600, x, y);  // the axis fits what is drawn
    std::vector<double> all = y;
    all.insert(all.end(), c.eval_loss.begin(), c.eval_loss.end());
    all.erase(std::remove_if(all.begin(), all.end(), [](double v) { return !(v > 0.0); }), all.end());
    spec.y = fit_axis(all, AxisScale::Log);
    spec.y.label = tr(lang, Txt::TrainAxisLoss);
    spec.series.push_back(plot_series(tr(lang, Txt::TrainSeriesLoss), x, y, plot_colour(0), SeriesKind::Line));
    spec.series.push_back(
        plot_series(tr(lang, eval_series), c.eval_step, c.eval_loss, plot_colour(1), SeriesKind::LinePoints));
    return spec;
}

PlotSpec accuracy_plot(double total, Lang lang, Txt title) {
    PlotSpec spec = curve_frame(total, lang, title);
    spec.y.lo = 0.0;
    spec.y.hi = 108.0;
    spec.y.label = tr(lang, Txt::TrainAxisAcc);
    spec.y.unit = "%";
    return spec;
}

}  // namespace attn::app
