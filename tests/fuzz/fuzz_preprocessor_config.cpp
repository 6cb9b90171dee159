// fuzz_preprocessor_config.cpp — a model's preprocessor_config.json; an accepted config must give
// a tensor of its own size for a tiny image.
#include "core/image/preprocess.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(preprocessor_config) {
    using namespace attn::image;
    auto cfg = parse_preprocessor_config(attn::fuzz::as_text(data, size));
    if (!cfg.ok()) {
        if (cfg.error().empty()) __builtin_trap();
        return 0;
    }
    // Keep the work small: sizes up to 4096 are legal but slow to fuzz.
    if (cfg->resize_height * cfg->resize_width > 4096 || cfg->shortest_edge > 64 ||
        cfg->crop_height * cfg->crop_width > 4096)
        return 0;
    Image img;
    img.width = 5;
    img.height = 3;
    img.rgb.assign(45, 128);
    auto t = preprocess_image(img, *cfg);
    if (!t.ok()) {
        if (t.error().empty()) __builtin_trap();
        return 0;
    }
    if (t->chw.size() != static_cast<std::size_t>(t->width) * static_cast<std::size_t>(t->height) * 3)
        __builtin_trap();
    return 0;
}
