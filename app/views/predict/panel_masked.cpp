// panel_masked.cpp — the Predict view for BERT / DistilBERT: click tokens to [MASK] them (or type
// [MASK]) and see the masked-LM head's fillers; with heads knocked out, the fillers' probabilities
// with and without them side by side and the change of the most probable one
// (implementation; the interface and its contract are in panel_parts.h)
#include "app/views/predict/panel_parts.h"

#include <algorithm>
#include <cstdio>

#include "app/i18n/core_messages.h"
#include "app/plot/hbars.h"
#include "app/plot/plot.h"

namespace attn::app::predict_view {

void draw_masked(PredictPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    MaskedRequest req;
    req.model = view.model;
    req.text = s.text;
    req.positions = has_typed_mask(s.text) ? std::vector<int>{} : p.masked_positions;
    req.k = 8;
    req.ablation = knockout_ablation(s);
    if (!p.masked_posted || req.model != p.posted_masked.model || req.text != p.posted_masked.text ||
        req.positions != p.posted_masked.positions || req.ablation.heads != p.posted_masked.ablation.heads ||
        req.ablation.mode != p.posted_masked.ablation.mode) {
        if (req.model != p.posted_masked.model || req.text != p.posted_masked.text) {  // old clicks are stale
            p.masked_positions.clear();
            req.positions.clear();
        }
        p.posted_masked = req;
        p.masked_posted = true;
        p.masked_job->post(req);
    }
    if (auto done = p.masked_job->take()) {
        p.masked = std::move(done->result);
        p.masked_current = done->request.ablation.heads == p.posted_masked.ablation.heads &&
                           done->request.ablation.mode == p.posted_masked.ablation.mode;
    }
    if (!p.masked) {
        ImGui::TextDisabled("%s", tr(lang, Txt::PredictStarting));
        return;
    }
    const MaskedResult& r = *p.masked;
    if (r.no_head) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::PredictNoMlmHead));
        ImGui::TextDisabled("%s", localize_core_message(r.error, lang).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    wrapped_dim(tr(lang, Txt::PredictMaskHint));
    // Tokens (from the plain encoding when nothing is masked: the error carries no ids).
    std::vector<std::string> labels = r.labels;
    std::vector<bool> masked(labels.size(), false);
    for (const MaskedResult::Mask& m : r.masks)
        if (size_t(m.position) < masked.size()) masked[size_t(m.position)] = true;
    if (!labels.empty()) {
        const int clicked = token_row(labels, masked, -1, tr(lang, Txt::PredictMaskClickTip), plot_colour(1));
        if (clicked > 0 && clicked + 1 < int(labels.size()) && !has_typed_mask(s.text)) {  // not [CLS] / [SEP]
            auto it = std::find(p.masked_positions.begin(), p.masked_positions.end(), clicked);
            if (it == p.masked_positions.end()) p.masked_positions.push_back(clicked);
            else p.masked_positions.erase(it);
            std::sort(p.masked_positions.begin(), p.masked_positions.end());
        }
        if (!p.masked_positions.empty()) {
            ImGui::SameLine(0.0f, 16.0f);
            if (ImGui::SmallButton(p.label(lang, Txt::PredictMaskClear, "pr_unmask"))) p.masked_positions.clear();
        }
    }
    {  // heads of another model are dropped
        const pretrained::Ablation inside =
            heads_inside(knockout_ablation(s), view.model->config.n_layers, view.model->config.n_heads);
        if (inside.heads.size() != s.knocked_out.size()) s.knocked_out = inside.heads;
    }
    draw_knockout_bar(p, s, nullptr);
    if (!r.error.empty()) {
        error_line(lang, r.error);
        return;
    }
    ImGui::Separator();
    if (r.masks.empty()) return;
    // The comparison belongs to the heads knocked out now (a newer request may still be running).
    const bool compare = !s.knocked_out.empty() && p.masked_current;
    if (!s.knocked_out.empty() && !p.masked_current) ImGui::TextDisabled("%s", tr(lang, Txt::KnockComputing));
    const int n = int(r.masks.size());
    const int cols = std::min(n, 3);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float col_w = std::floor((avail.x - 12.0f * float(cols - 1)) / float(cols));
    const int rows_of_plots = (n + cols - 1) / cols;
    const float plot_h = std::floor(avail.y / float(rows_of_plots)) - 8.0f;
    for (int k = 0; k < n; ++k) {
        const MaskedResult::Mask& m = r.masks[size_t(k)];
        if (k % cols != 0) ImGui::SameLine(0.0f, 12.0f);
        char id[32];
        std::snprintf(id, sizeof(id), "##mask%d", k);
        ImGui::BeginChild(id, ImVec2(col_w, plot_h), false, ImGuiWindowFlags_NoScrollbar);
        ImGui::Text(tr(lang, Txt::PredictMaskTitle), m.position, m.original.c_str());
        const bool knocked = compare && m.knocked.size() == m.rows.size() && !m.rows.empty();
        if (knocked) draw_knock_change(lang, m.rows[0], m.knocked[0], m.knocked_top.empty() ? nullptr : &m.knocked_top[0]);
        HBarSpec spec;
        spec.series = {HBarSeries{tr(lang, Txt::PredictMasked), plot_colour(2), {}}};
        if (knocked) spec.series.push_back(HBarSeries{tr(lang, Txt::KnockSeries), rgba(235, 90, 90), {}});
        double top = 0.0;
        for (size_t i = 0; i < m.rows.size(); ++i) {
            const PredictRow& row = m.rows[i];
            spec.labels.push_back(row.label);
            spec.series[0].values.push_back(row.raw);
            top = std::max(top, double(row.raw));
            if (knocked) {
                spec.series[1].values.push_back(m.knocked[i]);
                top = std::max(top, double(m.knocked[i]));
            }
        }
        if (knocked) draw_hbar_legend(spec);
        spec.x = fit_axis({0.0, top}, AxisScale::Linear, true);
        spec.x.hi = std::min(spec.x.hi, 1.0);
        spec.x.label = tr(lang, Txt::PredictAxis);
        spec.max_row_height = 1.8f * ImGui::GetTextLineHeight();
        draw_hbars(id, spec, ImGui::GetContentRegionAvail());
        ImGui::EndChild();
    }
}

}  // namespace attn::app::predict_view
