// test_image_decode.cpp — PNG and JPEG decoding against Debian's PIL: every flavour of
// fixtures/decode (pixels equal; JPEG within ±1 would be allowed, the same libjpeg-turbo gives 0),
// EXIF orientations, broken files and their messages, read_image_file's file errors (a named pipe
// included).
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <sstream>

#include "core/base/limits.h"
#include "core/image/decode_internal.h"
#include "core/image/image.h"
#include "tests/image/image_fixtures.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::image;
using attn::test::case_lines;
using attn::test::image_fixture;
using attn::test::read_bytes;

namespace {

int max_abs_diff(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    int m = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        m = std::max(m, std::abs(int(a[i]) - int(b[i])));
    return m;
}

}  // namespace

TEST_CASE("every PNG and JPEG flavour decodes to PIL's pixels") {
    const auto cases = case_lines(image_fixture("decode/decode_cases.txt"));
    REQUIRE(cases.size() >= 20);
    int worst = 0;
    for (const std::string& line : cases) {
        std::istringstream in(line);
        std::string name;
        int w = 0, h = 0;
        in >> name >> w >> h;
        INFO(name);
        auto img = read_image_file(image_fixture("decode/" + name));
        REQUIRE_MESSAGE(img.ok(), img.status().message());
        CHECK(img->width == w);
        CHECK(img->height == h);
        const auto expected = read_bytes(image_fixture("decode/" + name + ".rgb"));
        REQUIRE(img->rgb.size() == expected.size());
        const int diff = max_abs_diff(img->rgb, expected);
        worst = std::max(worst, diff);
        CHECK(diff == 0);
    }
    MESSAGE("decoded " << cases.size() << " fixtures; max |difference| from PIL: " << worst << " levels");
}

TEST_CASE("EXIF orientations turn the photo upright and swap width and height for 5..8") {
    auto upright = read_image_file(image_fixture("decode/exif_orientation1.jpg"));
    REQUIRE(upright.ok());
    for (int o = 5; o <= 8; ++o) {
        auto img = read_image_file(image_fixture("decode/exif_orientation" + std::to_string(o) + ".jpg"));
        REQUIRE(img.ok());
        CHECK(img->width == upright->height);
        CHECK(img->height == upright->width);
    }
}

TEST_CASE("the EXIF reader survives hostile segments") {
    using detail::exif_orientation;
    // "Exif\0\0" + big-endian TIFF with one IFD entry: orientation (0x0112), SHORT, 1, value 6
    std::vector<std::uint8_t> good = {'E',  'x',  'i', 'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
                                      0x01, 0x12, 0,   3,   0, 0, 0,   1,   0, 6,  0, 0, 0, 0, 0, 0};
    CHECK(exif_orientation(good.data(), good.size()) == 6);
    for (std::size_t n = 0; n < good.size() - 6; ++n)
        CHECK(exif_orientation(good.data(), n) == 1);  // every cut
    auto bad = good;
    bad[13] = 0xF0;  // IFD offset beyond the segment
    CHECK(exif_orientation(bad.data(), bad.size()) == 1);
    bad = good;
    bad[15] = 0xFF;                                        // 255 entries announced, one present
    CHECK(exif_orientation(bad.data(), bad.size()) == 6);  // found before running off the end
    bad[17] = 0x13;  // not the orientation tag: the scan runs off the end safely
    CHECK(exif_orientation(bad.data(), bad.size()) == 1);
    bad = good;
    bad[25] = 9;  // out of range
    CHECK(exif_orientation(bad.data(), bad.size()) == 1);
    bad = good;
    bad[6] = bad[7] = 'I';  // little-endian now: 42 reads as 0x2A00
    CHECK(exif_orientation(bad.data(), bad.size()) == 1);
    CHECK(exif_orientation(nullptr, 0) == 1);
}

TEST_CASE("broken files give their one-line message") {
    const auto cases = case_lines(image_fixture("broken/broken_cases.txt"));
    REQUIRE(cases.size() >= 10);
    for (const std::string& line : cases) {
        const auto bar = line.find('|');
        REQUIRE(bar != std::string::npos);
        const std::string name = line.substr(0, bar), text = line.substr(bar + 1);
        INFO(name);
        auto img = read_image_file(image_fixture("broken/" + name));
        REQUIRE_FALSE(img.ok());
        INFO(img.error());
        CHECK(img.error().find(text) != std::string::npos);
        CHECK(img.error().find('\n') == std::string::npos);
        CHECK(img.error().find(name) != std::string::npos);  // names the file
    }
}

TEST_CASE("decode_image refuses what it is given directly") {
    const auto png = read_bytes(image_fixture("decode/rgb8.png"));
    CHECK(decode_image(nullptr, 0, "x.png").error() == "'x.png' is empty (0 bytes).");
    auto big =
        decode_image(png.data(), limits::kMaxImageFileBytes + 1, "big.png");  // never read: refused by size
    REQUIRE_FALSE(big.ok());
    CHECK(big.error() == "'big.png' is 65 MiB; AttnLab reads images of at most 64 MiB.");
    // Every prefix of a valid file is refused cleanly (never a crash, never a half image).
    for (std::size_t n = 1; n < png.size(); n += 7) {
        auto r = decode_image(png.data(), n, "cut.png");
        if (r.ok()) continue;  // only the trailing chunks (IEND) missing
        CHECK(!r.error().empty());
    }
    const auto jpg = read_bytes(image_fixture("decode/progressive.jpg"));
    for (std::size_t n = 1; n + 2 < jpg.size(); n += 11)
        CHECK_FALSE(decode_image(jpg.data(), n, "cut.jpg").ok());
    auto name = decode_image(reinterpret_cast<const std::uint8_t*>("BM\x01"), 3, "bad\x1b[31mname.bmp");
    REQUIRE_FALSE(name.ok());
    CHECK(name.error().find('\x1b') == std::string::npos);  // control characters escaped
}

TEST_CASE("read_image_file: missing, folder, empty") {
    attn::test::TempDir dir("attnlab-image");
    auto missing = read_image_file((dir.path / "nope.png").string());
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().rfind("Cannot open '", 0) == 0);
    CHECK(missing.error().find("No such file or directory") != std::string::npos);
    auto folder = read_image_file(dir.path.string());
    REQUIRE_FALSE(folder.ok());
    CHECK(folder.error().find("is a folder, not a file.") != std::string::npos);
    std::ofstream((dir.path / "empty.jpg").string()).close();
    auto empty = read_image_file((dir.path / "empty.jpg").string());
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.error().find("is empty (0 bytes).") != std::string::npos);
}

TEST_CASE("read_image_file: a named pipe is refused before it is opened (no wait for a writer)") {
    attn::test::TempDir dir("attnlab-image");
    const std::string fifo = (dir.path / "photo.png").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto reading = std::async(std::launch::async, [&] { return read_image_file(fifo); });
    const bool finished = reading.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
    CHECK_MESSAGE(finished, "read_image_file waited on a named pipe");
    if (!finished) {  // let the blocked open go: a writer comes and leaves
        const int w = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        if (w >= 0) ::close(w);
    }
    auto r = reading.get();
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "'" + fifo + "' is not a regular file.");
}
