// audio_map.cpp — a speech run's cross-attention against time (the contract is in audio_map.h).
#include "core/attention/audio_map.h"

#include <algorithm>

namespace attn {

HeadList audio_alignment_heads(const Trace& cross) {
    HeadList out;
    if (!cross.audio) return out;
    for (const auto& [l, h] : cross.audio->alignment_head_list)
        if (l >= 0 && l < int(cross.layers.size()) && h >= 0 && h < cross.layers[std::size_t(l)].n_heads)
            out.emplace_back(l, h);
    return out;
}

std::vector<float> audio_cross_rows(const Trace& cross, int first, int end, const HeadList& heads) {
    std::vector<float> out;
    int used = 0;
    for (const auto& [l, h] : heads) {
        if (l < 0 || l >= int(cross.layers.size())) continue;
        const LayerTrace& L = cross.layers[std::size_t(l)];
        if (h < 0 || h >= L.n_heads) continue;
        const Mat& w = L.heads[std::size_t(h)].weights;  // (T, F)
        const int r0 = std::max(first, 0), r1 = std::min(end, int(w.rows()));
        if (r0 >= r1) continue;
        if (out.empty()) out.assign(std::size_t(w.cols()), 0.0f);
        for (int r = r0; r < r1; ++r)
            for (int c = 0; c < int(w.cols()) && c < int(out.size()); ++c) out[std::size_t(c)] += w(r, c) / float(r1 - r0);
        ++used;
    }
    for (float& v : out) v /= float(std::max(used, 1));
    return out;
}

Mat audio_cross_map(const Trace& cross, const HeadList& heads) {
    const int P = cross.audio ? std::clamp(cross.audio->prompt_tokens, 0, cross.t_q()) : 0;
    const int rows = cross.t_q() - P;
    Mat out = Mat::Zero(std::max(rows, 0), cross.t_k());
    for (int r = 0; r < rows; ++r) {
        const std::vector<float> v = audio_cross_row(cross, P + r, heads);
        for (int c = 0; c < int(v.size()) && c < cross.t_k(); ++c) out(r, c) = v[std::size_t(c)];
    }
    return out;
}

std::vector<std::pair<float, float>> waveform_columns(const std::vector<float>& samples, std::size_t n, int columns) {
    std::vector<std::pair<float, float>> out;
    n = std::min(n, samples.size());
    if (columns <= 0 || n == 0) return out;
    out.reserve(std::size_t(columns));
    for (int c = 0; c < columns; ++c) {
        const std::size_t a = n * std::size_t(c) / std::size_t(columns);
        const std::size_t b = std::max(a + 1, n * std::size_t(c + 1) / std::size_t(columns));
        float lo = samples[std::min(a, n - 1)], hi = lo;
        for (std::size_t i = a; i < b && i < n; ++i) {
            lo = std::min(lo, samples[i]);
            hi = std::max(hi, samples[i]);
        }
        out.emplace_back(lo, hi);
    }
    return out;
}

std::size_t heard_samples(const TraceAudio& a) {
    const double s = double(std::max(a.sound_frames, 0)) * a.seconds_per_frame * a.sample_rate;
    return std::min(a.samples.size(), std::size_t(std::max(s, 0.0)));
}

}  // namespace attn
