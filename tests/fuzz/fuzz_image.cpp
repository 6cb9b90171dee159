// fuzz_image.cpp — a PNG or JPEG file (decode_image picks by the first bytes): decoded, checked for
// a consistent result, and a decoded image is preprocessed at a small size with the first byte's
// filter (PIL's resize arithmetic on arbitrary sizes).
#include "core/base/limits.h"
#include "core/image/image.h"
#include "core/image/preprocess.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(image) {
    using namespace attn::image;
    auto img = decode_image(data, size, "fuzz.img");
    if (!img.ok()) {
        if (img.error().empty()) __builtin_trap();  // every refusal says why
        return 0;
    }
    if (img->width < 1 || img->height < 1 || img->width > attn::limits::kMaxImageSide ||
        img->height > attn::limits::kMaxImageSide ||
        img->rgb.size() != static_cast<std::size_t>(img->width) * static_cast<std::size_t>(img->height) * 3)
        __builtin_trap();
    if (static_cast<std::uint64_t>(img->width) * static_cast<std::uint64_t>(img->height) > 1u << 16) return 0;
    PreprocessConfig cfg = default_preprocess(8 + data[size - 1] % 17);
    const Resample filters[] = {Resample::Nearest, Resample::Bilinear, Resample::Bicubic};
    cfg.resample = filters[data[size - 1] % 3];
    cfg.do_center_crop = (data[size - 1] & 8) != 0;
    cfg.crop_height = 5 + data[size - 1] % 11;
    auto t = preprocess_image(*img, cfg);
    if (!t.ok() ||
        t->chw.size() != static_cast<std::size_t>(t->height) * static_cast<std::size_t>(t->width) * 3)
        __builtin_trap();
    return 0;
}
