#include <doctest/doctest.h>

#include <cstddef>
#include <string>

#include "app/i18n/ui_text.h"
#include "app/i18n/ui_text_table.h"

using namespace attn::app;

// The printf conversions of a format string in order ("%d", "%.1f", ...): translations must
// take the same arguments in the same order.
static std::string conversions(const char* s) {
    std::string out;
    for (const char* p = s; *p; ++p) {
        if (*p != '%') continue;
        ++p;
        if (*p == '%') continue;
        while (*p && std::string("0123456789.-+ *").find(*p) != std::string::npos) ++p;
        out += *p;
        if (!*p) break;
    }
    return out;
}

TEST_CASE("every string exists in both languages with matching format arguments") {
    for (int id = 0; id < int(Txt::Count); ++id) {
        CAPTURE(id);
        const char* en = tr(Lang::En, Txt(id));
        const char* ko = tr(Lang::Ko, Txt(id));
        REQUIRE(en != nullptr);
        REQUIRE(ko != nullptr);
        CHECK(en[0] != '\0');
        CHECK(ko[0] != '\0');
        CHECK(conversions(en) == conversions(ko));
    }
    CHECK(conversions("%d × %d · %.1f ms") == "ddf");
}

TEST_CASE("every Txt has exactly one entry in the areas of the table, in both languages") {
    using namespace attn::app::ui_text_parts;
    int seen[int(Txt::Count)] = {};
    const char* area_of[int(Txt::Count)] = {};
    const Area* areas = all_areas();
    for (int a = 0; a < kAreaCount; ++a) {
        const std::string area = areas[a].name;
        CAPTURE(area);
        REQUIRE(areas[a].entries != nullptr);
        CHECK(areas[a].count > 0);
        for (std::size_t i = 0; i < areas[a].count; ++i) {
            const Entry& e = areas[a].entries[i];
            const int id = int(e.id);
            CAPTURE(id);
            REQUIRE(id >= 0);
            REQUIRE(id < int(Txt::Count));
            if (seen[id] > 0) FAIL_CHECK("Txt " << id << " is also in area " << std::string(area_of[id]));
            ++seen[id];
            area_of[id] = areas[a].name;
            REQUIRE(e.en != nullptr);
            REQUIRE(e.ko != nullptr);
            CHECK(e.en[0] != '\0');
            CHECK(e.ko[0] != '\0');
            // tr() returns this very entry.
            CHECK(tr(Lang::En, e.id) == e.en);
            CHECK(tr(Lang::Ko, e.id) == e.ko);
        }
    }
    for (int id = 0; id < int(Txt::Count); ++id) {
        CAPTURE(id);
        CHECK(seen[id] == 1);
    }
}

TEST_CASE("language names") {
    Lang l;
    CHECK(parse_lang("ko", &l));
    CHECK(l == Lang::Ko);
    CHECK(parse_lang("en", &l));
    CHECK(l == Lang::En);
    CHECK(!parse_lang("kr", &l));
    CHECK(std::string(lang_name(Lang::Ko)) == "ko");
}
