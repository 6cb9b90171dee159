// roles_panel.cpp — head roles in the Model view: badges, legend, ranked list
// (implementation; the interface and its contract are in roles_panel.h)
#include "app/views/model_view/roles_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/i18n/core_messages.h"

namespace attn::app {

namespace {
ImU32 colour_of(int role, int alpha = 255) {
    const RoleColour c = role_colour(role);
    return IM_COL32(c.r, c.g, c.b, alpha);
}
}  // namespace

const lm::HeadRoleTable* update_roles(RolesPanel& p, const AppState& s, const ComputeView& view) {
    if (!view.model || !view.model->tokenizer) return nullptr;  // roles are scored on token probes (not images)
    // An encoder–decoder: the roles of the section shown (the encoder's or the decoder's heads).
    const std::string section =
        view.model->caps().stacks == 2 && view.trace ? (view.trace->section.empty() ? "encoder" : view.trace->section) : "";
    RolesRequest req{view.model, s.text, section};
    if (!p.posted_any || req.model != p.posted.model || req.sentence != p.posted.sentence ||
        req.section != p.posted.section) {
        // another model's (or section's) badges would mislead
        if (req.model != p.posted.model || req.section != p.posted.section) p.result.reset();
        p.posted = req;
        p.posted_any = true;
        p.job->post(req);
    }
    if (auto done = p.job->take()) {
        if (done->request.model == view.model && done->request.section == section) p.result = std::move(done->result);
    }
    if (!p.result || !p.result->report) return nullptr;
    return &shown_roles(*p.result->report, p.on_sentence);
}

void draw_role_badge(const lm::HeadRoleTable& table, int layer, int head, ImDrawList* dl, ImVec2 p0, float w, float h) {
    if (layer >= table.n_layers || head >= table.n_heads) return;
    const lm::HeadRoleScores& sc = table.at(layer, head);
    const int role = sc.strongest;
    if (role < 0) return;
    const ImU32 col = colour_of(role);
    // A frame just outside the map (inside the gap; thick when sure, thin when likely), and the
    // letter in the top-right corner, where a causal map has no weights to hide.
    dl->AddRect(ImVec2(p0.x - 4.0f, p0.y - 4.0f), ImVec2(p0.x + w + 4.0f, p0.y + h + 4.0f), col, 0.0f, 0,
                sc.sure() ? 3.0f : 1.0f);
    const char* letter = role_letter(role);
    const ImVec2 ts = ImGui::CalcTextSize(letter);
    if (ts.x + 4.0f > 0.6f * w || ts.y + 2.0f > 0.6f * h) return;  // too small for a letter
    const ImVec2 b0(p0.x + w - ts.x - 6.0f, p0.y);
    dl->AddRectFilled(b0, ImVec2(p0.x + w, p0.y + ts.y + 2.0f), col);
    dl->AddText(ImVec2(b0.x + 3.0f, b0.y + 1.0f), IM_COL32(0, 0, 0, 255), letter);
}

void role_tooltip_line(const lm::HeadRoleTable& table, int layer, int head, Lang lang) {
    if (layer >= table.n_layers || head >= table.n_heads) return;
    const lm::HeadRoleScores& sc = table.at(layer, head);
    if (sc.strongest < 0) {
        ImGui::TextDisabled("%s", tr(lang, Txt::RolesNone));
    } else {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_of(sc.strongest)), tr(lang, Txt::RolesCell),
                           tr(lang, role_title(lm::HeadRole(sc.strongest))), double(sc.score[size_t(sc.strongest)]));
        ImGui::Text(tr(lang, sc.sure() ? Txt::RolesSure : Txt::RolesLikely), double(sc.margin));
    }
    // Every score, highest first, as a bar and a number; the induction offset and the position rule
    // under their rows.
    ImGui::TextDisabled("%s", tr(lang, Txt::RolesAllScores));
    const float name_w = ImGui::CalcTextSize("duplicate-token  ").x + 40.0f;
    const float bar_w = 120.0f;
    for (const RoleRow& row : role_rows(sc)) {
        const int r = int(row.role);
        ImGui::TextUnformatted(tr(lang, role_title(row.role)));
        ImGui::SameLine(name_w);
        const ImVec2 c = ImGui::GetCursorScreenPos();
        const float line_h = ImGui::GetTextLineHeight();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddRect(c, ImVec2(c.x + bar_w, c.y + line_h), IM_COL32(110, 110, 110, 255));
        if (!std::isnan(row.score))
            dl->AddRectFilled(c, ImVec2(c.x + bar_w * std::clamp(row.score, 0.0f, 1.0f), c.y + line_h),
                              colour_of(r, r == sc.strongest ? 255 : 150));
        ImGui::Dummy(ImVec2(bar_w + 6.0f, line_h));
        ImGui::SameLine();
        if (std::isnan(row.score)) ImGui::TextDisabled("-");
        else ImGui::Text("%.2f", double(row.score));
        if (row.role == lm::HeadRole::Induction && sc.induction_offset > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("k=%d", sc.induction_offset);
        }
        if (row.role == lm::HeadRole::Positional && sc.rule.kind != lm::PositionRule::Kind::None) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s", lm::position_rule_text(sc.rule).c_str());
        }
    }
    if (sc.strongest == int(lm::HeadRole::Induction) && sc.induction_offset > 0)
        ImGui::TextDisabled(tr(lang, Txt::RolesInductionK), sc.induction_offset, sc.induction_offset);
    if (sc.strongest == int(lm::HeadRole::Positional) && sc.rule.kind != lm::PositionRule::Kind::None)
        ImGui::TextDisabled(tr(lang, Txt::RolesRule), lm::position_rule_text(sc.rule).c_str());
}

void draw_roles_column(RolesPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::TextUnformatted(tr(lang, Txt::RolesTitle));
    ImGui::Separator();
    if (!view.model) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::RolesNeedModel));
        ImGui::PopTextWrapPos();
        return;
    }
    if (p.result && !p.result->error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", localize_core_message(p.result->error, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    if (!p.result || !p.result->report) {
        // Still scoring, unless the job already said why it cannot (an encoder–decoder).
        if (!p.result || p.result->error.empty() || p.job->busy()) ImGui::TextDisabled("%s", tr(lang, Txt::RolesComputing));
        return;
    }
    if (p.job->busy()) ImGui::TextDisabled("%s", tr(lang, Txt::RolesComputing));
    {
        // What the probe was: the task's own examples, or the standard repeated random tokens.
        const lm::HeadRoleReport& rep = *p.result->report;
        const lm::ProbeSet& ps = rep.probe_set;
        ImGui::PushTextWrapPos(0.0f);
        if (ps.kind == lm::ProbeSet::Kind::Task)
            ImGui::TextDisabled(tr(lang, Txt::RolesProbeTask), int(ps.pattern.size()), ps.task.c_str());
        else
            ImGui::TextDisabled(tr(lang, Txt::RolesProbeStandard), int(rep.probe_ids.size()), int(ps.position.size()));
        if (!ps.note.empty()) ImGui::TextColored(error_colour(), "%s", localize_core_message(ps.note, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    int which = p.on_sentence ? 1 : 0;
    ImGui::RadioButton(p.label(lang, Txt::RolesOnProbe, "roles_probe"), &which, 0);
    item_tooltip(tr(lang, Txt::RolesOnTip));
    ImGui::SameLine();
    ImGui::RadioButton(p.label(lang, Txt::RolesOnSentence, "roles_sentence"), &which, 1);
    item_tooltip(tr(lang, Txt::RolesOnTip));
    p.on_sentence = which == 1;

    // Legend: colour, letter, name (hover: what the role means).
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (lm::HeadRole r : kRoleOrder) {
        const ImVec2 c = ImGui::GetCursorScreenPos();
        const char* letter = role_letter(int(r));
        const ImVec2 ts = ImGui::CalcTextSize(letter);
        dl->AddRectFilled(c, ImVec2(c.x + ts.x + 6.0f, c.y + ts.y + 2.0f), colour_of(int(r)));
        dl->AddText(ImVec2(c.x + 3.0f, c.y + 1.0f), IM_COL32(0, 0, 0, 255), letter);
        ImGui::Dummy(ImVec2(ts.x + 8.0f, ts.y + 2.0f));
        ImGui::SameLine();
        ImGui::TextUnformatted(tr(lang, role_title(r)));
        item_tooltip(tr(lang, role_tip(r)));
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::RolesLegendTip));
    ImGui::PopTextWrapPos();
    ImGui::Separator();

    const lm::HeadRoleTable& table = shown_roles(*p.result->report, p.on_sentence);
    ImGui::TextUnformatted(tr(lang, Txt::RolesRank));
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##roles_rank", tr(lang, role_title(lm::HeadRole(p.role))))) {
        for (lm::HeadRole r : kRoleOrder)
            if (ImGui::Selectable(tr(lang, role_title(r)), p.role == int(r))) p.role = int(r);
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, role_tip(lm::HeadRole(p.role))));
    const std::vector<lm::HeadRef> list = role_ranking(table, lm::HeadRole(p.role), 64);
    ImGui::BeginChild("##roles_list", ImVec2(0.0f, 0.0f), true);
    const float bar_w = ImGui::GetContentRegionAvail().x;
    for (size_t i = 0; i < list.size(); ++i) {
        const lm::HeadRef& h = list[i];
        char row[192];
        char name[64];
        std::snprintf(name, sizeof(name), tr(lang, Txt::ModelViewCell), h.layer + 1, h.head + 1);
        // The induction offset or the position rule the head's score was found at.
        const lm::HeadRoleScores& hs = table.at(h.layer, h.head);
        std::string detail;
        if (p.role == int(lm::HeadRole::Induction) && hs.induction_offset > 0)
            detail = "  k=" + std::to_string(hs.induction_offset);
        if (p.role == int(lm::HeadRole::Positional)) detail = "  " + lm::position_rule_text(hs.rule);
        std::snprintf(row, sizeof(row), "%2zu. %s   %.2f%s###role_row%zu", i + 1, name, double(h.score),
                      detail.c_str(), i);
        const ImVec2 c = ImGui::GetCursorScreenPos();
        const float line_h = ImGui::GetTextLineHeight();
        // The score as a faint bar behind the row.
        dl = ImGui::GetWindowDrawList();
        dl->AddRectFilled(c, ImVec2(c.x + bar_w * std::clamp(h.score, 0.0f, 1.0f), c.y + line_h), colour_of(p.role, 70));
        const bool current = h.layer == s.layer && h.head == s.head;
        if (ImGui::Selectable(row, current)) open_head(s, h);
        item_tooltip(tr(lang, Txt::RolesListTip));
    }
    ImGui::EndChild();
}

void roles_panel_wait_idle(RolesPanel& p, std::chrono::milliseconds timeout) { p.job->wait_idle(timeout); }

void roles_panel_release(RolesPanel& p) {
    p.job->drop();
    p.posted = RolesRequest{};
    p.posted_any = false;
    p.result.reset();
}

void roles_panel_set_wakeup(RolesPanel& p, const std::function<void()>& wake) { p.job->set_wakeup(wake); }

}  // namespace attn::app
