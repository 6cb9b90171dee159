// png_decode.cpp — PNG through libpng: every color type and bit depth, interlaced or not, to RGB
// over white, turned upright by an eXIf chunk's orientation.
//
// libpng reports errors by longjmp. The function that calls setjmp (read_png_pixels) therefore
// holds only plain C data — no object with a destructor may be skipped by the jump — and frees
// what it allocated itself in the error branch. Everything C++ happens before and after it.
#include <png.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include "core/base/limits.h"
#include "core/image/decode_internal.h"

namespace attn::image::detail {

namespace {

enum class PngResult { Ok, Truncated, Corrupt, TooLarge };

// Plain C state shared with libpng's callbacks (reached through png_get_io_ptr / error_ptr).
struct PngSource {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t pos;
    bool truncated;
    char reason[200];  // libpng's message of the error that stopped the read
    png_uint_32 width, height;
    int channels;           // 3 (RGB) or 4 (RGBA) after the transformations
    int orientation;        // EXIF (eXIf chunk before the image data), 1..8
    unsigned char* pixels;  // malloc'd, height × width × channels, owned by the caller on Ok
};

void on_read(png_structp png, png_bytep out, png_size_t n) {
    auto* src = static_cast<PngSource*>(png_get_io_ptr(png));
    if (n > src->size - src->pos) {
        src->truncated = true;
        png_error(png, "the file ends early");
    }
    std::memcpy(out, src->data + src->pos, n);
    src->pos += n;
}

void on_error(png_structp png, png_const_charp message) {
    auto* src = static_cast<PngSource*>(png_get_error_ptr(png));
    std::snprintf(src->reason, sizeof src->reason, "%s", message != nullptr ? message : "unknown error");
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}  // a damaged ancillary chunk: PIL ignores it too

// Decodes into src->pixels. No C++ object lives in this frame (setjmp/longjmp).
PngResult read_png_pixels(PngSource* src) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, src, on_error, on_warning);
    if (png == nullptr) return PngResult::Corrupt;
    png_infop info = png_create_info_struct(png);
    if (info == nullptr) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        return PngResult::Corrupt;
    }
    png_bytep* volatile rows = nullptr;
    volatile PngResult too_large = PngResult::Ok;
    if (setjmp(png_jmpbuf(png))) {
        std::free(rows);
        std::free(src->pixels);
        src->pixels = nullptr;
        png_destroy_read_struct(&png, &info, nullptr);
        if (too_large == PngResult::TooLarge) return PngResult::TooLarge;
        return src->truncated ? PngResult::Truncated : PngResult::Corrupt;
    }
    png_set_read_fn(png, src, on_read);
    // libpng's own caps sit above ours, so our check below gives the message; text chunks are capped too.
    png_set_user_limits(png, 1u << 20, 1u << 20);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, nullptr, nullptr, nullptr);
    src->width = width;
    src->height = height;
    if (width > static_cast<png_uint_32>(limits::kMaxImageSide) ||
        height > static_cast<png_uint_32>(limits::kMaxImageSide) ||
        static_cast<std::uint64_t>(width) * height > limits::kMaxImagePixels) {
        too_large = PngResult::TooLarge;
        png_error(png, "too large");
    }
    png_uint_32 exif_size = 0;
    png_bytep exif = nullptr;
    if (png_get_eXIf_1(png, info, &exif_size, &exif) != 0 && exif != nullptr)
        src->orientation = exif_orientation_tiff(exif, exif_size);  // plain C++: no throw, no destructor
    if (bit_depth == 16) png_set_scale_16(png);  // rounds v·255/65535 (png_set_strip_16 would truncate)
    png_set_expand(png);                         // palette → RGB, grey < 8 bits → 8, tRNS → alpha
    png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    src->channels = png_get_channels(png, info);
    const png_size_t row_bytes = png_get_rowbytes(png, info);
    if ((src->channels != 3 && src->channels != 4) ||
        row_bytes != static_cast<png_size_t>(width) * src->channels)
        png_error(png, "unexpected pixel layout");
    src->pixels = static_cast<unsigned char*>(std::malloc(row_bytes * height));
    rows = static_cast<png_bytep*>(std::malloc(sizeof(png_bytep) * height));
    if (src->pixels == nullptr || rows == nullptr) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; ++y) rows[y] = src->pixels + row_bytes * y;
    png_read_image(png, rows);  // all passes of an interlaced image
    // The chunks after the image (and IEND) are not read: the pixels are complete, as PIL sees it.
    std::free(rows);
    png_destroy_read_struct(&png, &info, nullptr);
    return PngResult::Ok;
}

}  // namespace

Expected<Image> decode_png(const std::uint8_t* data, std::size_t size, const std::string& shown) {
    // The size straight from IHDR (always the first chunk), before libpng reads further chunks:
    // a huge image is refused as such even when the rest of the file is missing.
    if (size >= 24 && std::memcmp(data + 12, "IHDR", 4) == 0) {
        auto be32 = [&](std::size_t at) {
            return (std::uint64_t{data[at]} << 24) | (std::uint64_t{data[at + 1]} << 16) |
                   (std::uint64_t{data[at + 2]} << 8) | std::uint64_t{data[at + 3]};
        };
        const std::uint64_t width = be32(16), height = be32(20);
        if (width > 0 && height > 0)
            if (Status s = check_dimensions(width, height, shown); !s.ok()) return s;
    }
    PngSource src{};
    src.data = data;
    src.size = size;
    src.pos = 0;
    src.orientation = 1;
    const PngResult r = read_png_pixels(&src);
    switch (r) {
        case PngResult::Ok:
            break;
        case PngResult::TooLarge:
            return check_dimensions(src.width, src.height, shown);
        case PngResult::Truncated:
            return truncated_error(shown, "PNG");
        case PngResult::Corrupt:
            return corrupt_error(shown, "PNG", src.reason[0] != 0 ? src.reason : "libpng failed");
    }
    const std::unique_ptr<unsigned char, void (*)(void*)> owned(src.pixels, std::free);
    const Status dims = check_dimensions(src.width, src.height, shown);
    if (!dims.ok()) return dims;
    Image img;
    img.width = static_cast<int>(src.width);
    img.height = static_cast<int>(src.height);
    const std::size_t n = static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
    img.rgb.resize(n * 3);
    const unsigned char* p = src.pixels;
    if (src.channels == 3) {
        std::memcpy(img.rgb.data(), p, n * 3);
    } else {
        for (std::size_t i = 0; i < n; ++i, p += 4)
            for (int c = 0; c < 3; ++c) img.rgb[i * 3 + static_cast<std::size_t>(c)] = over_white(p[c], p[3]);
    }
    return apply_orientation(std::move(img), src.orientation);
}

}  // namespace attn::image::detail
