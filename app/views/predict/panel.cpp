// panel.cpp — the Predict view: the next-token model's part (bars, generation, the growing
// attention heatmap) and the choice between it and BERT's (panel_masked.cpp)
// (implementation; the interface and its contract are in panel.h)
#include "app/views/predict/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/plot/hbars.h"
#include "app/plot/plot.h"
#include "app/views/predict/panel_parts.h"
#include "app/widgets/layer_choice.h"
#include "core/base/colormap.h"

namespace attn::app {

namespace {

using namespace predict_view;

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
    if (draw_sampling_controls(p, lang)) post_settings(p);
    draw_generation_controls(p, s, snap);
    {  // heads of another model are dropped
        const pretrained::Ablation inside = heads_inside(knockout_ablation(s), snap.n_layers, snap.n_heads);
        if (inside.heads.size() != s.knocked_out.size()) s.knocked_out = inside.heads;
    }
    draw_knockout_bar(p, s, &snap);
    update_knockout(p, s, snap);
    if (auto done = p.rank.take()) p.ranked = std::move(*done);
    if (!snap.error.empty()) error_line(lang, snap.error);
    if (!snap.task_note.empty()) {  // a trained model's answer to an input outside its task
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", localize_core_message(snap.task_note, lang).c_str());
        ImGui::PopTextWrapPos();
    }
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
            draw_knock_change(lang, pr.rows[0], p.knock->knocked[0], p.knock->top.empty() ? nullptr : &p.knock->top[0]);
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
    predict_view::wrapped_dim(tr(lang, predict_intro(support)));
    switch (support) {
        case PredictSupport::NoModel:
        case PredictSupport::Vision: return;
        case PredictSupport::Speech:  // the same stepping, over the recording
        case PredictSupport::Translation: predict_view::draw_translation(p, s, view); return;
        case PredictSupport::NextToken: draw_gpt2(p, s, view); return;
        case PredictSupport::Masked: predict_view::draw_masked(p, s, view); return;
    }
}

}  // namespace attn::app
