// test_image_messages.cpp — every message of core/image (PNG/JPEG files, preprocessor_config.json,
// preprocessing) triggered for real and shown in Korean, its numbers kept.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "app/i18n/core_messages.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/image/image.h"
#include "core/image/preprocess.h"
#include "tests/app/core_messages_check.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::app;
using namespace attn::app::messages_test;

namespace {

std::string decode_error(const std::vector<std::uint8_t>& bytes, const char* name = "photo.png") {
    return error_of(image::decode_image(bytes.data(), bytes.size(), name));
}

std::vector<std::uint8_t> bytes_of(const std::string& s) {
    return {s.begin(), s.end()};
}

// A PNG signature and IHDR declaring 100000 × 100000 RGB pixels (its CRC follows in the test).
const std::vector<std::uint8_t> kHugePng = {0x89, 'P',  'N',  'G',  '\r', '\n', 0x1a, '\n', 0,    0,
                                            0,    13,   'I',  'H',  'D',  'R',  0x00, 0x01, 0x86, 0xA0,
                                            0x00, 0x01, 0x86, 0xA0, 8,    2,    0,    0,    0};

}  // namespace

TEST_CASE("image file messages in Korean") {
    attn::test::TempDir dir("attnlab-msg-image");
    check_translated(error_of(image::read_image_file((dir.path / "missing.png").string())));
    check_translated(error_of(image::read_image_file(dir.path.string())));  // a folder
    std::ofstream((dir.path / "empty.jpg").string()).close();
    check_translated(error_of(image::read_image_file((dir.path / "empty.jpg").string())));
    check_translated(error_of(image::read_image_file("/dev/null")));  // not a regular file
    const std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    check_translated(error_of(image::decode_image(png.data(), limits::kMaxImageFileBytes + 1, "big.png")));
    check_translated(decode_error(bytes_of("GIF89a and more bytes")));
    check_translated(decode_error(bytes_of("hello, not an image")));
    check_translated(decode_error(png));  // the signature alone: cut short
    std::vector<std::uint8_t> bad = png;
    const std::vector<std::uint8_t> ihdr = {0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0,
                                            0, 0, 1, 8,  2,   0,   0,   0,   1, 2, 3, 4};
    bad.insert(bad.end(), ihdr.begin(), ihdr.end());
    check_translated(decode_error(bad));  // IHDR CRC error: damaged
    auto huge = kHugePng;
    for (int b : {0x27, 0x30, 0x9C, 0x9F})
        huge.push_back(static_cast<std::uint8_t>(b));  // crc32 of this IHDR
    const std::string too_large = decode_error(huge);
    check_translated(too_large);
    CHECK(too_large.find("is 100000 x 100000 pixels") != std::string::npos);  // from IHDR, before the rest
    // A JPEG with two components (neither grey, YCbCr nor CMYK): SOI, SOF0 with Nf = 2, SOS, EOI.
    const std::vector<std::uint8_t> two = {0xFF, 0xD8, 0xFF, 0xC0, 0, 14,   8,  0,    8,    0,   8,
                                           2,    1,    0x11, 0,    2, 0x11, 0,  0xFF, 0xDA, 0,   10,
                                           2,    1,    0,    2,    0, 0,    63, 0,    0xFF, 0xD9};
    check_translated(decode_error(two, "two.jpg"));
}

TEST_CASE("preprocessing messages in Korean") {
    using image::parse_preprocessor_config;
    check_translated(error_of(parse_preprocessor_config("[1]")));
    check_translated(error_of(parse_preprocessor_config("{")));
    check_translated(error_of(parse_preprocessor_config(std::string(limits::kMaxConfigBytes + 1, ' '))));
    check_translated(error_of(parse_preprocessor_config(R"({"resample": 1})")));
    check_translated(error_of(parse_preprocessor_config(R"({"crop_pct": 0.875})")));
    check_translated(
        error_of(parse_preprocessor_config(R"({"size": {"shortest_edge": 800, "longest_edge": 1333}})")));
    check_translated(error_of(parse_preprocessor_config(R"({"do_resize": "yes"})")));
    check_translated(error_of(parse_preprocessor_config(R"({"size": {"height": 0, "width": 4}})")));
    check_translated(error_of(parse_preprocessor_config(R"({"rescale_factor": 0})")));
    check_translated(error_of(parse_preprocessor_config(R"({"image_std": [1, 2]})")));
    check_translated(error_of(parse_preprocessor_config(R"({"image_mean": "grey"})")));
    check_translated(error_of(parse_preprocessor_config(R"({"size": []})")));
    check_translated(error_of(parse_preprocessor_config(R"({"crop_size": []})")));
    check_translated(error_of(parse_preprocessor_config(R"({"image_processor_type": 7})")));

    image::Image img;
    check_translated(error_of(image::preprocess_image(img, image::default_preprocess(224))));
    img.width = 2;
    img.height = 1;
    img.rgb.assign(6, 0);
    check_translated(error_of(image::preprocess_image(img, image::default_preprocess(0))));
    image::PreprocessConfig crop;
    crop.do_center_crop = true;
    crop.crop_width = 0;
    check_translated(error_of(image::preprocess_image(img, crop)));
    image::PreprocessConfig zero_std;
    zero_std.std[1] = 0;
    check_translated(error_of(image::preprocess_image(img, zero_std)));
    img.width = 16000;
    img.rgb.assign(16000u * 3u, 0);
    image::PreprocessConfig edge;
    edge.shortest_edge = 224;
    check_translated(error_of(image::preprocess_image(img, edge)));
}
