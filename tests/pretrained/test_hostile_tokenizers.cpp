// test_hostile_tokenizers.cpp — tokenizer.json files made to hang or exhaust the reader (issue 34,
// "Hostile inputs to the new readers"): backtracking Split patterns on long texts, normalizers
// that grow the text without end, a model type that is no name. Each is refused by name, fast.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/tokenizer/hf_pipeline.h"
#include "core/tokenizer/regex_pattern.h"
#include "core/tokenizer/subword_tokenizer.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

// A tokenizer.json with a vocabulary of "a", "b", "c", " " and the given pipeline parts.
Expected<std::unique_ptr<SubwordTokenizer>> tokenizer_with(const std::string& pipeline) {
    return make_tokenizer_from_json(R"({"added_tokens": [], )" + pipeline +
                                    R"(, "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "c": 2, " ": 3},
                                       "merges": [], "unk_token": "a"}})");
}

std::string split_with(const std::string& regex) {
    return R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": ")" + regex + R"("}, "behavior": "Isolated"})";
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Encodes `text`; the refusal's message ("" when it was encoded) and the time taken.
std::string encode_error(const SubwordTokenizer& tok, const std::string& text, double& ms) {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = tok.encode(text, 1u << 20);
    ms = ms_since(t0);
    return r.ok() ? "" : r.status().message();
}

// The budget, and what one window of start positions and the clock may add to it.
const double kBoundMs = 1000 * kPatternTimeBudgetSeconds + 800;

}  // namespace

TEST_CASE("hostile Split patterns: bounded by the time budget whatever the text's length") {
    // Under the per-position match limit at every start: once 70 s on 30,000 letters, as PCRE2
    // counts the limit per start position and the budget was only read between searches. The
    // first pattern has a required last letter ('c') that PCRE2 may look for first and give up
    // early; the alternative "|x" takes that shortcut away.
    for (const char* pattern : {"(?:a|a){1,18}c", "(?:a|a){1,18}c|x"}) {
        auto tok = tokenizer_with(split_with(pattern));
        REQUIRE_MESSAGE(tok.ok(), tok.status().message());
        for (std::size_t n : {std::size_t(30000), std::size_t(128) << 10}) {
            double ms = 0;
            const std::string error = encode_error(**tok, std::string(n, 'a'), ms);
            std::printf("Split %s on %zu letters: %s after %.0f ms\n", pattern, n, error.empty() ? "done" : "refused", ms);
            CHECK((error.empty() || contains(error, "pre_tokenizer.pattern: the pattern needs too many steps")));
            CHECK(ms < kBoundMs);
        }
    }

    // Catastrophic backtracking that fails at every 'b': once 10 s.
    auto nested = tokenizer_with(split_with("(a+)+$"));
    REQUIRE_MESSAGE(nested.ok(), nested.status().message());
    std::string runs;
    while (runs.size() < 30000)
        runs += "aaaaaaaaaaaaaaaaaab";
    double ms = 0;
    const std::string error = encode_error(**nested, runs, ms);
    std::printf("Split (a+)+$ on %zu bytes of aaaaaaaaaaaaaaaaaab: %s after %.0f ms\n", runs.size(),
                error.empty() ? "done" : "refused", ms);
    CHECK(contains(error, "too many steps"));
    CHECK(ms < kBoundMs);
}

TEST_CASE("hostile Split patterns: one budget for every piece of a text") {
    // The first Split cuts the text into short words; the second backtracks in each of them. A
    // budget per search never ran out (each word is short) while the whole text took seconds.
    auto tok = tokenizer_with(R"("pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"String": " "}, "behavior": "Removed"},
        {"type": "Split", "pattern": {"Regex": "(a+)+$"}, "behavior": "Isolated"}]})");
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    std::string words;
    while (words.size() < 60000)
        words += "aaaaaaaaaaaaaaaaaab ";
    double ms = 0;
    const std::string error = encode_error(**tok, words, ms);
    std::printf("Split (a+)+$ on %zu bytes of short words: %s after %.0f ms\n", words.size(),
                error.empty() ? "done" : "refused", ms);
    CHECK(contains(error, "pre_tokenizer.pretokenizers[1].pattern: the pattern needs too many steps"));
    CHECK(ms < kBoundMs);
}

TEST_CASE("find_all: the window of start positions finds what a whole-text search finds") {
    auto word = RegexPattern::compile("b+|$", false, "test");
    REQUIRE(word.ok());
    // Matches far beyond one window, a character cut by a window's end, the empty match at the end.
    const std::string text = std::string(200, 'a') + "bb" + std::string(63, 'a') + "\xED\x95\x9C" + "bbb";
    std::vector<PatternMatch> found;
    REQUIRE((*word)->find_all(text, found).ok());
    REQUIRE(found.size() == 2);
    CHECK(found[0].begin == 200);
    CHECK(found[0].end == 202);
    CHECK(found[1].begin == text.size() - 3);
    CHECK(found[1].end == text.size());
    std::printf("regex patterns: PCRE2 JIT %s\n", (*word)->jit() ? "on" : "off (interpreter)");
}

TEST_CASE("hostile normalizers: the text may grow only so far, and the refusal names the step") {
    // 26 chained Replace a -> aa: 4 letters would become 268 million (868 MB with their spans).
    std::string chain;
    for (int i = 0; i < 26; ++i)
        chain += std::string(i ? ", " : "") + R"({"type": "Replace", "pattern": {"String": "a"}, "content": "aa"})";
    auto tok = tokenizer_with(R"("normalizer": {"type": "Sequence", "normalizers": [)" + chain + "]}");
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    double ms = 0;
    const std::string error = encode_error(**tok, "aaaa", ms);
    std::printf("26 chained Replace a->aa on 4 letters: refused after %.1f ms: %s\n", ms, error.c_str());
    CHECK(contains(error, "tokenizer.json normalizer.normalizers[8]: the Replace normalizer makes the text longer "
                          "than 1152 bytes, the most a 4-byte text may become."));
    CHECK(ms < 500);

    // One Replace with a long content on a long text: refused before the text is built.
    const std::string long_content(1000, 'b');
    auto wide = tokenizer_with(R"("normalizer": {"type": "Replace", "pattern": {"String": "a"}, "content": ")" +
                               long_content + R"("})");
    REQUIRE_MESSAGE(wide.ok(), wide.status().message());
    CHECK(contains(encode_error(**wide, std::string(1 << 20, 'a'), ms), "normalizer: the Replace normalizer"));

    // Metaspace's replacement grows every space the same way.
    auto meta = tokenizer_with(R"("pre_tokenizer": {"type": "Metaspace", "replacement": ")" + long_content + R"("})");
    REQUIRE_MESSAGE(meta.ok(), meta.status().message());
    CHECK(contains(encode_error(**meta, std::string(100000, ' '), ms),
                   "tokenizer.json pre_tokenizer: the Metaspace pre-tokenizer makes the text longer than"));

    // Real growth stays well inside: NFKD of ﷺ (3 bytes to 33), then every space to "▁".
    auto nfkd = tokenizer_with(R"("normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKD"},
        {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]})");
    REQUIRE_MESSAGE(nfkd.ok(), nfkd.status().message());
    std::string marks;
    for (int i = 0; i < 1000; ++i)
        marks += "\xEF\xB7\xBA";
    CHECK(encode_error(**nfkd, marks, ms).empty());
}

TEST_CASE("tokenizer.json: a model type that is not a name is refused, not read as BPE") {
    auto r = make_tokenizer_from_json(R"({"model": {"type": 7, "vocab": {"a": 0}, "merges": []}})");
    REQUIRE_FALSE(r.ok());
    CHECK(r.status().message() == "tokenizer.json: model.type is 7; expected a name: \"BPE\" or \"WordPiece\".");
    auto listed = make_tokenizer_from_json(R"({"model": {"type": ["BPE"], "vocab": {"a": 0}, "merges": []}})");
    REQUIRE_FALSE(listed.ok());
    CHECK(contains(listed.status().message(), "model.type is [\"BPE\"]"));
}
