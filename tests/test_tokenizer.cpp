// test_tokenizer.cpp — UTF-8 helpers and the word-level tokenizer (core/base/utf8.h, core/attention/tokenizer.h).
//
// Every successful tokenize() call goes through tokens_of(), which also checks the byte-span
// property: each token's text is exactly its span of the input, spans are non-empty, increasing
// and non-overlapping.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/attention/word_tokenizer.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

#ifndef ATTNLAB_FIXTURE_DIR
#error "ATTNLAB_FIXTURE_DIR must be the absolute path of tests/fixtures (CMake defines it)"
#endif

using namespace attn;

namespace {

void check_spans(std::string_view text, const std::vector<Token>& tokens) {
    size_t previous_end = 0;
    for (const Token& t : tokens) {
        CHECK(t.kind != TokenKind::Special);  // tokenize() never invents tokens
        CHECK(t.byte_begin < t.byte_end);
        CHECK(t.byte_end <= text.size());
        CHECK(t.byte_begin >= previous_end);
        if (t.byte_end <= text.size() && t.byte_begin <= t.byte_end)
            CHECK(t.text == text.substr(t.byte_begin, t.byte_end - t.byte_begin));
        CHECK(validate_utf8(t.text).ok());
        previous_end = t.byte_end;
    }
}

std::vector<Token> tokens_of(std::string_view text, const TokenizerOptions& options = {}) {
    auto result = tokenize(text, options);
    REQUIRE_MESSAGE(result.ok(), result.status().message());
    check_spans(text, *result);
    return *result;
}

char kind_letter(TokenKind kind) {
    switch (kind) {
    case TokenKind::Word: return 'W';
    case TokenKind::Number: return 'N';
    case TokenKind::Punctuation: return 'P';
    case TokenKind::Symbol: return 'S';
    case TokenKind::Special: return 'X';
    case TokenKind::Patch: return 'I';
    case TokenKind::Frame: return 'F';
    }
    return '?';
}

// "W:Time W:flies P:." — kinds and texts in one string, so a failure shows everything.
std::string show(std::string_view text, const TokenizerOptions& options = {}) {
    std::string out;
    for (const Token& t : tokens_of(text, options)) {
        if (!out.empty())
            out += ' ';
        out += kind_letter(t.kind);
        out += ':';
        out += t.text;
    }
    return out;
}

std::string error_of(std::string_view text, const TokenizerOptions& options = {}) {
    auto result = tokenize(text, options);
    REQUIRE_FALSE(result.ok());
    return result.error();
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

std::string read_binary(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> lines;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// UTF-8

TEST_CASE("decode_utf8 decodes the boundaries of every sequence length") {
    struct Case { const char* bytes; char32_t cp; size_t length; };
    const Case cases[] = {
        {"\x00", 0x0, 1},           {"\x7F", 0x7F, 1},
        {"\xC2\x80", 0x80, 2},      {"\xDF\xBF", 0x7FF, 2},
        {"\xE0\xA0\x80", 0x800, 3}, {"\xED\x9F\xBF", 0xD7FF, 3},
        {"\xEE\x80\x80", 0xE000, 3}, {"\xEF\xBF\xBF", 0xFFFF, 3},
        {"\xEA\xB0\x80", 0xAC00, 3},  // 가
        {"\xF0\x90\x80\x80", 0x10000, 4}, {"\xF4\x8F\xBF\xBF", 0x10FFFF, 4},
    };
    for (const Case& c : cases) {
        const std::string_view text(c.bytes, c.length);  // explicit length: the first is NUL
        size_t pos = 0;
        char32_t cp = 0;
        CAPTURE(static_cast<unsigned>(c.cp));
        CHECK(decode_utf8(text, pos, cp));
        CHECK(cp == c.cp);
        CHECK(pos == c.length);

        std::string encoded;
        append_utf8(encoded, c.cp);
        CHECK(encoded == std::string(text));
    }
}

TEST_CASE("decode_utf8 rejects ill-formed sequences without moving") {
    const std::string_view bad[] = {
        "\xFF", "\x80", "\xBF",       // not a lead byte
        "\xC0\xAF", "\xC1\xBF",       // overlong 2-byte
        "\xE0\x80\xAF",               // overlong 3-byte
        "\xF0\x80\x80\xAF",           // overlong 4-byte
        "\xED\xA0\x80", "\xED\xBF\xBF",  // surrogates
        "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",  // above U+10FFFF
        "\xEA\xB0", "\xF0\x9F\x91", "\xC2",      // truncated
        "\xEA\x41\x80",               // continuation byte missing
    };
    for (std::string_view text : bad) {
        size_t pos = 0;
        char32_t cp = 0;
        CAPTURE(text);
        CHECK_FALSE(decode_utf8(text, pos, cp));
        CHECK(pos == 0);
    }
    size_t pos = 0;
    char32_t cp = 0;
    CHECK_FALSE(decode_utf8("", pos, cp));  // end of text
}

TEST_CASE("validate_utf8 names the byte offset and value of the first bad sequence") {
    CHECK(validate_utf8("").ok());
    CHECK(validate_utf8("Time flies 그는 👍🏽").ok());
    CHECK(validate_utf8("Time \xFF").message() ==
          "Invalid UTF-8 at byte 5 (0xFF). Paste the text again or save it as UTF-8.");
    CHECK(contains(validate_utf8("\xEA\xB0\x80\xEA\xB0").message(), "byte 3 (0xEA)"));
    CHECK(contains(validate_utf8("ok\xC0\xAF").message(), "byte 2 (0xC0)"));
    CHECK(contains(validate_utf8("\xED\xA0\x80").message(), "byte 0 (0xED)"));
    CHECK(contains(validate_utf8("a\xF4\x90\x80\x80").message(), "byte 1 (0xF4)"));
    CHECK(contains(validate_utf8("\xFF\xFE").message(), "byte 0 (0xFF)"));  // the first one
}

TEST_CASE("count_code_points") {
    CHECK(count_code_points("") == 0);
    CHECK(count_code_points("abc") == 3);
    CHECK(count_code_points("그는") == 2);
    CHECK(count_code_points("👍🏽") == 2);  // two code points, one grapheme
}

// ---------------------------------------------------------------------------------------------
// Tokenizer: the sentences from the lessons

TEST_CASE("English sentence") {
    CHECK(show("Time flies like an arrow") == "W:Time W:flies W:like W:an W:arrow");
    CHECK(show("Time flies like an arrow.") == "W:Time W:flies W:like W:an W:arrow P:.");

    const auto tokens = tokens_of("Time flies like an arrow.");
    REQUIRE(tokens.size() == 6);
    CHECK(tokens[1].byte_begin == 5);
    CHECK(tokens[1].byte_end == 10);
    CHECK(tokens[5].byte_begin == 24);
    CHECK(tokens[5].kind == TokenKind::Punctuation);
}

TEST_CASE("Korean sentence keeps particles on their eojeol") {
    CHECK(show("그는 집에 갔다. 그의 집은 크다.") ==
          "W:그는 W:집에 W:갔다 P:. W:그의 W:집은 W:크다 P:.");
    const auto tokens = tokens_of("그는 집에 갔다.");
    REQUIRE(tokens.size() == 4);
    CHECK(tokens[0].byte_end == 6);  // two 3-byte syllables
    CHECK(tokens[3].byte_begin == 20);
}

TEST_CASE("mixed Korean and English: script changes split, Hangul does not take digits") {
    CHECK(show("AI 모델은 GPT-2를 씁니다") ==
          "W:AI W:모델은 W:GPT P:- N:2 W:를 W:씁니다");
    CHECK(show("AI모델") == "W:AI W:모델");
    CHECK(show("3개") == "N:3 W:개");
    CHECK(show("모델2") == "W:모델 N:2");
    CHECK(show("AI-모델") == "W:AI P:- W:모델");  // joiners work inside Latin-like words only
}

TEST_CASE("Han and Kana are their own script classes") {
    CHECK(show("東京は「日本」の首都です。") ==
          "W:東京 W:は P:「 W:日本 P:」 W:の W:首都 W:です P:。");
    CHECK(show("大韓民國은") == "W:大韓民國 W:은");
    CHECK(show("人々") == "W:人々");       // 々 counts as Han
    CHECK(show("コーヒー") == "W:コーヒー");  // ー counts as Kana
}

// ---------------------------------------------------------------------------------------------
// Words

TEST_CASE("apostrophes between letters keep contractions and names whole") {
    CHECK(show("don't it's O'Neil") == "W:don't W:it's W:O'Neil");
    CHECK(show("don\u2019t rock'n'roll") == "W:don\u2019t W:rock'n'roll");
    CHECK(show("'tis the students'") == "P:' W:tis W:the W:students P:'");
    CHECK(show("'90s") == "P:' W:90s");
    CHECK(show("it' s") == "W:it P:' W:s");
    CHECK(show("GPT2's") == "W:GPT2 P:' W:s");  // a digit is not a letter
}

TEST_CASE("a hyphen between two letters keeps a compound whole") {
    CHECK(show("state-of-the-art model") == "W:state-of-the-art W:model");
    CHECK(show("GPT-2 COVID-19") == "W:GPT P:- N:2 W:COVID P:- N:19");
    CHECK(show("a--b") == "W:a P:-- W:b");
    CHECK(show("-x x-") == "P:- W:x W:x P:-");
    CHECK(show("x\u2010y") == "W:x P:\u2010 W:y");  // only U+002D joins
}

TEST_CASE("digits glued to Latin-like letters form one word") {
    CHECK(show("GPT2 3D mp3 5GHz B2B") == "W:GPT2 W:3D W:mp3 W:5GHz W:B2B");
    CHECK(show("3.5GHz") == "N:3.5 W:GHz");  // a number with a separator ends there
    CHECK(show("1,000km") == "N:1,000 W:km");
    CHECK(show("v1.2") == "W:v1 P:. N:2");
}

TEST_CASE("combining marks stay with their letter") {
    CHECK(show("cafe\u0301 na\u0308ive") == "W:cafe\u0301 W:na\u0308ive");
    // Leading marks have nothing to attach to: a symbol of their own.
    CHECK(show("\u0301abc") == "S:\u0301 W:abc");
    CHECK(show("a \u0301\u0302b") == "W:a S:\u0301\u0302 W:b");
}

TEST_CASE("decomposed Hangul (conjoining Jamo) stays one word") {
    // 한글 as L V T + L V T Jamo.
    const std::string jamo = "\u1112\u1161\u11AB\u1100\u1173\u11AF";
    CHECK(show(jamo + "을 읽다") == "W:" + jamo + "을 W:읽다");
}

// ---------------------------------------------------------------------------------------------
// Numbers and punctuation

TEST_CASE("numbers") {
    CHECK(show("3.14 1,000 2026 1.000.000") == "N:3.14 N:1,000 N:2026 N:1.000.000");
    CHECK(show("3.") == "N:3 P:.");
    CHECK(show("3.14.") == "N:3.14 P:.");
    CHECK(show("1..2") == "N:1 P:.. N:2");
    CHECK(show(".5 -5") == "P:. N:5 P:- N:5");
    CHECK(show("2026년") == "N:2026 W:년");
    CHECK(show("\uFF11\uFF12\uFF13") == "N:\uFF11\uFF12\uFF13");  // fullwidth digits are Nd
    CHECK(show("x\u00B2 \u00BD") == "W:x S:\u00B2 S:\u00BD");      // No is a symbol
}

TEST_CASE("punctuation: one token per character, runs of the same character merge") {
    CHECK(show("Wait...") == "W:Wait P:...");
    CHECK(show("Really!!") == "W:Really P:!!");
    CHECK(show("What?!") == "W:What P:? P:!");
    CHECK(show("\"Hi,\" he said.") == "P:\" W:Hi P:, P:\" W:he W:said P:.");
    CHECK(show("\u2026\u2026") == "P:\u2026\u2026");
    CHECK(show("snake_case") == "W:snake P:_ W:case");
    CHECK(show("(a)") == "P:( W:a P:)");
}

// ---------------------------------------------------------------------------------------------
// Symbols and emoji

TEST_CASE("emoji sequences are one symbol token each") {
    CHECK(show("\U0001F44D\U0001F3FD") == "S:\U0001F44D\U0001F3FD");                      // skin tone
    CHECK(show("\U0001F468\u200D\U0001F469\u200D\U0001F467") ==
          "S:\U0001F468\u200D\U0001F469\u200D\U0001F467");                                 // ZWJ family
    CHECK(show("\U0001F1F0\U0001F1F7") == "S:\U0001F1F0\U0001F1F7");                      // 🇰🇷
    CHECK(show("\U0001F1F0\U0001F1F7\U0001F1FA\U0001F1F8") ==
          "S:\U0001F1F0\U0001F1F7 S:\U0001F1FA\U0001F1F8");                                // 🇰🇷🇺🇸
    CHECK(show("1\uFE0F\u20E3 #\uFE0F\u20E3") == "S:1\uFE0F\u20E3 S:#\uFE0F\u20E3");      // keycaps
    CHECK(show("\u2764\uFE0F") == "S:\u2764\uFE0F");                                      // VS16
    CHECK(show("\U0001F44D\U0001F44D") == "S:\U0001F44D S:\U0001F44D");  // no symbol runs
}

TEST_CASE("emoji next to words") {
    CHECK(show("좋아요\U0001F44D\U0001F3FD!") == "W:좋아요 S:\U0001F44D\U0001F3FD P:!");
    CHECK(show("I \u2764\uFE0F NY") == "W:I S:\u2764\uFE0F W:NY");
    const auto tokens = tokens_of("hi \U0001F468\u200D\U0001F469\u200D\U0001F467 there");
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[1].byte_begin == 3);
    CHECK(tokens[1].byte_end == 3 + 18);
}

TEST_CASE("math and currency symbols") {
    CHECK(show("$5 + 3 = 8 \u20A9") == "S:$ N:5 S:+ N:3 S:= N:8 S:\u20A9");
    CHECK(show("a<b") == "W:a S:< W:b");
}

// ---------------------------------------------------------------------------------------------
// Separators

TEST_CASE("tabs, newlines and Unicode spaces separate and are dropped") {
    CHECK(show("Time\tflies\nlike\r\nan  arrow") == "W:Time W:flies W:like W:an W:arrow");
    CHECK(show("10\u00A0km") == "N:10 W:km");            // NBSP
    CHECK(show("한국어\u3000공부") == "W:한국어 W:공부");  // ideographic space
    CHECK(show("a\u2028b\u2029c") == "W:a W:b W:c");    // line / paragraph separator
    CHECK(show("  leading and trailing  \n") == "W:leading W:and W:trailing");
    // U+0D4E is a grapheme "Prepend" letter: UAX #29 alone would glue the space after it
    // into its cluster. A token must never contain whitespace.
    CHECK(show("\u0D4E x") == "W:\u0D4E W:x");
}

TEST_CASE("control and format characters are dropped as separators") {
    CHECK(show("a\x01" "b") == "W:a W:b");
    CHECK(show("a\u200Bb") == "W:a W:b");  // ZWSP
    const auto tokens = tokens_of("\uFEFFHello");  // BOM
    REQUIRE(tokens.size() == 1);
    CHECK(tokens[0].text == "Hello");
    CHECK(tokens[0].byte_begin == 3);
    CHECK(show("\u200D\U0001F44D") == "S:\U0001F44D");  // a ZWJ with nothing before it
}

// ---------------------------------------------------------------------------------------------
// Errors

TEST_CASE("empty and whitespace-only text") {
    const std::string empty = "The text is empty. Type a sentence.";
    CHECK(error_of("") == empty);
    CHECK(error_of("   ") == empty);
    CHECK(error_of(" \t\r\n\u00A0\u3000") == empty);
    CHECK(error_of("\u200B\x01") == empty);
}

TEST_CASE("invalid UTF-8 is an error naming the byte offset") {
    const std::string lone_ff = error_of("Time \xFF flies");
    CHECK(lone_ff == "Invalid UTF-8 at byte 5 (0xFF). Paste the text again or save it as UTF-8.");
    CHECK(contains(error_of("그는 \xEA\xB0"), "byte 7 (0xEA)"));        // truncated 3-byte
    CHECK(contains(error_of("\xEA\xB0 a"), "byte 0 (0xEA)"));          // truncated, mid-text
    CHECK(contains(error_of("a \xC0\xAF"), "byte 2 (0xC0)"));          // overlong '/'
    CHECK(contains(error_of("\xED\xA0\x80"), "byte 0 (0xED)"));        // surrogate U+D800
    CHECK(contains(error_of("ab \xF4\x90\x80\x80"), "byte 3 (0xF4)")); // U+110000
    CHECK(contains(error_of("   \xFF"), "byte 3 (0xFF)"));  // not reported as empty
    CHECK(contains(error_of("\U0001F44D\xFF"), "byte 4"));  // right after an emoji cluster
}

TEST_CASE("token limit") {
    TokenizerOptions five;
    five.max_tokens = 5;
    CHECK(error_of("Time flies like an arrow.", five) ==
          "The text has more than 5 tokens (the limit). Shorten it, or raise the limit with the command "
          "line's --max-tokens (at most 2048).");
    CHECK(show("Time flies like an arrow", five) == "W:Time W:flies W:like W:an W:arrow");

    std::string exactly_512;
    for (int i = 0; i < 512; ++i)
        exactly_512 += "a ";
    CHECK(tokens_of(exactly_512).size() == 512);
    CHECK(error_of(exactly_512 + "a") ==
          "The text has more than 512 tokens (the limit). Shorten it, or raise the limit with the command "
          "line's --max-tokens (at most 2048).");
    // At the highest limit there is nothing to raise: the message says so.
    TokenizerOptions most;
    most.max_tokens = limits::kMaxTokens;
    std::string over;
    for (size_t i = 0; i <= limits::kMaxTokens; ++i) over += "a ";
    CHECK(error_of(over, most) == "The text has more than 2048 tokens, the most AttnLab shows. Shorten it.");
}

TEST_CASE("token limit stops reading a huge input early") {
    std::string huge;
    huge.reserve(20u << 20);
    while (huge.size() < (20u << 20))
        huge += "a ";
    huge += "\xFF";  // never reached: the limit is hit first

    const auto start = std::chrono::steady_clock::now();
    const auto result = tokenize(huge);
    const auto elapsed = std::chrono::steady_clock::now() - start;

    REQUIRE_FALSE(result.ok());
    CHECK(contains(result.error(), "more than 512 tokens"));
    // Reading 513 tokens takes microseconds; a full pass over 20 MB with sanitizers would be
    // far slower. Generous bound so a loaded machine does not make this flaky.
    CHECK(elapsed < std::chrono::milliseconds(200));
}

TEST_CASE("token_kind_name") {
    CHECK(std::string(token_kind_name(TokenKind::Word)) == "word");
    CHECK(std::string(token_kind_name(TokenKind::Number)) == "number");
    CHECK(std::string(token_kind_name(TokenKind::Punctuation)) == "punctuation");
    CHECK(std::string(token_kind_name(TokenKind::Symbol)) == "symbol");
    CHECK(std::string(token_kind_name(TokenKind::Special)) == "special");
}

// ---------------------------------------------------------------------------------------------
// Golden files: tests/fixtures/tokenizer/NAME.inp -> NAME.out, one token per line:
// kind<TAB>byte_begin<TAB>byte_end<TAB>text

TEST_CASE("golden files") {
    const char* const names[] = {"english", "korean", "mixed", "emoji", "whitespace"};
    for (const char* name : names) {
        CAPTURE(name);
        const std::string base = std::string(ATTNLAB_FIXTURE_DIR) + "/tokenizer/" + name;
        const std::string input = read_binary(base + ".inp");
        const std::vector<std::string> expected = split_lines(read_binary(base + ".out"));

        std::vector<std::string> actual;
        for (const Token& t : tokens_of(input)) {
            actual.push_back(std::string(token_kind_name(t.kind)) + '\t' +
                             std::to_string(t.byte_begin) + '\t' + std::to_string(t.byte_end) +
                             '\t' + t.text);
        }
        CHECK(actual.size() == expected.size());
        for (size_t i = 0; i < actual.size() && i < expected.size(); ++i) {
            CAPTURE(i);
            CHECK(actual[i] == expected[i]);
        }
    }
}
