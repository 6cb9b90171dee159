// The Model view's pictures: one atlas of every layer's and head's weights.
#include <doctest/doctest.h>

#include "app/views/model_view/model_thumbnails.h"
#include "fake_pretrained.h"

using namespace attn::app;

namespace {
attn::Trace layered_trace(const std::string& text, int layers, int heads) {
    AppState s;
    s.text = text;
    const auto model = testing::fake_model("gpt2", layers, heads);
    auto trace = testing::fake_forward(*model, make_request(s, model)->run);
    REQUIRE(trace);
    return std::move(*trace);
}

attn::Rgb8 texel(const ModelAtlas& a, int x, int y) {
    const std::uint8_t* p = &a.rgba[(size_t(y) * size_t(a.width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
}

bool same(attn::Rgb8 a, attn::Rgb8 b) { return a.r == b.r && a.g == b.g && a.b == b.b; }
}  // namespace

TEST_CASE("model atlas: one tile per (layer, head), exact colours for short texts") {
    const attn::Trace t = layered_trace("Time flies like an arrow", 3, 4);  // T = 5
    const ModelAtlas a = make_model_atlas(t, attn::Colormap::Magma);
    CHECK(a.layers == 3);
    CHECK(a.heads == 4);
    CHECK(a.tile_w == 5);
    CHECK(a.tile_h == 5);
    CHECK(a.pool_q == 1);
    CHECK(a.pool_k == 1);
    CHECK(a.width == 20);
    CHECK(a.height == 15);
    REQUIRE(a.rgba.size() == size_t(20 * 15 * 4));
    for (int l = 0; l < 3; ++l) {
        for (int h = 0; h < 4; ++h) {
            const attn::Mat& w = t.layers[size_t(l)].heads[size_t(h)].weights;
            for (int i = 0; i < 5; ++i) {
                for (int j = 0; j < 5; ++j) {
                    CHECK(same(texel(a, h * 5 + j, l * 5 + i), attn::colormap_rgb8(attn::Colormap::Magma, w(i, j))));
                }
            }
        }
    }
    // The layers differ, so their tiles do.
    bool differ = false;
    for (int x = 0; x < 5 && !differ; ++x) differ = !same(texel(a, x, 0), texel(a, x, 5));
    CHECK(differ);
}

TEST_CASE("model atlas: long texts are max-pooled so single strong weights stay visible") {
    std::string text;
    for (int k = 0; k < 130; ++k) text += "w" + std::to_string(k % 17) + " ";
    const attn::Trace t = layered_trace(text, 2, 2);  // T = 130 > 64
    const ModelAtlas a = make_model_atlas(t, attn::Colormap::Viridis, 64);
    CHECK(a.pool_q == 3);
    CHECK(a.pool_k == 3);
    CHECK(a.tile_w == 44);  // ceil(130 / 3)
    CHECK(a.tile_h == 44);
    CHECK(a.width == 88);
    const attn::Mat& w = t.layers[1].heads[1].weights;
    for (int ty : {0, 20, 43}) {
        for (int tx : {0, 7, 43}) {
            float m = 0.0f;
            for (int i = ty * 3; i < std::min(ty * 3 + 3, 130); ++i) {
                for (int j = tx * 3; j < std::min(tx * 3 + 3, 130); ++j) m = std::max(m, w(i, j));
            }
            CHECK(same(texel(a, 44 + tx, 44 + ty), attn::colormap_rgb8(attn::Colormap::Viridis, m)));
        }
    }
}

TEST_CASE("model atlas: nothing to draw gives an empty atlas") {
    CHECK(make_model_atlas(attn::Trace{}, attn::Colormap::Viridis).width == 0);
}

TEST_CASE("model grid hit test: cells, gaps and outside") {
    int l = -1, h = -1;
    // 3 layers × 4 heads, thumbnails 50 × 40 every 60 × 48.
    CHECK(model_grid_hit(10, 10, 3, 4, 60, 48, 50, 40, &l, &h));
    CHECK((l == 0 && h == 0));
    CHECK(model_grid_hit(185, 100, 3, 4, 60, 48, 50, 40, &l, &h));
    CHECK((l == 2 && h == 3));
    CHECK(!model_grid_hit(55, 10, 3, 4, 60, 48, 50, 40, &l, &h));   // gap right of a thumbnail
    CHECK(!model_grid_hit(10, 45, 3, 4, 60, 48, 50, 40, &l, &h));   // gap below
    CHECK(!model_grid_hit(-1, 10, 3, 4, 60, 48, 50, 40, &l, &h));   // left of the grid
    CHECK(!model_grid_hit(245, 10, 3, 4, 60, 48, 50, 40, &l, &h));  // right of the last head
    CHECK(!model_grid_hit(10, 150, 3, 4, 60, 48, 50, 40, &l, &h));  // below the last layer
}
