// model_thumbnails.cpp — the Model view's pictures: every (layer, head) weight matrix of a trace as
// (implementation; the interface and its contract are in model_thumbnails.h)
#include "app/views/model_view/model_thumbnails.h"

#include <algorithm>
#include <cmath>

namespace attn::app {

ModelAtlas make_model_atlas(const Trace& trace, Colormap map, int max_tile) {
    ModelAtlas a;
    const int t_q = trace.t_q(), t_k = trace.t_k();
    if (trace.layers.empty() || t_q == 0 || t_k == 0 || max_tile < 1) return a;
    a.layers = int(trace.layers.size());
    for (const LayerTrace& l : trace.layers) a.heads = std::max(a.heads, l.n_heads);
    if (a.heads == 0) return ModelAtlas{};
    a.pool_q = (t_q + max_tile - 1) / max_tile;
    a.pool_k = (t_k + max_tile - 1) / max_tile;
    a.tile_h = (t_q + a.pool_q - 1) / a.pool_q;
    a.tile_w = (t_k + a.pool_k - 1) / a.pool_k;
    a.width = a.heads * a.tile_w;
    a.height = a.layers * a.tile_h;
    a.rgba.assign(size_t(a.width) * size_t(a.height) * 4, 0);

    Rgb8 lut[kColormapEntries];
    for (int e = 0; e < kColormapEntries; ++e) lut[e] = colormap_rgb8(map, float(e) / float(kColormapEntries - 1));
    std::vector<float> pooled(size_t(a.tile_w));  // one texel row of one tile
    for (int l = 0; l < a.layers; ++l) {
        const LayerTrace& layer = trace.layers[size_t(l)];
        for (int h = 0; h < layer.n_heads; ++h) {
            const Mat& w = layer.heads[size_t(h)].weights;  // (T_q, T_k)
            if (w.rows() != t_q || w.cols() != t_k) continue;  // malformed layer: left black
            for (int ty = 0; ty < a.tile_h; ++ty) {
                std::fill(pooled.begin(), pooled.end(), 0.0f);
                const int i1 = std::min((ty + 1) * a.pool_q, t_q);
                for (int i = ty * a.pool_q; i < i1; ++i) {
                    for (int j = 0; j < t_k; ++j) {
                        float& p = pooled[size_t(j / a.pool_k)];
                        p = std::max(p, w(i, j));
                    }
                }
                std::uint8_t* row = &a.rgba[(size_t(l * a.tile_h + ty) * size_t(a.width) + size_t(h * a.tile_w)) * 4];
                for (int tx = 0; tx < a.tile_w; ++tx) {
                    const Rgb8 c = lut[colormap_index(pooled[size_t(tx)])];
                    row[4 * tx + 0] = c.r;
                    row[4 * tx + 1] = c.g;
                    row[4 * tx + 2] = c.b;
                    row[4 * tx + 3] = 255;
                }
            }
        }
    }
    return a;
}

bool model_grid_hit(float x, float y, int layers, int heads, float cell_w, float cell_h, float img_w, float img_h,
                    int* layer, int* head) {
    if (x < 0.0f || y < 0.0f || cell_w <= 0.0f || cell_h <= 0.0f) return false;
    const int h = int(std::floor(x / cell_w)), l = int(std::floor(y / cell_h));
    if (h >= heads || l >= layers) return false;
    if (x - float(h) * cell_w >= img_w || y - float(l) * cell_h >= img_h) return false;  // in a gap
    *layer = l;
    *head = h;
    return true;
}

}  // namespace attn::app
