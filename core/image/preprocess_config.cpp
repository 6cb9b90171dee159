// preprocess_config.cpp — preprocessor_config.json (Hugging Face's image processor settings) →
// PreprocessConfig.
//
// Absent keys take the processor's own defaults: DeiT resizes to 256² with bicubic and crops 224²
// with ImageNet's mean and std; ViT (and any other processor) resizes to 224² with bilinear and
// normalizes with mean = std = 0.5. A known key whose value we cannot honour (a Lanczos filter, a
// longest edge, ConvNeXt's crop_pct, padding) is refused rather than silently ignored.
#include <cmath>
#include <exception>

#include <nlohmann/json.hpp>

#include "core/base/json_text.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/image/preprocess.h"

namespace attn::image {

namespace {

using json = nlohmann::json;
constexpr const char* kFile = "preprocessor_config.json";

std::string shown(const json& v) {
    return printable_input(v.dump(), 60);
}

bool is_null_or_absent(const json& root, const char* key) {
    auto it = root.find(key);
    return it == root.end() || it->is_null();
}

Status bad_value(const char* key, const json& v, const std::string& expected) {
    return Status::Error(std::string(kFile) + ": \"" + key + "\" is " + shown(v) + "; expected " + expected +
                         ".");
}

Status read_bool(const json& root, const char* key, bool& out) {
    if (is_null_or_absent(root, key)) return Status::Ok();
    const json& v = root.at(key);
    if (!v.is_boolean()) return bad_value(key, v, "true or false");
    out = v.get<bool>();
    return Status::Ok();
}

Status read_side(const char* key, const json& v, int& out) {
    const std::string expected = "a whole number from 1 to " + std::to_string(kMaxPreprocessSide);
    if (!v.is_number()) return bad_value(key, v, expected);
    const double d = v.get<double>();
    if (!(d >= 1 && d <= kMaxPreprocessSide) || std::floor(d) != d) return bad_value(key, v, expected);
    out = static_cast<int>(d);
    return Status::Ok();
}

// "size" / "crop_size": {height, width}, {shortest_edge} (size only) or one number (a square).
Status read_size(const json& root, const char* key, bool allow_shortest, int& height, int& width,
                 int* shortest) {
    if (is_null_or_absent(root, key)) return Status::Ok();
    const json& v = root.at(key);
    if (v.is_number()) {
        int s = 0;
        if (Status st = read_side(key, v, s); !st.ok()) return st;
        height = width = s;
        if (shortest != nullptr) *shortest = 0;
        return Status::Ok();
    }
    const std::string expected =
        allow_shortest ? "height and width, shortest_edge, or one number" : "height and width, or one number";
    if (!v.is_object()) return bad_value(key, v, expected);
    for (const char* unsupported : {"longest_edge", "max_height", "max_width"})
        if (v.contains(unsupported))
            return Status::Error(std::string(kFile) + " sets \"" + key + "\" to " + shown(v) +
                                 "; AttnLab's preprocessing does not implement that.");
    if (v.contains("height") && v.contains("width")) {
        int h = 0, w = 0;
        if (Status st = read_side("height", v.at("height"), h); !st.ok()) return st;
        if (Status st = read_side("width", v.at("width"), w); !st.ok()) return st;
        height = h;
        width = w;
        if (shortest != nullptr) *shortest = 0;
        return Status::Ok();
    }
    if (allow_shortest && v.contains("shortest_edge")) {
        int s = 0;
        if (Status st = read_side("shortest_edge", v.at("shortest_edge"), s); !st.ok()) return st;
        *shortest = s;
        return Status::Ok();
    }
    return bad_value(key, v, expected);
}

Status read_positive(const json& root, const char* key, float& out) {
    if (is_null_or_absent(root, key)) return Status::Ok();
    const json& v = root.at(key);
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
        return bad_value(key, v, "a positive number");
    out = static_cast<float>(v.get<double>());
    return Status::Ok();
}

// image_mean / image_std: three numbers (red, green, blue) or one for all three. A divisor
// (image_std) is kept from 0.001 to 1000: real ones are 0.2 to 1, and a tiny one (1e-45) would
// turn every pixel into infinity, which the forward pass could only blame on the weights.
Status read_triple(const json& root, const char* key, bool divisor, float (&out)[3]) {
    if (is_null_or_absent(root, key)) return Status::Ok();
    const json& v = root.at(key);
    const std::string expected =
        divisor ? "3 numbers from 0.001 to 1000 (red, green, blue) or one" : "3 numbers (red, green, blue) or one";
    auto ok = [&](const json& x) {
        if (!x.is_number() || !std::isfinite(x.get<double>())) return false;
        return !divisor || (x.get<double>() >= 1e-3 && x.get<double>() <= 1e3);
    };
    if (ok(v)) {
        out[0] = out[1] = out[2] = static_cast<float>(v.get<double>());
        return Status::Ok();
    }
    if (!v.is_array() || v.size() != 3) return bad_value(key, v, expected);
    for (std::size_t i = 0; i < 3; ++i) {
        if (!ok(v[i])) return bad_value(key, v, expected);
        out[i] = static_cast<float>(v[i].get<double>());
    }
    return Status::Ok();
}

Status read_resample(const json& root, Resample& out) {
    if (is_null_or_absent(root, "resample")) return Status::Ok();
    const json& v = root.at("resample");
    if (v.is_number_integer()) {
        switch (v.get<long long>()) {
            case 0:
                out = Resample::Nearest;
                return Status::Ok();
            case 2:
                out = Resample::Bilinear;
                return Status::Ok();
            case 3:
                out = Resample::Bicubic;
                return Status::Ok();
            default:
                break;
        }
    }
    return Status::Error(std::string(kFile) + ": \"resample\" is " + shown(v) +
                         "; AttnLab resizes with nearest (0), bilinear (2) or bicubic (3) only.");
}

PreprocessConfig defaults_for(const std::string& processor) {
    PreprocessConfig cfg;  // ViTImageProcessor's defaults
    if (processor.rfind("DeiT", 0) == 0) {
        cfg.resize_height = cfg.resize_width = 256;
        cfg.resample = Resample::Bicubic;
        cfg.do_center_crop = true;
        const float mean[3] = {0.485f, 0.456f, 0.406f}, sd[3] = {0.229f, 0.224f, 0.225f};  // ImageNet
        for (int c = 0; c < 3; ++c) {
            cfg.mean[c] = mean[c];
            cfg.std[c] = sd[c];
        }
    }
    cfg.processor = processor;
    return cfg;
}

Expected<PreprocessConfig> parse(const json& root) {
    if (!root.is_object()) return Status::Error(std::string(kFile) + " is not a JSON object.");
    std::string processor;
    for (const char* key : {"image_processor_type", "feature_extractor_type"}) {
        if (is_null_or_absent(root, key)) continue;
        const json& v = root.at(key);
        if (!v.is_string()) return bad_value(key, v, "a name such as ViTImageProcessor");
        processor = v.get<std::string>();
        break;
    }
    PreprocessConfig cfg = defaults_for(processor);
    // Settings of other processors that change the pixels and that we do not reproduce.
    for (const char* key : {"crop_pct", "do_pad", "do_flip_channel_order"}) {
        if (is_null_or_absent(root, key)) continue;
        const json& v = root.at(key);
        if (v.is_boolean() && !v.get<bool>()) continue;
        return Status::Error(std::string(kFile) + " sets \"" + key + "\" to " + shown(v) +
                             "; AttnLab's preprocessing does not implement that.");
    }
    Status s;
    if (s = read_bool(root, "do_resize", cfg.do_resize); !s.ok()) return s;
    if (s = read_size(root, "size", true, cfg.resize_height, cfg.resize_width, &cfg.shortest_edge); !s.ok())
        return s;
    if (s = read_resample(root, cfg.resample); !s.ok()) return s;
    if (s = read_bool(root, "do_center_crop", cfg.do_center_crop); !s.ok()) return s;
    if (s = read_size(root, "crop_size", false, cfg.crop_height, cfg.crop_width, nullptr); !s.ok()) return s;
    if (s = read_bool(root, "do_rescale", cfg.do_rescale); !s.ok()) return s;
    if (s = read_positive(root, "rescale_factor", cfg.rescale_factor); !s.ok()) return s;
    if (s = read_bool(root, "do_normalize", cfg.do_normalize); !s.ok()) return s;
    if (s = read_triple(root, "image_mean", false, cfg.mean); !s.ok()) return s;
    if (s = read_triple(root, "image_std", true, cfg.std); !s.ok()) return s;
    return cfg;
}

}  // namespace

Expected<PreprocessConfig> parse_preprocessor_config(std::string_view json_text) {
    auto root = parse_json_text(json_text, kFile, limits::kMaxConfigBytes);
    if (!root.ok()) return root.status();
    try {
        return parse(*root);
    } catch (const std::exception& e) {  // every access above checks its type first; stay safe anyway
        return Status::Error(std::string(kFile) + " could not be read: " + printable_input(e.what(), 160) +
                             ".");
    }
}

}  // namespace attn::image
