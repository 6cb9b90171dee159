// regex_pattern.cpp — see regex_pattern.h. PCRE2's 8-bit library; the text is already checked
// UTF-8, so matching skips PCRE2's own UTF check (PCRE2_NO_UTF_CHECK) after the first call.
#include "core/tokenizer/regex_pattern.h"

#include <algorithm>
#include <chrono>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace attn::pretrained {

namespace {

std::string pcre2_message(int code) {
    PCRE2_UCHAR buffer[256];
    const int n = pcre2_get_error_message(code, buffer, sizeof buffer);
    return n > 0 ? std::string(reinterpret_cast<const char*>(buffer), static_cast<std::size_t>(n))
                 : "error " + std::to_string(code);
}

// The first character boundary after byte `at` of valid UTF-8 `text` (text.size() at the end).
std::size_t next_character(std::string_view text, std::size_t at) {
    std::size_t next = at + 1;
    while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80)
        ++next;
    return next;
}

}  // namespace

PatternBudget::PatternBudget(double seconds)
    : deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds))) {}

bool PatternBudget::spent() const { return std::chrono::steady_clock::now() > deadline_; }

Expected<std::shared_ptr<const RegexPattern>> RegexPattern::compile(std::string_view pattern,
                                                                    bool literal,
                                                                    const std::string& where) {
    if (pattern.empty())
        return Status::Error(where + ": the pattern is empty.");
    if (pattern.size() > kMaxPatternBytes)
        return Status::Error(where + ": the pattern is " + std::to_string(pattern.size()) +
                             " bytes; patterns are at most " + std::to_string(kMaxPatternBytes) +
                             " bytes.");
    std::shared_ptr<RegexPattern> out(new RegexPattern());
    out->where_ = where;
    int error = 0;
    PCRE2_SIZE error_offset = 0;
    // LITERAL takes no UCP; USE_OFFSET_LIMIT lets find_all bound the start positions of one search.
    const uint32_t options = PCRE2_UTF | PCRE2_USE_OFFSET_LIMIT | (literal ? PCRE2_LITERAL : PCRE2_UCP);
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     options, &error, &error_offset, nullptr);
    if (!code)
        return Status::Error(where + ": the pattern does not compile (" + pcre2_message(error) +
                             " at byte " + std::to_string(error_offset) + ").");
    out->code_ = code;
    out->jit_ = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    pcre2_match_context* context = pcre2_match_context_create(nullptr);
    if (!context)
        return Status::Error(where + ": out of memory.");
    out->match_context_ = context;
    pcre2_set_match_limit(context, kPatternMatchLimit);
    pcre2_set_depth_limit(context, kPatternDepthLimit);
    return std::shared_ptr<const RegexPattern>(std::move(out));
}

RegexPattern::~RegexPattern() {
    pcre2_match_context_free(static_cast<pcre2_match_context*>(match_context_));
    pcre2_code_free(static_cast<pcre2_code*>(code_));
}

Status RegexPattern::find_all(std::string_view text, std::vector<PatternMatch>& out) const {
    return find_all(text, out, PatternBudget());
}

Status RegexPattern::find_all(std::string_view text, std::vector<PatternMatch>& out,
                              const PatternBudget& budget) const {
    auto* code = static_cast<pcre2_code*>(code_);
    // A context of this search's own: the offset limit changes with every window.
    pcre2_match_context* context = pcre2_match_context_copy(static_cast<pcre2_match_context*>(match_context_));
    pcre2_match_data* data = context ? pcre2_match_data_create_from_pattern(code, nullptr) : nullptr;
    if (!data) {
        pcre2_match_context_free(context);
        return Status::Error(where_ + ": out of memory.");
    }
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    Status status = Status::Ok();
    std::size_t start = 0;
    while (start <= text.size()) {
        // The match limit holds per start position: try at most kPatternWindowBytes of them per
        // call, so that the budget is looked at often enough whatever the text's length.
        const std::size_t window_end = std::min(text.size(), start + kPatternWindowBytes);
        pcre2_set_offset_limit(context, window_end);
        int rc = budget.spent() ? PCRE2_ERROR_MATCHLIMIT
                                : pcre2_match(code, subject, text.size(), start, PCRE2_NO_UTF_CHECK, data, context);
        if (rc == PCRE2_ERROR_NOMATCH) {
            if (window_end >= text.size())
                break;
            start = next_character(text, window_end);  // every start up to window_end was tried
            continue;
        }
        if (rc < 0) {
            const bool limit = rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
                               rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT;
            status = Status::Error(where_ + (limit ? ": the pattern needs too many steps on this text "
                                                     "(a pattern that backtracks without end?)."
                                                   : ": the pattern failed (" + pcre2_message(rc) + ")."));
            break;
        }
        const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
        std::size_t begin = ovector[0], end = ovector[1];
        if (end < begin)  // \K in a look-ahead can report such a match; take it as empty
            end = begin;
        if (end > begin) {
            out.push_back({begin, end});
            start = end;
        } else {
            start = next_character(text, begin);  // empty match: move on by one UTF-8 character
        }
    }
    pcre2_match_data_free(data);
    pcre2_match_context_free(context);
    return status;
}

}  // namespace attn::pretrained
