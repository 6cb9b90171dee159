// regex_pattern.h — a pattern from a tokenizer.json ({"Regex": "..."} run by PCRE2 in UTF + UCP
// mode, JIT-compiled when the library can; {"String": "..."} matched literally), with match and
// depth limits so that a hostile pattern from a file cannot hang the app: a search that passes
// them is an error naming the pattern's place in the file.
#pragma once

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
// The limits above hold per search; a pattern that stays just under them at every position of a
// long text would still take minutes, so one find_all also stops after this long.
inline constexpr double kPatternTimeBudgetSeconds = 2.0;

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
    // skipped (the search moves on by one character). Errors: a limit was hit. Thread-safe.
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
