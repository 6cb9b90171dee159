// regex_pattern.cpp — see regex_pattern.h. PCRE2's 8-bit library; the text is already checked
// UTF-8, so matching skips PCRE2's own UTF check (PCRE2_NO_UTF_CHECK) after the first call.
#include "core/tokenizer/regex_pattern.h"

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

}  // namespace

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
    const uint32_t options = literal ? PCRE2_UTF | PCRE2_LITERAL : PCRE2_UTF | PCRE2_UCP;  // LITERAL takes no UCP
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
    auto* code = static_cast<pcre2_code*>(code_);
    auto* context = static_cast<pcre2_match_context*>(match_context_);
    pcre2_match_data* data = pcre2_match_data_create_from_pattern(code, nullptr);
    if (!data)
        return Status::Error(where_ + ": out of memory.");
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    Status status = Status::Ok();
    std::size_t start = 0;
    const auto started = std::chrono::steady_clock::now();
    while (start <= text.size()) {
        int rc = pcre2_match(code, subject, text.size(), start, PCRE2_NO_UTF_CHECK, data, context);
        if (rc == PCRE2_ERROR_NOMATCH)
            break;
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > kPatternTimeBudgetSeconds)
            rc = PCRE2_ERROR_MATCHLIMIT;
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
            // Empty match: move on by one UTF-8 character.
            start = begin + 1;
            while (start < text.size() && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80)
                ++start;
        }
    }
    pcre2_match_data_free(data);
    return status;
}

}  // namespace attn::pretrained
