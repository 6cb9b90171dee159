// Translation catalogues (core/i18n/mo_file.h): .mo files written here byte by byte from the
// format's description, in both byte orders, then the real po/ko.po as msgfmt compiled it; and
// every damaged form refused with a message that says what is wrong.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/i18n/languages.h"
#include "core/i18n/mo_file.h"

using attn::i18n::Catalogue;
using attn::i18n::parse_mo;

namespace {

// A .mo of the given (original, translation) pairs, originals sorted as msgfmt sorts them.
std::vector<std::uint8_t> make_mo(std::vector<std::pair<std::string, std::string>> pairs, bool big_endian = false) {
    std::sort(pairs.begin(), pairs.end());
    std::vector<std::uint8_t> out;
    auto word = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(big_endian ? v >> (24 - 8 * i) : v >> (8 * i)));
    };
    const std::uint32_t n = std::uint32_t(pairs.size());
    const std::uint32_t originals = 28, translations = originals + 8 * n, strings = translations + 8 * n;
    word(0x950412de);
    word(0);
    word(n);
    word(originals);
    word(translations);
    word(0);
    word(0);
    std::vector<std::uint8_t> blob;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> orig_at, trans_at;
    for (const auto& p : pairs) {
        orig_at.push_back({std::uint32_t(p.first.size()), strings + std::uint32_t(blob.size())});
        blob.insert(blob.end(), p.first.begin(), p.first.end());
        blob.push_back(0);
    }
    for (const auto& p : pairs) {
        trans_at.push_back({std::uint32_t(p.second.size()), strings + std::uint32_t(blob.size())});
        blob.insert(blob.end(), p.second.begin(), p.second.end());
        blob.push_back(0);
    }
    for (auto [len, off] : orig_at) word(len), word(off);
    for (auto [len, off] : trans_at) word(len), word(off);
    out.insert(out.end(), blob.begin(), blob.end());
    return out;
}

const std::string kHeader = "Content-Type: text/plain; charset=UTF-8\nLanguage: ko\n";

}  // namespace

TEST_CASE("a catalogue answers its messages, with and without a context, in either byte order") {
    for (bool big : {false, true}) {
        CAPTURE(big);
        auto c = parse_mo(make_mo({{"", kHeader},
                                   {"Controls", "설정"},
                                   {"Pause", "일시정지"},
                                   {std::string("a training run\x04Pause"), "일시 정지"},
                                   {std::string("%d file") + '\0' + "%d files", std::string("파일 %d개") + '\0' + "파일 %d개"}},
                                  big),
                          "t.mo");
        CAPTURE(c.status().message());
        REQUIRE(c.ok());
        CHECK(c->size() == 4);
        CHECK(c->language() == "ko");
        CHECK(std::string(c->find("Controls")) == "설정");
        CHECK(std::string(c->find("Pause")) == "일시정지");
        CHECK(std::string(c->find("a training run", "Pause")) == "일시 정지");
        CHECK(c->find("another context", "Pause") == nullptr);
        CHECK(c->find("Missing") == nullptr);
        CHECK(c->find("") == nullptr);  // the header is not a message
        CHECK(std::string(c->find("%d file")) == "파일 %d개");  // a plural message, by its singular
        // The index survives a move (it points into the moved bytes).
        const Catalogue moved = std::move(c.value());
        CHECK(std::string(moved.find("Controls")) == "설정");
    }
}

TEST_CASE("damaged catalogues are refused with a message saying what is wrong") {
    const std::vector<std::uint8_t> good = make_mo({{"", kHeader}, {"Controls", "설정"}});
    auto refused = [](std::vector<std::uint8_t> bytes, const char* what) {
        auto c = parse_mo(std::move(bytes), "broken.mo");
        REQUIRE(!c.ok());
        CAPTURE(c.error());
        CHECK(c.error().find("'broken.mo' is not a usable translation catalogue (.mo)") == 0);
        CHECK(c.error().find(what) != std::string::npos);
    };
    refused({}, "shorter than a catalogue's header");
    refused(std::vector<std::uint8_t>(good.begin(), good.begin() + 20), "shorter than");
    auto bad_magic = good;
    bad_magic[0] ^= 0xff;
    refused(bad_magic, "not the .mo signature");
    auto newer = good;
    newer[6] = 2;  // revision 2.0
    refused(newer, "revision 2");
    auto many = good;
    many[11] = 0x7f;  // N = 2^30 and more
    refused(many, "more messages than it has room for");
    auto tables = good;
    tables[12] = 0xf0;  // the originals' table far past the end
    refused(tables, "tables run past the end");
    auto cut = good;
    cut.resize(cut.size() - 3);  // the last translation's NUL and bytes gone
    refused(cut, "points outside the file");
    refused(make_mo({{"", kHeader}, {"Controls", "\xff\xfe"}}), "is not UTF-8");
    refused(make_mo({{"", "Content-Type: text/plain; charset=EUC-KR\n"}, {"Controls", "x"}}),
            "not in UTF-8 (text/plain; charset=EUC-KR)");
    // A missing or unreadable file says so too.
    auto missing = attn::i18n::read_mo("/nonexistent/attnlab.mo");
    REQUIRE(!missing.ok());
    CHECK(missing.error().find("/nonexistent/attnlab.mo") != std::string::npos);
}

TEST_CASE("po/ko.po as msgfmt compiled it: every message, the Korean as written") {
    auto c = attn::i18n::read_mo(ATTNLAB_LOCALE_BUILD_DIR "/ko/LC_MESSAGES/attnlab.mo");
    REQUIRE(c.ok());
    CHECK(c->language() == "ko");
    CHECK(c->size() > 1400);  // msgfmt --statistics: 1437 translated messages when this was written
    CHECK(std::string(c->find("Controls")) == "설정");
    CHECK(std::string(c->find("a Fashion-MNIST class", "Dress")) == "원피스");
    CHECK(std::string(c->find("the name of this catalogue's language, in that language", "English")) == "한국어");
    CHECK(std::string(c->find("'{}' is empty (0 bytes).")).find("{1}") != std::string::npos);
}

TEST_CASE("the languages found: English first, Korean always, others by code; where they are looked for") {
    using attn::i18n::find_languages;
    const auto langs = find_languages({ATTNLAB_LOCALE_BUILD_DIR}, {"ko"});
    REQUIRE(langs.size() >= 2);
    CHECK(langs[0].code == "en");
    CHECK(!langs[0].catalogue);
    CHECK(langs[1].code == "ko");
    CHECK(langs[1].name == "한국어");
    CHECK(langs[1].catalogue);
    const auto none = find_languages({"/nonexistent"}, {"ko"});
    REQUIRE(none.size() == 2);
    CHECK(!none[1].catalogue);
    CHECK(none[1].name == "ko");
    CHECK(none[1].problem.find("/nonexistent/ko/LC_MESSAGES/attnlab.mo") != std::string::npos);

    const auto dirs = attn::i18n::locale_dir_candidates("/opt/x/bin/attnlab", "/a:/b::", "/build/locale");
    REQUIRE(dirs.size() == 5);
    CHECK(dirs[0] == "/a");
    CHECK(dirs[1] == "/b");
    CHECK(dirs[2] == "/opt/x/share/locale");
    CHECK(dirs[3] == "/build/locale");
    CHECK(dirs[4] == "/usr/share/locale");
    CHECK(attn::i18n::is_language_code("ko"));
    CHECK(attn::i18n::is_language_code("pt_BR"));
    CHECK(attn::i18n::is_language_code("sr@latin"));
    CHECK(!attn::i18n::is_language_code("LC_MESSAGES"));
    CHECK(!attn::i18n::is_language_code("k"));
    CHECK(!attn::i18n::is_language_code("../ko"));
}
