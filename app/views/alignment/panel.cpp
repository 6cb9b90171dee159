// panel.cpp — the Alignment view (the contract is in panel.h).
#include "app/views/alignment/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

// `s` cut at a character boundary with "…" so that it fits `max_w` pixels.
std::string elide(const std::string& s, float max_w) {
    if (ImGui::CalcTextSize(s.c_str()).x <= max_w) return s;
    std::string out = s;
    while (!out.empty()) {
        std::size_t n = out.size() - 1;
        while (n > 0 && (static_cast<unsigned char>(out[n]) & 0xC0) == 0x80) --n;
        out.resize(n);
        if (ImGui::CalcTextSize((out + "…").c_str()).x <= max_w) return out + "…";
    }
    return "…";
}

ImU32 cell_colour(Colormap map, float t) {
    const Rgb8 c = colormap_rgb8(map, std::clamp(t, 0.0f, 1.0f));
    return IM_COL32(c.r, c.g, c.b, 255);
}

void draw_controls(AppState& s, const Trace& trace) {
    const Lang lang = s.lang;
    ImGui::AlignTextToFramePadding();
    draw_layer_choice(s, int(trace.layers.size()));
    ImGui::SameLine();
    const Txt names[] = {Txt::AlignHead, Txt::AlignMeanHeads, Txt::AlignMeanLayers};
    ImGui::SetNextItemWidth(220.0f);
    if (ImGui::BeginCombo("##align_source", tr(lang, names[std::clamp(s.alignment_source, 0, 2)]))) {
        for (int i = 0; i < 3; ++i)
            if (ImGui::Selectable(tr(lang, names[i]), s.alignment_source == i)) s.alignment_source = i;
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::AlignSourceTip));
    if (s.alignment_source == int(AlignmentSource::Head)) {
        ImGui::SameLine();
        const int n_heads = current_layer(trace, s).n_heads;
        int shown = s.head + 1;
        ImGui::SetNextItemWidth(140.0f);
        if (ImGui::SliderInt(tr(lang, Txt::Head), &shown, 1, n_heads)) s.head = std::clamp(shown - 1, 0, n_heads - 1);
        item_tooltip(tr(lang, Txt::HeadTip));
    }
    ImGui::SameLine();
    ImGui::Checkbox(tr(lang, Txt::AlignPieces), &s.alignment_pieces);
    item_tooltip(tr(lang, Txt::AlignPiecesTip));
}

}  // namespace

void draw_alignment_panel(AlignmentPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::AlignIntro));
    ImGui::PopTextWrapPos();
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    if (!has_section(view, "cross")) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(tr(lang, Txt::AlignNeedsTranslation));
        ImGui::PopTextWrapPos();
        return;
    }
    if (view.trace->section != "cross") {  // the worker computes the cross section next
        s.section = "cross";
        ImGui::TextDisabled("%s", tr(lang, Txt::AlignSwitching));
        return;
    }
    const Trace& trace = *view.trace;
    clamp_selection(s, trace);
    draw_controls(s, trace);

    if (p.cached_trace.lock() != view.trace || p.cached_layer != s.layer || p.cached_head != s.head ||
        p.cached_source != s.alignment_source || p.cached_pieces != int(s.alignment_pieces)) {
        p.target = target_words(trace, !s.alignment_pieces);
        p.source_words = group_words(trace.k_tokens, trace.run.text, !s.alignment_pieces);
        p.source_unknown.assign(p.source_words.labels.size(), false);
        for (std::size_t w = 0; w < p.source_words.pieces.size(); ++w)
            for (int i : p.source_words.pieces[w])
                if (i >= 0 && i < trace.t_k() && trace.k_tokens[std::size_t(i)].unknown) p.source_unknown[w] = true;
        p.words = merge_words(alignment_pieces(trace, AlignmentSource(std::clamp(s.alignment_source, 0, 2)), s.layer, s.head),
                              p.target, p.source_words);
        if (p.cached_trace.lock() != view.trace) p.selected = -1;
        p.cached_trace = view.trace;
        p.cached_layer = s.layer;
        p.cached_head = s.head;
        p.cached_source = s.alignment_source;
        p.cached_pieces = int(s.alignment_pieces);
    }
    const int rows = int(p.words.rows()), cols = int(p.words.cols());
    if (p.selected >= rows) p.selected = -1;

    // --- The grid: target words down, source words across.
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    float label_w = 0.0f;
    for (const std::string& l : p.target.labels) label_w = std::max(label_w, ImGui::CalcTextSize(l.c_str()).x);
    label_w = std::min(label_w + 12.0f, avail.x * 0.25f);
    const float grid_h = std::max(avail.y * 0.55f - line_h * 2.0f, 40.0f);
    const float cell = std::max(4.0f, std::min((avail.x - label_w - 8.0f) / float(std::max(cols, 1)),
                                               grid_h / float(std::max(rows, 1))));
    const float gx = origin.x + label_w, gy = origin.y + line_h + 6.0f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    // A source word the vocabulary lacks (read as <unk>) in amber, as in the token strip.
    auto source_colour = [&](int b) {
        return std::size_t(b) < p.source_unknown.size() && p.source_unknown[std::size_t(b)]
                   ? ImGui::GetColorU32(warning_colour()) : text;
    };
    for (int b = 0; b < cols; ++b) {  // source words over the columns
        const std::string l = elide(p.source_words.labels[std::size_t(b)], std::max(cell - 2.0f, 8.0f));
        const ImVec2 size = ImGui::CalcTextSize(l.c_str());
        dl->AddText(ImVec2(gx + (float(b) + 0.5f) * cell - 0.5f * size.x, origin.y), source_colour(b), l.c_str());
    }
    for (int a = 0; a < rows; ++a) {
        const float y = gy + float(a) * cell;
        const std::string l = elide(p.target.labels[std::size_t(a)], label_w - 12.0f);
        const ImVec2 size = ImGui::CalcTextSize(l.c_str());
        if (a == p.selected)
            dl->AddRectFilled(ImVec2(gx - size.x - 10.0f, y), ImVec2(gx - 2.0f, y + cell), IM_COL32(120, 80, 20, 255), 3.0f);
        dl->AddText(ImVec2(gx - size.x - 6.0f, y + 0.5f * (cell - line_h)), text, l.c_str());
        for (int b = 0; b < cols; ++b) {
            const float w = p.words(a, b);
            const ImVec2 c0(gx + float(b) * cell, y), c1(c0.x + cell - 1.0f, y + cell - 1.0f);
            dl->AddRectFilled(c0, c1, cell_colour(s.colormap, w));
            if (cell >= 2.2f * line_h) {
                char buf[16];
                std::snprintf(buf, sizeof(buf), "%.2f", double(w));
                const ImVec2 ts = ImGui::CalcTextSize(buf);
                dl->AddText(ImVec2(c0.x + 0.5f * (cell - ts.x), y + 0.5f * (cell - line_h)),
                            w > 0.6f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255), buf);
            }
        }
    }
    // Clicking a row (its label or its cells) follows that target word.
    ImGui::SetCursorScreenPos(ImVec2(origin.x, gy));
    ImGui::InvisibleButton("##align_grid", ImVec2(std::max(label_w + cell * float(cols), 1.0f), std::max(cell * float(rows), 1.0f)));
    if (ImGui::IsItemClicked()) {
        const int a = int((ImGui::GetIO().MousePos.y - gy) / cell);
        p.selected = (a == p.selected || a < 0 || a >= rows) ? -1 : a;
    }
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int a = int((m.y - gy) / cell), b = int((m.x - gx) / cell);
        if (a >= 0 && a < rows && b >= 0 && b < cols) {
            ImGui::BeginTooltip();
            ImGui::Text(tr(lang, Txt::AlignCellTip), p.target.labels[std::size_t(a)].c_str(),
                        p.source_words.labels[std::size_t(b)].c_str(), double(p.words(a, b)));
            ImGui::EndTooltip();
        }
    }

    // --- The picture: source words above, target words below, a line per pair.
    const float top = gy + cell * float(rows) + 2.0f * line_h;
    const float bottom = origin.y + avail.y - line_h - 6.0f;
    if (bottom - top < 3.0f * line_h) return;
    auto xs = [&](const WordGroups& g) {
        std::vector<float> x(g.labels.size());
        const float band = avail.x / float(std::max<std::size_t>(g.labels.size(), 1));
        for (std::size_t i = 0; i < g.labels.size(); ++i) x[i] = origin.x + (float(i) + 0.5f) * band;
        return x;
    };
    const std::vector<float> sx = xs(p.source_words), tx = xs(p.target);
    const float y_src = top + line_h + 4.0f, y_tgt = bottom - 4.0f;
    for (int a = 0; a < rows; ++a) {
        const bool on = p.selected < 0 || a == p.selected;
        const float row_max = std::max(p.words.row(a).maxCoeff(), 1e-6f);
        for (int b = 0; b < cols; ++b) {
            const float alpha = std::clamp(p.words(a, b) / (p.selected == a ? row_max : 1.0f), 0.0f, 1.0f);
            if (alpha < 0.02f) continue;
            const int al = int(std::lround(alpha * (on ? 255.0f : 40.0f)));
            const ImU32 c = p.selected == a ? IM_COL32(255, 170, 60, al) : IM_COL32(90, 170, 255, al);
            dl->AddLine(ImVec2(tx[std::size_t(a)], y_tgt), ImVec2(sx[std::size_t(b)], y_src), c, p.selected == a ? 3.0f : 2.0f);
        }
    }
    const float src_band = avail.x / float(std::max(cols, 1)), tgt_band = avail.x / float(std::max(rows, 1));
    for (int b = 0; b < cols; ++b) {
        const std::string l = elide(p.source_words.labels[std::size_t(b)], src_band - 6.0f);
        const ImVec2 size = ImGui::CalcTextSize(l.c_str());
        dl->AddText(ImVec2(sx[std::size_t(b)] - 0.5f * size.x, top), source_colour(b), l.c_str());
    }
    for (int a = 0; a < rows; ++a) {
        const std::string l = elide(p.target.labels[std::size_t(a)], tgt_band - 6.0f);
        const ImVec2 size = ImGui::CalcTextSize(l.c_str());
        const ImVec2 at(tx[std::size_t(a)] - 0.5f * size.x, y_tgt + 2.0f);
        if (a == p.selected)
            dl->AddRectFilled(ImVec2(at.x - 3.0f, at.y - 1.0f), ImVec2(at.x + size.x + 3.0f, at.y + line_h + 1.0f),
                              IM_COL32(120, 80, 20, 255), 3.0f);
        dl->AddText(at, a == p.selected ? text : dim, l.c_str());
        ImGui::SetCursorScreenPos(ImVec2(at.x - 3.0f, at.y - 1.0f));
        ImGui::PushID(a);
        if (ImGui::InvisibleButton("##tgt_word", ImVec2(size.x + 6.0f, line_h + 2.0f)))
            p.selected = p.selected == a ? -1 : a;
        ImGui::PopID();
    }
    dl->AddText(ImVec2(origin.x, y_tgt - 2.0f * line_h), dim, tr(lang, Txt::AlignClickHint));
}

}  // namespace attn::app
