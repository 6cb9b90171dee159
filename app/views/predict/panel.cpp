// panel.cpp — the Predict view: next-token bars, sampling controls, generation, masked tokens
// (implementation; the interface and its contract are in panel.h)
//
// [SECTION] Token row (click: predict after it / mask it)
// [SECTION] GPT-2: controls, bars, generation, the growing attention heatmap
// [SECTION] Knocked-out heads and the head ranking
// [SECTION] BERT: masked-token fillers
#include "app/views/predict/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/plot/hbars.h"
#include "app/plot/plot.h"
#include "app/widgets/layer_choice.h"
#include "core/lm/lm_inputs.h"
#include "core/base/colormap.h"

namespace attn::app {

PredictPanel::PredictPanel()
    : masked_job(std::make_unique<LatestJob<MaskedRequest, MaskedResult>>(
          [cache = std::make_shared<MlmHeadCache>()](const MaskedRequest& r) { return run_masked(r, *cache); })),
      knock_job(std::make_unique<LatestJob<KnockoutRequest, KnockoutResult>>(run_knockout)) {
    settings.sampling.greedy = true;
    settings.sampling.temperature = 1.0f;
    settings.sampling.top_k = 0;
    settings.sampling.top_p = 1.0f;
    settings.sampling.seed = 42;
}

void predict_panel_set_wakeup(PredictPanel& p, const std::function<void()>& wake) {
    p.generation.set_wakeup(wake);
    p.masked_job->set_wakeup(wake);
    p.knock_job->set_wakeup(wake);
    p.rank.set_wakeup(wake);
}

void predict_panel_wait_idle(PredictPanel& p, std::chrono::milliseconds timeout) {
    p.generation.wait_idle(timeout);
    p.masked_job->wait_idle(timeout);
    p.knock_job->wait_idle(timeout);
    p.rank.wait_idle(timeout);
}

namespace {

// [SECTION] Token row ---------------------------------------------------------------------------

// Tokens as small buttons that wrap; returns the clicked index or -1. `accent` tints a token
// (generated, masked), `chosen` frames one.
int token_row(const std::vector<std::string>& labels, const std::vector<bool>& accent, int chosen, const char* tip,
              ImU32 accent_colour) {
    int clicked = -1;
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    for (size_t i = 0; i < labels.size(); ++i) {
        const std::string text = labels[i].empty() ? std::string("·") : labels[i];
        char id[32];
        std::snprintf(id, sizeof(id), "##tok%zu", i);
        const std::string label = text + id;
        const float w = ImGui::CalcTextSize(text.c_str()).x + 2.0f * style.FramePadding.x;
        if (i > 0) {
            ImGui::SameLine(0.0f, 4.0f);
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        const bool is_accent = i < accent.size() && accent[i];
        const bool is_chosen = int(i) == chosen;
        int pushed = 0;
        if (is_accent) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(accent_colour));
            ++pushed;
        }
        if (is_chosen) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.15f, 0.45f, 0.65f, 1.0f));
            ++pushed;
        }
        if (ImGui::SmallButton(label.c_str())) clicked = int(i);
        ImGui::PopStyleColor(pushed);
        item_tooltip(tip);
    }
    return clicked;
}

void wrapped_dim(const char* text) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", text);
    ImGui::PopTextWrapPos();
}

void error_line(Lang lang, const std::string& core_message) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(error_colour(), "%s %s", tr(lang, Txt::PredictError),
                       localize_core_message(core_message, lang).c_str());
    ImGui::PopTextWrapPos();
}

// [SECTION] GPT-2 -------------------------------------------------------------------------------

// The growing heatmap: one row per token (row t = token t's weights over tokens 0 … t), the
// last `max_rows` tokens when the text is long. Drawn as rects: it is small.
void draw_grown_heatmap(const PredictSnapshot& snap, int layer, int head, int chosen, Colormap map, ImVec2 size) {
    const Mat a = grown_attention(snap.attention, layer, head);  // (T, T)
    const int t = int(a.rows());
    constexpr int kMaxRows = 40;
    const int first = std::max(0, t - kMaxRows);
    const int n = t - first;
    if (n <= 0) return;
    const float line_h = ImGui::GetTextLineHeight();
    float label_w = 0.0f;
    for (int i = first; i < t; ++i) label_w = std::max(label_w, ImGui::CalcTextSize(snap.labels[size_t(i)].c_str()).x);
    label_w = std::min(label_w + 8.0f, 0.35f * size.x);
    const float cell = std::floor(std::min({(size.x - label_w - 4.0f) / float(n), (size.y - line_h - 6.0f) / float(n), 48.0f}));
    if (cell < 2.0f) return;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##grown", ImVec2(label_w + cell * float(n) + 4.0f, cell * float(n) + line_h + 6.0f));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 g0(o.x + label_w, o.y);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), gen = plot_colour(1);
    for (int i = first; i < t; ++i) {
        const float y = g0.y + float(i - first) * cell;
        for (int j = first; j <= i; ++j) {
            const Rgb8 c = colormap_rgb8(map, float(a(i, j)));
            const float x = g0.x + float(j - first) * cell;
            dl->AddRectFilled(ImVec2(x, y), ImVec2(x + cell - (cell > 6 ? 1.0f : 0.0f), y + cell - (cell > 6 ? 1.0f : 0.0f)),
                              IM_COL32(c.r, c.g, c.b, 255));
        }
        const std::string& l = snap.labels[size_t(i)];
        if (cell >= 0.8f * line_h || (i - first) % std::max(1, int(std::ceil(line_h / cell))) == 0) {
            const ImVec2 ts = ImGui::CalcTextSize(l.c_str());
            const ImVec4 clip(o.x, y - line_h, g0.x - 3.0f, y + cell + line_h);
            dl->AddText(nullptr, 0.0f, ImVec2(std::max(o.x, g0.x - 4.0f - ts.x), y + 0.5f * (cell - ts.y)),
                        i >= snap.prompt_length ? gen : text, l.c_str(), nullptr, 0.0f, &clip);
        }
        if (i == chosen)
            dl->AddRect(ImVec2(g0.x - 1, y - 1), ImVec2(g0.x + float(i - first + 1) * cell + 1, y + cell + 1),
                        IM_COL32(80, 220, 255, 255), 0.0f, 0, 2.0f);
    }
    if (t > snap.prompt_length) {  // the newest generated row
        const float y = g0.y + float(t - 1 - first) * cell;
        dl->AddRect(ImVec2(g0.x - 1, y - 1), ImVec2(g0.x + float(n) * cell + 1, y + cell + 1), gen, 0.0f, 0, 2.0f);
    }
    if (first > 0) {
        char more[48];
        std::snprintf(more, sizeof(more), "… %d", first);
        dl->AddText(ImVec2(g0.x, g0.y + float(n) * cell + 3.0f), ImGui::GetColorU32(ImGuiCol_TextDisabled), more);
    }
    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int i = first + int((m.y - g0.y) / cell), j = first + int((m.x - g0.x) / cell);
        if (m.x >= g0.x && m.y >= g0.y && i < t && j <= i && j >= first) {
            ImGui::BeginTooltip();
            ImGui::Text("%s → %s  %.3f", snap.labels[size_t(i)].c_str(), snap.labels[size_t(j)].c_str(), double(a(i, j)));
            ImGui::EndTooltip();
        }
    }
}

void post_settings(PredictPanel& p) { p.generation.set_settings(p.settings); }

void draw_sampling_controls(PredictPanel& p, Lang lang) {
    lm::SamplingOptions& o = p.settings.sampling;
    bool changed = false;
    changed |= ImGui::Checkbox(p.label(lang, Txt::PredictGreedy, "pr_greedy"), &o.greedy);
    item_tooltip(tr(lang, Txt::PredictGreedyTip));
    ImGui::BeginDisabled(o.greedy);
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(120.0f);
    changed |= ImGui::SliderFloat(p.label(lang, Txt::PredictTemp, "pr_temp"), &o.temperature, 0.1f, 3.0f, "%.2f",
                                  ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTempTip));
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(90.0f);
    changed |= ImGui::SliderInt(p.label(lang, Txt::PredictTopK, "pr_topk"), &o.top_k, 0, 50, "%d", ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTopKTip));
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(90.0f);
    changed |= ImGui::SliderFloat(p.label(lang, Txt::PredictTopP, "pr_topp"), &o.top_p, 0.05f, 1.0f, "%.2f",
                                  ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::PredictTopPTip));
    ImGui::SameLine(0.0f, 16.0f);
    int seed = int(o.seed);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::InputInt(p.label(lang, Txt::PredictSeed, "pr_seed"), &seed)) {
        o.seed = std::uint64_t(std::max(seed, 0));
        changed = true;
    }
    item_tooltip(tr(lang, Txt::PredictSeedTip));
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(80.0f);
    changed |= ImGui::SliderInt(p.label(lang, Txt::PredictShown, "pr_shown"), &p.settings.shown, 3, 20, "%d",
                                ImGuiSliderFlags_AlwaysClamp);
    if (changed) post_settings(p);
}

void draw_generation_controls(PredictPanel& p, AppState& s, const PredictSnapshot& snap) {
    const Lang lang = s.lang;
    const bool busy = p.generation.busy();
    const bool full = snap.max_positions > 0 && int(snap.ids.size()) >= snap.max_positions;
    ImGui::BeginDisabled(busy || full);
    bool one = ImGui::Button(p.label(lang, Txt::PredictPlusOne, "pr_one"));
    item_tooltip(tr(lang, Txt::PredictPlusOneTip));
    if (!ImGui::GetIO().WantTextInput && !busy && !full &&
        !ImGui::GetIO().KeyCtrl &&  // 'G' is GLFW_KEY_G: Dear ImGui 1.86 indexes keys by the backend's codes
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) || ImGui::IsKeyPressed('G', false)))
        one = true;
    if (one) p.generation.generate(1, p.settings);
    ImGui::SameLine();
    char plus[64];
    std::snprintf(plus, sizeof(plus), tr(lang, Txt::PredictPlusN), p.plus_n);
    char plus_label[96];
    std::snprintf(plus_label, sizeof(plus_label), "%s###pr_n", plus);
    if (ImGui::Button(plus_label)) p.generation.generate(p.plus_n, p.settings);
    item_tooltip(tr(lang, Txt::PredictPlusNTip));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(70.0f);
    ImGui::SliderInt("##pr_n_count", &p.plus_n, 2, 50, "%d", ImGuiSliderFlags_AlwaysClamp);
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 20.0f);
    ImGui::BeginDisabled(busy || int(snap.ids.size()) <= snap.prompt_length);
    if (ImGui::Button(p.label(lang, Txt::PredictUndo, "pr_undo"))) p.generation.undo(p.settings);
    item_tooltip(tr(lang, Txt::PredictUndoTip));
    ImGui::SameLine();
    if (ImGui::Button(p.label(lang, Txt::PredictKeep, "pr_keep"))) {
        keep_as_sentence(s, snap);  // the session restarts from it (all prompt now)
    }
    item_tooltip(tr(lang, Txt::PredictKeepTip));
    ImGui::EndDisabled();
    if (busy) {
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::PredictGenerating));
    }
    if (full) {
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::PredictFull), snap.max_positions);
    }
}

// [SECTION] Knocked-out heads and the head ranking ------------------------------------------------

bool same_knock(const KnockoutRequest& a, const KnockoutRequest& b) {
    return a.model == b.model && a.ids == b.ids && a.position == b.position && a.ablation.heads == b.ablation.heads &&
           a.ablation.mode == b.ablation.mode && a.row_ids == b.row_ids;
}

// Posts the knock-out comparison when its inputs changed; takes a finished one.
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

void start_ranking(PredictPanel& p, const AppState& s, const PredictSnapshot& snap) {
    HeadRankRequest r;
    r.model = snap.model;
    const int pos = snap.prediction.position;
    r.ids.assign(snap.ids.begin(), snap.ids.begin() + std::clamp(pos + 1, 1, int(snap.ids.size())));
    r.base = knockout_ablation(s);
    p.ranked.reset();
    p.rank.start(std::move(r));
}

// "Knocked-out heads: [1.2 ×] [3.4 ×]  Clear  [] Mean, not zero   Which heads matter here?"
void draw_knockout_bar(PredictPanel& p, AppState& s, const PredictSnapshot& snap) {
    const Lang lang = s.lang;
    ImGui::AlignTextToFramePadding();
    if (s.knocked_out.empty()) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 0.6f * ImGui::GetContentRegionAvail().x);
        ImGui::TextDisabled("%s", tr(lang, Txt::KnockNone));
        ImGui::PopTextWrapPos();
    } else {
        ImGui::TextUnformatted(tr(lang, Txt::KnockTitle));
        int remove = -1;
        for (size_t i = 0; i < s.knocked_out.size(); ++i) {
            char chip[96];
            std::snprintf(chip, sizeof(chip), "%d.%d ×##knock%zu", s.knocked_out[i].layer + 1, s.knocked_out[i].head + 1, i);
            ImGui::SameLine();
            ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.18f, 0.18f, 1.0f));
            if (ImGui::SmallButton(chip)) remove = int(i);
            ImGui::PopStyleColor();
            item_tooltip(tr(lang, Txt::KnockChipTip));
        }
        if (remove >= 0) s.knocked_out.erase(s.knocked_out.begin() + remove);
        ImGui::SameLine(0.0f, 12.0f);
        if (ImGui::SmallButton(p.label(lang, Txt::KnockClear, "knock_clear"))) s.knocked_out.clear();
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::Checkbox(p.label(lang, Txt::KnockMean, "knock_mean"), &s.knockout_mean);
        item_tooltip(tr(lang, Txt::KnockMeanTip));
    }
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
            start_ranking(p, s, snap);
        }
        item_tooltip(tr(lang, Txt::RankTip));
    }
}

// The ranking in place of the grown heatmap: each head's |change| of p(answer), largest first;
// a click knocks the head out.
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
        std::snprintf(name, sizeof(name), "%d.%d %s", e.head.layer + 1, e.head.head + 1, e.change < 0 ? "↓" : "↑");
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
        !is_knocked_out(s, shown[size_t(h.row)].layer, shown[size_t(h.row)].head))
        toggle_knockout(s, shown[size_t(h.row)].layer, shown[size_t(h.row)].head);
}

void draw_gpt2(PredictPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (view.model != p.started_model || s.text != p.started_text) {
        p.started_model = view.model;
        p.started_text = s.text;
        p.settings.position = -1;
        p.generation.start(view.model, s.text, p.settings);
    }
    if (!p.snap || p.snap->model != view.model) {
        ImGui::TextDisabled("%s", tr(lang, Txt::PredictStarting));
        return;
    }
    const PredictSnapshot& snap = *p.snap;
    if (!snap.started) {
        if (!snap.error.empty()) error_line(lang, snap.error);
        return;
    }
    if (p.auto_generate > 0 && snap.source_text == s.text) {  // --generate N (screenshots)
        p.generation.generate(p.auto_generate, p.settings);
        p.auto_generate = 0;
    }

    // The text as tokens; generated ones in the accent colour.
    std::vector<bool> generated(snap.ids.size(), false);
    for (size_t i = size_t(snap.prompt_length); i < generated.size(); ++i) generated[i] = true;
    const int pos = snap.prediction.position;
    const int clicked = token_row(snap.labels, generated, pos, tr(lang, Txt::PredictClickTip), plot_colour(1));
    if (clicked >= 0) {
        p.settings.position = clicked + 1 == int(snap.ids.size()) ? -1 : clicked;  // the last follows generation
        post_settings(p);
    }
    ImGui::Spacing();
    draw_sampling_controls(p, lang);
    draw_generation_controls(p, s, snap);
    {  // heads of another model are dropped
        const pretrained::Ablation inside = heads_inside(knockout_ablation(s), snap.n_layers, snap.n_heads);
        if (inside.heads.size() != s.knocked_out.size()) s.knocked_out = inside.heads;
    }
    draw_knockout_bar(p, s, snap);
    update_knockout(p, s, snap);
    if (auto done = p.rank.take()) p.ranked = std::move(*done);
    if (!snap.error.empty()) error_line(lang, snap.error);
    ImGui::Separator();

    const Prediction& pr = snap.prediction;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float left_w = std::floor(avail.x * 0.5f);
    ImGui::BeginChild("##pr_bars", ImVec2(left_w, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    if (pos >= 0 && pos < int(snap.labels.size())) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::Text(tr(lang, Txt::PredictPosition), snap.labels[size_t(pos)].c_str(), pos + 1, int(snap.ids.size()));
        ImGui::PopTextWrapPos();
    }
    if (!pr.error.empty()) {
        error_line(lang, pr.error);
    } else if (!pr.rows.empty()) {
        HBarSpec spec;
        spec.series = {HBarSeries{tr(lang, Txt::PredictRaw), plot_colour(0), {}},
                       HBarSeries{tr(lang, Txt::PredictSampled), plot_colour(1), {}}};
        const bool knocked = !s.knocked_out.empty() && p.knock && p.knock_current && p.knock->error.empty() &&
                             p.knock->knocked.size() == pr.rows.size();
        if (knocked) spec.series.push_back(HBarSeries{tr(lang, Txt::KnockSeries), rgba(235, 90, 90), {}});
        double top = 0.0;
        for (size_t i = 0; i < pr.rows.size(); ++i) {
            const PredictRow& r = pr.rows[i];
            spec.labels.push_back(r.label);
            spec.series[0].values.push_back(r.raw);
            spec.series[1].values.push_back(r.sampled);
            top = std::max({top, double(r.raw), double(r.sampled)});
            if (knocked) {
                spec.series[2].values.push_back(p.knock->knocked[i]);
                top = std::max(top, double(p.knock->knocked[i]));
            }
        }
        if (knocked) {  // the change of the model's top token, and what wins without the heads
            ImGui::Text(tr(lang, Txt::KnockChange), pr.rows[0].label.c_str(), double(pr.rows[0].raw),
                        double(p.knock->knocked[0]), double(p.knock->knocked[0] - pr.rows[0].raw));
            if (!p.knock->top.empty() && p.knock->top[0].id != pr.rows[0].id)
                ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.55f, 1.0f), tr(lang, Txt::KnockTopNow),
                                   p.knock->top[0].label.c_str(), double(p.knock->top[0].raw));
        } else if (!s.knocked_out.empty()) {
            if (p.knock && !p.knock->error.empty()) {
                error_line(lang, p.knock->error);
            } else {
                ImGui::TextDisabled("%s", tr(lang, Txt::KnockComputing));
            }
        }
        spec.x = fit_axis({0.0, top}, AxisScale::Linear, true);
        spec.x.hi = std::min(spec.x.hi, 1.0);
        spec.x.label = tr(lang, Txt::PredictAxis);
        spec.max_row_height = 2.4f * ImGui::GetTextLineHeight();
        draw_hbar_legend(spec);
        ImGui::TextDisabled(tr(lang, Txt::PredictKept), pr.kept, 100.0 * double(pr.kept_raw_mass));
        draw_hbars("##pr_hbars", spec, ImGui::GetContentRegionAvail());
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##pr_grown", ImVec2(0.0f, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    if (p.ranked) {
        draw_ranking(p, s, *p.ranked);
        ImGui::EndChild();
        return;
    }
    const int layer = std::clamp(s.layer, 0, std::max(snap.n_layers - 1, 0));
    const int head = std::clamp(s.head, 0, std::max(snap.n_heads - 1, 0));
    draw_layer_choice(s, snap.n_layers);
    ImGui::SetNextItemWidth(120.0f);
    int head1 = head + 1;
    if (ImGui::SliderInt(p.label(lang, Txt::Head, "pr_head"), &head1, 1, std::max(snap.n_heads, 1), "%d",
                         ImGuiSliderFlags_AlwaysClamp))
        s.head = head1 - 1;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr(lang, Txt::PredictGrowTitle), layer + 1, head + 1);
    ImGui::PopTextWrapPos();
    item_tooltip(tr(lang, Txt::PredictGrowTip));
    if (!snap.attention.empty()) draw_grown_heatmap(snap, layer, head, pos, s.colormap, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
}

// [SECTION] BERT --------------------------------------------------------------------------------

void draw_masked(PredictPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    MaskedRequest req;
    req.model = view.model;
    req.text = s.text;
    req.positions = has_typed_mask(s.text) ? std::vector<int>{} : p.masked_positions;
    req.k = 8;
    if (!p.masked_posted || req.model != p.posted_masked.model || req.text != p.posted_masked.text ||
        req.positions != p.posted_masked.positions) {
        if (req.model != p.posted_masked.model || req.text != p.posted_masked.text) {  // old clicks are stale
            p.masked_positions.clear();
            req.positions.clear();
        }
        p.posted_masked = req;
        p.masked_posted = true;
        p.masked_job->post(req);
    }
    if (auto done = p.masked_job->take()) p.masked = std::move(done->result);
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
    if (!r.error.empty()) {
        error_line(lang, r.error);
        return;
    }
    ImGui::Separator();
    if (r.masks.empty()) return;
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
        HBarSpec spec;
        spec.series = {HBarSeries{tr(lang, Txt::PredictMasked), plot_colour(2), {}}};
        double top = 0.0;
        for (const PredictRow& row : m.rows) {
            spec.labels.push_back(row.label);
            spec.series[0].values.push_back(row.raw);
            top = std::max(top, double(row.raw));
        }
        spec.x = fit_axis({0.0, top}, AxisScale::Linear, true);
        spec.x.hi = std::min(spec.x.hi, 1.0);
        spec.x.label = tr(lang, Txt::PredictAxis);
        spec.max_row_height = 1.8f * ImGui::GetTextLineHeight();
        draw_hbars(id, spec, ImGui::GetContentRegionAvail());
        ImGui::EndChild();
    }
}

}  // namespace

void draw_predict_panel(PredictPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (auto snap = p.generation.take()) p.snap = std::move(snap);
    const PredictSupport support = predict_support(view.model.get());
    if (support == PredictSupport::NoModel || support == PredictSupport::Vision) {  // what to do, not a footnote
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, predict_intro(support)));
        ImGui::PopTextWrapPos();
        return;
    }
    wrapped_dim(tr(lang, predict_intro(support)));
    switch (support) {
        case PredictSupport::NoModel:
        case PredictSupport::Vision: return;
        case PredictSupport::Gpt2: draw_gpt2(p, s, view); return;
        case PredictSupport::Masked: draw_masked(p, s, view); return;
    }
}

}  // namespace attn::app
