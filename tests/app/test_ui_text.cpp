#include <doctest/doctest.h>

#include <string>

#include "app/i18n/ui_text.h"

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

TEST_CASE("language names") {
    Lang l;
    CHECK(parse_lang("ko", &l));
    CHECK(l == Lang::Ko);
    CHECK(parse_lang("en", &l));
    CHECK(l == Lang::En);
    CHECK(!parse_lang("kr", &l));
    CHECK(std::string(lang_name(Lang::Ko)) == "ko");
}
