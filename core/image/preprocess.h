// preprocess.h — an Image → the Vision Transformer's input tensor, exactly as Hugging Face's
// ViTImageProcessor / DeiTImageProcessor do it: resize the 8-bit image with PIL's filters, center
// crop (padding with black when the crop is larger), then rescale (× 1/255) and normalize
// ((x − mean) / std) per channel. docs/vision.md ("Images in") measures the match.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/image/image.h"

namespace attn::image {

enum class Resample { Nearest = 0, Bilinear = 2, Bicubic = 3 };  // PIL's codes as in preprocessor_config.json

struct PreprocessConfig {
    bool do_resize = true;
    int resize_height = 224, resize_width = 224;  // size {height,width}
    int shortest_edge = 0;                        // size {shortest_edge} (then height/width unused)
    Resample resample = Resample::Bilinear;
    bool do_center_crop = false; int crop_height = 224, crop_width = 224;
    bool do_rescale = true; float rescale_factor = 1.0f / 255.0f;
    bool do_normalize = true; float mean[3] = {0.5f, 0.5f, 0.5f}, std[3] = {0.5f, 0.5f, 0.5f};
    std::string processor;                        // image_processor_type, e.g. "ViTImageProcessor"
};

// Sizes (resize and crop) allowed in a config: 1 to this many pixels per side.
inline constexpr int kMaxPreprocessSide = 4096;

// No preprocessor_config.json: resize to image_size², mean = std = 0.5.
PreprocessConfig default_preprocess(int image_size);

// preprocessor_config.json (or the older feature-extractor file). Keys: do_resize, size
// ({height, width}, {shortest_edge} or an int), resample, do_center_crop, crop_size (dict or int),
// do_rescale, rescale_factor, do_normalize, image_mean, image_std, image_processor_type /
// feature_extractor_type. Other keys are ignored; a known key with a value we cannot honour is refused.
Expected<PreprocessConfig> parse_preprocessor_config(std::string_view json_text);

struct PixelTensor {
    int height = 0, width = 0;
    std::vector<float> chw;  // (3, height, width): the model's input
    Image seen;              // the resized/cropped 8-bit image the model sees (for thumbnails)
    // How a pixel (x, y) of `seen` maps to the original image: x_orig = (x + crop_x) * scale_x, ...
    float scale_x = 1, scale_y = 1; int crop_x = 0, crop_y = 0;
};

Expected<PixelTensor> preprocess_image(const Image& img, const PreprocessConfig& cfg);

// PIL's Image.resize on an RGB image (filters as in Pillow's Resample.c: separable, support
// scaled by the reduction factor, 22-bit fixed-point weights, rounded to uint8 after each pass;
// Nearest as its affine scale). Same size: a copy. Sizes must be ≥ 1 (asserted).
Image resize_like_pil(const Image& img, int out_width, int out_height, Resample filter);

// The (height, width) Hugging Face resizes to: {height, width} as given, or the shortest edge set
// to `shortest_edge` and the other scaled and truncated (get_resize_output_image_size).
void resize_target(const PreprocessConfig& cfg, int in_width, int in_height, int& out_width, int& out_height);

}  // namespace attn::image
