// audio_view.cpp — the Audio view's numbers (the contract is in audio_view.h).
#include "app/views/audio/audio_view.h"

#include <algorithm>
#include <cstdio>

namespace attn::app {

std::vector<std::pair<int, int>> alignment_heads_of(const Trace& cross) {
    std::vector<std::pair<int, int>> out;
    if (!cross.audio) return out;
    const std::string& text = cross.audio->alignment_heads;
    std::size_t pos = 0;
    while (pos < text.size()) {
        int layer = 0, head = 0, used = 0;
        if (std::sscanf(text.c_str() + pos, "layer %d head %d%n", &layer, &head, &used) != 2 || used <= 0) break;
        if (layer >= 1 && layer <= int(cross.layers.size()) && head >= 1 &&
            head <= cross.layers[std::size_t(layer - 1)].n_heads)
            out.emplace_back(layer - 1, head - 1);
        pos += std::size_t(used);
        while (pos < text.size() && (text[pos] == ',' || text[pos] == ' ')) ++pos;
    }
    return out;
}

std::vector<float> cross_rows(const Trace& cross, int first, int end, const std::vector<std::pair<int, int>>& heads) {
    std::vector<float> out;
    int used = 0;
    for (const auto& [l, h] : heads) {
        if (l < 0 || l >= int(cross.layers.size())) continue;
        const LayerTrace& L = cross.layers[std::size_t(l)];
        if (h < 0 || h >= L.n_heads) continue;
        const Mat& w = L.heads[std::size_t(h)].weights;
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

std::vector<float> cross_row(const Trace& cross, int row, const std::vector<std::pair<int, int>>& heads) {
    return cross_rows(cross, row, row + 1, heads);
}

std::vector<std::pair<float, float>> waveform_columns(const std::vector<float>& samples, std::size_t n, int columns) {
    std::vector<std::pair<float, float>> out;
    n = std::min(n, samples.size());
    if (columns <= 0 || n == 0) return out;
    out.reserve(std::size_t(columns));
    for (int c = 0; c < columns; ++c) {
        const std::size_t a = n * std::size_t(c) / std::size_t(columns);
        const std::size_t b = std::max(a + 1, n * std::size_t(c + 1) / std::size_t(columns));
        float lo = samples[a], hi = samples[a];
        for (std::size_t i = a; i < b && i < n; ++i) {
            lo = std::min(lo, samples[i]);
            hi = std::max(hi, samples[i]);
        }
        out.emplace_back(lo, hi);
    }
    return out;
}

}  // namespace attn::app
