// rgb_image.h — a decoded picture: 8-bit sRGB pixels, as every decoder (decode_internal.h)
// returns it and image.h's readers hand it on.
#pragma once

#include <cstdint>
#include <vector>

namespace attn::image {

struct Image {  // 8-bit sRGB, alpha composited on white, EXIF orientation applied
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;  // (height, width, 3) row-major
};

}  // namespace attn::image
