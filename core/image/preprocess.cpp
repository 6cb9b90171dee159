// preprocess.cpp — Hugging Face's ViT/DeiT image preprocessing: the recipe (resize → center crop
// → rescale → normalize) and the sizes it resizes to. The filters are in resample.cpp, the config
// file in preprocess_config.cpp.
//
// Arithmetic as in transformers' image_transforms.py: resize on the uint8 image (PIL); center crop
// offsets floor((H − h)/2), padding with zeros when the crop is larger; rescale in double then
// float32 (`rescale`); normalize in float32.
#include "core/image/preprocess.h"

#include <cassert>
#include <cstdint>
#include <cstring>

#include "core/base/limits.h"

namespace attn::image {

PreprocessConfig default_preprocess(int image_size) {
    PreprocessConfig cfg;
    cfg.resize_height = cfg.resize_width = image_size;
    cfg.crop_height = cfg.crop_width = image_size;
    return cfg;
}

void resize_target(const PreprocessConfig& cfg, int in_width, int in_height, int& out_width,
                   int& out_height) {
    if (cfg.shortest_edge <= 0) {
        out_width = cfg.resize_width;
        out_height = cfg.resize_height;
        return;
    }
    const bool portrait = in_width <= in_height;
    const long long short_side = portrait ? in_width : in_height;
    const long long long_side = portrait ? in_height : in_width;
    // int(size * long / short) in Python: a true division, then truncation.
    const double scaled =
        static_cast<double>(cfg.shortest_edge * long_side) / static_cast<double>(short_side);
    const long long new_long = scaled < 1e9 ? static_cast<long long>(scaled) : 1000000000LL;
    const int clamped = static_cast<int>(new_long);
    out_width = portrait ? cfg.shortest_edge : clamped;
    out_height = portrait ? clamped : cfg.shortest_edge;
}

namespace {

Status check_config(const PreprocessConfig& cfg) {
    auto side_ok = [](int v) { return v >= 1 && v <= kMaxPreprocessSide; };
    if (cfg.do_resize && !(cfg.shortest_edge > 0 ? side_ok(cfg.shortest_edge)
                                                 : side_ok(cfg.resize_height) && side_ok(cfg.resize_width)))
        return Status::Error("The preprocessing resizes to a size outside 1 to " +
                             std::to_string(kMaxPreprocessSide) + " pixels.");
    if (cfg.do_center_crop && !(side_ok(cfg.crop_height) && side_ok(cfg.crop_width)))
        return Status::Error("The preprocessing crops to a size outside 1 to " +
                             std::to_string(kMaxPreprocessSide) + " pixels.");
    for (float s : cfg.std)
        if (cfg.do_normalize && !(s > 0.0f))
            return Status::Error("The preprocessing divides by a zero or negative standard deviation.");
    return Status::Ok();
}

// (h, w, 3) → (ch, cw, 3): the window at (top, left), zeros outside the image.
Image crop_or_pad(const Image& img, int top, int left, int ch, int cw) {
    Image out;
    out.width = cw;
    out.height = ch;
    out.rgb.assign(static_cast<std::size_t>(cw) * static_cast<std::size_t>(ch) * 3, 0);
    for (int y = 0; y < ch; ++y) {
        const int sy = y + top;
        if (sy < 0 || sy >= img.height) continue;
        const int x0 = left < 0 ? -left : 0;                           // first x inside the image
        const int x1 = img.width - left < cw ? img.width - left : cw;  // one past the last
        if (x1 <= x0) continue;
        std::memcpy(&out.rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(cw) +
                              static_cast<std::size_t>(x0)) *
                             3],
                    &img.rgb[(static_cast<std::size_t>(sy) * static_cast<std::size_t>(img.width) +
                              static_cast<std::size_t>(x0 + left)) *
                             3],
                    static_cast<std::size_t>(x1 - x0) * 3);
    }
    return out;
}

int floor_half(int v) {
    return v >= 0 ? v / 2 : -((-v + 1) / 2);
}  // Python's v // 2

}  // namespace

Expected<PixelTensor> preprocess_image(const Image& img, const PreprocessConfig& cfg) {
    if (img.width <= 0 || img.height <= 0 ||
        img.rgb.size() != static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3)
        return Status::Error("The image has no pixels to preprocess.");
    if (Status s = check_config(cfg); !s.ok()) return s;
    PixelTensor t;
    Image seen;
    const Image* current = &img;
    if (cfg.do_resize) {
        int w = 0, h = 0;
        resize_target(cfg, img.width, img.height, w, h);
        if (w < 1 || h < 1 || w > limits::kMaxImageSide || h > limits::kMaxImageSide ||
            static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) > limits::kMaxImagePixels)
            return Status::Error("Resizing the " + std::to_string(img.width) + " x " +
                                 std::to_string(img.height) + " image to a shortest edge of " +
                                 std::to_string(cfg.shortest_edge) + " would make it " + std::to_string(w) +
                                 " x " + std::to_string(h) + " pixels; crop it to a less narrow shape.");
        seen = resize_like_pil(img, w, h, cfg.resample);
        t.scale_x = static_cast<float>(static_cast<double>(img.width) / w);
        t.scale_y = static_cast<float>(static_cast<double>(img.height) / h);
        current = &seen;
    }
    if (cfg.do_center_crop) {
        t.crop_y = floor_half(current->height - cfg.crop_height);
        t.crop_x = floor_half(current->width - cfg.crop_width);
        if (t.crop_y != 0 || t.crop_x != 0 || current->height != cfg.crop_height ||
            current->width != cfg.crop_width) {
            Image cropped = crop_or_pad(*current, t.crop_y, t.crop_x, cfg.crop_height, cfg.crop_width);
            seen = std::move(cropped);
            current = &seen;
        }
    }
    if (current == &img) seen = img;
    t.height = seen.height;
    t.width = seen.width;
    const std::size_t plane = static_cast<std::size_t>(t.height) * static_cast<std::size_t>(t.width);
    t.chw.resize(plane * 3);  // (3, height, width)
    // The config's float: 1/255 (every real config) is taken back to the double Python multiplies by.
    const double rescale =
        cfg.rescale_factor == static_cast<float>(1.0 / 255.0) ? 1.0 / 255.0 : cfg.rescale_factor;
    for (int c = 0; c < 3; ++c) {
        float* out = &t.chw[static_cast<std::size_t>(c) * plane];
        const float mean = cfg.mean[c], sd = cfg.std[c];
        for (std::size_t i = 0; i < plane; ++i) {
            const std::uint8_t u = seen.rgb[i * 3 + static_cast<std::size_t>(c)];
            float v = cfg.do_rescale ? static_cast<float>(u * rescale) : static_cast<float>(u);
            if (cfg.do_normalize) v = (v - mean) / sd;
            out[i] = v;
        }
    }
    t.seen = std::move(seen);
    return t;
}

}  // namespace attn::image
