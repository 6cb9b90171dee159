// regex_pattern.h — a pattern from a tokenizer.json ({"Regex": "..."} run by PCRE2 in UTF + UCP
// mode, JIT-compiled when the library can; {"String": "..."} matched literally), with match and
// depth limits and a time budget so that a hostile pattern from a file cannot hang the app: a search
// that passes them is an error naming the pattern's place in the file.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace attn::pretrained {

struct PatternMatch {
    std::size_t begin = 0, end = 0;  // byte range in the searched text
};

// Limits: a real pre-tokenizer pattern needs a few hundred steps per match; these stop
// catastrophic backtracking ("(a+)+$") within milliseconds.
inline constexpr std::size_t kMaxPatternBytes = 4096;
inline constexpr unsigned kPatternMatchLimit = 1'000'000;
inline constexpr unsigned kPatternDepthLimit = 10'000;
// PCRE2 counts the match limit per start position, so one search tries at most this many start
// positions (pcre2_set_offset_limit) before the time budget is checked again: a pattern that
// stays just under the limit at every position of a long text is stopped in about the budget,
// whatever the text's size.
inline constexpr std::size_t kPatternWindowBytes = 64;
// The time every search of one text may take together (one encode(): normalizers and
// pre-tokenizers share it). Real patterns need milliseconds for a 4 MiB text.
inline constexpr double kPatternTimeBudgetSeconds = 1.0;

// A deadline shared by the searches of one text; create one per text, outside the patterns.
class PatternBudget {
public:
    explicit PatternBudget(double seconds = kPatternTimeBudgetSeconds);
    bool spent() const;

private:
    std::chrono::steady_clock::time_point deadline_;
};

class RegexPattern {
public:
    // `where` names the pattern in messages ("tokenizer.json pre_tokenizer.pretokenizers[0]").
    static Expected<std::shared_ptr<const RegexPattern>> compile(std::string_view pattern,
                                                                 bool literal,
                                                                 const std::string& where);
    ~RegexPattern();
    RegexPattern(const RegexPattern&) = delete;
    RegexPattern& operator=(const RegexPattern&) = delete;

    // Every non-overlapping match in valid UTF-8 `text`, left to right; empty matches are
    // skipped (the search moves on by one character). Errors: a limit was hit, or `budget` was
    // spent (checked every kPatternWindowBytes start positions). Thread-safe.
    Status find_all(std::string_view text, std::vector<PatternMatch>& out, const PatternBudget& budget) const;
    // The same with a budget of its own.
    Status find_all(std::string_view text, std::vector<PatternMatch>& out) const;

    const std::string& where() const { return where_; }
    bool jit() const { return jit_; }

private:
    RegexPattern() = default;
    void* code_ = nullptr;          // pcre2_code_8*
    void* match_context_ = nullptr; // pcre2_match_context_8*: the limits
    bool jit_ = false;
    std::string where_;
};

}  // namespace attn::pretrained
