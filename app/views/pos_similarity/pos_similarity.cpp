// pos_similarity.cpp — the Position similarity view's numbers (ViT paper, Figure 7 centre), GL-free
// (implementation; the interface and its contract are in pos_similarity.h)
#include "app/views/pos_similarity/pos_similarity.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace attn::app {

namespace {
int gap_pixels(int cols, int cell) { return std::max(1, int(std::lround(0.12 * cols * cell))); }
}  // namespace

int similarity_cell_pixels(int rows, int cols, int target) {
    const int side = std::max(std::max(rows, cols), 1);
    return std::clamp(target / (side * side + side), 1, 16);
}

SimilarityTiles similarity_tiles(const Mat& s, int rows, int cols, Colormap map, int cell) {
    const int n = rows * cols;
    assert(s.rows() == n && s.cols() == n && "similarity_tiles: (N, N) for the grid");
    SimilarityTiles t;
    t.rows = rows;
    t.cols = cols;
    t.cell = std::max(cell, 1);
    t.gap = gap_pixels(cols, t.cell);
    const int tile_w = cols * t.cell, tile_h = rows * t.cell;
    t.width = cols * tile_w + std::max(cols - 1, 0) * t.gap;
    t.height = rows * tile_h + std::max(rows - 1, 0) * t.gap;
    t.rgba.assign(size_t(t.width) * size_t(t.height) * 4, 0);  // gaps transparent
    for (int i = 0; i < n; ++i) {
        const int x0 = (i % cols) * (tile_w + t.gap), y0 = (i / cols) * (tile_h + t.gap);
        for (int j = 0; j < n; ++j) {
            const float f = std::clamp((s(i, j) + 1.0f) * 0.5f, 0.0f, 1.0f);  // [-1, 1] → [0, 1]
            const Rgb8 c = colormap_rgb8(map, std::isfinite(f) ? f : 0.5f);
            const int cx = x0 + (j % cols) * t.cell, cy = y0 + (j / cols) * t.cell;
            for (int y = cy; y < cy + t.cell; ++y) {
                std::uint8_t* px = &t.rgba[(size_t(y) * size_t(t.width) + size_t(cx)) * 4];
                for (int x = 0; x < t.cell; ++x, px += 4) {
                    px[0] = c.r;
                    px[1] = c.g;
                    px[2] = c.b;
                    px[3] = 255;
                }
            }
        }
    }
    return t;
}

SimilarityTiles one_map(const Mat& s, int map, int rows, int cols, Colormap cmap) {
    assert(map >= 0 && map < s.rows() && s.cols() == rows * cols);
    const Mat row = s.row(map);  // (1, N) as a 1 × 1 grid of one map
    SimilarityTiles t;
    t.rows = rows;
    t.cols = cols;
    t.cell = 1;
    t.gap = 0;
    t.width = cols;
    t.height = rows;
    t.rgba.assign(size_t(rows) * size_t(cols) * 4, 255);
    for (int j = 0; j < rows * cols; ++j) {
        const float f = std::clamp((row(0, j) + 1.0f) * 0.5f, 0.0f, 1.0f);
        const Rgb8 c = colormap_rgb8(cmap, std::isfinite(f) ? f : 0.5f);
        t.rgba[size_t(j) * 4] = c.r;
        t.rgba[size_t(j) * 4 + 1] = c.g;
        t.rgba[size_t(j) * 4 + 2] = c.b;
    }
    return t;
}

TileHit tile_at(const SimilarityTiles& t, float u, float v) {
    if (!(u >= 0.0f && u < 1.0f && v >= 0.0f && v < 1.0f) || t.width <= 0 || t.height <= 0) return {};
    const int x = std::min(int(u * float(t.width)), t.width - 1), y = std::min(int(v * float(t.height)), t.height - 1);
    const int tile_w = t.cols * t.cell + t.gap, tile_h = t.rows * t.cell + t.gap;
    const int tc = x / tile_w, tr = y / tile_h, ix = x % tile_w, iy = y % tile_h;
    if (tc >= t.cols || tr >= t.rows || ix >= t.cols * t.cell || iy >= t.rows * t.cell) return {};
    return {tr * t.cols + tc, (iy / t.cell) * t.cols + ix / t.cell};
}

void tile_rect(const SimilarityTiles& t, int map, int* x0, int* y0, int* x1, int* y1) {
    const int tile_w = t.cols * t.cell, tile_h = t.rows * t.cell;
    *x0 = (map % std::max(t.cols, 1)) * (tile_w + t.gap);
    *y0 = (map / std::max(t.cols, 1)) * (tile_h + t.gap);
    *x1 = *x0 + tile_w;
    *y1 = *y0 + tile_h;
}

}  // namespace attn::app
