#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include <stb_image.h>

#include "app/shell/image_io.h"

using namespace attn::app;
namespace fs = std::filesystem;

TEST_CASE("flip_rows reverses row order") {
    std::vector<std::uint8_t> px = {1, 2, 3, 4, 5, 6};  // 3 rows of 1 pixel, 2 channels
    flip_rows(px, 1, 3, 2);
    CHECK(px == std::vector<std::uint8_t>{5, 6, 3, 4, 1, 2});
    std::vector<std::uint8_t> even = {1, 2, 3, 4};  // 2 rows of 2 grey pixels
    flip_rows(even, 2, 2, 1);
    CHECK(even == std::vector<std::uint8_t>{3, 4, 1, 2});
}

TEST_CASE("write_png round trip and errors") {
    const fs::path dir = fs::temp_directory_path() / "attnlab_png_test";
    fs::create_directories(dir);
    const std::string path = (dir / "t.png").string();
    std::vector<std::uint8_t> px(4 * 3 * 4);
    for (size_t k = 0; k < px.size(); ++k) px[k] = std::uint8_t(k * 5);
    REQUIRE(write_png(path, px, 4, 3, 4).ok());
    int w = 0, h = 0, n = 0;
    unsigned char* back = stbi_load(path.c_str(), &w, &h, &n, 4);
    REQUIRE(back != nullptr);
    CHECK(w == 4);
    CHECK(h == 3);
    CHECK(std::equal(px.begin(), px.end(), back));
    stbi_image_free(back);

    CHECK(check_writable(path).ok());
    CHECK(check_writable((dir / "new.png").string()).ok());
    const attn::Status no_dir = check_writable((dir / "missing" / "x.png").string());
    CHECK(!no_dir.ok());
    CHECK(no_dir.message().find("does not exist") != std::string::npos);
    CHECK(!check_writable(dir.string()).ok());  // a directory
    CHECK(!write_png((dir / "missing" / "x.png").string(), px, 4, 3, 4).ok());
    fs::remove_all(dir);
}
