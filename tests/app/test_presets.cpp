#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "app/state/presets.h"

using namespace attn::app;
namespace fs = std::filesystem;

TEST_CASE("presets: comments, blank lines, spaces, CRLF and BOM") {
    const auto p = parse_presets(
        "\xEF\xBB\xBF# comment\n"
        "Time flies like an arrow\r\n"
        "\n"
        "   \t\n"
        "  # indented comment\n"
        "  그는 집에 갔다.  \r\n"
        "a # not a comment in the middle\n"
        "last line without newline");
    REQUIRE(p.size() == 4);
    CHECK(p[0] == "Time flies like an arrow");
    CHECK(p[1] == "그는 집에 갔다.");
    CHECK(p[2] == "a # not a comment in the middle");
    CHECK(p[3] == "last line without newline");
    CHECK(parse_presets("").empty());
    CHECK(parse_presets("# only\n#comments\n").empty());
}

TEST_CASE("presets: a missing or empty file falls back to the built-in list") {
    const fs::path dir = fs::temp_directory_path() / "attnlab_presets_test";
    fs::create_directories(dir);
    PresetList missing = load_presets(dir / "does_not_exist.txt");
    CHECK(!missing.error.empty());
    CHECK(missing.sentences == builtin_presets());

    const fs::path empty = dir / "empty.txt";
    std::ofstream(empty) << "# nothing here\n";
    PresetList e = load_presets(empty);
    CHECK(e.error.find("no sentences") != std::string::npos);
    CHECK(e.sentences == builtin_presets());

    const fs::path one = dir / "one.txt";
    std::ofstream(one) << "Hello world\n";
    PresetList o = load_presets(one);
    CHECK(o.error.empty());
    REQUIRE(o.sentences.size() == 1);
    CHECK(o.sentences[0] == "Hello world");
    fs::remove_all(dir);
}

TEST_CASE("presets: the shipped file has the English and Korean examples") {
    PresetList shipped = load_presets(fs::path(ATTNLAB_ASSET_DIR) / "presets.txt");
    CHECK(shipped.error.empty());
    auto has = [&](const char* s) {
        for (const auto& x : shipped.sentences) {
            if (x == s) return true;
        }
        return false;
    };
    CHECK(has("Time flies like an arrow"));
    CHECK(has("Fruit flies like a banana"));
    CHECK(has("The cat sat on the mat"));
    CHECK(has("그는 집에 갔다. 그의 집은 크다."));
    for (const auto& s : shipped.sentences) CHECK(s.front() != '#');
}
