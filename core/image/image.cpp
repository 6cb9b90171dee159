// image.cpp — decode_image (format by magic bytes), read_image_file, and the messages and limits
// the PNG and JPEG decoders share.
#include "core/image/image.h"

#include <algorithm>
#include <cstring>

#include "core/base/limits.h"
#include "core/base/user_file.h"
#include "core/base/utf8.h"
#include "core/image/decode_internal.h"

namespace attn::image {

namespace detail {

Status check_dimensions(std::uint64_t width, std::uint64_t height, const std::string& shown) {
    using limits::kMaxImagePixels;
    using limits::kMaxImageSide;
    if (width == 0 || height == 0) return corrupt_error(shown, "image", "its header says it has no pixels");
    if (width > static_cast<std::uint64_t>(kMaxImageSide) ||
        height > static_cast<std::uint64_t>(kMaxImageSide) || width * height > kMaxImagePixels)
        return Status::Error("'" + shown + "' is " + std::to_string(width) + " x " + std::to_string(height) +
                             " pixels; AttnLab reads images of at most " + std::to_string(kMaxImageSide) +
                             " x " + std::to_string(kMaxImageSide) + " pixels and " +
                             std::to_string(kMaxImagePixels / 1000000) +
                             " megapixels. Make it smaller first.");
    return Status::Ok();
}

Status truncated_error(const std::string& shown, const char* format) {
    return Status::Error("'" + shown + "' is cut short: its " + format +
                         " data ends before the image does. Copy or download the file again.");
}

Status corrupt_error(const std::string& shown, const char* format, const char* reason) {
    return Status::Error("'" + shown + "' is a damaged " + format + " file (" + printable_input(reason, 120) +
                         ").");
}

}  // namespace detail

namespace {

std::string shown_name(const std::string& name) {
    return printable_input(name, 200);
}

bool starts_with(const std::uint8_t* data, std::size_t size, const char* magic, std::size_t n,
                 std::size_t at = 0) {
    return size >= at + n && std::memcmp(data + at, magic, n) == 0;
}

// Formats people try that we do not read, named so the message can say what the file is.
const char* other_format(const std::uint8_t* data, std::size_t size) {
    if (starts_with(data, size, "GIF8", 4)) return "GIF";
    if (starts_with(data, size, "RIFF", 4) && starts_with(data, size, "WEBP", 4, 8)) return "WebP";
    if (starts_with(data, size, "BM", 2)) return "BMP";
    if (starts_with(data, size, "II*\0", 4) || starts_with(data, size, "MM\0*", 4)) return "TIFF";
    if (starts_with(data, size, "ftyp", 4, 4) &&
        (starts_with(data, size, "heic", 4, 8) || starts_with(data, size, "heix", 4, 8) ||
         starts_with(data, size, "mif1", 4, 8)))
        return "HEIC";
    if (starts_with(data, size, "ftyp", 4, 4) && starts_with(data, size, "avif", 4, 8)) return "AVIF";
    return nullptr;
}

}  // namespace

Expected<Image> decode_image(const std::uint8_t* data, std::size_t size, const std::string& name) {
    const std::string shown = shown_name(name);
    if (size == 0 || data == nullptr) return Status::Error("'" + shown + "' is empty (0 bytes).");
    if (size > limits::kMaxImageFileBytes) return too_large_error(shown, size, limits::kMaxImageFileBytes, "images");
    if (starts_with(data, size, "\x89PNG\r\n\x1a\n", 8)) return detail::decode_png(data, size, shown);
    if (starts_with(data, size, "\xff\xd8\xff", 3)) return detail::decode_jpeg(data, size, shown);
    if (const char* other = other_format(data, size))
        return Status::Error("'" + shown + "' is a " + other + " image; AttnLab reads " +
                             kSupportedImageFormats + " images. Convert it and try again.");
    if (size < 8 && (starts_with(data, size, "\x89PNG", std::min<std::size_t>(size, 4)) ||
                     starts_with(data, size, "\xff\xd8", std::min<std::size_t>(size, 2))))
        return detail::truncated_error(shown, data[0] == 0x89 ? "PNG" : "JPEG");
    return Status::Error("'" + shown + "' is not a " + kSupportedImageFormats +
                         " image (its first bytes are neither); AttnLab reads only these two formats.");
}

Expected<Image> read_image_file(const std::string& path) {
    auto bytes = read_user_file(path, limits::kMaxImageFileBytes, "images");
    if (!bytes.ok()) return bytes.status();
    return decode_image(bytes->data(), bytes->size(), path);
}

}  // namespace attn::image
