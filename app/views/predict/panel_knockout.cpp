// panel_knockout.cpp — the Predict view's knocked-out heads (chips, Clear, Mean) and the ranking of
// every head removed alone (GPT-2 and the rotary decoders)
// (implementation; the interface and its contract are in panel_parts.h)
#include "app/views/predict/panel_parts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/plot/hbars.h"
#include "app/plot/plot.h"
#include "core/lm/lm_inputs.h"

namespace attn::app::predict_view {

namespace {

bool same_knock(const KnockoutRequest& a, const KnockoutRequest& b) {
    return a.model == b.model && a.ids == b.ids && a.position == b.position && a.ablation.heads == b.ablation.heads &&
           a.ablation.mode == b.ablation.mode && a.row_ids == b.row_ids;
}

void start_ranking(PredictPanel& p, const AppState& s, const PredictSnapshot& snap) {
    HeadRankRequest r;
    r.model = snap.model;
    const int pos = snap.prediction.position;
    r.ids.assign(snap.ids.begin(), snap.ids.begin() + std::clamp(pos + 1, 1, int(snap.ids.size())));
    r.base = knockout_ablation(s);
    p.ranked.reset();
    p.rank.start(std::move(r));
}

// The token after the target written so far, every head of every section removed alone.
void start_translation_ranking(PredictPanel& p, const TranslateResult& r) {
    HeadRankRequest q;
    q.model = p.posted_translate.model;
    q.source = r.source_ids;
    q.ids = r.prefix;
    q.base = p.posted_translate.ablation;  // the heads inside this model (post_translation)
    p.ranked.reset();
    p.rank.start(std::move(q));
}

}  // namespace

void update_knockout(PredictPanel& p, const AppState& s, const PredictSnapshot& snap) {
    if (auto done = p.knock_job->take()) {
        p.knock = std::move(done->result);
        p.knock_current = same_knock(done->request, p.posted_knock);
    }
    if (s.knocked_out.empty()) return;
    KnockoutRequest req;
    req.model = snap.model;
    req.ids = snap.ids;
    req.position = snap.prediction.position;
    req.ablation = knockout_ablation(s);
    for (const PredictRow& r : snap.prediction.rows) req.row_ids.push_back(r.id);
    if (!p.knock_posted || !same_knock(req, p.posted_knock)) {
        p.posted_knock = req;
        p.knock_posted = true;
        p.knock_current = false;
        p.knock_job->post(std::move(req));
    }
}

void draw_knockout_bar(PredictPanel& p, AppState& s, const PredictSnapshot* snap, const TranslateResult* translation) {
    const Lang lang = s.lang;
    ImGui::AlignTextToFramePadding();
    if (s.knocked_out.empty()) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 0.6f * ImGui::GetContentRegionAvail().x);
        ImGui::TextDisabled("%s", tr(lang, translation ? Txt::KnockNoneTranslation
                                           : snap      ? Txt::KnockNone
                                                       : Txt::KnockNoneMasked));
        ImGui::PopTextWrapPos();
    } else {
        ImGui::TextUnformatted(tr(lang, Txt::KnockTitle));
        int remove = -1;
        for (size_t i = 0; i < s.knocked_out.size(); ++i) {
            char chip[96];
            std::snprintf(chip, sizeof(chip), "%s ×##knock%zu", pretrained::head_name(s.knocked_out[i]).c_str(), i);
            ImGui::SameLine();
            ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.18f, 0.18f, 1.0f));
            if (ImGui::SmallButton(chip)) remove = int(i);
            ImGui::PopStyleColor();
            item_tooltip(tr(lang, translation ? Txt::KnockChipTipTranslation : Txt::KnockChipTip));
        }
        if (remove >= 0) s.knocked_out.erase(s.knocked_out.begin() + remove);
        ImGui::SameLine(0.0f, 12.0f);
        if (ImGui::SmallButton(p.label(lang, Txt::KnockClear, "knock_clear"))) s.knocked_out.clear();
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::Checkbox(p.label(lang, Txt::KnockMean, "knock_mean"), &s.knockout_mean);
        item_tooltip(tr(lang, Txt::KnockMeanTip));
    }
    if (!snap && !translation) return;  // BERT: no ranking
    if (translation && (translation->source_ids.empty() || translation->next.empty())) return;  // nothing to watch
    ImGui::SameLine(0.0f, 20.0f);
    if (p.rank.running()) {
        char prog[96];
        std::snprintf(prog, sizeof(prog), tr(lang, Txt::RankProgress), p.rank.done(), p.rank.total());
        ImGui::SetNextItemWidth(220.0f);
        ImGui::ProgressBar(p.rank.total() > 0 ? float(p.rank.done()) / float(p.rank.total()) : 0.0f, ImVec2(220.0f, 0.0f),
                           prog);
        ImGui::SameLine();
        if (ImGui::SmallButton(p.label(lang, Txt::RankCancel, "rank_cancel"))) p.rank.cancel();
    } else {
        if (ImGui::Button(p.label(lang, Txt::RankButton, "rank_go")) || p.rank_on_start) {
            p.rank_on_start = false;
            if (snap) start_ranking(p, s, *snap);
            else start_translation_ranking(p, *translation);
        }
        item_tooltip(tr(lang, Txt::RankTip));
    }
}

// Each head's |change| of p(answer), largest first.
void draw_ranking(PredictPanel& p, AppState& s, const HeadRankDone& done) {
    const Lang lang = s.lang;
    const lm::HeadRanking& r = done.ranking;
    if (ImGui::SmallButton("×##rank_close")) {
        p.ranked.reset();
        return;
    }
    ImGui::SameLine();
    if (!done.error.empty()) {
        error_line(lang, done.error);
        return;
    }
    ImGui::PushTextWrapPos(0.0f);
    if (r.cancelled) {
        ImGui::TextDisabled(tr(lang, Txt::RankCancelled), int(r.heads.size()));
    } else {
        const std::string answer = done.request.model ? lm::token_label(*done.request.model, r.answer_id) : "";
        ImGui::Text(tr(lang, Txt::RankDone), int(r.heads.size()), done.seconds, answer.c_str(),
                    double(r.base_probability));
    }
    ImGui::PopTextWrapPos();
    HBarSpec spec;
    spec.series = {HBarSeries{tr(lang, Txt::RankAxis), plot_colour(3), {}}};
    double top = 0.0;
    std::vector<pretrained::HeadIndex> shown;
    for (const lm::HeadEffect& e : r.heads) {
        if (shown.size() >= 16) break;
        char name[32];
        std::snprintf(name, sizeof(name), "%s %s", pretrained::head_name(e.head).c_str(), e.change < 0 ? "↓" : "↑");
        spec.labels.push_back(name);
        spec.series[0].values.push_back(std::fabs(double(e.change)));
        top = std::max(top, std::fabs(double(e.change)));
        shown.push_back(e.head);
    }
    if (shown.empty()) return;
    spec.x = fit_axis({0.0, std::max(top, 1e-3)}, AxisScale::Linear, true);
    spec.x.label = tr(lang, Txt::RankAxis);
    spec.max_row_height = 1.6f * ImGui::GetTextLineHeight();
    const HBarHover h = draw_hbars("##rank_bars", spec, ImGui::GetContentRegionAvail());
    if (h.row >= 0) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(tr(lang, Txt::RankRowTip));
        ImGui::EndTooltip();
    }
    if (h.clicked && h.row >= 0 && h.row < int(shown.size()) &&
        !is_knocked_out(s, shown[size_t(h.row)].layer, shown[size_t(h.row)].head, shown[size_t(h.row)].section))
        toggle_knockout(s, shown[size_t(h.row)].layer, shown[size_t(h.row)].head, shown[size_t(h.row)].section);
}

}  // namespace attn::app::predict_view
