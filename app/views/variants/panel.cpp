// panel.cpp — the Variants view: the selected head computed as softmax attention, linear
// (implementation; the interface and its contract are in panel.h)
#include "app/views/variants/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

constexpr double kPlaySeconds = 0.7;

void upload_pictures(VariantsPanel& p, const VariantsResult& r) {
    upload_heatmap(p.maps[0], r.softmax_map);
    upload_heatmap(p.maps[1], r.window_map);
    upload_heatmap(p.maps[2], r.linear_map);
    upload_heatmap(p.maps[3], r.softmax_map);
    const int rows = r.softmax_map.rows, cols = r.softmax_map.cols;
    p.diff_tex[0] = upload_rgba_texture(p.diff_tex[0], r.window_diff_rgba.data(), cols, rows);
    p.diff_tex[1] = upload_rgba_texture(p.diff_tex[1], r.linear_diff_rgba.data(), cols, rows);
}

// One titled picture of size side × side (cells square when rows == cols); returns its rectangle.
ImVec4 draw_picture(const char* title, const char* subtitle, unsigned tex, ImVec2 at, float w, float h) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line_h = ImGui::GetTextLineHeight();
    dl->PushClipRect(at, ImVec2(at.x + w + 40.0f, at.y + 2.0f * line_h), true);
    dl->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), title);
    dl->AddText(ImVec2(at.x, at.y + line_h), ImGui::GetColorU32(ImGuiCol_TextDisabled), subtitle);
    dl->PopClipRect();
    const ImVec2 p0(at.x, at.y + 2.0f * line_h + 4.0f), p1(p0.x + w, p0.y + h);
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
    dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));
    return ImVec4(p0.x, p0.y, p1.x, p1.y);
}

// Hover over a picture: the cell's value(s).
void picture_tooltip(const ImVec4& box, const VariantsResult& r, const Trace& t, int which, Lang lang) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (m.x < box.x || m.x >= box.z || m.y < box.y || m.y >= box.w) return;
    const int rows = int(r.softmax_w.rows()), cols = int(r.softmax_w.cols());
    if (rows == 0 || cols == 0) return;
    const int i = std::clamp(int((m.y - box.y) / (box.w - box.y) * float(rows)), 0, rows - 1);
    const int j = std::clamp(int((m.x - box.x) / (box.z - box.x) * float(cols)), 0, cols - 1);
    ImGui::BeginTooltip();
    ImGui::Text("%s → %s", t.q_tokens[size_t(i)].text.c_str(), t.k_tokens[size_t(j)].text.c_str());
    ImGui::Text(tr(lang, Txt::VarCellValues), double(r.softmax_w(i, j)), double(r.window_w(i, j)),
                double(r.linear_w(i, j)));
    if (which >= 3) ImGui::TextDisabled("Δ = %+.4f", double(which == 3 ? r.window_w(i, j) - r.softmax_w(i, j)
                                                                        : r.linear_w(i, j) - r.softmax_w(i, j)));
    ImGui::EndTooltip();
}

void draw_pictures(VariantsPanel& p, const VariantsResult& r, const Trace& t, Colormap map, Lang lang, float height) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::VarCompareIntro));
    ImGui::PopTextWrapPos();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float gap = 18.0f, line_h = ImGui::GetTextLineHeight();
    const float avail_w = ImGui::GetContentRegionAvail().x;
    const int rows = std::max(1, int(r.softmax_w.rows())), cols = std::max(1, int(r.softmax_w.cols()));
    const float box = std::max(40.0f, std::min((avail_w - 4.0f * gap) / 5.0f, height - 2.0f * line_h - 8.0f));
    const float cell = box / float(std::max(rows, cols));
    const float w = std::max(1.0f, std::floor(cell * float(cols))), h = std::max(1.0f, std::floor(cell * float(rows)));
    char sub[128];
    std::snprintf(sub, sizeof(sub), "0 … %.3g", double(r.weight_max));
    const unsigned t0 = render_heatmap(p.maps[0], int(w), int(h), map, 0.0f, r.weight_max, cell);
    const unsigned t1 = render_heatmap(p.maps[1], int(w), int(h), map, 0.0f, r.weight_max, cell);
    const unsigned t2 = render_heatmap(p.maps[2], int(w), int(h), map, 0.0f, r.weight_max, cell);
    char wtitle[96];
    std::snprintf(wtitle, sizeof(wtitle), tr(lang, Txt::VarPicWindow), r.window);
    ImVec4 boxes[5];
    boxes[0] = draw_picture(tr(lang, Txt::VarPicSoftmax), sub, t0, origin, w, h);
    boxes[1] = draw_picture(wtitle, sub, t1, ImVec2(origin.x + (box + gap), origin.y), w, h);
    boxes[2] = draw_picture(tr(lang, Txt::VarPicLinear), sub, t2, ImVec2(origin.x + 2 * (box + gap), origin.y), w, h);
    std::snprintf(sub, sizeof(sub), tr(lang, Txt::VarPicDiffRange), double(r.diff_max));
    boxes[3] = draw_picture(tr(lang, Txt::VarPicWindowDiff), sub, p.diff_tex[0], ImVec2(origin.x + 3 * (box + gap), origin.y), w, h);
    boxes[4] = draw_picture(tr(lang, Txt::VarPicLinearDiff), sub, p.diff_tex[1], ImVec2(origin.x + 4 * (box + gap), origin.y), w, h);
    for (int k = 0; k < 5; ++k) picture_tooltip(boxes[k], r, t, k, lang);
    ImGui::Dummy(ImVec2(avail_w, 2.0f * line_h + 8.0f + box));
    ImGui::Text(tr(lang, Txt::VarSummary), r.linear_err.size() ? r.linear_err.maxCoeff() : 0.0f, r.window,
                r.window_err.size() ? r.window_err.maxCoeff() : 0.0f);
}

void draw_online(VariantsPanel& p, const VariantsResult& r, const Trace& t, Colormap map, Lang lang) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::VarOnlineIntro));
    ImGui::PopTextWrapPos();
    const int n_tiles = int(r.online.tiles.size());
    if (n_tiles == 0) return;
    p.step = std::clamp(p.step, 0, n_tiles - 1);
    // Play: a tile every kPlaySeconds, stopping at the last one.
    if (p.playing && ImGui::GetTime() >= p.next_step_time) {
        if (p.step + 1 < n_tiles) ++p.step;
        else p.playing = false;
        p.next_step_time = ImGui::GetTime() + kPlaySeconds;
    }
    char label[96];
    std::snprintf(label, sizeof(label), "%s###var_play", tr(lang, p.playing ? Txt::VarPause : Txt::VarPlay));
    if (ImGui::Button(label)) {
        if (!p.playing && p.step + 1 >= n_tiles) p.step = 0;  // play again from the start
        p.playing = !p.playing;
        p.next_step_time = ImGui::GetTime() + kPlaySeconds;
    }
    item_tooltip(tr(lang, Txt::VarPlayTip));
    ImGui::SameLine();
    std::snprintf(label, sizeof(label), "%s###var_step", tr(lang, Txt::VarStep));
    ImGui::SetNextItemWidth(240.0f);
    int shown = p.step + 1;
    if (ImGui::SliderInt(label, &shown, 1, n_tiles)) p.step = shown - 1, p.playing = false;
    item_tooltip(tr(lang, Txt::VarStepTip));
    ImGui::SameLine();
    if (ImGui::ArrowButton("###var_prev", ImGuiDir_Left)) p.step = std::max(0, p.step - 1), p.playing = false;
    ImGui::SameLine();
    if (ImGui::ArrowButton("###var_next", ImGuiDir_Right)) p.step = std::min(n_tiles - 1, p.step + 1), p.playing = false;
    const OnlineSoftmaxTile& tile = r.online.tiles[size_t(p.step)];
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::Text(tr(lang, Txt::VarTileKeys), p.step + 1, n_tiles, tile.key_begin, tile.key_end - 1);

    // Left: the weights with the keys seen so far bright, the current tile outlined. Right: bars.
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int rows = std::max(1, int(r.softmax_w.rows())), cols = std::max(1, int(r.softmax_w.cols()));
    const float line_h = ImGui::GetTextLineHeight();
    const float map_side = std::max(60.0f, std::min(avail.x * 0.45f, avail.y - 6.0f * line_h));
    const float cell = map_side / float(std::max(rows, cols));
    const float w = std::floor(cell * float(cols)), h = std::floor(cell * float(rows));
    const unsigned tex = render_heatmap(p.maps[3], int(w), int(h), map, 0.0f, r.weight_max, cell);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 m0(origin.x, origin.y + line_h + 4.0f), m1(m0.x + w, m0.y + h);
    dl->AddText(origin, ImGui::GetColorU32(ImGuiCol_Text), tr(lang, Txt::VarPicSoftmax));
    if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), m0, m1);
    // Keys not reached yet: dimmed.
    const float seen_x = m0.x + cell * float(tile.key_end);
    if (seen_x < m1.x) dl->AddRectFilled(ImVec2(seen_x, m0.y), m1, IM_COL32(10, 10, 12, 170));
    dl->AddRect(ImVec2(m0.x + cell * float(tile.key_begin) - 1.0f, m0.y - 3.0f), ImVec2(seen_x + 1.0f, m1.y + 3.0f),
                IM_COL32(255, 255, 255, 255), 0.0f, 0, 2.5f);

    // Bars: running max m (relative to the row's final max) and running sum l (relative to the final l).
    const OnlineSoftmaxTile& last = r.online.tiles.back();
    const float bx = m1.x + 30.0f, bw = std::max(80.0f, (origin.x + avail.x - bx - 20.0f) * 0.5f - 10.0f);
    dl->AddText(ImVec2(bx, origin.y), plot_colour(0), tr(lang, Txt::VarColMax));
    dl->AddText(ImVec2(bx + bw + 20.0f, origin.y), plot_colour(1), tr(lang, Txt::VarColSum));
    const float row_h = cell;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (int i = 0; i < rows; ++i) {
        const float y0 = m0.y + float(i) * row_h, y1 = y0 + std::max(1.0f, row_h - (row_h > 6.0f ? 2.0f : 0.0f));
        const float m_now = tile.running_max[i], m_end = last.running_max[i];
        const float l_now = tile.running_sum[i], l_end = last.running_sum[i];
        // m as the share of the final max that is already known: exp(m − m_final) ∈ (0, 1].
        const float fm = std::isinf(m_now) ? 0.0f : std::exp(std::min(0.0f, m_now - m_end));
        // l rescaled to the final max: l · e^(m − m_final) / l_final ∈ [0, 1].
        const float fl = (l_end > 0.0f && !std::isinf(m_now)) ? std::clamp(l_now * fm / l_end, 0.0f, 1.0f) : 0.0f;
        dl->AddRectFilled(ImVec2(bx, y0), ImVec2(bx + bw, y1), IM_COL32(255, 255, 255, 18));
        dl->AddRectFilled(ImVec2(bx, y0), ImVec2(bx + bw * fm, y1), plot_colour(0));
        const float sx = bx + bw + 20.0f;
        dl->AddRectFilled(ImVec2(sx, y0), ImVec2(sx + bw, y1), IM_COL32(255, 255, 255, 18));
        dl->AddRectFilled(ImVec2(sx, y0), ImVec2(sx + bw * fl, y1), plot_colour(1));
        if (mouse.y >= y0 && mouse.y < y1 && mouse.x >= bx && mouse.x < sx + bw) {
            ImGui::BeginTooltip();
            ImGui::Text("%d %s", i, t.q_tokens[size_t(i)].text.c_str());
            if (std::isinf(m_now)) ImGui::TextUnformatted("m = -inf");
            else ImGui::Text("m = %.4f  (final %.4f)", double(m_now), double(m_end));
            ImGui::Text("l = %.4f  (final %.4f)", double(l_now), double(l_end));
            ImGui::EndTooltip();
        }
    }
    ImGui::Dummy(ImVec2(avail.x, line_h + 4.0f + h + 4.0f));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::VarBarsNote));
    ImGui::PopTextWrapPos();
    ImGui::Text(tr(lang, Txt::VarOnlineErr), r.online_err);
}

}  // namespace

void draw_variants_panel(VariantsPanel& p, AppState& state, const ComputeView& view) {
    const Lang lang = state.lang;
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
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
    if (auto done = p.job.take()) {
        p.shown = std::move(done);
        ++p.shown_version;  // same storage, new result: the pictures must be uploaded again
    }
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
    if (!p.gl_ready) {
        p.gl_ready = true;
        for (HeatmapRenderer& r : p.maps)
            if (Status st = heatmap_renderer_init(r); !st) p.gl_error = st.message();
    }
    if (!p.gl_error.empty()) {
        ImGui::TextColored(error_colour(), "%s", p.gl_error.c_str());
        return;
    }
    // The result on screen belongs to its own trace (the previous one while a new one computes).
    const Trace& rt = *p.shown->request.trace;
    if (p.uploaded_version != p.shown_version) {
        upload_pictures(p, p.shown->result);
        p.uploaded_version = p.shown_version;
    }
    draw_pictures(p, p.shown->result, rt, state.colormap, lang, ImGui::GetContentRegionAvail().y * 0.36f);
    ImGui::Separator();
    draw_online(p, p.shown->result, rt, state.colormap, lang);
}

void variants_panel_destroy(VariantsPanel& p) {
    for (HeatmapRenderer& r : p.maps) heatmap_renderer_destroy(r);
    for (unsigned& t : p.diff_tex) {
        if (t != 0) delete_texture(t);
        t = 0;
    }
    p.gl_ready = false;
    p.uploaded_version = 0;
}

void variants_panel_set_wakeup(VariantsPanel& p, std::function<void()> wakeup) { p.job.set_wakeup(std::move(wakeup)); }

bool variants_panel_wait_idle(VariantsPanel& p, std::chrono::milliseconds timeout) {
    return p.job.wait_idle(timeout);
}

}  // namespace attn::app
