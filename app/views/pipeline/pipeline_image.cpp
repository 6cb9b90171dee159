// pipeline_image.cpp — the pipeline view's first step for an image run (ViT), GL-free
// (implementation; the interface and its contract are in pipeline_image.h)
#include "app/views/pipeline/pipeline_image.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

namespace attn::app {

std::vector<int> embedding_tokens(const TraceImage& img, int query, int count) {
    std::vector<int> out;
    const int n = img.grid_rows * img.grid_cols;
    for (int t = 0; t < img.prefix_tokens && int(out.size()) < count; ++t) out.push_back(t);
    if (query >= img.prefix_tokens && query < img.prefix_tokens + n && int(out.size()) < count) out.push_back(query);
    for (int t = img.prefix_tokens; t < img.prefix_tokens + n && int(out.size()) < count; ++t)
        if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    return out;
}

std::vector<EmbedRow> embedding_rows(const Trace& trace, const std::vector<int>& tokens) {
    assert(trace.image && "embedding_rows: an image trace");
    const TraceImage& img = *trace.image;
    const int p = img.patch_size, channels = 3;
    std::vector<EmbedRow> out;
    for (int t : tokens) {
        assert(t >= 0 && t < trace.q_embeddings.rows());
        EmbedRow r;
        r.token = t;
        const int patch = t - img.prefix_tokens;
        if (patch >= 0 && patch < img.grid_rows * img.grid_cols) {
            r.row = patch / img.grid_cols;
            r.col = patch % img.grid_cols;
            r.pixels.reserve(size_t(channels * p * p));
            for (int c = 0; c < channels; ++c)  // the conv kernel's (c, y, x) order
                for (int y = 0; y < p; ++y)
                    for (int x = 0; x < p; ++x) {
                        const size_t at = (size_t(r.row * p + y) * size_t(img.width) + size_t(r.col * p + x)) * 3 + size_t(c);
                        r.pixels.push_back(at < img.rgb.size() ? float(img.rgb[at]) : 0.0f);
                    }
        }
        const auto e = trace.q_embeddings.row(t);  // (d_model)
        r.embed.assign(e.data(), e.data() + e.size());
        if (trace.q_positions.rows() > t) {
            const auto q = trace.q_positions.row(t);
            r.pos.assign(q.data(), q.data() + q.size());
        } else {
            r.pos.assign(r.embed.size(), 0.0f);
        }
        r.z0.resize(r.embed.size());
        for (size_t k = 0; k < r.embed.size(); ++k) r.z0[k] = r.embed[k] + r.pos[k];
        out.push_back(std::move(r));
    }
    return out;
}

std::string first_values(const std::vector<float>& v, int n) {
    std::string out;
    char buf[32];
    const int shown = std::min(n, int(v.size()));
    for (int k = 0; k < shown; ++k) {
        std::snprintf(buf, sizeof(buf), std::fabs(v[size_t(k)]) >= 100 ? "%.0f" : "%.2f", double(v[size_t(k)]));
        if (k) out += ", ";
        out += buf;
    }
    if (shown < int(v.size())) out += ", …";
    std::snprintf(buf, sizeof(buf), " (%zu)", v.size());
    return out + buf;
}

StripImage embedding_strips(const std::vector<EmbedRow>& rows, Colormap map) {
    StripImage s;
    auto range = [&](std::vector<float> EmbedRow::*field) {
        float m = 0.0f;
        for (const EmbedRow& r : rows)
            for (float v : r.*field) m = std::max(m, std::isfinite(v) ? std::fabs(v) : 0.0f);
        return m > 0.0f ? m : 1.0f;
    };
    s.embed_range = range(&EmbedRow::embed);
    s.pos_range = range(&EmbedRow::pos);
    s.z0_range = range(&EmbedRow::z0);
    for (const EmbedRow& r : rows) s.width = std::max({s.width, int(r.pixels.size()), int(r.embed.size())});
    s.height = int(rows.size()) * 4;
    s.rgba.assign(size_t(std::max(s.width, 1)) * size_t(s.height) * 4, 0);
    auto put = [&](int y, int x, Rgb8 c) {
        std::uint8_t* px = &s.rgba[(size_t(y) * size_t(s.width) + size_t(x)) * 4];
        px[0] = c.r;
        px[1] = c.g;
        px[2] = c.b;
        px[3] = 255;
    };
    for (size_t i = 0; i < rows.size(); ++i) {
        const EmbedRow& r = rows[i];
        const int y = int(i) * 4;
        const size_t plane = r.pixels.size() / 3;
        for (size_t k = 0; k < r.pixels.size(); ++k) {  // channel ramps: black → red / green / blue
            const auto v = std::uint8_t(std::clamp(r.pixels[k], 0.0f, 255.0f));
            const size_t c = plane ? k / plane : 0;
            put(y, int(k), Rgb8{std::uint8_t(c == 0 ? v : 0), std::uint8_t(c == 1 ? v : 0), std::uint8_t(c == 2 ? v : 0)});
        }
        const std::vector<float>* vecs[3] = {&r.embed, &r.pos, &r.z0};
        const float ranges[3] = {s.embed_range, s.pos_range, s.z0_range};
        for (int v = 0; v < 3; ++v)
            for (size_t k = 0; k < vecs[v]->size(); ++k) {
                const float t = 0.5f + 0.5f * (*vecs[v])[k] / ranges[v];
                put(y + 1 + v, int(k), colormap_rgb8(map, std::isfinite(t) ? std::clamp(t, 0.0f, 1.0f) : 0.5f));
            }
    }
    return s;
}

}  // namespace attn::app
