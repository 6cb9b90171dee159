// vision_input.cpp — an image file made ready for a vision model: decoded (core/image), then
// resized, cropped and normalised as the model folder's preprocessor_config.json says.
// (the interface and its contract are in pretrained_model.h)
#include <cstddef>
#include <exception>
#include <filesystem>
#include <string>

#include "core/image/image.h"
#include "core/image/preprocess.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::pretrained {

Expected<VisionInput> make_vision_input(const PretrainedModel& model, const image::Image& img, const std::string& source) {
    if (!model.caps().inputs.image) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model: it reads text, not images. Open a ViT or DeiT folder to look at an image.");
    }
    auto pixels = image::preprocess_image(img, model.preprocess);
    if (!pixels) return pixels.status();
    VisionInput in;
    in.height = pixels->height;
    in.width = pixels->width;
    in.chw = std::move(pixels->chw);
    in.rgb = std::move(pixels->seen.rgb);
    in.source = source;
    in.source_width = img.width;
    in.source_height = img.height;
    return in;
}

Expected<VisionInput> load_vision_input(const PretrainedModel& model, const std::string& path) {
    if (!model.caps().inputs.image) {  // before reading a file that cannot be used
        return make_vision_input(model, image::Image{}, path);
    }
    auto img = image::read_image_file(path);
    if (!img) return img.status();
    std::string name;
    try {
        name = std::filesystem::path(path).filename().string();
    } catch (const std::exception&) {
        name = path;
    }
    return make_vision_input(model, *img, name.empty() ? path : name);
}

}  // namespace attn::pretrained
