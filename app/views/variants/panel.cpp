// panel.cpp — the Variants view: the selected head computed as softmax attention, linear
// (implementation; the interface and its contract are in panel.h)
#include "app/views/variants/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

const char* token_text(const Trace& t, int i) { return t.q_tokens[i].text.c_str(); }

// A table with one row per query token: the token column, then three numeric columns.
bool begin_token_table(const char* id, Lang lang, Txt c1, Txt c2, Txt c3, float height) {
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable(id, 4, flags, ImVec2(0.0f, height))) return false;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(tr(lang, Txt::ColToken));
    ImGui::TableSetupColumn(tr(lang, c1));
    ImGui::TableSetupColumn(tr(lang, c2));
    ImGui::TableSetupColumn(tr(lang, c3));
    ImGui::TableHeadersRow();
    return true;
}

void draw_comparison(const VariantsResult& r, const Trace& t, Lang lang) {
    ImGui::TextWrapped("%s", tr(lang, Txt::VarCompareIntro));
    const float height = std::min(ImGui::GetContentRegionAvail().y * 0.45f, 24.0f * (t.t_q() + 2));
    if (!begin_token_table("###var_cmp", lang, Txt::VarColNorm, Txt::VarColLinear, Txt::VarColWindow, height)) {
        return;
    }
    for (int i = 0; i < t.t_q(); ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d %s", i, token_text(t, i));
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.softmax_out.row(i).norm());
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.linear_err[i]);
        ImGui::TableNextColumn();
        ImGui::Text("%.4f", r.window_err[i]);
    }
    ImGui::EndTable();
    ImGui::Text(tr(lang, Txt::VarSummary), r.linear_err.size() ? r.linear_err.maxCoeff() : 0.0f,
                r.window, r.window_err.size() ? r.window_err.maxCoeff() : 0.0f);
}

void draw_online(VariantsPanel& p, const VariantsResult& r, const Trace& t, Lang lang) {
    ImGui::TextWrapped("%s", tr(lang, Txt::VarOnlineIntro));
    const int n_tiles = int(r.online.tiles.size());
    if (n_tiles == 0) return;
    p.step = std::clamp(p.step, 0, n_tiles - 1);
    char label[96];
    std::snprintf(label, sizeof(label), "%s###var_step", tr(lang, Txt::VarStep));
    ImGui::SetNextItemWidth(240.0f);
    int shown = p.step + 1;
    if (ImGui::SliderInt(label, &shown, 1, n_tiles)) p.step = shown - 1;
    item_tooltip(tr(lang, Txt::VarStepTip));
    ImGui::SameLine();
    if (ImGui::ArrowButton("###var_prev", ImGuiDir_Left)) p.step = std::max(0, p.step - 1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("###var_next", ImGuiDir_Right)) p.step = std::min(n_tiles - 1, p.step + 1);
    const OnlineSoftmaxTile& tile = r.online.tiles[p.step];
    ImGui::Text(tr(lang, Txt::VarTileKeys), p.step + 1, n_tiles, tile.key_begin, tile.key_end - 1);

    const float height = std::max(80.0f, ImGui::GetContentRegionAvail().y - 30.0f);
    if (begin_token_table("###var_online", lang, Txt::VarColMax, Txt::VarColSum, Txt::VarColPartial, height)) {
        for (int i = 0; i < t.t_q(); ++i) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("%d %s", i, token_text(t, i));
            ImGui::TableNextColumn();
            if (std::isinf(tile.running_max[i])) ImGui::TextDisabled("-inf");
            else ImGui::Text("%.4f", tile.running_max[i]);
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", tile.running_sum[i]);
            ImGui::TableNextColumn();
            // What the output would be if the keys stopped here: a / l.
            const float l = tile.running_sum[i];
            const float dist = l > 0.0f ? (tile.running_acc.row(i) / l - r.softmax_out.row(i)).norm() : 0.0f;
            ImGui::Text("%.4f", dist);
        }
        ImGui::EndTable();
    }
    ImGui::Text(tr(lang, Txt::VarOnlineErr), r.online_err);
}

}  // namespace

void draw_variants_panel(VariantsPanel& p, AppState& state, const ComputeView& view) {
    const Lang lang = state.lang;
    if (!view.trace || view.trace->layers.empty()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::NoTrace));
        return;
    }
    const Trace& t = *view.trace;  // the sliders' ranges follow the newest trace
    const int layer = clamp_layer(state.layer, t);
    const int heads = t.layers[size_t(layer)].n_heads;
    state.head = std::clamp(state.head, 0, heads - 1);

    char label[96];
    ImGui::SetNextItemWidth(160.0f);
    int head_shown = state.head + 1;
    std::snprintf(label, sizeof(label), "%s###var_head", tr(lang, Txt::Head));
    if (ImGui::SliderInt(label, &head_shown, 1, heads)) state.head = head_shown - 1;
    item_tooltip(tr(lang, Txt::HeadTip));
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::SetNextItemWidth(160.0f);
    std::snprintf(label, sizeof(label), "%s###var_window", tr(lang, Txt::VarWindow));
    ImGui::SliderInt(label, &p.window, 0, std::max(1, t.t_k() - 1));
    item_tooltip(tr(lang, Txt::VarWindowTip));
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::SetNextItemWidth(160.0f);
    std::snprintf(label, sizeof(label), "%s###var_tile", tr(lang, Txt::VarTile));
    ImGui::SliderInt(label, &p.tile, 1, std::max(1, t.t_k()));
    item_tooltip(tr(lang, Txt::VarTileTip));
    p.window = std::max(0, p.window);
    p.tile = std::max(1, p.tile);

    // O(T²·d_k) plus one (T, d_k) state per tile: off the UI thread, posted when an input changed.
    const VariantsRequest wanted{view.trace, layer, state.head, p.window, p.tile};
    if (auto done = p.job.take()) p.shown = std::move(done);
    const bool up_to_date = p.shown && same_variants_request(p.shown->request, wanted);
    if (!up_to_date && (!p.posted || !same_variants_request(*p.posted, wanted))) {
        p.job.post(wanted);
        p.posted = wanted;
    }
    if (!up_to_date) {
        const int dots = int(ImGui::GetTime() * 3.0) % 4;  // animated without stored state
        ImGui::SameLine(0.0f, 24.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s%.*s", tr(lang, Txt::Computing), dots, "...");
    }
    ImGui::Separator();
    if (!p.shown) return;
    // The result on screen belongs to its own trace (the previous one while a new one computes).
    const Trace& rt = *p.shown->request.trace;
    draw_comparison(p.shown->result, rt, lang);
    ImGui::Separator();
    draw_online(p, p.shown->result, rt, lang);
}

void variants_panel_set_wakeup(VariantsPanel& p, std::function<void()> wakeup) { p.job.set_wakeup(std::move(wakeup)); }

bool variants_panel_wait_idle(VariantsPanel& p, std::chrono::milliseconds timeout) {
    return p.job.wait_idle(timeout);
}

}  // namespace attn::app
