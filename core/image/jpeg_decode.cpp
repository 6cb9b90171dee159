// jpeg_decode.cpp — JPEG through libjpeg-turbo: baseline and progressive; grey, YCbCr/RGB and
// CMYK/YCCK to RGB; the EXIF orientation applied.
//
// libjpeg reports errors through error_exit, which must not return: ours longjmps back into
// read_jpeg_pixels. That function holds only plain C data (the decompressor itself lives in the
// caller's JpegSource, so nothing the jump skips has a destructor or an indeterminate value) and
// frees what it allocated in the error branch.
//
// CMYK: Photoshop writes Adobe JPEGs with inverted ink values, and PIL reads every CMYK JPEG that
// way ("CMYK;I"); so do we, then convert as PIL does: R = (255 − C)(255 − K)/255 with C = 255 − stored.
#include <cstdio>  // jpeglib.h needs FILE

#include <jerror.h>
#include <jpeglib.h>

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "core/base/limits.h"
#include "core/image/decode_internal.h"

namespace attn::image::detail {

namespace {

enum class JpegResult { Ok, Truncated, Corrupt, TooLarge, TooManyScans, Unsupported };

// Plain C state shared with libjpeg's callbacks (reached through cinfo->client_data).
struct JpegSource {
    jpeg_decompress_struct cinfo;
    jpeg_error_mgr err;
    jpeg_progress_mgr progress;
    std::jmp_buf jump;
    JpegResult failure;
    char reason[JMSG_LENGTH_MAX];
    unsigned width, height;
    int components;         // of the output: 1 (grey), 3 (RGB) or 4 (CMYK)
    int orientation;        // EXIF, 1..8
    unsigned char* pixels;  // malloc'd, height × width × components, owned by the caller on Ok
};

JpegSource* source_of(j_common_ptr cinfo) {
    return static_cast<JpegSource*>(cinfo->client_data);
}

[[noreturn]] void fail(JpegSource* s, JpegResult why) {
    s->failure = why;
    std::longjmp(s->jump, 1);
}

[[noreturn]] void on_error_exit(j_common_ptr cinfo) {
    JpegSource* s = source_of(cinfo);
    (*cinfo->err->format_message)(cinfo, s->reason);
    fail(s, JpegResult::Corrupt);
}

// Warnings (level −1) are ignored as PIL ignores them, except the end of the data: libjpeg would
// fill the rest of the image with grey, PIL says "image file is truncated", and so do we.
void on_message(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) fail(source_of(cinfo), JpegResult::Truncated);
}

// A crafted progressive file can hold thousands of tiny scans, each a pass over every coefficient.
void on_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
    if (d->progressive_mode && d->input_scan_number > limits::kMaxJpegScans)
        fail(source_of(cinfo), JpegResult::TooManyScans);
}

// Decodes into s->pixels. No C++ object lives in this frame (setjmp/longjmp).
JpegResult read_jpeg_pixels(JpegSource* s, const std::uint8_t* data, std::size_t size) {
    s->cinfo.err = jpeg_std_error(&s->err);
    s->err.error_exit = on_error_exit;
    s->err.emit_message = on_message;
    if (setjmp(s->jump)) {
        jpeg_destroy_decompress(&s->cinfo);
        std::free(s->pixels);
        s->pixels = nullptr;
        return s->failure;
    }
    jpeg_create_decompress(&s->cinfo);
    s->cinfo.client_data = s;
    s->progress.progress_monitor = on_progress;
    s->cinfo.progress = &s->progress;
    jpeg_mem_src(&s->cinfo, data, static_cast<unsigned long>(size));
    jpeg_save_markers(&s->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&s->cinfo, TRUE);
    s->width = s->cinfo.image_width;
    s->height = s->cinfo.image_height;
    s->components = s->cinfo.num_components;  // the file's, for the unsupported message
    if (s->width > static_cast<unsigned>(limits::kMaxImageSide) ||
        s->height > static_cast<unsigned>(limits::kMaxImageSide) ||
        static_cast<std::uint64_t>(s->width) * s->height > limits::kMaxImagePixels)
        fail(s, JpegResult::TooLarge);
    switch (s->cinfo.jpeg_color_space) {
        case JCS_GRAYSCALE:
            s->cinfo.out_color_space = JCS_GRAYSCALE;
            break;
        case JCS_YCbCr:
        case JCS_RGB:
            s->cinfo.out_color_space = JCS_RGB;
            break;
        case JCS_CMYK:
        case JCS_YCCK:
            s->cinfo.out_color_space = JCS_CMYK;
            break;
        default:
            fail(s, JpegResult::Unsupported);
    }
    for (jpeg_saved_marker_ptr m = s->cinfo.marker_list; m != nullptr; m = m->next) {
        if (m->marker != JPEG_APP0 + 1) continue;
        const int o = exif_orientation(m->data, m->data_length);
        if (o != 1) {
            s->orientation = o;
            break;
        }
    }
    jpeg_start_decompress(&s->cinfo);
    s->components = s->cinfo.output_components;
    if (s->cinfo.output_width != s->width || s->cinfo.output_height != s->height ||
        (s->components != 1 && s->components != 3 && s->components != 4))
        fail(s, JpegResult::Unsupported);
    const std::size_t stride = static_cast<std::size_t>(s->width) * static_cast<std::size_t>(s->components);
    s->pixels = static_cast<unsigned char*>(std::malloc(stride * s->height));
    if (s->pixels == nullptr) {
        std::snprintf(s->reason, sizeof s->reason, "out of memory");
        fail(s, JpegResult::Corrupt);
    }
    while (s->cinfo.output_scanline < s->cinfo.output_height) {
        JSAMPROW row = s->pixels + stride * s->cinfo.output_scanline;
        if (jpeg_read_scanlines(&s->cinfo, &row, 1) != 1) fail(s, JpegResult::Truncated);
    }
    // Not jpeg_finish_decompress: the pixels are complete; a missing EOI after them is harmless.
    jpeg_destroy_decompress(&s->cinfo);
    return JpegResult::Ok;
}

// PIL's MULDIV255: a·b/255 rounded, in integers.
unsigned muldiv255(unsigned a, unsigned b) {
    const unsigned t = a * b + 128;
    return ((t >> 8) + t) >> 8;
}

}  // namespace

Expected<Image> decode_jpeg(const std::uint8_t* data, std::size_t size, const std::string& shown) {
    auto s = std::make_unique<JpegSource>();  // value-initialized: plain C data, all zero
    s->orientation = 1;
    switch (read_jpeg_pixels(s.get(), data, size)) {
        case JpegResult::Ok:
            break;
        case JpegResult::TooLarge:
            return check_dimensions(s->width, s->height, shown);
        case JpegResult::Truncated:
            return truncated_error(shown, "JPEG");
        case JpegResult::Corrupt:
            return corrupt_error(shown, "JPEG", s->reason[0] != 0 ? s->reason : "libjpeg failed");
        case JpegResult::TooManyScans:
            return Status::Error("'" + shown + "' is a progressive JPEG of more than " +
                                 std::to_string(limits::kMaxJpegScans) +
                                 " scans (real photos have about 10); AttnLab does not read it.");
        case JpegResult::Unsupported:
            return Status::Error("'" + shown + "' is a JPEG with " + std::to_string(s->components) +
                                 " color components in a layout AttnLab does not read (grey, RGB and CMYK "
                                 "are read). Save it as RGB.");
    }
    const std::unique_ptr<unsigned char, void (*)(void*)> owned(s->pixels, std::free);
    const Status dims = check_dimensions(s->width, s->height, shown);
    if (!dims.ok()) return dims;
    Image img;
    img.width = static_cast<int>(s->width);
    img.height = static_cast<int>(s->height);
    const std::size_t n = static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height);
    img.rgb.resize(n * 3);
    const unsigned char* p = s->pixels;
    std::uint8_t* out = img.rgb.data();
    if (s->components == 3) {
        std::memcpy(out, p, n * 3);
    } else if (s->components == 1) {
        for (std::size_t i = 0; i < n; ++i) out[i * 3] = out[i * 3 + 1] = out[i * 3 + 2] = p[i];
    } else {
        for (std::size_t i = 0; i < n; ++i, p += 4) {
            const unsigned nk = p[3];  // 255 − K (inverted storage)
            for (int c = 0; c < 3; ++c) {
                const unsigned ink = 255u - p[c];
                out[i * 3 + static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(nk - muldiv255(ink, nk));
            }
        }
    }
    return apply_orientation(std::move(img), s->orientation);
}

}  // namespace attn::image::detail
