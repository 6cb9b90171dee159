// test_safetensors.cpp — the safetensors reader on files written here: valid ones read back
// exactly (F32, F16, BF16, unaligned data, metadata), hostile ones refused with a message naming
// the problem, and a few thousand mutated files that must never crash.
#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/base/limits.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::pretrained;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system temp dir, removed with everything in it at scope exit.
// every TempDir here starts with "attnlab-safetensors"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-safetensors") {}
};

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out.good());
}

std::string u64_le(std::uint64_t n) {
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i) s[i] = static_cast<char>((n >> (8 * i)) & 0xff);
    return s;
}

// A whole file from raw header text and data: the hostile tests write headers by hand.
std::string raw_file(const std::string& header, const std::string& data) {
    return u64_le(header.size()) + header + data;
}

template <typename T>
std::string bytes_of(const std::vector<T>& values) {
    std::string s(values.size() * sizeof(T), '\0');
    if (!values.empty()) std::memcpy(&s[0], values.data(), s.size());
    return s;
}

struct TestTensor {
    std::string name;
    std::string dtype;
    std::vector<std::int64_t> shape;
    std::string bytes;
};

// Our little writer: tensors packed in order; the header padded with spaces (as the reference
// writer does) so the data section starts 8-aligned in the file; unaligned data is made by
// putting an odd-sized tensor first.
std::string build_file(const std::vector<TestTensor>& tensors, const std::string& metadata_json = "") {
    std::string header = "{";
    std::string data;
    if (!metadata_json.empty()) header += "\"__metadata__\":" + metadata_json;
    for (const TestTensor& t : tensors) {
        if (header.size() > 1) header += ",";
        header += "\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":[";
        for (std::size_t i = 0; i < t.shape.size(); ++i) header += (i ? "," : "") + std::to_string(t.shape[i]);
        header += "],\"data_offsets\":[" + std::to_string(data.size()) + "," +
                  std::to_string(data.size() + t.bytes.size()) + "]}";
        data += t.bytes;
    }
    header += "}";
    while ((8 + header.size()) % 8 != 0) header += ' ';
    return raw_file(header, data);
}

float bits_to_float(std::uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

std::uint32_t float_bits(float f) {
    std::uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    return b;
}

// Opens a file holding `bytes` and returns the error message; fails the test if it opened.
std::string open_error(const TempDir& dir, const std::string& bytes, const std::string& name = "bad.safetensors") {
    const std::string path = dir.file(name);
    write_bytes(path, bytes);
    auto st = SafeTensorsFile::open(path);
    REQUIRE_FALSE(st.ok());
    return st.error();
}

// A header with one tensor entry written by hand, 8 bytes of data.
std::string one_entry(const std::string& entry_json, const std::string& data = std::string(8, '\0')) {
    return raw_file("{\"w\":" + entry_json + "}", data);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Valid files
// ---------------------------------------------------------------------------------------------

TEST_CASE("safetensors: F32 matrix and vector read back exactly, in header order, with metadata") {
    TempDir dir;
    const std::vector<float> m = {1.0f, -2.0f, 3.5f, 0.25f, -0.0f, 1e-30f};
    const std::vector<float> v = {7.0f, 8.0f, 9.0f};
    const std::string path = dir.file("model.safetensors");
    write_bytes(path, build_file({{"zeta.weight", "F32", {2, 3}, bytes_of(m)}, {"alpha.bias", "F32", {3}, bytes_of(v)}},
                                 R"({"format":"pt","note":"hi"})"));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());

    REQUIRE(st->tensors().size() == 2);
    CHECK(st->tensors()[0].name == "zeta.weight");  // header order, not sorted
    CHECK(st->tensors()[1].name == "alpha.bias");
    CHECK(st->tensors()[0].dtype == DType::F32);
    CHECK(st->tensors()[0].numel() == 6);
    CHECK(st->find("alpha.bias") != nullptr);
    CHECK(st->find("nope") == nullptr);
    CHECK(st->metadata().size() == 2);
    CHECK(st->metadata().at("format") == "pt");
    CHECK(st->path() == path);

    auto mat = st->read_matrix("zeta.weight", 2, 3);
    REQUIRE_MESSAGE(mat.ok(), mat.status().message());
    for (int i = 0; i < 6; ++i) CHECK(float_bits((*mat)(i / 3, i % 3)) == float_bits(m[i]));
    auto vec = st->read_vector("alpha.bias", 3);
    REQUIRE(vec.ok());
    CHECK((*vec)(0) == 7.0f);
    CHECK((*vec)(2) == 9.0f);
    // Reading twice works: the pages released after the first read come back from the file.
    auto again = st->read_matrix("zeta.weight", 2, 3);
    REQUIRE(again.ok());
    CHECK(again->isApprox(*mat));
}

TEST_CASE("safetensors: F16 converts exactly, including subnormals, signed zero, inf and NaN") {
    CHECK(half_to_float(0x3c00) == 1.0f);
    CHECK(half_to_float(0xc100) == -2.5f);
    CHECK(half_to_float(0x7bff) == 65504.0f);  // largest finite
    CHECK(half_to_float(0x0001) == std::ldexp(1.0f, -24));  // smallest subnormal
    CHECK(half_to_float(0x03ff) == 1023.0f * std::ldexp(1.0f, -24));  // largest subnormal
    CHECK(half_to_float(0x0400) == std::ldexp(1.0f, -14));  // smallest normal
    CHECK(float_bits(half_to_float(0x8000)) == 0x80000000u);  // -0
    CHECK(half_to_float(0x7c00) == std::numeric_limits<float>::infinity());
    CHECK(half_to_float(0xfc00) == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(half_to_float(0x7e00)));
    CHECK(std::isnan(half_to_float(0x7c01)));  // the smallest NaN payload stays NaN, not inf
    CHECK(half_to_float(0x3555) == 0.333251953125f);
    CHECK(half_to_float(0x8001) == -std::ldexp(1.0f, -24));
#if defined(__FLT16_MAX__)
    // Every one of the 65536 halves against the compiler's own _Float16 -> float conversion.
    int mismatches = 0;
    for (std::uint32_t h = 0; h <= 0xffffu; ++h) {
        const auto bits16 = static_cast<std::uint16_t>(h);
        _Float16 ref16;
        std::memcpy(&ref16, &bits16, sizeof ref16);
        const float ref = static_cast<float>(ref16);
        const float ours = half_to_float(bits16);
        const bool same = std::isnan(ref) ? std::isnan(ours) : float_bits(ref) == float_bits(ours);
        if (!same) ++mismatches;
    }
    MESSAGE("F16 -> F32 over all 65536 halves: ", mismatches, " differ from _Float16");
    CHECK(mismatches == 0);
#endif
}

TEST_CASE("safetensors: BF16 is the top half of a float32, subnormals, inf and NaN included") {
    CHECK(bf16_to_float(0x3f80) == 1.0f);
    CHECK(bf16_to_float(0xc040) == -3.0f);
    CHECK(bf16_to_float(0x7f80) == std::numeric_limits<float>::infinity());
    CHECK(bf16_to_float(0xff80) == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(bf16_to_float(0x7fc0)));
    CHECK(float_bits(bf16_to_float(0x0001)) == 0x00010000u);  // a float32 subnormal
    CHECK(float_bits(bf16_to_float(0x8000)) == 0x80000000u);
    CHECK(bf16_to_float(0x4049) == bits_to_float(0x40490000u));
}

TEST_CASE("safetensors: finite F16 and BF16 tensors load exactly") {
    TempDir dir;
    const std::vector<std::uint16_t> h = {0x3c00, 0xc100, 0x7bff, 0x0001, 0x03ff, 0x0400, 0x8000, 0x3555};
    const std::vector<std::uint16_t> b = {0x3f80, 0xc040, 0x7f7f, 0x0001, 0x8000, 0x4049};
    const std::string path = dir.file("half.safetensors");
    write_bytes(path, build_file({{"h", "F16", {8}, bytes_of(h)}, {"b", "BF16", {2, 3}, bytes_of(b)}}));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    CHECK(st->tensors()[0].dtype == DType::F16);
    CHECK(st->tensors()[1].dtype == DType::BF16);
    auto v = st->read_vector("h", 8);
    REQUIRE_MESSAGE(v.ok(), v.status().message());
    for (int i = 0; i < 8; ++i) CHECK(float_bits((*v)(i)) == float_bits(half_to_float(h[i])));
    auto m = st->read_matrix("b", 2, 3);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    for (int i = 0; i < 6; ++i) CHECK(float_bits((*m)(i / 3, i % 3)) == float_bits(bf16_to_float(b[i])));
    // Kept 16-bit (weight_matrix.h): the stored values, unchanged.
    auto kept = st->read_half_matrix("b", 2, 3);
    REQUIRE_MESSAGE(kept.ok(), kept.status().message());
    CHECK(*kept == b);
    CHECK_FALSE(st->read_half_matrix("b", 3, 2).ok());  // the shape is checked as read_matrix does
}

TEST_CASE("safetensors: infinite or NaN F16, BF16 and F32 weights are refused, naming tensor and element") {
    TempDir dir;
    struct Case { const char* dtype; std::string data; int bad; const char* what; };
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<Case> cases = {
        {"F16", bytes_of(std::vector<std::uint16_t>{0x3c00, 0x3c00, 0x7c00, 0x3c00}), 2, "infinite"},
        {"F16", bytes_of(std::vector<std::uint16_t>{0x7e00, 0x3c00, 0x3c00, 0x3c00}), 0, "NaN"},
        {"BF16", bytes_of(std::vector<std::uint16_t>{0x3f80, 0x3f80, 0x3f80, 0xff80}), 3, "infinite"},
        {"F32", bytes_of(std::vector<float>{1.0f, -inf, 1.0f, 1.0f}), 1, "infinite"},
        {"F32", bytes_of(std::vector<float>{1.0f, 1.0f, std::nanf(""), 1.0f}), 2, "NaN"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.dtype);
        const std::string path = dir.file("bad.safetensors");
        fs::remove(path);
        write_bytes(path, build_file({{"w", c.dtype, {4}, c.data}}));
        auto st = SafeTensorsFile::open(path);
        REQUIRE_MESSAGE(st.ok(), st.status().message());  // the header is fine; the values are not
        auto v = st->read_vector("w", 4);
        REQUIRE_FALSE(v.ok());
        const std::string msg = v.status().message();
        CAPTURE(msg);
        CHECK(msg.find("'w'") != std::string::npos);
        CHECK(msg.find(c.what) != std::string::npos);
        CHECK(msg.find("element " + std::to_string(c.bad)) != std::string::npos);
        if (std::string(c.dtype) != "F32") {  // kept 16-bit: the same refusal, the same words
            fs::remove(path);  // the same name, so the messages can be compared whole
            write_bytes(path, build_file({{"w", c.dtype, {2, 2}, c.data}}));
            auto st2 = SafeTensorsFile::open(path);
            REQUIRE(st2.ok());
            auto kept = st2->read_half_matrix("w", 2, 2);
            REQUIRE_FALSE(kept.ok());
            CHECK(kept.status().message() == std::string(msg));
        }
    }
}

TEST_CASE("safetensors: unaligned F32 and F16 data reads correctly") {
    // One byte of U8 first puts every following tensor at an odd file offset; reading it through a
    // float pointer would be undefined behaviour (UBSan runs this test).
    TempDir dir;
    const std::vector<float> f = {1.5f, -2.25f, 3.0f, 4.0f};
    const std::vector<std::uint16_t> h = {0x3c00, 0x4000, 0x4200};
    const std::string path = dir.file("odd.safetensors");
    write_bytes(path, build_file({{"pad", "U8", {1}, std::string(1, '\x7f')},
                                  {"f", "F32", {2, 2}, bytes_of(f)},
                                  {"h", "F16", {3}, bytes_of(h)}}));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    CHECK(st->find("f")->begin == 1);
    auto m = st->read_matrix("f", 2, 2);
    REQUIRE(m.ok());
    CHECK((*m)(0, 0) == 1.5f);
    CHECK((*m)(0, 1) == -2.25f);
    CHECK((*m)(1, 1) == 4.0f);
    auto v = st->read_vector("h", 3);
    REQUIRE(v.ok());
    CHECK((*v)(0) == 1.0f);
    CHECK((*v)(1) == 2.0f);
    CHECK((*v)(2) == 3.0f);
}

TEST_CASE("safetensors: integer and other dtypes are listed but never read as float") {
    TempDir dir;
    const std::vector<std::int64_t> ids = {1, 2, 3, 4};
    const std::string path = dir.file("model.safetensors");
    write_bytes(path, build_file({{"position_ids", "I64", {1, 4}, bytes_of(ids)},
                                  {"u16", "U16", {2}, std::string(4, '\0')},
                                  {"mask", "BOOL", {2}, std::string(2, '\1')}}));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    CHECK(st->find("position_ids")->dtype == DType::I64);
    CHECK(st->find("u16")->dtype == DType::Other);
    CHECK(st->find("u16")->dtype_text == "U16");
    CHECK(st->find("mask")->dtype == DType::Bool);

    auto as_float = st->read_matrix("position_ids", 1, 4);
    REQUIRE_FALSE(as_float.ok());
    CHECK(as_float.error() ==
          "Tensor 'position_ids' in model.safetensors has dtype I64; expected a float tensor (F32, F16 or BF16).");
    auto other = st->read_vector("u16", 2);
    REQUIRE_FALSE(other.ok());
    CHECK(other.error().find("U16") != std::string::npos);
}

TEST_CASE("safetensors: dtype names and sizes") {
    CHECK(std::string(dtype_name(DType::BF16)) == "BF16");
    CHECK(std::string(dtype_name(DType::Bool)) == "BOOL");
    CHECK(dtype_size(DType::F64) == 8);
    CHECK(dtype_size(DType::F32) == 4);
    CHECK(dtype_size(DType::F16) == 2);
    CHECK(dtype_size(DType::U8) == 1);
    CHECK(dtype_size(DType::Other) == 0);
}

TEST_CASE("safetensors: scalars and empty tensors are valid") {
    TempDir dir;
    const std::string path = dir.file("small.safetensors");
    write_bytes(path, build_file({{"empty", "F32", {0, 4}, ""}, {"scalar", "F32", {}, bytes_of(std::vector<float>{2.0f})}}));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    CHECK(st->find("scalar")->numel() == 1);
    CHECK(st->find("empty")->numel() == 0);
    auto e = st->read_matrix("empty", 0, 4);
    REQUIRE(e.ok());
    CHECK(e->rows() == 0);
}

TEST_CASE("safetensors: missing tensor and wrong shape name the tensor, the file and both shapes") {
    TempDir dir;
    const std::string path = dir.file("model.safetensors");
    write_bytes(path, build_file({{"h.0.attn.c_attn.weight", "F32", {2, 6}, std::string(48, '\0')}}));
    auto st = SafeTensorsFile::open(path);
    REQUIRE(st.ok());
    auto wrong = st->read_matrix("h.0.attn.c_attn.weight", 2, 2);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error() == "Tensor 'h.0.attn.c_attn.weight' in model.safetensors has shape [2, 6]; expected [2, 2].");
    auto as_vector = st->read_vector("h.0.attn.c_attn.weight", 12);
    REQUIRE_FALSE(as_vector.ok());
    CHECK(as_vector.error().find("expected [12]") != std::string::npos);
    auto negative = st->read_matrix("h.0.attn.c_attn.weight", -2, 6);
    CHECK_FALSE(negative.ok());
    auto missing = st->read_vector("x", 3);
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error() == "Tensor 'x' is missing from model.safetensors.");
}

// ---------------------------------------------------------------------------------------------
// Hostile files
// ---------------------------------------------------------------------------------------------

static void check_has(const std::string& message, std::initializer_list<const char*> words) {
    for (const char* w : words) CHECK_MESSAGE(message.find(w) != std::string::npos, "'", w, "' not in: ", message);
}

TEST_CASE("safetensors: unreadable files name the path and the reason") {
    TempDir dir;
    auto missing = SafeTensorsFile::open(dir.file("nothing.safetensors"));
    REQUIRE_FALSE(missing.ok());
    check_has(missing.error(), {"nothing.safetensors", "No such file"});

    auto folder = SafeTensorsFile::open(dir.path.string());
    REQUIRE_FALSE(folder.ok());
    check_has(folder.error(), {"folder"});

    write_bytes(dir.file("empty.safetensors"), "");
    auto empty = SafeTensorsFile::open(dir.file("empty.safetensors"));
    REQUIRE_FALSE(empty.ok());
    check_has(empty.error(), {"empty.safetensors", "empty"});

    check_has(open_error(dir, "abc"), {"bad.safetensors", "3 bytes", "8"});
}

TEST_CASE("safetensors: header length 0, beyond the file, or absurdly large") {
    TempDir dir;
    check_has(open_error(dir, u64_le(0) + "{}"), {"bad.safetensors", "header length is 0"});
    check_has(open_error(dir, u64_le(1000) + "{\"a\":1}"), {"1000", "only 7 bytes"});
    check_has(open_error(dir, u64_le(std::numeric_limits<std::uint64_t>::max()) + "{}"), {"18446744073709551615"});

    // A sparse file just over 100 MB: the length fits the file, but no real header is that big.
    const std::string path = dir.file("huge.safetensors");
    write_bytes(path, u64_le(100ull * 1024 * 1024 + 1));
    fs::resize_file(path, 100ull * 1024 * 1024 + 64);
    auto st = SafeTensorsFile::open(path);
    REQUIRE_FALSE(st.ok());
    check_has(st.error(), {"huge.safetensors", "104857601", "not a real model header"});
}

TEST_CASE("safetensors: a header that is not a JSON object is refused") {
    TempDir dir;
    check_has(open_error(dir, raw_file("hello", "")), {"bad.safetensors", "not valid JSON"});
    check_has(open_error(dir, raw_file("[1, 2]", "")), {"bad.safetensors", "not a JSON object"});
    check_has(open_error(dir, raw_file(R"({"w": {"dtype": "F32", "shape": [2)", "")), {"not valid JSON"});
    check_has(open_error(dir, raw_file("{\"w\xff\": 1}", "")), {"not valid JSON"});   // not UTF-8
    check_has(open_error(dir, raw_file(std::string("{\"w\"\0: 1}", 9), "")), {"not valid JSON"});
    check_has(open_error(dir, raw_file("{} {}", "")), {"not valid JSON"});             // trailing garbage
    check_has(open_error(dir, raw_file(R"({"w": [[[[[[1]]]]]]})", "")), {"deeper"});
}

TEST_CASE("safetensors: a header at the entry limit opens; one more entry is refused, naming the limit") {
    TempDir dir;
    auto header_with = [](std::size_t entries) {
        std::string h = "{";
        for (std::size_t i = 0; i < entries; ++i)
            h += (i ? "," : "") + std::string("\"t") + std::to_string(i) +
                 "\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]}";
        return h + "}";
    };
    const std::string path = dir.file("limit.safetensors");
    write_bytes(path, raw_file(header_with(attn::limits::kMaxHeaderEntries), ""));
    auto st = SafeTensorsFile::open(path);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    CHECK(st->tensors().size() == attn::limits::kMaxHeaderEntries);
    CHECK(st->tensors().back().name == "t" + std::to_string(attn::limits::kMaxHeaderEntries - 1));  // file order
    check_has(open_error(dir, raw_file(header_with(attn::limits::kMaxHeaderEntries + 1), "")),
              {"bad.safetensors", "more than 16384 entries"});
}

TEST_CASE("safetensors: entries with missing or mistyped fields are refused by name") {
    TempDir dir;
    check_has(open_error(dir, one_entry("5")), {"'w'", "bad.safetensors", "not an object"});
    check_has(open_error(dir, one_entry(R"({"shape":[2],"data_offsets":[0,8]})")), {"'w'", "no dtype"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","data_offsets":[0,8]})")), {"'w'", "no shape"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[2]})")), {"'w'", "no data_offsets"});
    check_has(open_error(dir, one_entry(R"({"dtype":7,"shape":[2],"data_offsets":[0,8]})")), {"'w'", "dtype"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":"2","data_offsets":[0,8]})")), {"'w'", "shape"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[2],"data_offsets":[0]})")), {"'w'", "pair"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[2],"data_offsets":[-1,8]})")), {"'w'", "-1"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[2.5],"data_offsets":[0,8]})")),
              {"'w'", "2.5", "whole numbers"});
    check_has(open_error(dir, one_entry(R"({"dtype":"Q4","shape":[2],"data_offsets":[0,8]})")),
              {"'w'", "unknown dtype 'Q4'", "F32"});
}

TEST_CASE("safetensors: offsets out of range, reversed, or not matching dtype x shape") {
    TempDir dir;
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[4],"data_offsets":[0,16]})")),
              {"'w'", "[0, 16]", "only 8 bytes"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[0],"data_offsets":[8,0]})")),
              {"'w'", "begin 8 is after end 0"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[3],"data_offsets":[0,8]})")),
              {"'w'", "8 bytes", "F32", "[3]", "3 x 4"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F16","shape":[2,2],"data_offsets":[0,4]})")),
              {"'w'", "4 bytes", "F16", "[2, 2]"});
}

TEST_CASE("safetensors: truncated data is caught at open") {
    TempDir dir;
    std::string good = build_file({{"a", "F32", {4}, std::string(16, '\1')}, {"b", "F32", {4}, std::string(16, '\2')}});
    check_has(open_error(dir, good.substr(0, good.size() - 3)), {"'b'", "[16, 32]", "only 29 bytes", "truncated"});
}

TEST_CASE("safetensors: negative and overflowing dimensions") {
    TempDir dir;
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[2,-3],"data_offsets":[0,8]})")),
              {"'w'", "negative size -3", "dimension 1"});
    // 2^32 x 2^32 elements: the product overflows 64 bits, and must not wrap to a small number.
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,0]})")),
              {"'w'", "[4294967296, 4294967296]", "does not fit in 64 bits"});
    // 2^62 x 4 bytes also overflows, in the byte count rather than the element count.
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[4611686018427387904],"data_offsets":[0,0]})")),
              {"'w'", "4611686018427387904"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[18446744073709551615],"data_offsets":[0,8]})")),
              {"'w'", "18446744073709551615", "beyond 64-bit range"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","shape":[1e30],"data_offsets":[0,8]})")), {"'w'", "whole numbers"});
}

TEST_CASE("safetensors: overlapping tensors are refused, naming both") {
    TempDir dir;
    const std::string header = R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                               R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})";
    check_has(open_error(dir, raw_file(header, std::string(12, '\0'))), {"'a'", "'b'", "overlap", "0..8", "4..12"});
    // Containment, found although a third tensor sits in between in sorted order.
    const std::string nested = R"({"outer":{"dtype":"F32","shape":[4],"data_offsets":[0,16]},)"
                               R"("x":{"dtype":"F32","shape":[1],"data_offsets":[4,8]},)"
                               R"("y":{"dtype":"F32","shape":[1],"data_offsets":[12,16]}})";
    check_has(open_error(dir, raw_file(nested, std::string(16, '\0'))), {"'outer'", "overlap"});
    // The same span twice.
    const std::string same = R"({"p":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                             R"("q":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
    check_has(open_error(dir, raw_file(same, std::string(8, '\0'))), {"'p'", "'q'", "overlap"});
}

TEST_CASE("safetensors: duplicate names are refused, not silently resolved") {
    TempDir dir;
    const std::string header = R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                               R"("w":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})";
    check_has(open_error(dir, raw_file(header, std::string(8, '\0'))), {"'w'", "twice", "bad.safetensors"});
    check_has(open_error(dir, one_entry(R"({"dtype":"F32","dtype":"F16","shape":[2],"data_offsets":[0,8]})")),
              {"'w'", "'dtype'", "twice"});
    // A hostile name is shortened in the message, not copied whole.
    const std::string long_name(5000, 'n');
    const std::string long_header = "{\"" + long_name + "\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},\"" +
                                    long_name + "\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}";
    const std::string long_error = open_error(dir, raw_file(long_header, std::string(8, '\0')));
    check_has(long_error, {"twice", "nnn..."});
    CHECK(long_error.size() < 200);
    // The same key inside two different entries is fine.
    const std::string ok = R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                           R"("b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})";
    write_bytes(dir.file("ok.safetensors"), raw_file(ok, std::string(8, '\0')));
    CHECK(SafeTensorsFile::open(dir.file("ok.safetensors")).ok());
}

TEST_CASE("safetensors: __metadata__ must be an object of strings") {
    TempDir dir;
    check_has(open_error(dir, raw_file(R"({"__metadata__":[1]})", "")), {"__metadata__", "not an object"});
    check_has(open_error(dir, raw_file(R"({"__metadata__":{"epoch":3}})", "")), {"__metadata__", "'epoch'", "strings"});
    check_has(open_error(dir, raw_file(R"({"__metadata__":{"a":"x","a":"y"}})", "")), {"'a'", "twice"});
}

// ---------------------------------------------------------------------------------------------
// Robustness: mutated files never crash
// ---------------------------------------------------------------------------------------------

TEST_CASE("safetensors: thousands of mutated and truncated files open or fail cleanly, never crash") {
    TempDir dir;
    const std::string valid = build_file(
        {{"pad", "U8", {3}, "abc"},
         {"w", "F32", {2, 3}, bytes_of(std::vector<float>{1, 2, 3, 4, 5, 6})},
         {"h", "F16", {4}, bytes_of(std::vector<std::uint16_t>{0x3c00, 0x0001, 0x7bff, 0x8001})},
         {"b", "BF16", {2, 2}, bytes_of(std::vector<std::uint16_t>{0x3f80, 0x0001, 0x7f7f, 0x8001})},
         {"ids", "I64", {2}, bytes_of(std::vector<std::int64_t>{7, 8})}},
        R"({"format":"pt"})");
    const std::size_t header_end = valid.size() - (3 + 24 + 8 + 8 + 16);  // minus the data section
    const std::string path = dir.file("fuzz.safetensors");

    std::mt19937 rng(20240607u);  // fixed seed: the same files on every run
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
    const char interesting[] = {'0', '9', '-', '"', '{', '}', '[', ']', ',', ':', 'e', '.', '\0', '\xff', ' '};

    int opened = 0, refused = 0, floats_read = 0;
    for (int iter = 0; iter < 3000; ++iter) {
        std::string bytes = valid;
        const int kind = static_cast<int>(pick(10));
        if (kind == 0) {
            bytes.resize(pick(bytes.size()));  // truncate anywhere
        } else if (kind == 1) {
            bytes[pick(8)] = static_cast<char>(pick(256));  // the header length
        } else {
            const int edits = 1 + static_cast<int>(pick(3));
            for (int e = 0; e < edits; ++e) {
                // Mostly inside the JSON header, where the checks are; sometimes in the data.
                std::size_t pos = pick(10) < 8 ? 8 + pick(header_end - 8) : pick(bytes.size());
                bytes[pos] = pick(2) ? interesting[pick(sizeof interesting)] : static_cast<char>(pick(256));
            }
        }
        fs::remove(path);  // a fresh file, not a truncated one: ext4 flushes truncate-and-rewrite to disk
        write_bytes(path, bytes);
        auto st = SafeTensorsFile::open(path);
        if (!st.ok()) {
            ++refused;
            CHECK_FALSE(st.error().empty());
            continue;
        }
        ++opened;
        for (const TensorInfo& t : st->tensors()) {
            // What open() promises, checked on every file it accepted.
            REQUIRE(t.begin <= t.end);
            REQUIRE(t.end <= bytes.size());
            if (t.dtype != DType::Other)
                REQUIRE(t.end - t.begin == static_cast<std::uint64_t>(t.numel()) * dtype_size(t.dtype));
            if (t.shape.size() == 2 && t.shape[0] < 1000 && t.shape[1] < 1000) {
                auto m = st->read_matrix(t.name, static_cast<int>(t.shape[0]), static_cast<int>(t.shape[1]));
                if (m.ok()) ++floats_read;
            } else if (t.shape.size() == 1 && t.shape[0] < 1000) {
                auto v = st->read_vector(t.name, static_cast<int>(t.shape[0]));
                if (v.ok()) ++floats_read;
            }
        }
    }
    INFO("mutated files: ", opened, " opened, ", refused, " refused, ", floats_read, " float tensors read");
    CHECK(opened > 30);    // edits in data, padding or metadata text leave files valid
    CHECK(refused > 1000); // and most edits in the header are caught
    CHECK(floats_read > 100);
}
