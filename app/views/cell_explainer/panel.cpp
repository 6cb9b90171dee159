// panel.cpp — the numbers behind the heatmap cell the user clicked, step by step:
// (implementation; the interface and its contract are in panel.h)
#include "app/views/cell_explainer/panel.h"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

// "q_1 = [0.123, -1.20, …]" then "norm 3.21" on the same line when it fits (never split mid-number).
void vector_line(const char* name, const VecPreview& v, Lang lang) {
    std::string s = name;
    s += " = [";
    char buf[48];
    for (size_t k = 0; k < v.first.size(); ++k) {
        std::snprintf(buf, sizeof(buf), k == 0 ? "%.3f" : ", %.3f", double(v.first[k]));
        s += buf;
    }
    if (v.truncated()) s += ", …";
    s += "]";
    ImGui::TextUnformatted(s.c_str());
    std::snprintf(buf, sizeof(buf), "%s %.4f", tr(lang, Txt::ExplNorm), double(v.norm));
    ImGui::SameLine(0.0f, 16.0f);
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(buf).x) ImGui::NewLine();
    ImGui::TextDisabled("%s", buf);
}

void step_header(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", text);
}

}  // namespace

void draw_cell_explainer_panel(CellExplainerPanel& p, const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    const Trace* trace = view.trace.get();
    const bool have = trace != nullptr && !trace->layers.empty() && s.sel_query >= 0 && s.sel_key >= 0 &&
                      s.sel_query < trace->t_q() && s.sel_key < trace->t_k() && s.head >= 0 &&
                      s.head < current_layer(*trace, s).n_heads;
    if (!have) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::ExplHint));
        ImGui::PopTextWrapPos();
        return;
    }
    const int layer = clamp_layer(s.layer, *trace);
    if (p.cached_trace.lock() != view.trace || p.cached_layer != layer || p.cached_head != s.head ||
        p.cached_i != s.sel_query || p.cached_j != s.sel_key) {
        p.expl = explain_cell(trace->layers[size_t(layer)], s.head, s.sel_query, s.sel_key);
        p.cached_trace = view.trace;
        p.cached_layer = layer;
        p.cached_head = s.head;
        p.cached_i = s.sel_query;
        p.cached_j = s.sel_key;
    }
    const CellExplanation& e = p.expl;
    const std::string& qt = trace->q_tokens[size_t(e.i)].text;
    const std::string& kt = trace->k_tokens[size_t(e.j)].text;

    ImGui::PushTextWrapPos(0.0f);
    if (trace->layers.size() > 1) ImGui::TextDisabled(tr(lang, Txt::ModelViewCell), layer + 1, e.head + 1);
    ImGui::Text(tr(lang, Txt::ExplCell), e.head + 1, e.i, qt.c_str(), e.j, kt.c_str());
    if (e.kv_head >= 0) {
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.4f, 1.0f), tr(lang, Txt::GqaExplain), e.head + 1, e.kv_head + 1,
                           e.n_kv_heads, e.group_first + 1, e.group_last + 1);
    }
    ImGui::Separator();

    char buf[128];
    std::snprintf(buf, sizeof(buf), tr(lang, Txt::ExplStepVectors), e.d_k);
    step_header(buf);
    item_tooltip(tr(lang, Txt::ExplVectorsTip));
    std::snprintf(buf, sizeof(buf), "q_%d", e.i);
    vector_line(buf, e.q, lang);
    std::snprintf(buf, sizeof(buf), "k_%d", e.j);
    vector_line(buf, e.k, lang);

    step_header(tr(lang, Txt::ExplStepDot));
    ImGui::Text("s = q_%d · k_%d = Σ_d q_d k_d = %.5f", e.i, e.j, double(e.score));

    step_header(tr(lang, Txt::ExplStepScale));
    ImGui::Text(tr(lang, e.scale ? Txt::ExplFactorScaled : Txt::ExplFactorUnscaled), e.d_k,
                double(e.temperature), double(e.factor));
    if (e.has_bias) {
        ImGui::Text("z = s × %.5f + b = %.5f + %.5f = %.5f", double(e.factor), double(e.factor * e.score),
                    double(e.bias), double(e.logit));
        ImGui::TextDisabled("%s", tr(lang, Txt::ExplBias));
    } else {
        ImGui::Text("z = s × %.5f = %.5f", double(e.factor), double(e.logit));
    }

    step_header(tr(lang, Txt::ExplStepMask));
    if (e.masked) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "%s", tr(lang, Txt::ExplMaskedYes));
    } else {
        ImGui::TextUnformatted(tr(lang, Txt::ExplMaskedNo));
    }

    std::snprintf(buf, sizeof(buf), tr(lang, Txt::ExplStepSoftmax), e.i);
    step_header(buf);
    item_tooltip(tr(lang, Txt::ExplSoftmaxTip));
    if (e.row_fully_masked) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "%s", tr(lang, Txt::TipFullyMasked));
    } else {
        ImGui::Text(tr(lang, Txt::ExplRowMax), e.visible, double(e.row_max));
        if (e.masked) {
            ImGui::TextUnformatted("exp(-∞) = 0");
        } else {
            ImGui::Text(tr(lang, Txt::ExplExp), double(e.logit - e.row_max), double(e.exp_shifted));
        }
        ImGui::Text(tr(lang, Txt::ExplRowSum), double(e.row_sum));
        ImGui::Text(tr(lang, Txt::ExplWeight), double(e.exp_shifted), double(e.row_sum), double(e.weight),
                    double(e.trace_weight));
    }

    std::snprintf(buf, sizeof(buf), tr(lang, Txt::ExplStepMix), e.i);
    step_header(buf);
    item_tooltip(tr(lang, Txt::ExplMixTip));
    ImGui::TextUnformatted(tr(lang, Txt::ExplTopKeys));
    ImGui::PopTextWrapPos();  // table cells size to their content
    if (ImGui::BeginTable("##top", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn(tr(lang, Txt::ExplColKey));
        ImGui::TableSetupColumn(tr(lang, Txt::ExplColWeight));
        ImGui::TableSetupColumn(tr(lang, Txt::ExplColVNorm));
        ImGui::TableSetupColumn(tr(lang, Txt::ExplColShare));
        ImGui::TableHeadersRow();
        for (const KeyContribution& c : e.top) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%d %s", c.key, trace->k_tokens[size_t(c.key)].text.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", double(c.weight));
            ImGui::TableNextColumn();
            ImGui::Text("%.3f", double(c.v_norm));
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", double(c.share));
            if (c.key == e.j) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, rgba(60, 80, 120));
        }
        ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr(lang, Txt::ExplOutput), e.i, e.head + 1);
    std::snprintf(buf, sizeof(buf), "o_%d", e.i);
    vector_line(buf, e.output, lang);
    ImGui::PopTextWrapPos();
}

}  // namespace attn::app
