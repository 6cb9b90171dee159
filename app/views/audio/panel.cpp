// panel.cpp — the Audio view (the contract is in panel.h; the numbers in core/attention/audio_map.h).
#include "app/views/audio/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/i18n/core_messages.h"
#include "app/matrix/heatmap_texture.h"
#include "app/widgets/layer_choice.h"
#include "app/widgets/speech_language.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"
#include "core/attention/audio_map.h"
#include "core/base/colormap.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

namespace {

// Pixel `i` of an RGBA buffer, opaque.
void put_pixel(std::vector<std::uint8_t>& rgba, std::size_t i, Rgb8 px) {
    std::uint8_t* out = &rgba[i * 4];
    out[0] = px.r;
    out[1] = px.g;
    out[2] = px.b;
    out[3] = 255;
}

// The spectrogram's frames that hold sound (2 mel frames per encoder frame), low pitch at the
// bottom, as RGBA through the colormap (floor … max).
void upload_spectrogram(AudioPanel& p, const std::shared_ptr<const TraceAudio>& audio, Colormap map) {
    if (p.uploaded == audio && p.texture != 0) return;
    const Mat& m = audio->log_mel;
    const int rows = int(m.rows()), cols = std::clamp(2 * audio->sound_frames, 1, int(m.cols()));
    const float lo = audio->log_mel_floor, hi = std::max(m.leftCols(cols).maxCoeff(), lo + 1e-6f);
    std::vector<std::uint8_t> rgba(std::size_t(rows) * std::size_t(cols) * 4);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            put_pixel(rgba, std::size_t(r) * std::size_t(cols) + std::size_t(c),
                      colormap_rgb8(map, std::clamp((m(rows - 1 - r, c) - lo) / (hi - lo), 0.0f, 1.0f)));
    p.texture = upload_rgba_texture(p.texture, rgba.data(), cols, rows);
    p.texture_frames = cols;
    p.uploaded = audio;
}

// The cross-attention map of rows first_row … T − 1 over the frames, each row scaled to its maximum.
void upload_map(AudioPanel& p, const std::shared_ptr<const Trace>& cross, int first_row,
                const std::vector<std::pair<int, int>>& heads, Colormap map) {
    if (p.map_trace.lock() == cross && p.map_heads == heads && p.map_colours == map && p.map_texture != 0) return;
    p.map_rows.clear();
    for (int r = first_row; r < cross->t_q(); ++r) p.map_rows.push_back(audio_cross_row(*cross, r, heads));
    const int rows = int(p.map_rows.size()), cols = rows > 0 ? int(p.map_rows.front().size()) : 0;
    p.map_trace = cross;
    p.map_heads = heads;
    p.map_colours = map;
    if (rows == 0 || cols == 0) return;
    std::vector<std::uint8_t> rgba(std::size_t(rows) * std::size_t(cols) * 4, 0);
    for (int r = 0; r < rows; ++r) {
        const std::vector<float>& v = p.map_rows[std::size_t(r)];
        const float top = std::max(*std::max_element(v.begin(), v.end()), 1e-6f);
        for (int c = 0; c < cols && c < int(v.size()); ++c)
            put_pixel(rgba, std::size_t(r) * std::size_t(cols) + std::size_t(c),
                      colormap_rgb8(map, std::clamp(v[std::size_t(c)] / top, 0.0f, 1.0f)));
    }
    p.map_texture = upload_rgba_texture(p.map_texture, rgba.data(), cols, rows);
}

ImU32 heat(Colormap map, float t) {
    const Rgb8 c = colormap_rgb8(map, std::clamp(t, 0.0f, 1.0f));
    return IM_COL32(c.r, c.g, c.b, 255);
}

// Seconds between time-axis ticks so that labels stay about 80 px apart.
double tick_step(double seconds, float width) {
    const double want = seconds * 80.0 / std::max(width, 1.0f);
    for (double s : {0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0})
        if (s >= want) return s;
    return 10.0;
}

}  // namespace

void destroy_audio_panel(AudioPanel& p) {
    delete_texture(p.texture);
    delete_texture(p.map_texture);
    p.record.sound.reset();  // stops what plays or records and joins the sound thread
    p = AudioPanel{};
}

void draw_audio_panel(AudioPanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::AudioIntro));
    ImGui::PopTextWrapPos();
    if (view.model && view.model->caps().inputs.audio) draw_record_bar(p.record, s, view);
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    if (!view.trace->audio || !has_section(view, "cross")) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(tr(lang, Txt::AudioNotSpeech));
        ImGui::PopTextWrapPos();
        return;
    }
    if (view.trace->section != "cross") {  // the worker computes the cross section next
        s.section = "cross";
        ImGui::TextDisabled("%s", tr(lang, Txt::AudioSwitching));
        return;
    }
    const Trace& cross = *view.trace;
    const TraceAudio& a = *cross.audio;
    clamp_selection(s, cross);
    const int F = std::max(a.sound_frames, 1);
    const double seconds = F * a.seconds_per_frame;
    const int T = cross.t_q(), P = std::clamp(a.prompt_tokens, 0, T);
    if (s.audio_word >= int(a.words.size())) s.audio_word = -1;

    // --- What was heard, the language, the transcript.
    ImGui::Text(tr(lang, Txt::AudioCaption), a.source.c_str(), a.format.c_str(), a.source_seconds);
    ImGui::SameLine();
    ImGui::TextDisabled(tr(lang, a.language_detected ? Txt::AudioDetected : Txt::AudioChosen), a.language.c_str());
    if (view.model && view.model->caps().inputs.audio) {
        ImGui::SameLine();
        language_combo(s, *view.model);
    }
    ImGui::PushTextWrapPos(0.0f);
    if (a.cut) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::AudioCut), int(std::lround(a.frames * a.seconds_per_frame)));
    ImGui::TextDisabled(tr(lang, Txt::AudioTrimmed), F, seconds, a.frames, a.frames);
    ImGui::TextUnformatted(tr(lang, a.transcript_generated ? Txt::AudioTranscriptGenerated : Txt::AudioTranscriptTyped));
    ImGui::SameLine();
    ImGui::TextUnformatted(a.transcript.c_str());
    if (!a.untimed.empty()) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::AudioUntimed),
                                         localize_core_message(a.untimed, lang).c_str());
    ImGui::PopTextWrapPos();

    // --- Which heads: the alignment heads' mean, or the chosen layer and head.
    const std::vector<std::pair<int, int>> align = audio_alignment_heads(cross);
    if (align.empty()) s.audio_alignment_heads = false;
    ImGui::BeginDisabled(align.empty());
    ImGui::Checkbox(tr(lang, Txt::AudioAlignHeads), &s.audio_alignment_heads);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        char tip[512];
        std::snprintf(tip, sizeof(tip), tr(lang, Txt::AudioAlignHeadsTip), a.alignment_heads.c_str());
        ImGui::SetTooltip("%s", tip);
    }
    std::vector<std::pair<int, int>> heads = align;
    if (!s.audio_alignment_heads) {
        ImGui::SameLine();
        draw_layer_choice(s, int(cross.layers.size()));
        ImGui::SameLine();
        const int n_heads = current_layer(cross, s).n_heads;
        int shown = s.head + 1;
        ImGui::SetNextItemWidth(140.0f);
        if (ImGui::SliderInt(tr(lang, Txt::Head), &shown, 1, n_heads)) s.head = std::clamp(shown - 1, 0, n_heads - 1);
        item_tooltip(tr(lang, Txt::HeadTip));
        heads = {{std::clamp(s.layer, 0, int(cross.layers.size()) - 1), s.head}};
    }

    ImGui::TextDisabled("%s", tr(lang, Txt::AudioClickWord));

    // --- The plot: a label column, then time from 0 to the end of the sound.
    upload_spectrogram(p, cross.audio, s.colormap);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    const float label_w = std::min(150.0f, avail.x * 0.2f);
    const float x0 = origin.x + label_w, width = std::max(avail.x - label_w - 8.0f, 50.0f);
    const float words_h = 2.0f * line_h + 8.0f, axis_h = line_h + 6.0f;
    const float room = std::max(avail.y - words_h - axis_h - 3.0f * line_h, 120.0f);
    const float wave_h = std::round(room * 0.16f), spec_h = std::round(room * 0.42f), map_h = room - wave_h - spec_h;
    const float y_wave = origin.y, y_spec = y_wave + wave_h + 4.0f, y_map = y_spec + spec_h + 4.0f;
    const float y_words = y_map + map_h + 4.0f, y_axis = y_words + words_h;
    auto x_of = [&](double t) { return x0 + float(t / seconds) * width; };
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    auto label = [&](float y, float h, const char* what) {
        ImGui::PushClipRect(ImVec2(origin.x, y), ImVec2(x0 - 4.0f, y + h), true);
        dl->AddText(nullptr, 0.0f, ImVec2(origin.x, y + 0.5f * (h - line_h)), dim, what, nullptr, label_w - 8.0f);
        ImGui::PopClipRect();
    };

    // Waveform: each pixel column's lowest and highest sample.
    const std::size_t heard = heard_samples(a);
    const auto cols = waveform_columns(a.samples, heard, int(width));
    float peak = 1e-6f;
    for (const auto& [lo, hi] : cols) peak = std::max({peak, -lo, hi});
    dl->AddRectFilled(ImVec2(x0, y_wave), ImVec2(x0 + width, y_wave + wave_h), IM_COL32(20, 20, 28, 255));
    for (int c = 0; c < int(cols.size()); ++c) {
        const float mid = y_wave + 0.5f * wave_h, k = 0.5f * wave_h / peak;
        dl->AddLine(ImVec2(x0 + float(c), mid - cols[std::size_t(c)].second * k),
                    ImVec2(x0 + float(c), mid - cols[std::size_t(c)].first * k + 1.0f), IM_COL32(120, 200, 255, 255));
    }
    label(y_wave, wave_h, tr(lang, Txt::AudioWaveform));

    // Spectrogram: the encoder's input over the frames that hold sound.
    if (p.texture != 0)
        dl->AddImage(ImTextureID(std::intptr_t(p.texture)), ImVec2(x0, y_spec), ImVec2(x0 + width, y_spec + spec_h));
    label(y_spec, spec_h, tr(lang, Txt::AudioSpectrogram));

    // The cross-attention map: one strip per written token (or the chosen word's row, tall).
    const TimedWord* word = s.audio_word >= 0 ? &a.words[std::size_t(s.audio_word)] : nullptr;
    const int first_row = P, rows = std::max(T - P, 0);
    dl->AddRectFilled(ImVec2(x0, y_map), ImVec2(x0 + width, y_map + map_h), IM_COL32(10, 10, 14, 255));
    std::vector<float> chosen;
    if (word) {
        chosen = audio_cross_rows(cross, word->first_token, word->end_token, heads);
        const float top = chosen.empty() ? 1.0f : std::max(*std::max_element(chosen.begin(), chosen.end()), 1e-6f);
        const float cw = width / float(F);
        for (int f = 0; f < int(chosen.size()) && f < F; ++f) {
            const float v = chosen[std::size_t(f)] / top;
            dl->AddRectFilled(ImVec2(x0 + float(f) * cw, y_map + map_h * (1.0f - v)),
                              ImVec2(x0 + float(f + 1) * cw, y_map + map_h), heat(s.colormap, v));
        }
        char buf[256];
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::AudioCrossOf), word->text.c_str());
        label(y_map, map_h, buf);
    } else if (rows > 0) {
        upload_map(p, view.trace, first_row, heads, s.colormap);
        if (p.map_texture != 0)
            dl->AddImage(ImTextureID(std::intptr_t(p.map_texture)), ImVec2(x0, y_map), ImVec2(x0 + width, y_map + map_h));
        label(y_map, map_h, tr(lang, Txt::AudioCrossAll));
    }

    // The chosen word's span over everything, and its curve over the spectrogram.
    if (word && a.untimed.empty()) {
        const float wx0 = x_of(word->start), wx1 = std::max(x_of(word->end), wx0 + 2.0f);
        dl->AddRectFilled(ImVec2(wx0, y_wave), ImVec2(wx1, y_map + map_h), IM_COL32(255, 210, 60, 40));
        dl->AddRect(ImVec2(wx0, y_wave), ImVec2(wx1, y_map + map_h), IM_COL32(255, 210, 60, 200), 0.0f, 0, 2.0f);
    }
    if (!chosen.empty()) {
        const float top = std::max(*std::max_element(chosen.begin(), chosen.end()), 1e-6f), cw = width / float(F);
        for (int f = 1; f < int(chosen.size()) && f < F; ++f)
            dl->AddLine(ImVec2(x0 + (float(f) - 0.5f) * cw, y_spec + spec_h * (1.0f - chosen[std::size_t(f - 1)] / top)),
                        ImVec2(x0 + (float(f) + 0.5f) * cw, y_spec + spec_h * (1.0f - chosen[std::size_t(f)] / top)),
                        IM_COL32(255, 255, 255, 230), 2.0f);
    }

    // The playhead while the recording (or a word) plays.
    if (const double t = playhead_seconds(p.record); t >= 0.0 && t <= seconds)
        dl->AddLine(ImVec2(x_of(t), y_wave), ImVec2(x_of(t), y_map + map_h), IM_COL32(255, 80, 80, 230), 2.0f);

    // Hover: the time, the frame and the attention there.
    ImGui::SetCursorScreenPos(ImVec2(x0, y_wave));
    ImGui::InvisibleButton("##audio_plot", ImVec2(width, std::max(y_map + map_h - y_wave, 1.0f)));
    if (ImGui::IsItemHovered()) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int f = std::clamp(int((m.x - x0) / width * float(F)), 0, F - 1);
        float value = 0.0f;
        if (!chosen.empty()) value = chosen[std::size_t(std::min(f, int(chosen.size()) - 1))];
        else if (rows > 0 && m.y >= y_map && int(p.map_rows.size()) == rows) {
            const std::vector<float>& v = p.map_rows[std::size_t(std::clamp(int((m.y - y_map) / (map_h / float(rows))), 0, rows - 1))];
            if (!v.empty()) value = v[std::size_t(std::min(f, int(v.size()) - 1))];
        }
        dl->AddLine(ImVec2(m.x, y_wave), ImVec2(m.x, y_map + map_h), IM_COL32(255, 255, 255, 90));
        ImGui::SetTooltip(tr(lang, Txt::AudioFrameTip), f * a.seconds_per_frame, f, double(value));
    }

    // The words at their times (in order when untimed); a click follows one.
    label(y_words, words_h, tr(lang, Txt::AudioWords));
    float next_free = x0;
    for (int i = 0; i < int(a.words.size()); ++i) {
        const TimedWord& w = a.words[std::size_t(i)];
        const ImVec2 size = ImGui::CalcTextSize(w.text.c_str());
        const bool timed = a.untimed.empty();
        const float span0 = timed ? x_of(w.start) : next_free, span1 = timed ? x_of(w.end) : span0 + size.x + 8.0f;
        const float bx = std::max(timed ? 0.5f * (span0 + span1) - 0.5f * size.x - 4.0f : span0, next_free);
        const int lane = timed && bx > 0.5f * (span0 + span1) ? 1 : 0;  // pushed right: the second lane
        const ImVec2 b0(bx, y_words + float(lane) * (line_h + 4.0f)), b1(bx + size.x + 8.0f, b0.y + line_h + 2.0f);
        const bool on = i == s.audio_word;
        dl->AddRectFilled(b0, b1, on ? IM_COL32(160, 110, 20, 255) : IM_COL32(50, 60, 80, 255), 3.0f);
        dl->AddText(ImVec2(b0.x + 4.0f, b0.y + 1.0f), text, w.text.c_str());
        if (timed) dl->AddLine(ImVec2(span0, y_words - 2.0f), ImVec2(std::max(span1, span0 + 1.0f), y_words - 2.0f),
                               on ? IM_COL32(255, 210, 60, 255) : IM_COL32(120, 140, 180, 255), 2.0f);
        ImGui::SetCursorScreenPos(b0);
        ImGui::PushID(i);
        if (ImGui::InvisibleButton("##word", ImVec2(b1.x - b0.x, b1.y - b0.y))) s.audio_word = on ? -1 : i;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(tr(lang, Txt::AudioWordTip), w.text.c_str(), w.start, w.end, w.first_token, w.end_token - 1);
        ImGui::PopID();
        next_free = lane == 0 ? std::max(next_free, b1.x + 2.0f) : next_free;
        if (lane == 1) next_free = std::max(next_free, b1.x + 2.0f);
    }

    // Time axis in seconds.
    const double step = tick_step(seconds, width);
    dl->AddLine(ImVec2(x0, y_axis), ImVec2(x0 + width, y_axis), dim);
    for (double t = 0.0; t <= seconds + 1e-9; t += step) {
        const float x = x_of(t);
        dl->AddLine(ImVec2(x, y_axis), ImVec2(x, y_axis + 4.0f), dim);
        char buf[32];
        std::snprintf(buf, sizeof(buf), step < 0.1 ? "%.2f s" : "%.1f s", t);
        dl->AddText(ImVec2(x - 0.5f * ImGui::CalcTextSize(buf).x, y_axis + 5.0f), dim, buf);
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y_axis + axis_h + line_h));
    ImGui::Dummy(ImVec2(1.0f, 1.0f));
}

}  // namespace attn::app
