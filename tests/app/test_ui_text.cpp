#include <doctest/doctest.h>

#include <cstddef>
#include <string>

#include "app/i18n/ui_text.h"
#include "app/i18n/ui_text_table.h"
#include "app/i18n/core_messages.h"
#include "app/i18n/core_messages_table.h"

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

TEST_CASE("every string has its English and its Korean, with matching format arguments") {
    REQUIRE(lang_problem(Lang::Ko) == std::string());  // the build tree's po/ko.po, compiled
    for (int id = 0; id < int(Txt::Count); ++id) {
        CAPTURE(id);
        const char* en = tr(Lang::En, Txt(id));
        const char* ko = tr(Lang::Ko, Txt(id));
        REQUIRE(en != nullptr);
        REQUIRE(ko != nullptr);
        CHECK(en[0] != '\0');
        CHECK(ko[0] != '\0');
        CHECK(ko != en);  // found in the catalogue (an untranslated message is the English itself)
        CHECK(conversions(en) == conversions(ko));
    }
    CHECK(conversions("%d × %d · %.1f ms") == "ddf");
    CHECK(std::string(tr(Lang::Ko, Txt::ControlsTitle)) == "설정");
    // The same English, two translations: the context (NC_) keeps them apart.
    CHECK(std::string(tr(Lang::En, Txt::VarPause)) == tr(Lang::En, Txt::TrainPause));
    CHECK(std::string(tr(Lang::Ko, Txt::VarPause)) == "일시정지");
    CHECK(std::string(tr(Lang::Ko, Txt::TrainPause)) == "일시 정지");
}

TEST_CASE("every Txt has exactly one entry in the areas of the table") {
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
            CHECK(e.en[0] != '\0');
            CHECK(tr(Lang::En, e.id) == e.en);  // tr() returns this very entry
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
    CHECK(!parse_lang("", &l));
    CHECK(std::string(lang_name(Lang::Ko)) == "ko");
    CHECK(std::string(lang_display_name(Lang::En)) == "English");
    CHECK(std::string(lang_display_name(Lang::Ko)) == "한국어");
    CHECK(std::string(lang_catalogue_path(Lang::Ko)).find("ko/LC_MESSAGES/attnlab.mo") != std::string::npos);
    CHECK(std::string(lang_name(Lang(99))) == "en");  // out of range: English, never a crash
    CHECK(tr(Lang(99), Txt::ControlsTitle) == tr(Lang::En, Txt::ControlsTitle));
}

// tests/i18n/de.po, compiled by the build into tests/locale and found through ATTNLAB_LOCALE_DIR
// (app_test_main.cpp): a third language is one file, and no code knows its name.
TEST_CASE("a third language from one .po file: listed, named in itself, English where it has no translation") {
    Lang de;
    REQUIRE(parse_lang("de", &de));
    CHECK(int(de) >= 2);
    CHECK(lang_count() >= 3);
    CHECK(lang_codes().find("de") != std::string::npos);
    CHECK(std::string(lang_display_name(de)) == "Deutsch");
    CHECK(std::string(lang_problem(de)).empty());
    CHECK(std::string(tr(de, Txt::ControlsTitle)) == "Einstellungen");
    CHECK(std::string(tr(de, Txt::Language)) == "Sprache");
    CHECK(tr(de, Txt::ScaleTip) == tr(Lang::En, Txt::ScaleTip));  // untranslated: the English
    CHECK(std::string(translate(de, "a Fashion-MNIST class", "Dress")) == "Kleid");
    CHECK(std::string(translate(Lang::Ko, "a Fashion-MNIST class", "Dress")) == "원피스");
    CHECK(std::string(translate(de, nullptr, "not a message")) == "not a message");
}

TEST_CASE("a third language's catalogue translates the core's message patterns too") {
    Lang de;
    REQUIRE(parse_lang("de", &de));
    CHECK(localize_core_message("vocab.txt: the vocabulary is empty.", de) == "vocab.txt: das Vokabular ist leer.");
    CHECK(localize_core_message("The text is empty. Type a sentence.", de) == "The text is empty. Type a sentence.");
    CHECK(check_core_message_table().empty());
}

TEST_CASE("every core message pattern has its Korean") {
    int untranslated = 0;
    for (const char* p : attn::app::core_message_patterns()) {
        if (translate(Lang::Ko, nullptr, p) == p) {
            ++untranslated;
            MESSAGE("no Korean for: " << p);
        }
    }
    CHECK(untranslated == 0);
}
