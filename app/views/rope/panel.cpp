// panel.cpp — the RoPE view: one pair of q and k before and after rotation, the speeds, the shift test, the KV cache
// (implementation; the interface and its contract are in panel.h)
#include "app/views/rope/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

namespace {

constexpr ImU32 kQColour = IM_COL32(255, 160, 60, 255);
constexpr ImU32 kKColour = IM_COL32(90, 170, 255, 255);

ImU32 with_alpha(ImU32 c, float a) {
    return (c & 0x00FFFFFFu) | (ImU32(std::clamp(a, 0.0f, 1.0f) * 255.0f) << IM_COL32_A_SHIFT);
}

void draw_head_choice(AppState& s, int n_heads) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(s.lang, Txt::Head));
    item_tooltip(tr(s.lang, Txt::HeadTip));
    ImGui::SameLine();
    int shown = s.head + 1;
    ImGui::SetNextItemWidth(140.0f);
    if (ImGui::SliderInt("##rope_head", &shown, 1, n_heads)) s.head = std::clamp(shown - 1, 0, n_heads - 1);
}

// One square plot of 2-D arrows from its centre: k (blue) then q (orange), position numbers at
// the tips; the token under the pointer is drawn thick. Returns the token hovered, or -1.
int draw_arrows(const char* id, const char* title, const std::vector<Vec2f>& q, const std::vector<Vec2f>& k,
                float extent, float size, int highlight) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float line_h = ImGui::GetTextLineHeight();
    dl->AddText(o, ImGui::GetColorU32(ImGuiCol_TextDisabled), title);
    const ImVec2 c(o.x + 0.5f * size, o.y + line_h + 4.0f + 0.5f * size);
    const float r = 0.5f * size - 14.0f;
    ImGui::InvisibleButton(id, ImVec2(size, size + line_h + 4.0f));
    const bool hovered = ImGui::IsItemHovered();
    dl->AddCircle(c, r, IM_COL32(110, 110, 110, 160), 64, 1.0f);
    dl->AddLine(ImVec2(c.x - r, c.y), ImVec2(c.x + r, c.y), IM_COL32(90, 90, 90, 140));
    dl->AddLine(ImVec2(c.x, c.y - r), ImVec2(c.x, c.y + r), IM_COL32(90, 90, 90, 140));
    const float scale = extent > 0.0f ? r / extent : 1.0f;
    auto tip = [&](Vec2f v) { return ImVec2(c.x + v.x * scale, c.y - v.y * scale); };  // y up
    int near = -1;
    float near_d = 12.0f * 12.0f;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int n = int(std::max(q.size(), k.size()));
    const bool label = n <= 24;
    auto draw_list = [&](const std::vector<Vec2f>& vs, ImU32 colour) {
        for (int t = 0; t < int(vs.size()); ++t) {
            const ImVec2 p = tip(vs[std::size_t(t)]);
            const bool hi = t == highlight;
            const float fade = highlight >= 0 && !hi ? 0.25f : 0.85f;
            dl->AddLine(c, p, with_alpha(colour, fade), hi ? 3.0f : 1.5f);
            dl->AddCircleFilled(p, hi ? 4.0f : 2.5f, with_alpha(colour, fade));
            if (label || hi) {
                char buf[16];
                std::snprintf(buf, sizeof(buf), "%d", t);
                dl->AddText(ImVec2(p.x + 3.0f, p.y - line_h), with_alpha(colour, hi ? 1.0f : fade), buf);
            }
            if (hovered) {
                const float dx = p.x - m.x, dy = p.y - m.y;
                if (dx * dx + dy * dy < near_d) {
                    near_d = dx * dx + dy * dy;
                    near = t;
                }
            }
        }
    };
    draw_list(k, kKColour);
    draw_list(q, kQColour);
    return near;
}

// Bars of log10 θ for every pair (the selected one highlighted); a click chooses a pair.
void draw_spectrum(int& pair, Lang lang, const RopeSpectrum& sp, float width, float height) {
    ImGui::TextDisabled("%s", tr(lang, Txt::RopeSpectrum));
    const int n = int(sp.inv_freq.size());
    if (n == 0) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float axis_w = 44.0f;
    ImGui::InvisibleButton("##rope_spectrum", ImVec2(std::max(width, 1.0f), std::max(height, 1.0f)));
    const bool hovered = ImGui::IsItemHovered();
    double lo = 1e300, hi = -1e300;
    for (double f : sp.inv_freq) {
        if (f <= 0.0) continue;
        lo = std::min(lo, std::log10(f));
        hi = std::max(hi, std::log10(f));
    }
    lo = std::floor(lo);
    hi = std::max(std::ceil(hi), lo + 1.0);
    const float x0 = o.x + axis_w, w = std::max(width - axis_w, 10.0f), bottom = o.y + height - 2.0f;
    const float top = o.y + 4.0f, h = bottom - top;
    // Decade grid lines and labels: 10^e rad per position.
    const float decade_h = h / float(hi - lo);
    const int label_every = std::max(1, int(std::ceil(ImGui::GetTextLineHeight() / std::max(decade_h, 1.0f))));
    for (int e = int(lo); e <= int(hi); ++e) {
        const float y = bottom - float((e - lo) / (hi - lo)) * h;
        dl->AddLine(ImVec2(x0, y), ImVec2(x0 + w, y), IM_COL32(80, 80, 80, 120));
        if ((int(hi) - e) % label_every != 0) continue;
        char buf[16];
        std::snprintf(buf, sizeof(buf), "1e%d", e);
        dl->AddText(ImVec2(o.x, y - 0.5f * ImGui::GetTextLineHeight()), ImGui::GetColorU32(ImGuiCol_TextDisabled), buf);
    }
    const float bw = w / float(n);
    const ImVec2 m = ImGui::GetIO().MousePos;
    for (int i = 0; i < n; ++i) {
        const double f = sp.inv_freq[std::size_t(i)];
        const float frac = f > 0.0 ? float((std::log10(f) - lo) / (hi - lo)) : 0.0f;
        const float xa = x0 + float(i) * bw, xb = xa + std::max(bw - 1.0f, 1.0f);
        const ImU32 c = i == pair ? IM_COL32(255, 200, 80, 255) : IM_COL32(120, 160, 220, 220);
        dl->AddRectFilled(ImVec2(xa, bottom - std::max(frac, 0.0f) * h), ImVec2(xb, bottom), c);
        if (hovered && m.x >= xa && m.x < xa + bw) {
            ImGui::SetTooltip(tr(lang, Txt::RopeSpectrumTip), i, f, sp.wavelength[std::size_t(i)]);
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) pair = i;
        }
    }
}

// "Or pad in front": k copies of the end-of-text token before the sentence, hidden by the mask and
// visible (run_pad_test), and what stays and what changes for the original tokens.
void draw_pad_test(RopePanel& p, const AppState& s, const ComputeView& view, const std::vector<int>& ids) {
    const Lang lang = s.lang;
    const pretrained::PretrainedConfig& cfg = view.model->config;
    const int pad_id = view.model->family().pad_id(*view.model);
    const int limit = std::min(max_shift(cfg, int(ids.size())), 512);
    if (ids.empty() || limit < 1) return;
    const std::string piece = view.model->tokenizer ? view.model->tokenizer->piece(pad_id) : std::to_string(pad_id);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(lang, Txt::RopePad));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(220.0f);
    ImGui::SliderInt("##rope_pad", &p.pad, 1, limit, "k = %d");
    ImGui::SameLine();
    ImGui::Text(tr(lang, Txt::RopePadToken), piece.c_str());
    item_tooltip(tr(lang, Txt::RopePadTip));
    p.pad = std::clamp(p.pad, 1, limit);

    if (!p.pad_job) {
        p.pad_job = std::make_unique<PadJob>([](const PadRequest& r) { return run_pad_test(*r.model, r.ids, r.pad_id, r.pad); },
                                             "attn-rope-pad");
        if (p.wake) p.pad_job->set_wakeup(p.wake);
    }
    const PadRequest want{view.model, ids, pad_id, p.pad};
    if (!(want == p.pad_posted)) {
        p.pad_posted = want;
        p.pad_has_result = false;
        p.pad_job->post(want);
    }
    if (auto done = p.pad_job->take(); done && done->request == p.pad_posted) {
        p.pad_result = done->result;
        p.pad_has_result = true;
    }
    ImGui::PushTextWrapPos(0.0f);
    if (!p.pad_has_result) {
        ImGui::TextDisabled("%s", tr(lang, Txt::RopeShiftBusy));
    } else {
        const PadResult& r = p.pad_result;
        ImGui::Text(tr(lang, Txt::RopePadHidden), double(r.hidden_max_score), double(r.hidden_max_weight),
                    double(r.hidden_logits));
        ImGui::Text(tr(lang, Txt::RopePadVisibleFirst), double(r.visible_first_score), double(r.visible_first_weight));
        if (r.layers > 1)
            ImGui::Text(tr(lang, Txt::RopePadVisibleLater), r.layers, double(r.visible_later_score),
                        double(r.visible_later_weight), double(r.visible_logits));
        ImGui::TextDisabled("%s", tr(lang, Txt::RopePadWhy));
    }
    ImGui::PopTextWrapPos();
}

void draw_shift_test(RopePanel& p, const AppState& s, const ComputeView& view, const Trace& trace) {
    const Lang lang = s.lang;
    const pretrained::PretrainedConfig& cfg = view.model->config;
    std::vector<int> ids;  // the framed text's ids, without the padding after it (key_is_pad)
    ids.reserve(trace.q_tokens.size());
    for (std::size_t i = 0; i < trace.q_tokens.size(); ++i)
        if (i >= trace.key_is_pad.size() || !trace.key_is_pad[i]) ids.push_back(trace.q_tokens[i].id);
    if (std::find(ids.begin(), ids.end(), -1) != ids.end()) ids.clear();
    const int limit = std::min(max_shift(cfg, int(ids.size())), 4096);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr(lang, Txt::RopeShift));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(220.0f);
    ImGui::SliderInt("##rope_shift", &p.shift, 0, std::max(limit, 1), "k = %d");
    item_tooltip(tr(lang, Txt::RopeShiftTip));
    p.shift = std::clamp(p.shift, 0, limit);
    if (ids.empty() || int(ids.size()) != trace.t_q()) return;

    if (!p.shift_job) {
        p.shift_job = std::make_unique<ShiftJob>([](const ShiftRequest& r) { return run_shift_test(*r.model, r.ids, r.shift); },
                                                 "attn-rope-shift");
        if (p.wake) p.shift_job->set_wakeup(p.wake);
    }
    const ShiftRequest want{view.model, ids, p.shift};
    if (!(want == p.posted)) {
        p.posted = want;
        p.has_result = false;
        p.shift_job->post(want);
    }
    if (auto done = p.shift_job->take(); done && done->request == p.posted) {
        p.result = done->result;
        p.has_result = true;
    }
    ImGui::PushTextWrapPos(0.0f);
    if (!p.has_result) {
        ImGui::TextDisabled("%s", tr(lang, Txt::RopeShiftBusy));
    } else {
        const ShiftResult& r = p.result;
        const int layer = std::clamp(s.layer, 0, std::max(r.layers - 1, 0));
        const int head = std::clamp(s.head, 0, std::max(r.heads - 1, 0));
        const float here = r.layers > 0 && r.heads > 0 ? r.of(layer, head) : 0.0f;
        ImGui::Text(tr(lang, Txt::RopeShiftResult), r.shift, r.layers, r.heads, double(r.max_change), double(here), r.ms);
        if (r.max_change <= 1e-3f) ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "%s", tr(lang, Txt::RopeShiftSame));
    }
    ImGui::TextDisabled("%s", tr(lang, Txt::RopeShiftGpt2));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    draw_pad_test(p, s, view, ids);
}

// The side column: cache bytes of MHA, this model and MQA at a chosen context length.
void draw_kv_cache(RopePanel& p, Lang lang, const pretrained::PretrainedConfig* cfg, const Trace& trace) {
    ImGui::TextUnformatted(tr(lang, Txt::RopeKvTitle));
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::RopeKvIntro));
    ImGui::PopTextWrapPos();
    const int layers = cfg ? cfg->n_layers : int(trace.layers.size());
    const int heads = cfg ? cfg->n_heads : trace.layers.front().n_heads;
    const int kv = cfg ? cfg->n_kv_heads() : trace.layers.front().kv_heads();
    const int d_k = cfg ? cfg->d_k() : trace.layers.front().d_k;
    ImGui::TextUnformatted(tr(lang, Txt::RopeKvContext));
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderInt("##rope_ctx", &p.context, 128, 131072, "%d", ImGuiSliderFlags_Logarithmic);
    p.context = std::clamp(p.context, 1, 1 << 20);
    ImGui::TextUnformatted(tr(lang, Txt::RopeKvBytes));
    ImGui::SameLine();
    if (ImGui::RadioButton("2 (bf16)", p.bytes == 2)) p.bytes = 2;
    ImGui::SameLine();
    if (ImGui::RadioButton("4 (fp32)", p.bytes == 4)) p.bytes = 4;
    const KvCacheCompare c = kv_cache_compare(layers, heads, std::max(kv, 1), d_k, p.bytes, p.context);
    const KvCacheRow rows[3] = {c.mha, c.model, c.mqa};
    const float width = ImGui::GetContentRegionAvail().x;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int i = 0; i < 3; ++i) {
        char label[96];
        if (i == 0) std::snprintf(label, sizeof(label), tr(lang, Txt::RopeKvMha), rows[i].kv_heads);
        if (i == 1) std::snprintf(label, sizeof(label), tr(lang, Txt::RopeKvModel), rows[i].kv_heads);
        if (i == 2) std::snprintf(label, sizeof(label), "%s", tr(lang, Txt::RopeKvMqa));
        ImGui::Spacing();
        ImGui::Text("%s   %s", label, format_bytes(rows[i].bytes).c_str());
        const ImVec2 o = ImGui::GetCursorScreenPos();
        const float frac = c.mha.bytes > 0.0 ? float(rows[i].bytes / c.mha.bytes) : 0.0f;
        const ImU32 colour = i == 1 ? IM_COL32(255, 180, 70, 255) : IM_COL32(120, 160, 220, 220);
        dl->AddRectFilled(o, ImVec2(o.x + std::max(frac * width, 2.0f), o.y + 16.0f), colour);
        ImGui::Dummy(ImVec2(width, 18.0f));
    }
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    if (kv > 0 && kv < heads) {
        ImGui::Text(tr(lang, Txt::RopeKvShare), heads / kv, heads / kv);
    } else {
        ImGui::TextDisabled("%s", tr(lang, Txt::RopeKvNoShare));
    }
    ImGui::PopTextWrapPos();
}

}  // namespace

void rope_panel_set_wakeup(RopePanel& p, std::function<void()> wake) { p.wake = std::move(wake); }

void rope_panel_wait_idle(RopePanel& p, std::chrono::milliseconds timeout) {
    if (p.shift_job) p.shift_job->wait_idle(timeout);
    if (p.pad_job) p.pad_job->wait_idle(timeout);
}

void rope_panel_release(RopePanel& p) {
    if (p.shift_job) p.shift_job->drop();
    if (p.pad_job) p.pad_job->drop();
    p.posted = ShiftRequest{};
    p.has_result = false;
    p.result = ShiftResult{};
    p.pad_posted = PadRequest{};
    p.pad_has_result = false;
    p.pad_result = PadResult{};
}

void draw_rope_panel(RopePanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const Trace& trace = *view.trace;
    clamp_selection(s, trace);
    const LayerTrace& layer = current_layer(trace, s);
    const pretrained::PretrainedConfig* cfg = view.model ? &view.model->config : nullptr;
    const bool rotary = view.model && view.model->caps().positions == pretrained::PositionKind::Rotary &&
                        has_rotary(layer);

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float side_w = std::clamp(avail.x * 0.3f, 220.0f, 360.0f);
    ImGui::BeginChild("##rope_main", ImVec2(avail.x - side_w - 8.0f, 0.0f), false);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::RopeIntro));
    ImGui::PopTextWrapPos();
    if (!rotary) {
        ImGui::Spacing();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::RopeNotRotary));
        ImGui::PopTextWrapPos();
    } else {
        const int rotary_dim = view.model->family().rotary_dim(*cfg);
        const int pairs = rotary_dim / 2;
        s.rope_pair = std::clamp(s.rope_pair, 0, pairs - 1);
        if (trace.layers.size() > 1) {
            ImGui::AlignTextToFramePadding();
            draw_layer_choice(s, int(trace.layers.size()));
        }
        draw_head_choice(s, layer.n_heads);
        ImGui::SameLine();
        ImGui::TextUnformatted(tr(lang, Txt::RopePair));
        ImGui::SameLine();
        int shown = s.rope_pair;
        ImGui::SetNextItemWidth(160.0f);
        if (ImGui::SliderInt("##rope_pair", &shown, 0, pairs - 1)) s.rope_pair = std::clamp(shown, 0, pairs - 1);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip(tr(lang, Txt::RopePairTip), rotary_dim, layer.d_k);
        const RopeSpectrum sp = rope_spectrum(view.model->family().rotary_frequencies(*cfg));
        ImGui::Text(tr(lang, Txt::RopePairInfo), s.rope_pair, pairs, sp.inv_freq[std::size_t(s.rope_pair)],
                    sp.wavelength[std::size_t(s.rope_pair)]);
        ImGui::SameLine();
        if (ImGui::SmallButton(tr(lang, Txt::RopeExport))) p.export_request = true;
        item_tooltip(tr(lang, Txt::RopeExportTip));

        const RopePairVectors v = rope_pair_vectors(layer, s.head, s.rope_pair, rotary_dim);
        const float line_h = ImGui::GetTextLineHeight();
        const float room = ImGui::GetContentRegionAvail().x;
        const float plot = std::clamp(std::min(0.5f * room - 8.0f, ImGui::GetContentRegionAvail().y - 9.0f * line_h - 120.0f),
                                      120.0f, 420.0f);
        const int before = draw_arrows("##rope_before", tr(lang, Txt::RopeBefore), v.q_before, v.k_before, v.extent, plot,
                                       p.hover_token);
        ImGui::SameLine(0.0f, 16.0f);
        const int after = draw_arrows("##rope_after", tr(lang, Txt::RopeAfter), v.q_after, v.k_after, v.extent, plot,
                                      p.hover_token);
        p.hover_token = before >= 0 ? before : after;
        if (p.hover_token >= 0 && p.hover_token < int(trace.q_tokens.size())) {
            ImGui::SetTooltip("%d  %s", p.hover_token, trace.q_tokens[std::size_t(p.hover_token)].text.c_str());
        }
        ImGui::TextDisabled("%s", tr(lang, Txt::RopeLegend));
        ImGui::Spacing();
        draw_spectrum(s.rope_pair, lang, sp, std::min(room, 2.0f * plot + 16.0f), 90.0f);
        ImGui::Spacing();
        draw_shift_test(p, s, view, trace);
    }
    ImGui::EndChild();
    ImGui::SameLine(0.0f, 8.0f);
    ImGui::BeginChild("##rope_side", ImVec2(side_w, 0.0f), true);
    draw_kv_cache(p, lang, cfg, trace);
    ImGui::EndChild();
}

}  // namespace attn::app
