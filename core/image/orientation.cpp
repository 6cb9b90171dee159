// orientation.cpp — the EXIF orientation tag (a small TIFF structure: in a JPEG's APP1 "Exif"
// segment, or a PNG's eXIf chunk) and the eight ways of turning an image upright.
//
// The segment is hostile input: every offset and count is checked against its size, and anything
// unexpected means "no orientation" (1), never an error: a photo with a broken EXIF block still opens.
#include <cstring>

#include "core/image/decode_internal.h"

namespace attn::image::detail {

namespace {

struct TiffReader {
    const std::uint8_t* data;
    std::size_t size;
    bool little;  // "II" (Intel) or "MM" (Motorola)

    bool u16(std::size_t at, unsigned& out) const {
        if (at > size || size - at < 2) return false;
        out = little ? data[at] | (data[at + 1] << 8) : (data[at] << 8) | data[at + 1];
        return true;
    }
    bool u32(std::size_t at, std::uint32_t& out) const {
        if (at > size || size - at < 4) return false;
        const std::uint32_t b0 = data[at], b1 = data[at + 1], b2 = data[at + 2], b3 = data[at + 3];
        out = little ? b0 | (b1 << 8) | (b2 << 16) | (b3 << 24) : (b0 << 24) | (b1 << 16) | (b2 << 8) | b3;
        return true;
    }
};

// Byte offset of pixel (x, y) in an (h, w, 3) buffer.
std::size_t pixel_offset(int x, int y, int w) {
    return (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
}

}  // namespace

int exif_orientation(const std::uint8_t* data, std::size_t size) {
    constexpr std::size_t kHeader = 6;  // "Exif\0\0"
    if (data == nullptr || size < kHeader || std::memcmp(data, "Exif\0\0", kHeader) != 0) return 1;
    return exif_orientation_tiff(data + kHeader, size - kHeader);
}

int exif_orientation_tiff(const std::uint8_t* data, std::size_t size) {
    if (data == nullptr || size < 8) return 1;
    TiffReader tiff{data, size, false};
    if (tiff.data[0] == 'I' && tiff.data[1] == 'I')
        tiff.little = true;
    else if (!(tiff.data[0] == 'M' && tiff.data[1] == 'M'))
        return 1;
    unsigned magic = 0;
    std::uint32_t ifd = 0;
    if (!tiff.u16(2, magic) || magic != 42 || !tiff.u32(4, ifd)) return 1;
    unsigned count = 0;
    if (!tiff.u16(ifd, count)) return 1;
    for (unsigned i = 0; i < count; ++i) {
        const std::size_t entry = static_cast<std::size_t>(ifd) + 2 + 12 * static_cast<std::size_t>(i);
        unsigned tag = 0, type = 0, value = 0;
        std::uint32_t n = 0;
        if (!tiff.u16(entry, tag) || !tiff.u16(entry + 2, type) || !tiff.u32(entry + 4, n)) return 1;
        if (tag != 0x0112) continue;
        if (type != 3 || n != 1 || !tiff.u16(entry + 8, value)) return 1;  // SHORT, one value, inline
        return value >= 1 && value <= 8 ? static_cast<int>(value) : 1;
    }
    return 1;
}

Image apply_orientation(Image img, int orientation) {
    if (orientation < 2 || orientation > 8) return img;
    const int w = img.width, h = img.height;
    const bool swap = orientation >= 5;  // 5..8 exchange width and height
    Image out;
    out.width = swap ? h : w;
    out.height = swap ? w : h;
    out.rgb.resize(img.rgb.size());
    for (int yo = 0; yo < out.height; ++yo) {
        for (int xo = 0; xo < out.width; ++xo) {
            int xi = xo, yi = yo;  // the source pixel of (xo, yo)
            // clang-format off
            switch (orientation) {
                case 2: xi = w - 1 - xo; break;                   // mirror left-right
                case 3: xi = w - 1 - xo; yi = h - 1 - yo; break;  // rotate 180°
                case 4: yi = h - 1 - yo; break;                   // flip top-bottom
                case 5: xi = yo; yi = xo; break;                  // transpose
                case 6: xi = yo; yi = h - 1 - xo; break;          // rotate 90° clockwise
                case 7: xi = w - 1 - yo; yi = h - 1 - xo; break;  // transverse
                case 8: xi = w - 1 - yo; yi = xo; break;          // rotate 90° counter-clockwise
                default: break;
            }
            // clang-format on
            std::memcpy(&out.rgb[pixel_offset(xo, yo, out.width)], &img.rgb[pixel_offset(xi, yi, w)], 3);
        }
    }
    return out;
}

}  // namespace attn::image::detail
