// panel.cpp — the Lens view: the logit lens as a layers × positions table
// (implementation; the interface and its contract are in panel.h)
#include "app/views/lens/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/views/lens/lens_export.h"
#include "core/base/colormap.h"

namespace attn::app {

LensPanel::LensPanel() : job(std::make_unique<LatestJob<LensRequest, LensResult>>(run_lens, "attn-lens")) {}

void lens_panel_set_wakeup(LensPanel& p, std::function<void()> wake) { p.job->set_wakeup(std::move(wake)); }

void lens_panel_wait_idle(LensPanel& p, std::chrono::milliseconds timeout) { p.job->wait_idle(timeout); }

void lens_panel_open_export(LensPanel& p) { p.figure_export.request = true; }

void lens_panel_release(LensPanel& p) {
    p.job->drop();
    p.posted = LensRequest{};
    p.posted_any = false;
    p.result.reset();
}

namespace {

bool same(const LensRequest& a, const LensRequest& b) {
    return a.model == b.model && a.text == b.text && a.ablation.heads == b.ablation.heads &&
           a.ablation.mode == b.ablation.mode && a.k == b.k;
}

// Black or white text, whichever reads on the cell's colour.
ImU32 text_on(Rgb8 c) {
    const float lum = 0.299f * float(c.r) + 0.587f * float(c.g) + 0.114f * float(c.b);
    return lum > 140.0f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

void draw_table(const LensResult& r, const AppState& s) {
    const Lang lang = s.lang;
    const int rows = int(r.cells.size()), t = int(r.tokens.size());
    if (rows == 0 || t == 0) return;
    const float line_h = ImGui::GetTextLineHeight();
    char buf[64];
    float label_w = 0.0f;
    for (int l : r.layers) {
        if (l == 0) {
            std::snprintf(buf, sizeof(buf), "%s", tr(lang, Txt::LensEmbeddings));
        } else {
            std::snprintf(buf, sizeof(buf), tr(lang, Txt::LensLayerRow), l);
        }
        label_w = std::max(label_w, ImGui::CalcTextSize(buf).x);
    }
    label_w += 12.0f;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float cell_h = std::floor(std::clamp((avail.y - 3.0f * line_h) / float(rows + 1), line_h + 6.0f, 3.0f * line_h));
    const float cell_w = std::floor(std::max((avail.x - label_w - 16.0f) / float(t), 5.5f * line_h));
    ImGui::BeginChild("##lens_table", ImVec2(0.0f, 0.0f), false, ImGuiWindowFlags_HorizontalScrollbar);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    // Column heads: the sentence's tokens.
    for (int i = 0; i < t; ++i) {
        const float x = o.x + label_w + float(i) * cell_w;
        const ImVec4 clip(x, o.y, x + cell_w - 4.0f, o.y + cell_h);
        dl->AddText(nullptr, 0.0f, ImVec2(x + 4.0f, o.y + 0.5f * (cell_h - line_h)), text, r.tokens[size_t(i)].c_str(),
                    nullptr, 0.0f, &clip);
    }
    const float y0 = o.y + cell_h;
    for (int k = 0; k < rows; ++k) {
        const float y = y0 + float(k) * cell_h;
        if (r.layers[size_t(k)] == 0) {
            std::snprintf(buf, sizeof(buf), "%s", tr(lang, Txt::LensEmbeddings));
        } else {
            std::snprintf(buf, sizeof(buf), tr(lang, Txt::LensLayerRow), r.layers[size_t(k)]);
        }
        dl->AddText(ImVec2(o.x, y + 0.5f * (cell_h - line_h)), k + 1 == rows ? text : dim, buf);
        for (int i = 0; i < t; ++i) {
            const LensCell& c = r.cells[size_t(k)][size_t(i)];
            const ImVec2 p0(o.x + label_w + float(i) * cell_w, y), p1(p0.x + cell_w - 2.0f, y + cell_h - 2.0f);
            const Rgb8 col = colormap_rgb8(s.colormap, c.probability);
            dl->AddRectFilled(p0, p1, IM_COL32(col.r, col.g, col.b, 255));
            const ImVec4 clip(p0.x, p0.y, p1.x - 2.0f, p1.y);
            dl->AddText(nullptr, 0.0f, ImVec2(p0.x + 4.0f, p0.y + 0.5f * (cell_h - 2.0f - line_h)), text_on(col),
                        c.label.c_str(), nullptr, 0.0f, &clip);
            if (c.first_answer)
                dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), IM_COL32(255, 80, 80, 255), 0.0f, 0,
                            3.0f);
        }
    }
    const ImVec2 size(label_w + float(t) * cell_w, cell_h * float(rows + 1));
    ImGui::InvisibleButton("##lens_cells", size);
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int i = int((m.x - o.x - label_w) / cell_w), k = int((m.y - y0) / cell_h);
        if (m.x >= o.x + label_w && m.y >= y0 && i >= 0 && i < t && k >= 0 && k < rows) {
            ImGui::BeginTooltip();
            if (r.layers[size_t(k)] == 0) {
                ImGui::Text(tr(lang, Txt::LensTipEmbeddings), r.tokens[size_t(i)].c_str());
            } else {
                ImGui::Text(tr(lang, Txt::LensTipLayer), r.layers[size_t(k)], r.tokens[size_t(i)].c_str());
            }
            for (const auto& [label, prob] : r.top[size_t(k)][size_t(i)])
                ImGui::Text("  %-16s %.3f", label.c_str(), double(prob));
            ImGui::TextDisabled(tr(lang, Txt::LensTipAnswer), r.answers[size_t(i)].c_str());
            ImGui::EndTooltip();
        }
    }
    ImGui::EndChild();
}

}  // namespace

void draw_lens_panel(LensPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::LensIntro));
    if (view.model && view.model->caps().stacks == 2) ImGui::TextDisabled("%s", tr(lang, Txt::LensTranslation));
    ImGui::PopTextWrapPos();
    if (!view.model) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::LensNeedModel));
        ImGui::PopTextWrapPos();
        take_export_request(p.figure_export, false);  // Ctrl+E here exports nothing, now or later
        return;
    }
    LensRequest req;
    req.model = view.model;
    req.text = s.text;
    req.ablation = knockout_ablation(s);
    if (!p.posted_any || !same(req, p.posted)) {
        p.posted = req;
        p.posted_any = true;
        p.job->post(req);
    }
    if (auto done = p.job->take()) p.result = std::move(done->result);
    const std::shared_ptr<const LensFigureData> shown =
        p.result && p.result->error.empty() ? p.result->figure : nullptr;
    draw_lens_export_button(p.figure_export, shown.get(), lang);
    draw_lens_export_popup(p.figure_export, shown, s);
    if (!s.knocked_out.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.55f, 1.0f), tr(lang, Txt::LensKnocked),
                           pretrained::format_ablation(req.ablation).c_str());
    }
    if (!p.result) {
        ImGui::TextDisabled("%s", tr(lang, Txt::PredictStarting));
        return;
    }
    if (!p.result->error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", localize_core_message(p.result->error, lang).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    draw_table(*p.result, s);
}

}  // namespace attn::app
