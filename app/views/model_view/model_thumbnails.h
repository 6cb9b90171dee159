// model_thumbnails.h — the Model view's pictures: every (layer, head) weight matrix of a trace as
// one RGBA atlas, built once per trace and colormap (GL-free; the panel uploads it as a texture).
//
//   atlas (layers · tile_h, heads · tile_w) texels, RGBA8, row 0 at the top
//   tile (l, h) = A_{l,h} (T_q, T_k) reduced to (tile_h, tile_w): each texel is the largest weight
//                 of a pool × pool block of cells (1 × 1 when T ≤ max_tile), coloured on [0, 1]
// Max-pooling keeps one-token spikes (a diagonal, attention to [CLS]) visible in small pictures.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/colormap.h"
#include "core/attention/trace.h"

namespace attn::app {

inline constexpr int kMaxThumbTexels = 64;  // per thumbnail side

struct ModelAtlas {
    int layers = 0, heads = 0;   // grid (heads: the most of any layer)
    int tile_w = 0, tile_h = 0;  // texels per thumbnail
    int pool_q = 1, pool_k = 1;  // cells per texel, down (queries) and across (keys)
    int width = 0, height = 0;   // heads · tile_w, layers · tile_h
    std::vector<std::uint8_t> rgba;  // (height, width, 4)
};

// Empty atlas (width 0) for a trace without layers or tokens.
ModelAtlas make_model_atlas(const Trace& trace, Colormap map, int max_tile = kMaxThumbTexels);

// The (layer, head) under a point of the grid, or false when the point is outside or in a gap.
// Thumbnails are `cell_w` × `cell_h` apart (gap included), each `img_w` × `img_h` in size.
bool model_grid_hit(float x, float y, int layers, int heads, float cell_w, float cell_h, float img_w, float img_h,
                    int* layer, int* head);

}  // namespace attn::app
