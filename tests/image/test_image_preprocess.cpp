// test_image_preprocess.cpp — ViT/DeiT preprocessing against Hugging Face's recipe reproduced in
// numpy + PIL (fixtures/preprocess): the 8-bit image the model sees and the float tensor, for
// exact sizes, PIL's three filters up and down, shortest edge, center crop and padding; then
// preprocessor_config.json parsing and its refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "core/image/image.h"
#include "core/image/preprocess.h"
#include "tests/image/image_fixtures.h"

using namespace attn;
using namespace attn::image;
using attn::test::case_lines;
using attn::test::image_fixture;
using attn::test::read_bytes;

namespace {

std::string read_text(const std::string& path) {
    auto b = read_bytes(path);
    return {b.begin(), b.end()};
}

std::vector<float> read_floats(const std::string& path) {
    auto b = read_bytes(path);
    std::vector<float> out(b.size() / 4);
    std::memcpy(out.data(), b.data(), out.size() * 4);
    return out;
}

std::string error_of(std::string_view json) {
    auto r = parse_preprocessor_config(json);
    return r.ok() ? std::string() : r.error();
}

}  // namespace

TEST_CASE("preprocessing matches Hugging Face's recipe (numpy + PIL)") {
    const auto cases = case_lines(image_fixture("preprocess/preprocess_cases.txt"));
    REQUIRE(cases.size() >= 8);
    for (const std::string& line : cases) {
        std::istringstream in(line);
        std::string name, source;
        int w = 0, h = 0;
        in >> name >> source >> w >> h;
        INFO(name);
        auto img = read_image_file(image_fixture("preprocess/" + source));
        REQUIRE(img.ok());
        auto cfg = parse_preprocessor_config(read_text(image_fixture("preprocess/" + name + ".json")));
        REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
        auto t = preprocess_image(*img, *cfg);
        REQUIRE_MESSAGE(t.ok(), t.status().message());
        CHECK(t->width == w);
        CHECK(t->height == h);
        const auto seen = read_bytes(image_fixture("preprocess/" + name + ".seen.rgb"));
        const auto expected = read_floats(image_fixture("preprocess/" + name + ".f32"));
        REQUIRE(t->seen.rgb.size() == seen.size());
        REQUIRE(t->chw.size() == expected.size());
        int levels = 0;
        for (std::size_t i = 0; i < seen.size(); ++i)
            levels = std::max(levels, std::abs(int(t->seen.rgb[i]) - int(seen[i])));
        double diff = 0;
        for (std::size_t i = 0; i < expected.size(); ++i)
            diff = std::max(diff, double(std::fabs(t->chw[i] - expected[i])));
        MESSAGE(name << ": " << img->width << "x" << img->height << " -> " << w << "x" << h
                     << ", max |diff| resized uint8 " << levels << " levels, tensor " << diff);
        CHECK(levels == 0);
        CHECK(diff <= 1e-6);
    }
}

TEST_CASE("resize_target and the crop's mapping back to the original") {
    PreprocessConfig cfg;
    cfg.shortest_edge = 224;
    int w = 0, h = 0;
    resize_target(cfg, 640, 480, w, h);
    CHECK(w == 298);  // int(224 * 640 / 480) = int(298.67)
    CHECK(h == 224);
    resize_target(cfg, 480, 640, w, h);
    CHECK(w == 224);
    CHECK(h == 298);
    cfg.do_center_crop = true;
    Image img;
    img.width = 640;
    img.height = 480;
    img.rgb.assign(640u * 480u * 3u, 200);
    auto t = preprocess_image(img, cfg);
    REQUIRE(t.ok());
    CHECK(t->width == 224);
    CHECK(t->crop_x == 37);  // (298 - 224) // 2
    CHECK(t->crop_y == 0);
    CHECK(t->scale_x == doctest::Approx(640.0 / 298));
    CHECK(t->chw[0] == doctest::Approx((200 / 255.0 - 0.5) / 0.5).epsilon(1e-6));
}

TEST_CASE("preprocessor_config.json: defaults by processor, int sizes, refusals") {
    auto deit = parse_preprocessor_config(R"({"image_processor_type": "DeiTImageProcessor"})");
    REQUIRE(deit.ok());
    CHECK(deit->resize_height == 256);
    CHECK(deit->resample == Resample::Bicubic);
    CHECK(deit->do_center_crop);
    CHECK(deit->mean[0] == doctest::Approx(0.485f));
    auto legacy = parse_preprocessor_config(
        R"({"feature_extractor_type": "ViTFeatureExtractor", "size": 384, "resample": 2, "image_mean": 0.5})");
    REQUIRE(legacy.ok());
    CHECK(legacy->processor == "ViTFeatureExtractor");
    CHECK(legacy->resize_height == 384);
    CHECK(legacy->resize_width == 384);
    CHECK(legacy->shortest_edge == 0);
    auto unknown =
        parse_preprocessor_config(R"({"image_processor_type": "SomethingNew", "size": {"shortest_edge": 96},
                                                "do_convert_rgb": true})");
    REQUIRE(unknown.ok());
    CHECK(unknown->shortest_edge == 96);
    CHECK(default_preprocess(384).resize_width == 384);

    CHECK(error_of("[1]") == "preprocessor_config.json is not a JSON object.");
    CHECK(error_of("{").rfind("preprocessor_config.json is not valid JSON: ", 0) == 0);
    CHECK(error_of(R"({"resample": 1})") ==
          "preprocessor_config.json: \"resample\" is 1; AttnLab resizes with nearest (0), bilinear (2) or "
          "bicubic (3) only.");
    CHECK(
        error_of(R"({"size": {"shortest_edge": 224, "longest_edge": 1333}})") ==
        "preprocessor_config.json sets \"size\" to {\"longest_edge\":1333,\"shortest_edge\":224}; AttnLab's "
        "preprocessing does not implement that.");
    CHECK(error_of(R"({"crop_pct": 0.875})") ==
          "preprocessor_config.json sets \"crop_pct\" to 0.875; AttnLab's preprocessing does not implement "
          "that.");
    CHECK(error_of(R"({"size": {"height": 0, "width": 4}})") ==
          "preprocessor_config.json: \"height\" is 0; expected a whole number from 1 to 4096.");
    CHECK(error_of(R"({"size": "big"})") ==
          "preprocessor_config.json: \"size\" is \"big\"; expected height and width, shortest_edge, or one "
          "number.");
    CHECK(error_of(R"({"crop_size": {"shortest_edge": 3}})") ==
          "preprocessor_config.json: \"crop_size\" is {\"shortest_edge\":3}; expected height and width, or "
          "one number.");
    CHECK(error_of(R"({"do_resize": "yes"})") ==
          "preprocessor_config.json: \"do_resize\" is \"yes\"; expected true or false.");
    CHECK(error_of(R"({"image_std": [0.5, 0, 0.5]})") ==
          "preprocessor_config.json: \"image_std\" is [0.5,0,0.5]; expected 3 numbers from 0.001 to 1000 (red, "
          "green, blue) or one.");
    // A divisor that turns every pixel into infinity is the preprocessor config's fault, said so
    // here, not left to the forward pass (which could only blame the weights).
    CHECK(error_of(R"({"image_std": 1e-45})") ==
          "preprocessor_config.json: \"image_std\" is 1e-45; expected 3 numbers from 0.001 to 1000 (red, green, "
          "blue) or one.");
    CHECK(error_of(R"({"image_std": [0.5, 0.5, 1e9]})").find("from 0.001 to 1000") != std::string::npos);
    CHECK(error_of(R"({"image_mean": [0.5, 0.5]})") ==
          "preprocessor_config.json: \"image_mean\" is [0.5,0.5]; expected 3 numbers (red, green, blue) or "
          "one.");
    CHECK(error_of(R"({"rescale_factor": -1})") ==
          "preprocessor_config.json: \"rescale_factor\" is -1; expected a positive number.");
    CHECK(error_of(std::string(100, '[') + std::string(100, ']')).find("levels deep") != std::string::npos);
}

TEST_CASE("preprocess_image refuses what it cannot do") {
    Image img;
    CHECK_FALSE(preprocess_image(img, default_preprocess(16)).ok());
    img.width = 16000;
    img.height = 1;
    img.rgb.assign(16000u * 3u, 9);
    PreprocessConfig cfg;
    cfg.shortest_edge = 224;  // 224 x 3,584,000
    auto r = preprocess_image(img, cfg);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() ==
          "Resizing the 16000 x 1 image to a shortest edge of 224 would make it 3584000 x 224 pixels; "
          "crop it to a less narrow shape.");
}
