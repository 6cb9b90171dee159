// png_image.h — a PNG's pixels for tests that check what a figure drew: RGBA, row-major,
// decoded with Debian's stb_image (libstb). Include doctest before this header.
//
//   const PngImage img = decode_png(*bytes);   const unsigned char* p = img.at(x, y);   // p[0..3]
#pragma once

#include <stb/stb_image.h>

#include <string>
#include <vector>

namespace attn::test {

struct PngImage {
    int w = 0, h = 0;
    std::vector<unsigned char> rgba;  // (h, w, 4)
    const unsigned char* at(int x, int y) const { return &rgba[size_t(y * w + x) * 4]; }
};

inline PngImage decode_png(const std::string& png) {
    PngImage img;
    int channels = 0;
    unsigned char* data = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                int(png.size()), &img.w, &img.h, &channels, 4);
    REQUIRE(data != nullptr);
    img.rgba.assign(data, data + size_t(img.w) * size_t(img.h) * 4);
    stbi_image_free(data);
    return img;
}

}  // namespace attn::test
