// image.h — PNG and JPEG files → 8-bit sRGB pixels (the Vision Transformer's input, before
// preprocess.h resizes and normalizes them).
//
// The format is chosen by the first bytes, never by the file name. Every refusal is a one-line
// Status naming the file: empty, not an image, cut short, damaged (with libpng's or libjpeg's
// reason), or too large (limits.h: bytes, width, height and pixels, checked from the header before
// any pixel is allocated).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/status.h"
#include "core/image/rgb_image.h"

namespace attn::image {

// The format by magic bytes; `name` only appears in messages (a file name or path). PNG: 1/2/4/8/16-bit
// grey, grey+alpha, RGB, RGBA, palette (tRNS), interlaced, eXIf orientation; 16-bit samples are
// rounded to 8 bits. JPEG: baseline and progressive, grey, YCbCr, CMYK/YCCK (Adobe-inverted, as
// Photoshop writes them), EXIF orientation.
Expected<Image> decode_image(const std::uint8_t* data, std::size_t size, const std::string& name);
Expected<Image> read_image_file(const std::string& path);  // reads (size-capped) then decode_image

// The formats decode_image knows from their first bytes (for "not an image" messages and the UI).
inline constexpr const char* kSupportedImageFormats = "PNG or JPEG";

}  // namespace attn::image
