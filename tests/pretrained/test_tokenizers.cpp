// test_tokenizers.cpp — GPT-2 byte-level BPE and BERT WordPiece (core/tokenizer/*tokenizer*).
//
// Golden files come from tests/fixtures/pretrained/tokenizers/gen_tokenizer_golden.py, an
// independent Python implementation that also builds the small vocabularies used here. Every
// tokenizer is loaded both ways (tokenizer.json and the older vocab.json + merges.txt /
// vocab.txt + tokenizer_config.json) and must give the same golden output.
//
// Every successful encode() goes through encode_checked(), which also checks the span property:
// spans are non-empty, inside the text and in order (BPE: consecutive and covering the text),
// and every display is valid UTF-8.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/subword_tokenizer.h"
#include "core/tokenizer/wordpiece_tokenizer.h"
#include "core/base/utf8.h"

#ifndef ATTNLAB_FIXTURE_DIR
#error "ATTNLAB_FIXTURE_DIR must be the absolute path of tests/fixtures (CMake defines it)"
#endif

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kDir = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/tokenizers";

std::string read_binary(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

void check_spans(std::string_view text, const std::vector<SubwordToken>& tokens, bool contiguous) {
    std::size_t previous_begin = 0, previous_end = 0;
    for (const SubwordToken& t : tokens) {
        CAPTURE(t.piece);
        CHECK_FALSE(t.special);
        CHECK(t.byte_begin < t.byte_end);
        CHECK(t.byte_end <= text.size());
        CHECK(t.byte_begin >= previous_begin);
        CHECK(t.byte_end >= previous_end);
        if (contiguous)
            CHECK(t.byte_begin == previous_end);
        CHECK(validate_utf8(t.display).ok());
        CHECK_FALSE(t.display.empty());
        previous_begin = t.byte_begin;
        previous_end = t.byte_end;
    }
    if (contiguous)
        CHECK(previous_end == text.size());
}

std::vector<SubwordToken> encode_checked(const SubwordTokenizer& tok, std::string_view text,
                                         std::size_t max_tokens = 100000) {
    auto result = tok.encode(text, max_tokens);
    REQUIRE_MESSAGE(result.ok(), result.status().message());
    check_spans(text, *result, tok.kind() == SubwordKind::ByteLevelBpe);
    return *result;
}

std::unique_ptr<SubwordTokenizer> require(Expected<std::unique_ptr<SubwordTokenizer>> loaded) {
    REQUIRE_MESSAGE(loaded.ok(), loaded.status().message());
    return std::move(*loaded);
}

// "Time| flies|..." or with ids — pieces in one string, so a failure shows everything.
std::string pieces(const SubwordTokenizer& tok, std::string_view text) {
    std::string out;
    for (const SubwordToken& t : encode_checked(tok, text))
        out += (out.empty() ? "" : "|") + t.piece;
    return out;
}

std::string displays(const SubwordTokenizer& tok, std::string_view text) {
    std::string out;
    for (const SubwordToken& t : encode_checked(tok, text))
        out += (out.empty() ? "" : "|") + t.display;
    return out;
}

std::string error_of(const Expected<std::unique_ptr<SubwordTokenizer>>& loaded) {
    REQUIRE_FALSE(loaded.ok());
    return loaded.status().message();
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

// A vocab.json with the 256 byte symbols (ids 0..255) and `extra` pieces after them.
std::string byte_vocab_json(const std::vector<std::string>& extra) {
    std::string out = "{";
    int id = 0;
    const auto add = [&](const std::string& piece) {
        std::string escaped;
        for (char c : piece) {
            if (c == '"' || c == '\\')
                escaped += '\\';
            escaped += c;
        }
        if (id > 0)
            out += ',';
        out += "\"" + escaped + "\":" + std::to_string(id);
        ++id;
    };
    for (char32_t cp : gpt2_byte_to_unicode()) {
        std::string s;
        append_utf8(s, cp);
        add(s);
    }
    for (const std::string& piece : extra)
        add(piece);
    return out + "}";
}

std::string bpe_fixture(const char* file) { return kDir + "/bpe/" + file; }
std::string wp_fixture(const char* file) { return kDir + "/wordpiece/" + file; }

std::unique_ptr<SubwordTokenizer> fixture_bert_uncased() {
    TokenizerFiles files;
    files.vocab_txt = wp_fixture("vocab.txt");
    files.tokenizer_config = wp_fixture("tokenizer_config.json");
    return require(load_subword_tokenizer(files));
}

std::unique_ptr<SubwordTokenizer> fixture_bert_cased() {
    WordPieceOptions options;
    options.lowercase = options.strip_accents = false;
    return require(make_wordpiece_tokenizer(read_binary(wp_fixture("vocab.txt")), options));
}

std::unique_ptr<SubwordTokenizer> fixture_gpt2() {
    TokenizerFiles files;
    files.tokenizer_json = bpe_fixture("tokenizer.json");
    return require(load_subword_tokenizer(files));
}

// Compares every cases/NAME.inp with cases/NAME<suffix>; reports the first differing line.
void check_golden(const SubwordTokenizer& tok, const std::string& suffix) {
    std::vector<std::string> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(kDir + "/cases"))
        if (entry.path().extension() == ".inp")
            inputs.push_back(entry.path().string());
    std::sort(inputs.begin(), inputs.end());
    REQUIRE(inputs.size() >= 10);

    for (const std::string& input_path : inputs) {
        const std::string base = input_path.substr(0, input_path.size() - 4);
        CAPTURE(base + suffix);
        const std::string input = read_binary(input_path);
        const std::vector<std::string> expected = split_lines(read_binary(base + suffix));
        std::vector<std::string> actual;
        for (const SubwordToken& t : encode_checked(tok, input)) {
            actual.push_back(std::to_string(t.id) + '\t' + t.piece + '\t' +
                             std::to_string(t.byte_begin) + '\t' + std::to_string(t.byte_end) +
                             '\t' + t.display);
        }
        for (std::size_t i = 0; i < std::max(actual.size(), expected.size()); ++i) {
            const std::string a = i < actual.size() ? actual[i] : "(end)";
            const std::string e = i < expected.size() ? expected[i] : "(end)";
            if (a != e) {
                FAIL_CHECK("token " << i << " differs\n  expected: " << e << "\n  actual:   " << a);
                break;
            }
        }
        CHECK(actual.size() == expected.size());
    }
}

}  // namespace

// =============================================================================================
// Golden files

TEST_CASE("tokenizer golden: GPT-2 BPE from tokenizer.json and from vocab.json + merges.txt") {
    SUBCASE("tokenizer.json") { check_golden(*fixture_gpt2(), ".bpe.out"); }
    SUBCASE("vocab.json + merges.txt") {
        TokenizerFiles files;
        files.vocab_json = bpe_fixture("vocab.json");
        files.merges_txt = bpe_fixture("merges.txt");
        check_golden(*require(load_subword_tokenizer(files)), ".bpe.out");
    }
}

TEST_CASE("tokenizer golden: BERT WordPiece uncased from tokenizer.json and from vocab.txt") {
    SUBCASE("tokenizer.json") {
        TokenizerFiles files;
        files.tokenizer_json = wp_fixture("tokenizer.json");
        check_golden(*require(load_subword_tokenizer(files)), ".wordpiece.out");
    }
    SUBCASE("vocab.txt + tokenizer_config.json") { check_golden(*fixture_bert_uncased(), ".wordpiece.out"); }
}

TEST_CASE("tokenizer golden: BERT WordPiece cased from vocab.txt and from an edited tokenizer.json") {
    SUBCASE("vocab.txt") { check_golden(*fixture_bert_cased(), ".wordpiece-cased.out"); }
    SUBCASE("tokenizer.json, BertNormalizer lowercase false") {
        std::string json = read_binary(wp_fixture("tokenizer.json"));
        const std::string from = "\"lowercase\": true";
        const std::size_t at = json.find(from);
        REQUIRE(at != std::string::npos);
        json.replace(at, from.size(), "\"lowercase\": false");
        check_golden(*require(make_tokenizer_from_json(json)), ".wordpiece-cased.out");
    }
}

// =============================================================================================
// GPT-2 byte-level BPE

TEST_CASE("tokenizer bpe: bytes-to-unicode table") {
    const auto& table = gpt2_byte_to_unicode();
    std::vector<char32_t> sorted(table.begin(), table.end());
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());  // reversible
    int identity = 0;
    for (int b = 0; b < 256; ++b) {
        CAPTURE(b);
        const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || b >= 0xAE;
        if (printable) {
            CHECK(table[b] == static_cast<char32_t>(b));
            ++identity;
        } else {
            CHECK(table[b] >= 256);
            CHECK(table[b] < 256 + 68);
        }
    }
    CHECK(identity == 188);
    CHECK(table[0] == 0x100);    // Ā
    CHECK(table[' '] == 0x120);  // Ġ
    CHECK(table['\n'] == 0x10A); // Ċ
    CHECK(table[0xAD] == 0x143); // soft hyphen, the last unprintable byte
}

TEST_CASE("tokenizer bpe: GPT-2 pre-tokenization") {
    const auto split = [](std::string_view text) {
        std::string out;
        for (const auto& [b, e] : gpt2_pretokenize(text))
            out += (out.empty() ? "" : "|") + std::string(text.substr(b, e - b));
        return out;
    };
    CHECK(split("Hello world") == "Hello| world");
    CHECK(split("a  b") == "a| | b");             // \s+(?!\S) leaves one space for " b"
    CHECK(split("a   \n b") == "a|   \n| b");
    CHECK(split("a\nb") == "a|\n|b");              // a single space character: \s+
    CHECK(split("end  ") == "end|  ");             // trailing run taken whole
    CHECK(split("I'm they'll we'd DON'T") == "I|'m| they|'ll| we|'d| DON|'|T");
    CHECK(split("'S") == "'|S");                   // contractions are lowercase only, as GPT-2's
    CHECK(split("x2024 3.14") == "x|2024| 3|.|14");
    CHECK(split("hi!! (yes)") == "hi|!!| (|yes|)");
    CHECK(split("모델은 GPT-2") == "모델은| GPT|-|2");
    CHECK(split("a\u00a0b") == "a|\u00a0|b");      // no-break space is \s, only ' ' is the prefix
    CHECK(split("") == "");
}

TEST_CASE("tokenizer bpe: merges apply by rank, lowest first") {
    // Vocabulary ids: 256 byte symbols, then ab (256), bc (257), abc (258).
    const std::string vocab = byte_vocab_json({"ab", "bc", "abc"});
    SUBCASE("ab first") {
        auto tok = require(make_bpe_tokenizer(vocab, "#version: 0.2\na b\nb c\n"));
        CHECK(pieces(*tok, "abc") == "ab|c");
    }
    SUBCASE("bc first") {
        auto tok = require(make_bpe_tokenizer(vocab, "b c\na b\n"));
        CHECK(pieces(*tok, "abc") == "a|bc");
    }
    SUBCASE("merges chain; leftmost of equal pairs first") {
        auto tok = require(make_bpe_tokenizer(vocab, "a b\nab c\n"));
        CHECK(pieces(*tok, "abcab") == "abc|ab");
        auto aa = require(make_bpe_tokenizer(byte_vocab_json({"aa"}), "a a\n"));
        CHECK(pieces(*aa, "aaa") == "aa|a");
    }
    SUBCASE("tokenizer.json merges as [left, right] pairs") {
        const std::string json = R"({"model": {"type": "BPE", "vocab": )" + vocab +
                                 R"(, "merges": [["b", "c"], ["a", "b"]]},
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false}})";
        auto tok = require(make_tokenizer_from_json(json));
        CHECK(pieces(*tok, "abc") == "a|bc");
        CHECK(tok->kind() == SubwordKind::ByteLevelBpe);
        CHECK(tok->token_id("bc") == 257);
        CHECK(tok->piece(258) == "abc");
        CHECK(tok->piece(259) == "");
        CHECK(tok->piece(-1) == "");
        CHECK(tok->token_id("nope") == -1);
    }
}

TEST_CASE("tokenizer bpe: display text") {
    CHECK(gpt2_display(" flies") == "flies");
    CHECK(gpt2_display("flies") == "flies");
    CHECK(gpt2_display(" ") == "\u00B7");
    CHECK(gpt2_display("  ") == "\u00B7\u00B7");
    CHECK(gpt2_display("\n\n") == "\\n\\n");
    CHECK(gpt2_display(" \t") == "\u00B7\\t");
    CHECK(gpt2_display("\r") == "\\r");
    CHECK(gpt2_display("\u3000") == "\u00B7");       // ideographic space: a space separator
    CHECK(gpt2_display("\u2028") == "<U+2028>");
    CHECK(gpt2_display("\xEA\xB0") == "<EA><B0>");    // first two bytes of 가
    CHECK(gpt2_display(" \xEA") == "<EA>");
    CHECK(gpt2_display("\x80\xEB\x8B\xA4") == "<80>\xEB\x8B\xA4");  // tail of one char, then 다
    CHECK(gpt2_display("\x01!") == "<01>!");
    CHECK(gpt2_display(" \x7F") == "<7F>");

    auto gpt2 = fixture_gpt2();
    // Korean is byte pieces in this small vocabulary; every display is still valid UTF-8
    // (encode_checked checks) and the pieces' bytes rebuild the text.
    const std::string korean = "가나다 한국어 토큰";
    std::string rebuilt;
    for (const SubwordToken& t : encode_checked(*gpt2, korean))
        rebuilt += korean.substr(t.byte_begin, t.byte_end - t.byte_begin);
    CHECK(rebuilt == korean);
    auto flies = require(make_bpe_tokenizer(byte_vocab_json({"\u0120f", "\u0120fl"}),
                                            "\u0120 f\n\u0120f l\n"));
    CHECK(pieces(*flies, "a flies") == "a|\u0120fl|i|e|s");
    CHECK(displays(*flies, "a flies") == "a|fl|i|e|s");
}

TEST_CASE("tokenizer bpe: added tokens and special ids") {
    auto gpt2 = fixture_gpt2();
    CHECK(gpt2->eos_id == gpt2->token_id("<|endoftext|>"));
    CHECK(gpt2->eos_id == gpt2->vocab_size() - 1);
    CHECK(gpt2->cls_id == -1);
    const auto tokens = encode_checked(*gpt2, "a<|endoftext|>b");
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[1].id == gpt2->eos_id);
    CHECK(tokens[1].byte_begin == 1);
    CHECK(tokens[1].byte_end == 14);
    for (const SubwordToken& t : encode_checked(*gpt2, "<|endoftext|"))  // partial: plain text
        CHECK(t.id != gpt2->eos_id);
}

TEST_CASE("tokenizer bpe: a long text without spaces stays fast") {
    auto gpt2 = fixture_gpt2();
    std::string text;
    while (text.size() < 200000)
        text += "attentiontoken어텐션";
    const auto start = std::chrono::steady_clock::now();
    const auto tokens = encode_checked(*gpt2, text, text.size());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(tokens.size() > 1000);
    CHECK(seconds < 20.0);  // O(n log n); a quadratic loop would take minutes (sanitizers included)
}

// =============================================================================================
// BERT WordPiece

namespace {
const char* const kSmallVocab =
    "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nthe\nun\n##aff\n##able\nplay\n##ing\n##s\na\n##b\n"
    "cafe\ncafé\nCafé\n,\n.\n!\n中\n文\n한국어\n##를\n\u1112\n##\u1161\n##\u11ab\n";
}  // namespace

TEST_CASE("tokenizer wordpiece: greedy longest match, ## continuation and [UNK]") {
    auto tok = require(make_wordpiece_tokenizer(kSmallVocab, WordPieceOptions{}));
    CHECK(tok->kind() == SubwordKind::WordPiece);
    CHECK(tok->pad_id == 0);
    CHECK(tok->unk_id == 1);
    CHECK(tok->cls_id == 2);
    CHECK(tok->sep_id == 3);
    CHECK(tok->eos_id == -1);
    CHECK(pieces(*tok, "unaffable playing plays") == "un|##aff|##able|play|##ing|play|##s");
    CHECK(pieces(*tok, "the xyz, the") == "the|[UNK]|,|the");
    CHECK(pieces(*tok, "unaffablex") == "[UNK]");  // no full match: the whole word
    CHECK(pieces(*tok, "abbb") == "a|##b|##b|##b");
    CHECK(pieces(*tok, "[MASK] the[SEP]") == "[MASK]|the|[SEP]");

    const auto tokens = encode_checked(*tok, "the xyz!");
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[1].id == 1);
    CHECK(tokens[1].display == "[UNK]");
    CHECK(tokens[1].byte_begin == 4);
    CHECK(tokens[1].byte_end == 7);

    WordPieceOptions short_words;
    short_words.max_chars_per_word = 3;
    auto limited = require(make_wordpiece_tokenizer(kSmallVocab, short_words));
    CHECK(pieces(*limited, "the play") == "the|[UNK]");
}

TEST_CASE("tokenizer wordpiece: lowercase, accent stripping and cleaning") {
    auto uncased = require(make_wordpiece_tokenizer(kSmallVocab, WordPieceOptions{}));
    CHECK(pieces(*uncased, "THE Café CAFÉ") == "the|cafe|cafe");
    // Control and format characters vanish; a word stays whole across them.
    CHECK(pieces(*uncased, "t\x01h\u200de\t\r\nthe\ufffd") == "the|the");
    // Spans point at the original bytes, not the normalized ones.
    const auto tokens = encode_checked(*uncased, "  CAFÉ!");
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[0].piece == "cafe");
    CHECK(tokens[0].byte_begin == 2);
    CHECK(tokens[0].byte_end == 7);  // É is two bytes

    WordPieceOptions cased_options;
    cased_options.lowercase = cased_options.strip_accents = false;
    auto cased = require(make_wordpiece_tokenizer(kSmallVocab, cased_options));
    CHECK(pieces(*cased, "Café café the THE") == "Café|café|the|[UNK]");

    WordPieceOptions lower_only;
    lower_only.strip_accents = false;
    auto accents_kept = require(make_wordpiece_tokenizer(kSmallVocab, lower_only));
    CHECK(pieces(*accents_kept, "CAFÉ") == "café");
}

TEST_CASE("tokenizer wordpiece: punctuation and CJK ideographs split, Hangul does not") {
    WordPieceOptions cased_options;
    cased_options.lowercase = cased_options.strip_accents = false;
    auto cased = require(make_wordpiece_tokenizer(kSmallVocab, cased_options));
    CHECK(pieces(*cased, "中文") == "中|文");
    CHECK(pieces(*cased, "the,the.the!") == "the|,|the|.|the|!");
    CHECK(pieces(*cased, "한국어를") == "한국어|##를");  // Hangul is not split like CJK
    CHECK(pieces(*cased, "$") == "[UNK]");            // ASCII symbols are punctuation: a word alone
    CHECK(pieces(*cased, "the$the") == "the|[UNK]|the");

    cased_options.split_cjk = false;
    auto unsplit = require(make_wordpiece_tokenizer(kSmallVocab, cased_options));
    CHECK(pieces(*unsplit, "中文") == "[UNK]");
    CHECK(bert_is_cjk(U'中'));
    CHECK_FALSE(bert_is_cjk(U'한'));
    CHECK_FALSE(bert_is_cjk(U'の'));
    CHECK(bert_is_punctuation(U'$'));
    CHECK(bert_is_punctuation(U'`'));
    CHECK(bert_is_punctuation(U'«'));
    CHECK_FALSE(bert_is_punctuation(U'a'));
}

TEST_CASE("tokenizer wordpiece: strip_accents decomposes Hangul into jamo (multilingual uncased)") {
    auto uncased = require(make_wordpiece_tokenizer(kSmallVocab, WordPieceOptions{}));
    // 한 = ᄒ + ᅡ + ᆫ after NFD: three pieces, all spanning the one original syllable.
    const auto tokens = encode_checked(*uncased, "한");
    REQUIRE(tokens.size() == 3);
    CHECK(tokens[0].piece == "\u1112");
    CHECK(tokens[1].piece == "##\u1161");
    CHECK(tokens[2].piece == "##\u11ab");
    for (const SubwordToken& t : tokens) {
        CHECK(t.byte_begin == 0);
        CHECK(t.byte_end == 3);
    }
    CHECK(pieces(*uncased, "한국어") == "[UNK]");  // the syllable piece no longer matches
}

TEST_CASE("tokenizer wordpiece: tokenizer_config.json and tokenizer.json options") {
    auto uncased = fixture_bert_uncased();
    CHECK(pieces(*uncased, "ATTENTION Café") == "attention|c|##a|##f|##e");

    // The tokenizer.json normalizer decides; a Sequence of Lowercase works as well.
    const std::string vocab_json = R"({"[UNK]": 0, "the": 1, "The": 2, "##s": 3})";
    const auto with_normalizer = [&](const std::string& normalizer) {
        return make_tokenizer_from_json(R"({"normalizer": )" + normalizer +
                                        R"(, "model": {"type": "WordPiece", "unk_token": "[UNK]",
                                        "vocab": )" + vocab_json + "}}");
    };
    CHECK(pieces(*require(with_normalizer("null")), "The thes") == "The|the|##s");
    CHECK(pieces(*require(with_normalizer(R"({"type": "Sequence", "normalizers": [{"type": "Lowercase"}]})")),
                 "The") == "the");
    CHECK(pieces(*require(with_normalizer(R"({"type": "BertNormalizer", "lowercase": true})")),
                 "The") == "the");
    CHECK(contains(error_of(with_normalizer(R"({"type": "NFKC"})")), "NFKC"));
}

// =============================================================================================
// Limits and errors

TEST_CASE("tokenizer errors: invalid UTF-8 and too many tokens") {
    auto gpt2 = fixture_gpt2();
    auto bert = fixture_bert_uncased();
    for (const SubwordTokenizer* tok : {gpt2.get(), bert.get()}) {
        auto bad = tok->encode("abc\xFF", 100);
        REQUIRE_FALSE(bad.ok());
        CHECK(contains(bad.error(), "byte 3"));
        auto truncated = tok->encode("ab\xEA\xB0", 100);
        REQUIRE_FALSE(truncated.ok());
        CHECK(contains(truncated.error(), "byte 2"));

        const char* text = "the model, the tokens and the heads";
        const std::size_t count = encode_checked(*tok, text).size();
        REQUIRE(count > 3);
        CHECK(tok->encode(text, count).ok());
        auto many = tok->encode(text, count - 1);
        REQUIRE_FALSE(many.ok());
        CHECK(contains(many.error(), "more than " + std::to_string(count - 1) + " tokens"));
        auto empty = tok->encode("", 3);
        REQUIRE(empty.ok());
        CHECK(empty->empty());
    }
}

TEST_CASE("tokenizer errors: hostile and malformed files name the file and the entry") {
    const std::string vocab = byte_vocab_json({"ab"});
    SUBCASE("malformed JSON") {
        CHECK(contains(error_of(make_bpe_tokenizer("{\"a\": 1", "")), "vocab.json is not valid JSON"));
        CHECK(contains(error_of(make_tokenizer_from_json("[1, 2")), "tokenizer.json is not valid JSON"));
        CHECK(contains(error_of(make_tokenizer_from_json("[]")), "\"model\""));
        CHECK(contains(error_of(make_bpe_tokenizer("[1]", "")), "JSON object"));
        CHECK(contains(error_of(make_bpe_tokenizer(R"({"a": "x"})", "")), "integer id"));
    }
    SUBCASE("empty vocabularies") {
        CHECK(contains(error_of(make_bpe_tokenizer("{}", "")), "empty"));
        CHECK(contains(error_of(make_wordpiece_tokenizer("", WordPieceOptions{})), "empty"));
        CHECK(contains(error_of(make_wordpiece_tokenizer("\n\n", WordPieceOptions{})), "empty"));
    }
    SUBCASE("huge entries") {
        const std::string huge(1 << 20, 'x');
        const std::string vocab_error = error_of(make_wordpiece_tokenizer("[UNK]\n" + huge + "\n", {}));
        CHECK(contains(vocab_error, "vocab.txt line 2"));
        CHECK(contains(vocab_error, "1024"));
        const std::string merges_error = error_of(make_bpe_tokenizer(vocab, "a b\n" + huge + " y\n"));
        CHECK(contains(merges_error, "merges.txt line 2"));
        CHECK(contains(merges_error, "1024"));
        CHECK(contains(error_of(make_bpe_tokenizer("{\"" + huge + "\": 0}", "")), "1024"));
    }
    SUBCASE("merges") {
        CHECK(contains(error_of(make_bpe_tokenizer(vocab, "#version: 0.2\na b\nq z\n")),
                       "merges.txt line 3"));
        CHECK(contains(error_of(make_bpe_tokenizer(vocab, "a b\nb c\n")), "\"bc\""));
        CHECK(contains(error_of(make_bpe_tokenizer(vocab, "ab\n")), "merges.txt line 1"));
        CHECK(contains(error_of(make_bpe_tokenizer(vocab, "a b c\n")), "one space"));
        CHECK(make_bpe_tokenizer(vocab, "").ok());  // no merges: bytes only
    }
    SUBCASE("ids and byte symbols") {
        CHECK(contains(error_of(make_bpe_tokenizer(R"({"a": 0, "b": 0})", "")), "id 0"));
        CHECK(contains(error_of(make_bpe_tokenizer(R"({"a": 2000000000})", "")), "2000000000"));
        CHECK(contains(error_of(make_bpe_tokenizer(R"({"a": -1})", "")), "-1"));
        CHECK(contains(error_of(make_bpe_tokenizer(R"({"a": 0, "b": 1})", "")), "byte 0x00"));
        CHECK(contains(error_of(make_wordpiece_tokenizer("the\n", {})), "[UNK]"));
    }
    SUBCASE("tokenizer.json shapes") {
        CHECK(contains(error_of(make_tokenizer_from_json(R"({"model": {"type": "Unigram"}})")),
                       "Unigram"));
        CHECK(contains(error_of(make_tokenizer_from_json(
                           R"({"model": {"type": "BPE", "vocab": )" + vocab + R"(, "merges": []},
                               "pre_tokenizer": {"type": "Whitespace"}})")),
                       "\"Whitespace\" is not supported"));
        CHECK(contains(error_of(make_tokenizer_from_json(
                           R"({"model": {"type": "BPE", "vocab": )" + vocab + R"(, "merges": [7]},
                               "pre_tokenizer": {"type": "ByteLevel"}})")),
                       "model.merges[0]"));
        CHECK(contains(error_of(make_tokenizer_from_json(
                           R"({"model": {"type": "WordPiece", "vocab": {"[UNK]": 0}},
                               "added_tokens": [{"id": "x", "content": "[X]"}]})")),
                       "added_tokens[0]"));
        CHECK(contains(error_of(make_tokenizer_from_json(
                           R"({"model": {"type": "WordPiece", "vocab": {"[UNK]": 0}},
                               "added_tokens": [{"id": 0, "content": "[X]"}]})")),
                       "id 0"));
    }
    SUBCASE("files") {
        TokenizerFiles none;
        CHECK(contains(error_of(load_subword_tokenizer(none)), "No tokenizer files"));
        TokenizerFiles missing;
        missing.tokenizer_json = kDir + "/no_such_tokenizer.json";
        CHECK(contains(error_of(load_subword_tokenizer(missing)), "no_such_tokenizer.json"));
        TokenizerFiles half;
        half.vocab_json = bpe_fixture("vocab.json");
        CHECK(contains(error_of(load_subword_tokenizer(half)), "merges.txt"));
    }
}

TEST_CASE("tokenizer errors: truncated and corrupted tokenizer.json never crash") {
    for (const char* file : {"/bpe/tokenizer.json", "/wordpiece/tokenizer.json"}) {
        const std::string json = read_binary(kDir + file);
        CAPTURE(file);
        // Truncated at many points: always an error, never a crash or exception.
        for (std::size_t cut = 0; cut < json.size(); cut += 97) {
            auto loaded = make_tokenizer_from_json(std::string_view(json).substr(0, cut));
            CHECK_FALSE(loaded.ok());
        }
        // Single-byte corruptions: whatever loads must still encode safely.
        std::uint32_t state = 12345;
        for (int round = 0; round < 200; ++round) {
            std::string mutated = json;
            state = state * 1664525u + 1013904223u;
            mutated[state % mutated.size()] = static_cast<char>(state >> 24);
            auto loaded = make_tokenizer_from_json(mutated);
            if (loaded.ok()) {
                auto tokens = (*loaded)->encode("Hello, 세계! Café 中文 [MASK]", 1000);
                if (tokens.ok())
                    check_spans("Hello, 세계! Café 中文 [MASK]", *tokens,
                                (*loaded)->kind() == SubwordKind::ByteLevelBpe);
            } else {
                CHECK_FALSE(loaded.status().message().empty());
            }
        }
    }
}
