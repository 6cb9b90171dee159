// The colours the app draws: core's tables (core/base/colormap.h) as the app uploads them.
#include <doctest/doctest.h>

#include "app/matrix/heatmap_data.h"
#include "core/base/colormap.h"

using namespace attn;
using attn::app::colormap_texture_bytes;

static void check_entry(Colormap map, int index, float r, float g, float b) {
    const Rgb c = colormap_entry(map, index);
    CHECK(c.r == doctest::Approx(r).epsilon(1e-6));
    CHECK(c.g == doctest::Approx(g).epsilon(1e-6));
    CHECK(c.b == doctest::Approx(b).epsilon(1e-6));
}

TEST_CASE("colormap endpoints equal the published tables") {
    // viridis: van der Walt & Smith (2015), first, middle and last of 256 entries.
    check_entry(Colormap::Viridis, 0, 0.267004f, 0.004874f, 0.329415f);
    check_entry(Colormap::Viridis, 128, 0.127568f, 0.566949f, 0.550556f);
    check_entry(Colormap::Viridis, 255, 0.993248f, 0.906157f, 0.143936f);
    check_entry(Colormap::Magma, 0, 0.001462f, 0.000466f, 0.013866f);
    check_entry(Colormap::Magma, 255, 0.987053f, 0.991438f, 0.749504f);
    check_entry(Colormap::Cividis, 0, 0.0f, 0.135112f, 0.304751f);
    check_entry(Colormap::Cividis, 255, 0.995737f, 0.909344f, 0.217772f);
    check_entry(Colormap::Grey, 0, 0.0f, 0.0f, 0.0f);
    check_entry(Colormap::Grey, 255, 1.0f, 1.0f, 1.0f);
}

TEST_CASE("the shader's texture holds entry k at texel k (matches colormap_rgb8)") {
    for (int m = 0; m < kColormapCount; ++m) {
        const auto bytes = colormap_texture_bytes(Colormap(m));
        for (int k = 0; k < kColormapEntries; ++k) {
            const Rgb8 c = colormap_rgb8(Colormap(m), float(k) / 255.0f);
            CHECK(bytes[size_t(k) * 3 + 0] == c.r);
            CHECK(bytes[size_t(k) * 3 + 1] == c.g);
            CHECK(bytes[size_t(k) * 3 + 2] == c.b);
        }
    }
    const auto viridis = colormap_texture_bytes(Colormap::Viridis);
    CHECK(int(viridis[0]) == 68);  // 0.267004 · 255 = 68.09
    CHECK(int(viridis[1]) == 1);
    CHECK(int(viridis[2]) == 84);
    CHECK(int(viridis[765]) == 253);
    CHECK(int(viridis[766]) == 231);
    CHECK(int(viridis[767]) == 37);
}

TEST_CASE("cell text contrast on the colormap ends") {
    CHECK(!prefers_dark_text(colormap_rgb(Colormap::Viridis, 0.0f)));  // dark purple: white text
    CHECK(prefers_dark_text(colormap_rgb(Colormap::Viridis, 1.0f)));   // yellow: black text
    CHECK(!prefers_dark_text(colormap_rgb(Colormap::Grey, 0.0f)));
    CHECK(prefers_dark_text(colormap_rgb(Colormap::Grey, 1.0f)));
}
