// panel_translate.cpp — the Predict view for a translation model: the source's tokens, the target
// written one token at a time (the best or a sample, a clicked bar, Undo, Start over) or by the model's own
// search, the next token's bars, what the decoder read in the source while writing each token, and
// the beam search's tree. The numbers come from translation.h on the panel's job thread.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/plot/hbars.h"
#include "app/plot/plot.h"
#include "app/views/predict/panel_parts.h"
#include "app/views/predict/tree_export.h"
#include "app/widgets/layer_choice.h"
#include "core/base/colormap.h"
#include "core/lm/knockout.h"
#include "core/pretrained/family/speech.h"

namespace attn::app::predict_view {

namespace {

bool same_sampling(const lm::SamplingOptions& a, const lm::SamplingOptions& b) {
    return a.greedy == b.greedy && a.temperature == b.temperature && a.top_k == b.top_k && a.top_p == b.top_p &&
           a.seed == b.seed;
}

// Posts a request when what the panel shows no longer matches what was asked.
void post_translation(PredictPanel& p, const ComputeView& view, const AppState& s, bool search) {
    TranslateRequest q;
    q.model = view.model;
    q.source = s.text;
    q.prefix = p.target;
    q.shown = p.settings.shown;
    q.sampling = p.settings.sampling;
    q.search = search;
    if (q.model && q.model->caps().inputs.audio) {  // a speech model hears the recording
        q.audio_path = s.audio_path;
        q.language = s.speech_language;
    }
    if (q.model && takes_knockouts(q.model->caps())) {  // the heads knocked out in this model's sections
        q.ablation = pretrained::ablation_inside(knockout_ablation(s), lm::ablation_shape(*q.model));
    }
    const bool same = p.translate_posted && p.posted_translate.model == q.model && p.posted_translate.source == q.source &&
                      p.posted_translate.audio_path == q.audio_path && p.posted_translate.language == q.language &&
                      p.posted_translate.ablation.heads == q.ablation.heads &&
                      p.posted_translate.ablation.mode == q.ablation.mode &&
                      p.posted_translate.prefix == q.prefix && p.posted_translate.shown == q.shown &&
                      same_sampling(p.posted_translate.sampling, q.sampling) && !search;
    if (same) return;
    p.posted_translate = q;
    p.translate_posted = true;
    p.translate_job->post(std::move(q));
}

// Takes a finished result: a search's target becomes the panel's (its request stands for it, so
// nothing is asked again), and its tree is kept until the source or the model changes.
void take_translation(PredictPanel& p) {
    auto done = p.translate_job->take();
    if (!done) return;
    if (done->request.search && done->result.error.empty()) {
        p.target = done->result.prefix;
        p.translate_step = -1;
        p.posted_translate.prefix = p.target;
        p.posted_translate.search = false;
        p.searched = done->result;
        p.tree_to_winner = true;
    }
    p.translation = std::move(done->result);
}

// A speech step's row over the recording's frames: a filled curve on a time axis in seconds.
void draw_time_row(const RowVec& row, double seconds_per_frame, Colormap map) {
    const int F = int(row.size());
    if (F == 0) return;
    const float line_h = ImGui::GetTextLineHeight();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float w = std::max(avail.x - 8.0f, 50.0f), h = std::clamp(avail.y * 0.4f, 80.0f, 260.0f);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h + 2.0f * line_h));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(14, 14, 20, 255));
    const float top = std::max(row.maxCoeff(), 1e-6f), cw = w / float(F);
    for (int f = 0; f < F; ++f) {
        const float v = row(f) / top;
        const Rgb8 c = colormap_rgb8(map, std::clamp(v, 0.0f, 1.0f));
        dl->AddRectFilled(ImVec2(o.x + float(f) * cw, o.y + h * (1.0f - v)), ImVec2(o.x + float(f + 1) * cw, o.y + h),
                          IM_COL32(c.r, c.g, c.b, 255));
    }
    const double seconds = F * seconds_per_frame;
    const double step = seconds <= 2.0 ? 0.25 : seconds <= 8.0 ? 1.0 : seconds <= 16.0 ? 2.0 : 5.0;
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    for (double t = 0.0; t <= seconds + 1e-9; t += step) {
        const float x = o.x + float(t / seconds) * w;
        dl->AddLine(ImVec2(x, o.y + h), ImVec2(x, o.y + h + 4.0f), dim);
        char label[32];
        std::snprintf(label, sizeof label, "%.2g s", t);
        const float lw = ImGui::CalcTextSize(label).x;
        dl->AddText(ImVec2(std::clamp(x - 0.5f * lw, o.x, o.x + w - lw), o.y + h + 5.0f), dim, label);
    }
    if (ImGui::IsMouseHoveringRect(o, ImVec2(o.x + w, o.y + h))) {
        const int f = std::clamp(int((ImGui::GetIO().MousePos.x - o.x) / cw), 0, F - 1);
        ImGui::SetTooltip("%.2f s: %.3f", f * seconds_per_frame, double(row(f)));
    }
}

// One head's (or the heads' mean) cross-attention over the source for written token `step`.
void draw_read_row(PredictPanel& p, AppState& s, const TranslateResult& r, int step) {
    const Lang lang = s.lang;
    const int layer = std::clamp(s.layer, 0, std::max(r.n_layers - 1, 0));
    draw_layer_choice(s, r.n_layers);
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::SetNextItemWidth(110.0f);
    ImGui::SliderInt(p.label(lang, Txt::TrHead, "tr_head"), &p.translate_head, 0, std::max(r.n_heads, 1), "%d",
                     ImGuiSliderFlags_AlwaysClamp);
    item_tooltip(tr(lang, Txt::TrHeadTip));
    const Mat rows = cross_rows(r.cross, layer, p.translate_head - 1);  // (T, S)
    if (rows.rows() == 0 || step < 0 || step >= rows.rows()) return;
    char head[64];
    if (p.translate_head > 0) std::snprintf(head, sizeof(head), "%s %d", tr(lang, Txt::TrHead), p.translate_head);
    else std::snprintf(head, sizeof(head), "%s", tr(lang, Txt::TrMeanOfHeads));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr(lang, r.seconds_per_frame > 0 ? Txt::ListenReadWhile : Txt::TrReadWhile),
                r.prefix_labels[std::size_t(step)].c_str(), layer + 1, head);
    ImGui::PopTextWrapPos();
    if (r.seconds_per_frame > 0) {  // the recording: the row over time
        draw_time_row(rows.row(step), r.seconds_per_frame, s.colormap);
        return;
    }
    HBarSpec spec;
    spec.series = {HBarSeries{tr(lang, Txt::TrSource), plot_colour(2), {}}};
    double top = 0.0;
    for (int j = 0; j < int(rows.cols()); ++j) {
        spec.labels.push_back(r.source_labels[std::size_t(j)]);
        spec.series[0].values.push_back(rows(step, j));
        top = std::max(top, double(rows(step, j)));
    }
    spec.x = fit_axis({0.0, top}, AxisScale::Linear, true);
    spec.x.hi = std::min(spec.x.hi, 1.0);
    spec.max_row_height = 1.8f * ImGui::GetTextLineHeight();
    const float h = std::min(ImGui::GetContentRegionAvail().y * 0.5f,
                             float(rows.cols()) * 1.8f * ImGui::GetTextLineHeight() + 2.5f * ImGui::GetTextLineHeight());
    draw_hbars("##tr_read", spec, ImVec2(ImGui::GetContentRegionAvail().x, std::max(h, 80.0f)));
}

// Every written token's row (T × S), the chosen one framed; a click chooses a row.
void draw_grid(PredictPanel& p, AppState& s, const TranslateResult& r, int step) {
    const Lang lang = s.lang;
    const int layer = std::clamp(s.layer, 0, std::max(r.n_layers - 1, 0));
    const Mat a = cross_rows(r.cross, layer, p.translate_head - 1);  // (T, S)
    const int T = int(a.rows()), S = int(a.cols());
    if (T == 0 || S == 0) return;
    ImGui::TextUnformatted(tr(lang, Txt::TrGridTitle));
    item_tooltip(tr(lang, Txt::TrGridTip));
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    float label_w = 0.0f;
    for (const std::string& l : r.prefix_labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
    label_w = std::min(label_w + 8.0f, 0.3f * avail.x);
    // Square cells for words; a recording's frames are thin columns (many, each 20 ms).
    const bool frames = r.seconds_per_frame > 0;
    float cell_w = std::min((avail.x - label_w - 4.0f) / float(S), 40.0f);
    float cell = std::floor(std::min((avail.y - 4.0f) / float(T), 40.0f));
    if (!frames) cell = cell_w = std::floor(std::min(cell, cell_w));
    if (cell < 3.0f || cell_w <= 0.0f) return;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##tr_grid", ImVec2(label_w + cell_w * float(S) + 2.0f, cell * float(T) + 2.0f));
    const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 g0(o.x + label_w, o.y);
    for (int i = 0; i < T; ++i) {
        const float y = g0.y + float(i) * cell;
        // Columns thinner than a pixel are drawn in groups (each group's largest weight).
        const int group = std::max(1, int(std::ceil(1.0f / cell_w)));
        for (int j = 0; j < S; j += group) {
            const int n = std::min(group, S - j);
            const Rgb8 c = colormap_rgb8(s.colormap, float(a.row(i).segment(j, n).maxCoeff()));
            const float x = g0.x + float(j) * cell_w;
            const float gap = cell_w > 6.0f ? 1.0f : 0.0f, gap_y = cell > 6.0f ? 1.0f : 0.0f;
            dl->AddRectFilled(ImVec2(x, y), ImVec2(x + cell_w * float(n) - gap, y + cell - gap_y), IM_COL32(c.r, c.g, c.b, 255));
        }
        if (cell >= 0.8f * line_h || i % std::max(1, int(std::ceil(line_h / cell))) == 0) {
            const std::string& l = r.prefix_labels[std::size_t(i)];
            const ImVec2 ts = ImGui::CalcTextSize(l.c_str());
            const ImVec4 clip(o.x, y - line_h, g0.x - 3.0f, y + cell + line_h);
            dl->AddText(nullptr, 0.0f, ImVec2(std::max(o.x, g0.x - 4.0f - ts.x), y + 0.5f * (cell - ts.y)),
                        ImGui::GetColorU32(ImGuiCol_Text), l.c_str(), nullptr, 0.0f, &clip);
        }
        if (i == step)
            dl->AddRect(ImVec2(g0.x - 1, y - 1), ImVec2(g0.x + float(S) * cell_w + 1, y + cell + 1), IM_COL32(80, 220, 255, 255),
                        0.0f, 0, 2.0f);
    }
    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int i = int((m.y - g0.y) / cell), j = int((m.x - g0.x) / cell_w);
        if (m.x >= g0.x && m.y >= g0.y && i < T && j < S) {
            ImGui::BeginTooltip();
            ImGui::Text("%s → %s  %.3f", r.prefix_labels[std::size_t(i)].c_str(), r.source_labels[std::size_t(j)].c_str(),
                        double(a(i, j)));
            ImGui::EndTooltip();
            if (clicked) p.translate_step = i + 1 == T ? -1 : i;
        }
    }
}

// The beam tree: a column per step, a box per kept candidate (its token and Σ log p), a line to
// the candidate it grew from; finished candidates marked, the winner's path outlined.
// `to_winner`: scroll once so that the column where the winner ends is in view.
void draw_tree(const TranslateResult& r, Lang lang, bool& to_winner) {
    if (r.tree.empty()) return;
    ImGui::Text(tr(lang, Txt::TrTreeTitle), r.beams, r.score);
    item_tooltip(tr(lang, Txt::TrTreeTip));
    const std::vector<int> path = pretrained::winning_path(r.tree, r.prefix);
    const float line_h = ImGui::GetTextLineHeight();
    const float box_w = std::max(ImGui::CalcTextSize("-00.00").x, 5.0f * line_h), box_h = 2.2f * line_h;
    const float col_w = box_w + 1.2f * line_h, row_h = box_h + 0.4f * line_h;
    std::size_t most = 1;
    for (const auto& step : r.tree) most = std::max(most, step.size());
    const ImVec2 size(col_w * float(r.tree.size()) + 8.0f, row_h * float(most) + 8.0f);
    ImGui::BeginChild("##tr_tree", ImVec2(0.0f, std::min(size.y + ImGui::GetStyle().ScrollbarSize, ImGui::GetContentRegionAvail().y)),
                      false, ImGuiWindowFlags_HorizontalScrollbar);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    if (to_winner) {
        int last = 0;  // the winner's last column
        for (int s = 0; s < int(path.size()); ++s)
            if (path[std::size_t(s)] >= 0) last = s;
        ImGui::SetScrollX(std::max(0.0f, col_w * float(last + 1) + 8.0f - ImGui::GetWindowWidth()));
        to_winner = false;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 win = IM_COL32(80, 220, 255, 255), done = plot_colour(1);
    auto box = [&](std::size_t s, std::size_t i) { return ImVec2(o.x + float(s) * col_w, o.y + float(i) * row_h); };
    for (std::size_t s = 0; s < r.tree.size(); ++s) {
        // Step s's nodes grow from step s − 1's unfinished nodes, in order.
        std::vector<int> running;
        if (s > 0)
            for (int i = 0; i < int(r.tree[s - 1].size()); ++i)
                if (!r.tree[s - 1][std::size_t(i)].finished) running.push_back(i);
        for (std::size_t i = 0; i < r.tree[s].size(); ++i) {
            const pretrained::BeamNode& n = r.tree[s][i];
            const ImVec2 b = box(s, i);
            const bool on_path = path[s] == int(i);
            if (s > 0 && n.parent >= 0 && n.parent < int(running.size())) {
                const ImVec2 from = box(s - 1, std::size_t(running[std::size_t(n.parent)]));
                dl->AddLine(ImVec2(from.x + box_w, from.y + 0.5f * box_h), ImVec2(b.x, b.y + 0.5f * box_h),
                            on_path ? win : dim, on_path ? 2.0f : 1.0f);
            }
            dl->AddRectFilled(b, ImVec2(b.x + box_w, b.y + box_h), ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
            if (on_path) dl->AddRect(b, ImVec2(b.x + box_w, b.y + box_h), win, 3.0f, 0, 2.0f);
            std::string label = (n.finished ? "■ " : "") + r.tree_labels[s][i];
            const ImVec4 clip(b.x + 2, b.y, b.x + box_w - 2, b.y + box_h);
            dl->AddText(nullptr, 0.0f, ImVec2(b.x + 4.0f, b.y + 0.1f * line_h), n.finished ? done : text, label.c_str(),
                        nullptr, 0.0f, &clip);
            char sum[32];
            std::snprintf(sum, sizeof(sum), "%.2f", n.sum);
            dl->AddText(ImVec2(b.x + 4.0f, b.y + 1.1f * line_h), dim, sum);
            if (ImGui::IsMouseHoveringRect(b, ImVec2(b.x + box_w, b.y + box_h))) {
                ImGui::BeginTooltip();
                ImGui::TextUnformatted(label.c_str());
                ImGui::Text(tr(lang, Txt::TrTreeNodeTip), n.sum);
                ImGui::EndTooltip();
            }
        }
    }
    ImGui::EndChild();
}

}  // namespace

void draw_translation(PredictPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    const bool speech = view.model && view.model->caps().inputs.audio;
    if (view.model != p.posted_translate.model || s.text != p.posted_translate.source ||
        (speech && (s.audio_path != p.posted_translate.audio_path || s.speech_language != p.posted_translate.language))) {
        p.target.clear();  // a new sentence or model: start over
        p.translate_step = -1;
        p.searched.reset();
    }
    take_translation(p);
    if (auto done = p.rank.take()) p.ranked = std::move(*done);
    draw_tree_export_popup(p, s, view);  // before any early return: a request is answered this frame
    if (p.translate_on_start) {
        p.translate_on_start = false;
        post_translation(p, view, s, true);
    } else if (p.auto_generate > 0 && p.translation && p.translation->error.empty() && !p.translate_job->busy() &&
               p.posted_translate.prefix == p.translation->prefix && p.translation->written >= 0) {
        p.target.push_back(p.translation->written);  // --generate N (screenshots): N steps as Write takes them
        --p.auto_generate;
    }
    const bool busy = p.translate_job->busy();
    if (!(busy && p.posted_translate.search)) post_translation(p, view, s, false);  // a search in flight stands
    if (!p.translation || p.translation->source_labels.empty()) {
        if (p.translation && !p.translation->error.empty()) error_line(lang, p.translation->error);
        else ImGui::TextDisabled("%s", tr(lang, Txt::TrComputing));
        return;
    }
    const TranslateResult& r = *p.translation;

    // Source and target as token rows (a recording: its name, frames and language).
    ImGui::AlignTextToFramePadding();
    if (r.seconds_per_frame > 0) {
        ImGui::TextUnformatted(tr(lang, Txt::ListenRecording));
        ImGui::SameLine();
        ImGui::Text(tr(lang, r.language_detected ? Txt::ListenRecordingDetected : Txt::ListenRecordingChosen),
                    r.recording.c_str(), int(r.source_labels.size()), double(r.source_labels.size()) * r.seconds_per_frame,
                    r.language.c_str());
    } else {
        ImGui::TextUnformatted(tr(lang, Txt::TrSource));
        ImGui::SameLine();
        // Words the vocabulary lacks stand out: the model read each as <unk>.
        const bool any_unknown = !r.unknown_words.empty();
        token_row(r.source_labels, any_unknown ? r.source_unknown : std::vector<bool>(r.source_labels.size(), false), -1,
                  any_unknown ? tr(lang, Txt::TrSourceUnknownTip) : nullptr,
                  any_unknown ? ImGui::GetColorU32(warning_colour()) : plot_colour(2));
        if (any_unknown) {
            std::string words;
            for (const std::string& w : r.unknown_words) words += (words.empty() ? "" : ", ") + w;
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(warning_colour(), tr(lang, Txt::TrUnknownWords), words.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(lang, r.seconds_per_frame > 0 ? Txt::ListenTranscript : Txt::TrTarget));
    ImGui::SameLine();
    const int T = int(r.prefix.size());
    const int step = T == 0 ? -1 : (p.translate_step >= 0 && p.translate_step < T ? p.translate_step : T - 1);
    if (T == 0) {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrNothingYet));
    } else {
        const int clicked = token_row(r.prefix_labels, std::vector<bool>(std::size_t(T), true), step,
                                      tr(lang, Txt::TrTargetTip), plot_colour(1));
        if (clicked >= 0) p.translate_step = clicked + 1 == T ? -1 : clicked;
    }
    if (!r.text.empty()) ImGui::TextDisabled("%s", r.text.c_str());
    if (view.model && takes_knockouts(view.model->caps())) draw_knockout_bar(p, s, nullptr, &r);

    // Controls: how the next token is chosen (the bars' second series when sampling), then writing.
    const bool sampling = !p.settings.sampling.greedy;
    draw_sampling_controls(p, lang);  // a change re-posts (post_translation compares the options)
    const bool current = p.posted_translate.prefix == r.prefix && same_sampling(p.posted_translate.sampling, p.settings.sampling) && !busy;
    ImGui::BeginDisabled(!current || r.written < 0);
    bool write = ImGui::Button(p.label(lang, sampling ? Txt::TrWriteSample : Txt::TrWriteBest, "tr_best"));
    item_tooltip(tr(lang, sampling ? Txt::TrWriteSampleTip : Txt::TrWriteBestTip));
    if (!ImGui::GetIO().WantTextInput && !ImGui::GetIO().KeyCtrl && current && r.written >= 0 &&
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))
        write = true;
    if (write && r.written >= 0) p.target.push_back(r.written), p.translate_step = -1;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(p.target.empty());
    if (ImGui::Button(p.label(lang, Txt::PredictUndo, "tr_undo"))) p.target.pop_back(), p.translate_step = -1;
    item_tooltip(tr(lang, Txt::PredictUndoTip));
    ImGui::SameLine();
    if (ImGui::Button(p.label(lang, Txt::TrStartOver, "tr_clear"))) p.target.clear(), p.translate_step = -1;
    item_tooltip(tr(lang, Txt::TrStartOverTip));
    ImGui::EndDisabled();
    ImGui::SameLine(0.0f, 20.0f);
    const pretrained::DecoderFacts dec = view.model ? view.model->family().decoder_facts(*view.model) : pretrained::DecoderFacts{};
    const int beams = dec.num_beams;
    char search[96];
    std::snprintf(search, sizeof(search),
                  speech ? tr(lang, Txt::ListenWriteAll) : beams > 1 ? tr(lang, Txt::TrTranslateBeams) : tr(lang, Txt::TrTranslateGreedy),
                  beams);
    std::string search_label = std::string(search) + "###tr_search";
    ImGui::BeginDisabled(busy);
    if (ImGui::Button(search_label.c_str())) post_translation(p, view, s, true);
    item_tooltip(tr(lang, speech ? Txt::ListenWriteAllTip : Txt::TrTranslateTip));
    ImGui::EndDisabled();
    if (busy) {
        ImGui::SameLine(0.0f, 16.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::TrComputing));
    }
    if (!r.error.empty()) error_line(lang, r.error);
    ImGui::Separator();

    // Left: the next token's bars (or why there are none). Right: what the decoder read.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float left_w = std::floor(avail.x * 0.4f);
    ImGui::BeginChild("##tr_next", ImVec2(left_w, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    if (p.ranked && p.ranked->request.model == view.model && !p.ranked->request.source.empty()) {
        draw_ranking(p, s, *p.ranked);  // in place of the bars until closed
    } else if (r.ended) {
        ImGui::PushTextWrapPos(0.0f);
        if (!r.prefix.empty() && r.prefix.back() == dec.eos_id)
            ImGui::Text(tr(lang, Txt::TrEnded), r.prefix_labels.back().c_str());
        else
            ImGui::Text(tr(lang, Txt::TrEndedLimit),
                        dec.limit);
        ImGui::PopTextWrapPos();
    } else if (!r.next.empty()) {
        const std::string after = T > 0    ? r.prefix_labels.back()
                                  : speech ? std::string("<|notimestamps|>")
                                           : view.model->target_tok().piece(dec.start_id);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::Text(tr(lang, Txt::TrNextAfter), after.c_str());
        ImGui::PopTextWrapPos();
        HBarSpec spec;
        spec.series = {HBarSeries{tr(lang, Txt::PredictRaw), plot_colour(0), {}}};
        if (sampling) spec.series.push_back(HBarSeries{tr(lang, Txt::PredictSampled), plot_colour(1), {}});
        double top = 0.0;
        for (const PredictRow& row : r.next) {
            spec.labels.push_back(row.label);
            spec.series[0].values.push_back(row.raw);
            top = std::max(top, double(row.raw));
            if (sampling) {
                spec.series[1].values.push_back(row.sampled);
                top = std::max(top, double(row.sampled));
            }
        }
        spec.x = fit_axis({0.0, top}, AxisScale::Linear, true);
        spec.x.hi = std::min(spec.x.hi, 1.0);
        spec.x.label = tr(lang, Txt::PredictAxis);
        spec.max_row_height = 2.0f * ImGui::GetTextLineHeight();
        const HBarHover hover = draw_hbars("##tr_bars", spec, ImGui::GetContentRegionAvail());
        if (hover.row >= 0) item_tooltip(tr(lang, Txt::TrBarsTip));
        if (hover.clicked && current && hover.row < int(r.next.size())) {
            p.target.push_back(r.next[std::size_t(hover.row)].id);
            p.translate_step = -1;
        }
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##tr_read", ImVec2(0.0f, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    if (step >= 0) {
        draw_read_row(p, s, r, step);
        ImGui::Spacing();
        if (predict_has_tree(p)) {
            draw_tree_export_button(p, lang);
            draw_tree(*p.searched, lang, p.tree_to_winner);
        } else {
            draw_grid(p, s, r, step);
        }
    }
    ImGui::EndChild();
}

}  // namespace attn::app::predict_view
