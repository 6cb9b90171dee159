#include <doctest/doctest.h>

#include "app/widgets/text_fit.h"

using namespace attn::app;

// 10 px per code point (UTF-8 lead bytes), like a monospaced font.
static float width10(std::string_view s) {
    float w = 0.0f;
    for (unsigned char c : s) {
        if ((c & 0xC0) != 0x80) w += 10.0f;
    }
    return w;
}

TEST_CASE("elide_to_width keeps what fits and cuts between code points") {
    CHECK(elide_to_width("arrow", 50.0f, width10) == "arrow");
    CHECK(elide_to_width("arrow", 40.0f, width10) == "arr…");
    CHECK(elide_to_width("arrow", 10.0f, width10) == "…");
    CHECK(elide_to_width("arrow", 0.0f, width10) == "…");
    CHECK(elide_to_width("그의집은크다", 60.0f, width10) == "그의집은크다");
    CHECK(elide_to_width("그의집은크다", 40.0f, width10) == "그의집…");
    CHECK(elide_to_width("", 0.0f, width10).empty());
}
