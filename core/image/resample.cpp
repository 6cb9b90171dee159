// resample.cpp — PIL's resize filters on RGB bytes, reproduced so the model sees the pixels it saw
// in training (Hugging Face resizes with PIL).
//
// Like Pillow's Resample.c: for each output column the filter is centred at (x + 0.5)·scale in
// input coordinates, its support widened by the reduction factor (antialiasing when shrinking);
// weights are normalized, turned into 22-bit fixed point, and each pass (horizontal, then
// vertical) rounds and clamps to uint8. Nearest is Pillow's affine scale: source index
// floor((x + 0.5)·scale), with the position accumulated in double as Pillow does.
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/image/preprocess.h"

namespace attn::image {

namespace {

constexpr int kPrecisionBits = 32 - 8 - 2;

double bilinear(double x) {
    x = std::fabs(x);
    return x < 1.0 ? 1.0 - x : 0.0;
}

double bicubic(double x) {  // Keys' cubic with a = −0.5
    constexpr double a = -0.5;
    x = std::fabs(x);
    if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
    if (x < 2.0) return (((x - 5.0) * x + 8.0) * x - 4.0) * a;
    return 0.0;
}

// One axis: for each output index, the first input index, the tap count and fixed-point weights.
struct Taps {
    int ksize = 0;
    std::vector<int> first, count;      // (out)
    std::vector<std::int32_t> weights;  // (out, ksize)
};

Taps make_taps(int in_size, int out_size, Resample filter) {
    const double support1 = filter == Resample::Bicubic ? 2.0 : 1.0;
    double (*kernel)(double) = filter == Resample::Bicubic ? bicubic : bilinear;
    const double scale = static_cast<double>(in_size) / out_size;
    const double filterscale = scale < 1.0 ? 1.0 : scale;
    const double support = support1 * filterscale;
    Taps t;
    t.ksize = static_cast<int>(std::ceil(support)) * 2 + 1;
    t.first.resize(static_cast<std::size_t>(out_size));
    t.count.resize(static_cast<std::size_t>(out_size));
    t.weights.assign(static_cast<std::size_t>(out_size) * static_cast<std::size_t>(t.ksize), 0);
    std::vector<double> k(static_cast<std::size_t>(t.ksize));
    for (int xx = 0; xx < out_size; ++xx) {
        const double center = (xx + 0.5) * scale;
        const double ss = 1.0 / filterscale;
        int xmin = static_cast<int>(center - support + 0.5);
        if (xmin < 0) xmin = 0;
        int xmax = static_cast<int>(center + support + 0.5);
        if (xmax > in_size) xmax = in_size;
        xmax -= xmin;
        double ww = 0.0;
        for (int x = 0; x < xmax; ++x) {
            const double w = kernel((x + xmin - center + 0.5) * ss);
            k[static_cast<std::size_t>(x)] = w;
            ww += w;
        }
        std::int32_t* out = &t.weights[static_cast<std::size_t>(xx) * static_cast<std::size_t>(t.ksize)];
        for (int x = 0; x < xmax; ++x) {
            double w = k[static_cast<std::size_t>(x)];
            if (ww != 0.0) w /= ww;
            const double fixed = w * (1 << kPrecisionBits);
            out[x] = static_cast<std::int32_t>(w < 0 ? -0.5 + fixed : 0.5 + fixed);
        }
        t.first[static_cast<std::size_t>(xx)] = xmin;
        t.count[static_cast<std::size_t>(xx)] = xmax;
    }
    return t;
}

std::uint8_t clip8(std::int32_t v) {
    if (v >= (1 << kPrecisionBits << 8)) return 255;
    if (v <= 0) return 0;
    return static_cast<std::uint8_t>(v >> kPrecisionBits);
}

// (h, w_in, 3) → (h, w_out, 3)
std::vector<std::uint8_t> pass_horizontal(const std::vector<std::uint8_t>& in, int w_in, int h, int w_out,
                                          const Taps& t) {
    std::vector<std::uint8_t> out(static_cast<std::size_t>(w_out) * static_cast<std::size_t>(h) * 3);
    for (int y = 0; y < h; ++y) {
        const std::uint8_t* row = &in[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_in) * 3];
        std::uint8_t* dst = &out[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_out) * 3];
        for (int xx = 0; xx < w_out; ++xx) {
            const std::int32_t* k =
                &t.weights[static_cast<std::size_t>(xx) * static_cast<std::size_t>(t.ksize)];
            const int xmin = t.first[static_cast<std::size_t>(xx)], n = t.count[static_cast<std::size_t>(xx)];
            for (int c = 0; c < 3; ++c) {
                std::int32_t ss = 1 << (kPrecisionBits - 1);
                for (int x = 0; x < n; ++x) ss += row[(xmin + x) * 3 + c] * k[x];
                dst[xx * 3 + c] = clip8(ss);
            }
        }
    }
    return out;
}

// (h_in, w, 3) → (h_out, w, 3)
std::vector<std::uint8_t> pass_vertical(const std::vector<std::uint8_t>& in, int w, int h_out,
                                        const Taps& t) {
    const std::size_t stride = static_cast<std::size_t>(w) * 3;
    std::vector<std::uint8_t> out(stride * static_cast<std::size_t>(h_out));
    for (int yy = 0; yy < h_out; ++yy) {
        const std::int32_t* k = &t.weights[static_cast<std::size_t>(yy) * static_cast<std::size_t>(t.ksize)];
        const int ymin = t.first[static_cast<std::size_t>(yy)], n = t.count[static_cast<std::size_t>(yy)];
        std::uint8_t* dst = &out[static_cast<std::size_t>(yy) * stride];
        for (std::size_t i = 0; i < stride; ++i) {
            std::int32_t ss = 1 << (kPrecisionBits - 1);
            for (int y = 0; y < n; ++y) ss += in[static_cast<std::size_t>(ymin + y) * stride + i] * k[y];
            dst[i] = clip8(ss);
        }
    }
    return out;
}

// Pillow's ImagingScaleAffine: positions accumulated in double, index = trunc(position).
std::vector<int> nearest_index(int in_size, int out_size) {
    std::vector<int> idx(static_cast<std::size_t>(out_size));
    const double step = static_cast<double>(in_size) / out_size;
    double pos = step * 0.5;
    for (int i = 0; i < out_size; ++i, pos += step) {
        int v = static_cast<int>(pos);
        idx[static_cast<std::size_t>(i)] = v < in_size ? v : in_size - 1;
    }
    return idx;
}

}  // namespace

Image resize_like_pil(const Image& img, int out_width, int out_height, Resample filter) {
    assert(out_width >= 1 && out_height >= 1 && img.width >= 1 && img.height >= 1 && "resize needs pixels");
    if (out_width == img.width && out_height == img.height) return img;
    Image out;
    out.width = out_width;
    out.height = out_height;
    if (filter == Resample::Nearest) {
        const std::vector<int> xs = nearest_index(img.width, out_width),
                               ys = nearest_index(img.height, out_height);
        out.rgb.resize(static_cast<std::size_t>(out_width) * static_cast<std::size_t>(out_height) * 3);
        std::uint8_t* dst = out.rgb.data();
        for (int y : ys) {
            const std::uint8_t* row =
                &img.rgb[static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) * 3];
            for (int x : xs) {
                std::memcpy(dst, row + static_cast<std::size_t>(x) * 3, 3);
                dst += 3;
            }
        }
        return out;
    }
    std::vector<std::uint8_t> pixels = img.rgb;
    int w = img.width;
    if (out_width != img.width) {
        pixels = pass_horizontal(pixels, w, img.height, out_width, make_taps(img.width, out_width, filter));
        w = out_width;
    }
    if (out_height != img.height)
        pixels = pass_vertical(pixels, w, out_height, make_taps(img.height, out_height, filter));
    out.rgb = std::move(pixels);
    return out;
}

}  // namespace attn::image
