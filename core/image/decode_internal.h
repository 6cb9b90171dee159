// decode_internal.h — what image.cpp shares with the PNG and JPEG decoders (internal to core/image).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/status.h"
#include "core/image/rgb_image.h"

namespace attn::image::detail {

// Each decoder returns RGB with alpha already composited on white and the EXIF orientation applied
// (JPEG: APP1 segment; PNG: an eXIf chunk before the image data). `shown` is the file name as messages quote
// it.
Expected<Image> decode_png(const std::uint8_t* data, std::size_t size, const std::string& shown);
Expected<Image> decode_jpeg(const std::uint8_t* data, std::size_t size, const std::string& shown);

// Refuses a header's width × height beyond limits.h (before the decoder allocates pixels).
Status check_dimensions(std::uint64_t width, std::uint64_t height, const std::string& shown);

// The messages every decoder shares.
Status truncated_error(const std::string& shown, const char* format);
Status corrupt_error(const std::string& shown, const char* format, const char* reason);

// EXIF orientation (1..8) from the payload of a JPEG APP1 segment ("Exif\0\0" + TIFF); 1 when the
// segment is not EXIF, has no orientation, or is malformed. Every offset is bounds-checked.
int exif_orientation(const std::uint8_t* data, std::size_t size);
// The same from the TIFF structure alone (a PNG's eXIf chunk holds it without the "Exif" header).
int exif_orientation_tiff(const std::uint8_t* data, std::size_t size);

// Applies an EXIF orientation (2..8; 1 and anything else leave the image as it is), as PIL's
// ImageOps.exif_transpose does: 2 mirror, 3 rotate 180°, 4 flip, 5 transpose, 6 rotate 90°
// clockwise, 7 transverse, 8 rotate 90° counter-clockwise.
Image apply_orientation(Image img, int orientation);

// (c·a + 255·(255 − a)) / 255, rounded: one channel over a white background.
inline std::uint8_t over_white(unsigned c, unsigned a) {
    return static_cast<std::uint8_t>((c * a + 255u * (255u - a) + 127u) / 255u);
}

}  // namespace attn::image::detail
