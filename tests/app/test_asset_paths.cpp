#include <doctest/doctest.h>

#include <fstream>

#include "core/base/asset_paths.h"

using namespace attn;
namespace fs = std::filesystem;

TEST_CASE("asset directory candidates: env, next to the binary, install prefix, source tree") {
    const auto c = asset_dir_candidates("/opt/x/bin/attnlab", "/env/assets", "/src/assets");
    REQUIRE(c.size() == 4);
    CHECK(c[0] == fs::path("/env/assets"));
    CHECK(c[1] == fs::path("/opt/x/bin/assets"));
    CHECK(c[2] == fs::path("/opt/x/share/attnlab"));
    CHECK(c[3] == fs::path("/src/assets"));
    CHECK(asset_dir_candidates("/opt/x/bin/attnlab", "", "").size() == 2);  // empty env ignored
    CHECK(asset_dir_candidates("", nullptr, "").empty());
}

TEST_CASE("find_asset_dir picks the first candidate holding the marker") {
    const fs::path root = fs::temp_directory_path() / "attnlab_assets_test";
    fs::remove_all(root);
    fs::create_directories(root / "bin");
    fs::create_directories(root / "share" / "attnlab");
    std::ofstream(root / "share" / "attnlab" / kAssetMarker) << "x\n";
    const auto candidates = asset_dir_candidates(root / "bin" / "attnlab", nullptr, "/nonexistent");
    CHECK(find_asset_dir(candidates) == (root / "share" / "attnlab").lexically_normal());
    fs::create_directories(root / "bin" / "assets");
    std::ofstream(root / "bin" / "assets" / kAssetMarker) << "x\n";
    CHECK(find_asset_dir(candidates) == root / "bin" / "assets");
    CHECK(find_asset_dir({"/nonexistent"}).empty());
    fs::remove_all(root);
}

TEST_CASE("the source tree's assets are found from a build directory") {
    CHECK(find_asset_dir({fs::path(ATTNLAB_ASSET_DIR)}) == fs::path(ATTNLAB_ASSET_DIR));
    CHECK(fs::is_regular_file(fs::path(ATTNLAB_ASSET_DIR) / "fonts" / "NanumGothic.ttf"));
    CHECK(fs::is_regular_file(fs::path(ATTNLAB_ASSET_DIR) / "fonts" / "OFL-NanumGothic.txt"));
}
