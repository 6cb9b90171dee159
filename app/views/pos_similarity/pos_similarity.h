// pos_similarity.h — the Position similarity view's numbers (ViT paper, Figure 7 centre), GL-free.
//
//   S = cosine similarity of the patch position embeddings (N, N) (core/attention/vision_stats.h)
//   drawn as one image: the grid of rows × cols small maps, map i at tile (i / cols, i % cols), each
//   map the row S[i, :] laid out as the grid, `cell` pixels per patch, `gap` transparent pixels
//   between maps; colours on [-1, 1]
#pragma once

#include <cstdint>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/colormap.h"
#include "core/base/matrix.h"

namespace attn::app {

struct SimilarityTiles {
    int rows = 0, cols = 0;      // the patch grid
    int cell = 1, gap = 1;       // pixels per patch in a map, between maps
    int width = 0, height = 0;   // of the image
    std::vector<std::uint8_t> rgba;  // (height, width, 4)
};

// The pixels per patch that keep the image near `target` pixels wide (at least 1).
int similarity_cell_pixels(int rows, int cols, int target);

// The image of `s` (N, N) for a rows × cols grid (asserted N = rows · cols).
SimilarityTiles similarity_tiles(const Mat& s, int rows, int cols, Colormap map, int cell);

// Map `map` alone: rows × cols pixels, one per patch (no gaps).
SimilarityTiles one_map(const Mat& s, int map, int rows, int cols, Colormap cmap);

// What is under the point (u, v) ∈ [0, 1) of the image: the map (a patch index) and the cell in it
// (the other patch); {-1, -1} in a gap or outside.
struct TileHit {
    int map = -1, cell = -1;
};
TileHit tile_at(const SimilarityTiles& t, float u, float v);

// The pixel rectangle [x0, x1) × [y0, y1) of map `map` in the image.
void tile_rect(const SimilarityTiles& t, int map, int* x0, int* y0, int* x1, int* y1);

}  // namespace attn::app
