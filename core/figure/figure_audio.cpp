// figure_audio.cpp — a speech run on one time axis: the waveform, the log-mel spectrogram the encoder
// read, the decoder's cross-attention (one row per written token, each row scaled to its maximum)
// and the transcript's words at their times. One word can be followed: its span over everything,
// its rows outlined in the map and its cross-attention drawn as a curve over the spectrogram.
//
//   time → x:  x0 + t / seconds · width, t in [0, F · seconds_per_frame] (the frames that hold sound)
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/audio_map.h"
#include "core/figure/figure_views.h"

namespace attn::fig {

namespace {

// An RGB raster (w × h, row-major, top row first) stretched over `at`. `smooth` filters when the
// raster is shrunk (a long spectrogram); otherwise every value stays one crisp block.
void draw_raster(Canvas& c, const std::vector<std::uint8_t>& rgb, int w, int h, const Rect& at, bool smooth) {
    if (w <= 0 || h <= 0) return;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        fill_rect(c, at, Rgb{0.5f, 0.5f, 0.5f});
        return;
    }
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < h; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + std::size_t(y) * std::size_t(stride));
        const std::uint8_t* src = rgb.data() + std::size_t(y) * std::size_t(w) * 3;
        for (int x = 0; x < w; ++x)
            row[x] = 0xFF000000u | (std::uint32_t(src[3 * x]) << 16) | (std::uint32_t(src[3 * x + 1]) << 8) | src[3 * x + 2];
    }
    cairo_surface_mark_dirty(surface);
    cairo_save(c.cr);
    cairo_rectangle(c.cr, at.x, at.y, at.w, at.h);
    cairo_clip(c.cr);
    cairo_translate(c.cr, at.x, at.y);
    cairo_scale(c.cr, at.w / w, at.h / h);
    cairo_set_source_surface(c.cr, surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(c.cr), smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST);
    cairo_pattern_set_extend(cairo_get_source(c.cr), CAIRO_EXTEND_PAD);
    cairo_rectangle(c.cr, 0, 0, w, h);
    cairo_fill(c.cr);
    cairo_restore(c.cr);
    cairo_surface_destroy(surface);
}

void put_rgb(std::vector<std::uint8_t>& out, std::size_t at, Rgb color) {
    out[3 * at] = std::uint8_t(std::clamp(color.r, 0.0f, 1.0f) * 255.0f + 0.5f);
    out[3 * at + 1] = std::uint8_t(std::clamp(color.g, 0.0f, 1.0f) * 255.0f + 0.5f);
    out[3 * at + 2] = std::uint8_t(std::clamp(color.b, 0.0f, 1.0f) * 255.0f + 0.5f);
}

// The spectrogram over the mel frames that hold sound (2 per encoder frame), low bins at the bottom,
// coloured from the silence floor to the loudest value.
void draw_spectrogram(Canvas& c, const TraceAudio& a, int frames, const Rect& at) {
    const Mat& m = a.log_mel;  // (n_mels, mel frames)
    const int rows = int(m.rows()), cols = std::clamp(2 * frames, 1, int(m.cols()));
    if (rows == 0 || m.cols() == 0) return;
    const float lo = a.log_mel_floor, hi = std::max(m.leftCols(cols).maxCoeff(), lo + 1e-6f);
    std::vector<std::uint8_t> rgb(std::size_t(rows) * std::size_t(cols) * 3);
    for (int r = 0; r < rows; ++r)
        for (int f = 0; f < cols; ++f)
            put_rgb(rgb, std::size_t(r) * std::size_t(cols) + std::size_t(f),
                    colormap_rgb(c.colormap, std::clamp((m(rows - 1 - r, f) - lo) / (hi - lo), 0.0f, 1.0f)));
    draw_raster(c, rgb, cols, rows, at, cols > at.w);
}

// The map (rows, F), each row scaled to its maximum.
void draw_map(Canvas& c, const Mat& map, const Rect& at) {
    const int rows = int(map.rows()), cols = int(map.cols());
    if (rows == 0 || cols == 0) return;
    std::vector<std::uint8_t> rgb(std::size_t(rows) * std::size_t(cols) * 3);
    for (int r = 0; r < rows; ++r) {
        const float top = std::max(map.row(r).maxCoeff(), 1e-12f);
        for (int f = 0; f < cols; ++f)
            put_rgb(rgb, std::size_t(r) * std::size_t(cols) + std::size_t(f),
                    colormap_rgb(c.colormap, std::clamp(map(r, f) / top, 0.0f, 1.0f)));
    }
    draw_raster(c, rgb, cols, rows, at, cols > 2 * at.w);
}

// A label in the left column, wrapped, centred on the band [y, y + h].
void band_label(Canvas& c, const std::string& text, double x, double w, double y, double h) {
    TextStyle s{12.5 * c.k};
    s.color = kMuted;
    s.wrap_width = w;
    const TextBox box = measure_text(c, text, s);
    draw_text(c, text, x, y + std::max(0.0, (h - box.h) / 2), s);
}

std::string seconds_text(double s) { return format_number(s, 2); }

}  // namespace

HeadList audio_figure_heads(const Trace& trace, const FigureRequest& r) {
    if (r.head >= 0) return {{r.layer, r.head}};
    HeadList heads = audio_alignment_heads(trace);
    if (heads.empty())
        for (int h = 0; h < trace.layers[std::size_t(r.layer)].n_heads; ++h) heads.emplace_back(r.layer, h);
    return heads;
}

Status validate_audio_request(const Trace& trace, const FigureRequest& r) {
    if (!trace.audio || trace.section != "cross")
        return Status::Error("The audio view shows a speech model's cross-attention over a recording: give a Whisper "
                             "folder with --model and the recording with --audio FILE.");
    const LayerTrace& L = trace.layers[std::size_t(r.layer)];
    if (r.head < -1 || r.head >= L.n_heads)
        return Status::Error("Head " + std::to_string(r.head + 1) + " is out of range: the model has " +
                             std::to_string(L.n_heads) + (L.n_heads == 1 ? " head (1)." : " heads (1–" + std::to_string(L.n_heads) + ").") +
                             " Leave the head out for the alignment heads' mean.");
    const int n = int(trace.audio->words.size());
    if (r.word < -1 || r.word >= n)
        return Status::Error("Word " + std::to_string(r.word + 1) + " is out of range: the transcript has " +
                             (n == 0 ? std::string("no words.") : std::to_string(n) + (n == 1 ? " word (1)." : " words (1–" + std::to_string(n) + ").")));
    return Status::Ok();
}

void draw_audio_view(Canvas& c, const Trace& trace, const FigureRequest& r) {
    const double k = c.k;
    const TraceAudio& a = *trace.audio;
    const int F = std::clamp(a.sound_frames, 1, std::max(trace.t_k(), 1));
    const double seconds = F * a.seconds_per_frame;
    const int P = std::clamp(a.prompt_tokens, 0, trace.t_q()), rows = trace.t_q() - P;
    const LayerTrace& L = trace.layers[std::size_t(r.layer)];
    const HeadList heads = audio_figure_heads(trace, r);
    const bool aligned = r.head < 0 && !audio_alignment_heads(trace).empty();
    const bool timed = a.untimed.empty();
    const TimedWord* word = r.word >= 0 ? &a.words[std::size_t(r.word)] : nullptr;

    const std::string subtitle =
        r.head >= 0 ? c.tf(Ft::SubtitleAudioHead, {std::to_string(r.layer + 1), std::to_string(r.head + 1),
                                                   std::to_string(L.n_heads), std::to_string(rows), std::to_string(F)})
        : aligned   ? c.tf(Ft::SubtitleAudioAlign, {markup_escape(a.alignment_heads), std::to_string(rows), std::to_string(F)})
                    : c.tf(Ft::SubtitleAudioMeanHeads,
                           {std::to_string(r.layer + 1), std::to_string(L.n_heads), std::to_string(rows), std::to_string(F)});
    auto trimmed = [](std::string t) {
        while (!t.empty() && t.front() == ' ') t.erase(t.begin());
        return t;
    };
    const std::string title = word && timed ? c.tf(Ft::TitleAudioWord, {token_for_title(Token{trimmed(word->text)}),
                                                                        seconds_text(word->start), seconds_text(word->end)})
                                            : c.t(Ft::TitleAudio);
    const Rect content =
        draw_frame(c, r.options.transparent, title, subtitle, settings_caption(c, trace, r.layer, r.head >= 0 ? r.head : -1));

    // Columns: section names, token labels, the plot, the colour bar.
    const double name_w = std::min(120 * k, content.w * 0.10), token_w = std::min(110 * k, content.w * 0.09);
    TextStyle bar_label{12 * c.k};
    const double bar_w = std::max(colorbar_width(c), measure_text(c, c.t(Ft::AudioRowMax), bar_label).w) + 18 * k;
    const double x0 = content.x + name_w + token_w + 8 * k, width = std::max(content.w - (x0 - content.x) - bar_w, 50 * k);
    auto x_of = [&](double t) { return x0 + std::clamp(t / seconds, 0.0, 1.0) * width; };
    TextStyle word_style{15 * k};
    word_style.markup = false;
    const double line_h = measure_text(c, "Ag", word_style).h;
    const double words_h = 2 * (line_h + 6 * k) + 10 * k, axis_h = 44 * k, gap = 8 * k;
    const double room = std::max(content.h - words_h - axis_h - 3 * gap, 120 * k);
    const double wave_h = room * 0.14, spec_h = room * 0.38, map_h = room - wave_h - spec_h;
    const Rect wave{x0, content.y, width, wave_h}, spec{x0, wave.bottom() + gap, width, spec_h},
        map_at{x0, spec.bottom() + gap, width, map_h};
    const double y_words = map_at.bottom() + gap, y_axis = y_words + words_h;

    // Waveform: each column's lowest and highest sample, scaled to the loudest.
    fill_rect(c, wave, Rgb{0.95f, 0.95f, 0.97f});
    const int columns = std::max(1, int(width / (1.5 * k)));
    const auto cols = waveform_columns(a.samples, heard_samples(a), columns);
    float peak = 1e-6f;
    for (const auto& [lo, hi] : cols) peak = std::max({peak, -lo, hi});
    const Rgb wave_ink{0.16f, 0.32f, 0.62f};
    set_color(c, wave_ink);
    cairo_set_line_width(c.cr, std::max(1.0 * k, width / columns));
    for (int i = 0; i < int(cols.size()); ++i) {
        const double x = x0 + (i + 0.5) * width / columns, mid = wave.cy(), s = 0.46 * wave_h / peak;
        cairo_move_to(c.cr, x, mid - cols[std::size_t(i)].second * s);
        cairo_line_to(c.cr, x, mid - cols[std::size_t(i)].first * s + 0.5 * k);
    }
    cairo_stroke(c.cr);
    band_label(c, c.t(Ft::AudioWaveform), content.x, name_w + token_w, wave.y, wave.h);

    // Spectrogram.
    draw_spectrogram(c, a, F, spec);
    band_label(c, c.tf(Ft::AudioSpectrogram, {std::to_string(a.log_mel.rows())}), content.x, name_w + token_w, spec.y, spec.h);

    // Cross-attention map with the written tokens beside it.
    const Mat map = audio_cross_map(trace, heads);  // (rows, F)
    fill_rect(c, map_at, Rgb{0.9f, 0.9f, 0.92f});
    draw_map(c, map.leftCols(std::min<Eigen::Index>(F, map.cols())), map_at);
    band_label(c, c.t(Ft::AudioCross), content.x, name_w - 6 * k, map_at.y, map_at.h);
    if (rows > 0) {
        const double row_h = map_h / rows;
        TextStyle ts{std::clamp(row_h * 0.7, 6.0 * k, 13.0 * k)};
        ts.markup = false;
        ts.color = kInk;
        const int every = std::max(1, int(std::ceil(ts.size * 1.15 / row_h)));
        const std::vector<std::string> labels = token_labels(trace.q_tokens);
        for (int i = 0; i < rows; i += every)
            draw_text(c, labels[std::size_t(P + i)], x0 - 6 * k, map_at.y + (i + 0.5) * row_h, ts, 1, 0.5);
    }
    draw_colorbar(c, Rect{map_at.right() + 18 * k, map_at.y + 22 * k, 0, std::max(map_h - 22 * k, 60 * k)},
                  ColorScale{0, 1, false, c.colormap}, c.t(Ft::AudioRowMax));

    // The followed word: its span over the three bands, its rows outlined, its curve over the spectrogram.
    if (word) {
        if (timed) {
            const double wx0 = x_of(word->start), wx1 = std::max(x_of(word->end), wx0 + 2 * k);
            const Rect span{wx0, wave.y, wx1 - wx0, map_at.bottom() - wave.y};
            fill_rect(c, span, Rgb{1.0f, 0.8f, 0.2f}, 0.18);
            stroke_rect(c, span, kAccent, 2 * k);
        }
        if (rows > 0) {
            const double row_h = map_h / rows;
            const int r0 = std::clamp(word->first_token - P, 0, rows), r1 = std::clamp(word->end_token - P, r0, rows);
            if (r1 > r0) stroke_rect(c, Rect{map_at.x, map_at.y + r0 * row_h, map_at.w, (r1 - r0) * row_h}, kAccent, 2.5 * k);
        }
        const std::vector<float> curve = audio_cross_rows(trace, word->first_token, word->end_token, heads);
        if (!curve.empty()) {
            const float top = std::max(*std::max_element(curve.begin(), curve.end()), 1e-12f);
            const int n = std::min(int(curve.size()), F);
            for (int pass = 0; pass < 2; ++pass) {  // a dark edge under a white line: visible on any colour
                set_color(c, pass == 0 ? Rgb{0.0f, 0.0f, 0.0f} : Rgb{1.0f, 1.0f, 1.0f}, pass == 0 ? 0.6 : 1.0);
                cairo_set_line_width(c.cr, (pass == 0 ? 4.0 : 2.0) * k);
                for (int f = 0; f < n; ++f) {
                    const double x = x0 + (f + 0.5) * width / F, y = spec.bottom() - 0.92 * spec_h * curve[std::size_t(f)] / top;
                    if (f == 0) cairo_move_to(c.cr, x, y);
                    else cairo_line_to(c.cr, x, y);
                }
                cairo_stroke(c.cr);
            }
        }
    }

    // The words at their times (two lanes so that neighbours do not overlap), or in order when untimed.
    band_label(c, c.t(Ft::AudioWords), content.x, name_w + token_w, y_words, words_h);
    double free_at[2] = {x0, x0};
    for (int i = 0; i < int(a.words.size()); ++i) {
        const TimedWord& w = a.words[std::size_t(i)];
        const bool on = i == r.word;
        TextStyle ws = word_style;
        ws.bold = on;
        ws.color = on ? kAccent : kInk;
        const double tw = measure_text(c, w.text, ws).w;
        const double centre = timed ? x_of(0.5 * (w.start + w.end)) : free_at[0] + tw / 2 + 6 * k;
        int lane = 0;
        double left = std::max(centre - tw / 2, x0);
        if (timed && left < free_at[0] && left >= free_at[1]) lane = 1;
        else left = std::max(left, free_at[0]);
        if (lane == 1) left = std::max(left, free_at[1]);
        const double y = y_words + 8 * k + lane * (line_h + 6 * k);
        draw_text(c, w.text, left, y, ws);
        free_at[lane] = left + tw + 8 * k;
        if (timed) draw_line(c, x_of(w.start), y_words + 3 * k, std::max(x_of(w.end), x_of(w.start) + 1 * k), y_words + 3 * k,
                             on ? kAccent : Rgb{0.45f, 0.5f, 0.62f}, (on ? 3.0 : 2.0) * k);
    }
    if (!timed) {
        TextStyle note{12 * k};
        note.color = kAccent;
        note.markup = false;
        draw_text(c, c.tf(Ft::AudioUntimed, {a.untimed}), x0, y_words + words_h - 2 * k, note, 0, 1);
    }

    // Time axis in seconds.
    draw_line(c, x0, y_axis, x0 + width, y_axis, kMuted, 1 * k);
    int decimals = 1;
    TextStyle tick{12 * k};
    tick.color = kMuted;
    for (double t : nice_ticks(0, seconds, std::max(2, int(width / (110 * k))), &decimals)) {
        if (t < -1e-9 || t > seconds + 1e-9) continue;
        const double x = x_of(t);
        draw_line(c, x, y_axis, x, y_axis + 5 * k, kMuted, 1 * k);
        draw_text(c, format_number(t, decimals), x, y_axis + 7 * k, tick, 0.5, 0);
    }
    TextStyle axis{12.5 * k};
    axis.color = kMuted;
    draw_text(c,
              std::string(c.t(Ft::AudioTime)) + "  ·  " +
                  c.tf(Ft::AudioTrimmed, {std::to_string(F), format_number(seconds, 2), std::to_string(a.frames)}),
              x0 + width, y_axis + axis_h, axis, 1, 1);
}

}  // namespace attn::fig
