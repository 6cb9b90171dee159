// word_tokenizer.cpp — the teaching tokenizer (word-level tokens; see word_tokenizer.h for the rules).
//
// Two layers:
//  1. UnitReader cuts the text into "units": extended grapheme clusters (UAX #29, via
//     utf8proc), except that whitespace, control and format characters are always units of
//     their own. Working on clusters is what keeps emoji sequences, flags, keycaps, combining
//     marks and decomposed Hangul together without special cases.
//  2. tokenize() groups units into tokens with a small amount of lookahead (at most two units),
//     so memory stays bounded however long the input is.
#include "core/attention/word_tokenizer.h"

#include <array>
#include <cassert>
#include <cstdint>

#include <utf8proc.h>

#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn {
namespace {

enum class Script { Hangul, Han, Kana, Other };

enum class UnitClass { Separator, Letter, Digit, Punctuation, Symbol };

struct Unit {
    size_t begin = 0;
    size_t end = 0;
    char32_t base = 0;        // first code point
    bool single = true;       // exactly one code point (joiners and separators must be bare)
    UnitClass cls = UnitClass::Symbol;
    Script script = Script::Other;  // meaningful for letters only
};

bool in(char32_t cp, char32_t lo, char32_t hi) { return cp >= lo && cp <= hi; }

utf8proc_category_t category_of(char32_t cp) {
    // ASCII dominates English text and long whitespace runs; a table skips the library call.
    static const auto ascii = [] {
        std::array<utf8proc_category_t, 128> table{};
        for (utf8proc_int32_t c = 0; c < 128; ++c)
            table[c] = utf8proc_category(c);
        return table;
    }();
    return cp < 128 ? ascii[cp] : utf8proc_category(static_cast<utf8proc_int32_t>(cp));
}

Script script_of(char32_t cp) {
    if (in(cp, 0xAC00, 0xD7A3) || in(cp, 0x1100, 0x11FF) || in(cp, 0x3130, 0x318F) ||
        in(cp, 0xA960, 0xA97F) || in(cp, 0xD7B0, 0xD7FF) || in(cp, 0xFFA0, 0xFFDF))  // + halfwidth
        return Script::Hangul;
    if (in(cp, 0x3400, 0x4DBF) || in(cp, 0x4E00, 0x9FFF) || in(cp, 0xF900, 0xFAFF) ||
        in(cp, 0x20000, 0x3FFFF) ||  // supplementary and tertiary ideographic planes
        in(cp, 0x3005, 0x3007) ||    // 々 〆 〇: used inside Chinese/Japanese words
        in(cp, 0x3021, 0x3029) || in(cp, 0x3038, 0x303B))  // Hangzhou numerals, 〻
        return Script::Han;
    if (in(cp, 0x3040, 0x30FF) || in(cp, 0x31F0, 0x31FF) || in(cp, 0xFF66, 0xFF9F) ||  // + halfwidth
        in(cp, 0x1AFF0, 0x1B16F))  // kana supplement / extensions
        return Script::Kana;
    return Script::Other;
}

// Characters that always stand alone and are dropped. Space separators are included even though
// UAX #29 lets a combining mark attach to a space: a token must never start with whitespace.
bool is_separator_category(utf8proc_category_t cat) {
    switch (cat) {
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
        return true;
    default:
        return false;
    }
}

// Whitespace and controls end a cluster even where UAX #29 would not break (e.g. after a
// Prepend character). Format characters are left to UAX #29 so that ZWJ stays in emoji.
bool forces_break(char32_t cp) {
    const utf8proc_category_t cat = category_of(cp);
    return cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL ||
           cat == UTF8PROC_CATEGORY_ZP || cat == UTF8PROC_CATEGORY_CC;
}

UnitClass classify(utf8proc_category_t cat) {
    switch (cat) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_NL:  // Ⅻ, 〇: letter-like numerals read as part of words
        return UnitClass::Letter;
    case UTF8PROC_CATEGORY_ND:
        return UnitClass::Digit;
    case UTF8PROC_CATEGORY_PC:
    case UTF8PROC_CATEGORY_PD:
    case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE:
    case UTF8PROC_CATEGORY_PI:
    case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO:
        return UnitClass::Punctuation;
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
        return UnitClass::Separator;
    default:
        // S*, No, private use, unassigned (newer emoji than our Unicode tables), and marks
        // that start a unit, i.e. have nothing to attach to. Visible, so kept, as symbols.
        return UnitClass::Symbol;
    }
}

class UnitReader {
public:
    explicit UnitReader(std::string_view text) : text_(text) {}

    // The unit i places ahead (i < kLookahead), or nullptr at the end of the text or after
    // invalid UTF-8 (then status() says so). The pointer is valid until the next consume().
    const Unit* peek(size_t i) {
        assert(i < kLookahead);
        while (count_ <= i) {
            if (!read(buffer_[count_]))
                return nullptr;
            ++count_;
        }
        return &buffer_[i];
    }

    void consume() {
        assert(count_ > 0);
        for (size_t i = 1; i < count_; ++i)
            buffer_[i - 1] = buffer_[i];
        --count_;
    }

    const Status& status() const { return status_; }

private:
    static constexpr size_t kLookahead = 2;

    // Makes sure the code point after the current unit is decoded (next_cp_ at next_begin_,
    // pos_ just past it). False at the end of the text or on invalid UTF-8.
    bool fetch() {
        if (have_next_)
            return true;
        if (!status_.ok() || pos_ >= text_.size())
            return false;
        const size_t begin = pos_;
        if (!decode_utf8(text_, pos_, next_cp_)) {
            status_ = invalid_utf8_error(text_, pos_);
            return false;
        }
        next_begin_ = begin;
        have_next_ = true;
        return true;
    }

    bool read(Unit& unit) {
        if (!fetch())
            return false;
        unit = Unit{};
        unit.begin = next_begin_;
        unit.end = pos_;
        unit.base = next_cp_;
        have_next_ = false;

        const utf8proc_category_t cat = category_of(unit.base);
        if (is_separator_category(cat)) {
            // Nothing joins a separator, so the next unit starts a fresh cluster
            // (utf8proc documents that resetting the state after a break is safe).
            state_ = 0;
            unit.cls = UnitClass::Separator;
            return true;
        }

        bool emoji = false;
        char32_t prev = unit.base;
        while (fetch()) {
            if (forces_break(next_cp_)) {
                state_ = 0;
                break;
            }
            if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                                 static_cast<utf8proc_int32_t>(next_cp_), &state_))
                break;
            // Emoji presentation selector / keycap: the cluster renders as an emoji.
            emoji = emoji || next_cp_ == 0xFE0F || next_cp_ == 0x20E3;
            prev = next_cp_;
            unit.end = pos_;
            unit.single = false;
            have_next_ = false;
        }

        unit.cls = emoji ? UnitClass::Symbol : classify(cat);
        if (unit.cls == UnitClass::Letter)
            unit.script = script_of(unit.base);
        return true;
    }

    std::string_view text_;
    size_t pos_ = 0;           // byte just past the last decoded code point
    bool have_next_ = false;   // a decoded code point waits to start the next unit
    char32_t next_cp_ = 0;
    size_t next_begin_ = 0;
    utf8proc_int32_t state_ = 0;  // grapheme-break state carried across code points
    Unit buffer_[kLookahead];
    size_t count_ = 0;
    Status status_;
};

bool is_letter_of(const Unit* u, Script script) {
    return u && u->cls == UnitClass::Letter && u->script == script;
}

bool is_word_joiner(const Unit& u) {
    return u.single && (u.base == U'\'' || u.base == 0x2019 || u.base == U'-');
}

bool is_number_separator(const Unit& u) {
    return u.single && (u.base == U'.' || u.base == U',');
}

// Continues a word of `script` whose units so far end at `end`; returns the new end.
// last_is_letter: whether the last unit taken was a letter (a joiner needs letters both sides).
size_t extend_word(UnitReader& reader, Script script, bool last_is_letter, size_t end) {
    const bool alphabetic = script == Script::Other;
    for (;;) {
        const Unit* next = reader.peek(0);
        if (is_letter_of(next, script)) {
            last_is_letter = true;
        } else if (alphabetic && next && next->cls == UnitClass::Digit) {
            last_is_letter = false;
        } else if (alphabetic && last_is_letter && next && is_word_joiner(*next) &&
                   is_letter_of(reader.peek(1), script)) {
            last_is_letter = false;  // the letter after it is taken on the next pass
        } else {
            return end;
        }
        end = next->end;
        reader.consume();
    }
}

}  // namespace

// Names what raises the limit: the command line's --max-tokens (docs/limits.md), up to
// limits::kMaxTokens (the app words it as its Token limit control: compute_worker.cpp).
Status too_many_tokens(size_t limit) {
    const std::string n = std::to_string(limit);
    if (limit >= limits::kMaxTokens)
        return Status::Error("The text has more than " + n + " tokens, the most AttnLab shows. Shorten it.");
    return Status::Error("The text has more than " + n + " tokens (the limit). Shorten it, or raise the limit "
                         "with the command line's --max-tokens (at most " + std::to_string(limits::kMaxTokens) +
                         ").");
}

Expected<std::vector<Token>> tokenize(std::string_view text, const TokenizerOptions& options) {
    std::vector<Token> tokens;
    UnitReader reader(text);

    while (const Unit* first = reader.peek(0)) {
        const Unit unit = *first;  // copy: consume() moves the buffer
        reader.consume();
        size_t end = unit.end;
        TokenKind kind = TokenKind::Symbol;

        switch (unit.cls) {
        case UnitClass::Separator:
            continue;
        case UnitClass::Letter:
            kind = TokenKind::Word;
            end = extend_word(reader, unit.script, true, end);
            break;
        case UnitClass::Digit: {
            bool has_separator = false;
            for (;;) {
                const Unit* next = reader.peek(0);
                if (next && next->cls == UnitClass::Digit) {
                    end = next->end;
                    reader.consume();
                } else if (next && is_number_separator(*next)) {
                    const Unit* after = reader.peek(1);
                    if (!after || after->cls != UnitClass::Digit)
                        break;
                    end = after->end;
                    reader.consume();
                    reader.consume();
                    has_separator = true;
                } else {
                    break;
                }
            }
            // "3D", "5GHz": plain digits glued to Latin-like letters read as one word.
            if (!has_separator && is_letter_of(reader.peek(0), Script::Other)) {
                kind = TokenKind::Word;
                end = extend_word(reader, Script::Other, false, end);
            } else {
                kind = TokenKind::Number;
            }
            break;
        }
        case UnitClass::Punctuation: {
            kind = TokenKind::Punctuation;
            const std::string_view mark = text.substr(unit.begin, unit.end - unit.begin);
            for (;;) {
                const Unit* next = reader.peek(0);
                if (!next || next->cls != UnitClass::Punctuation ||
                    text.substr(next->begin, next->end - next->begin) != mark)
                    break;
                end = next->end;
                reader.consume();
            }
            break;
        }
        case UnitClass::Symbol:
            kind = TokenKind::Symbol;
            break;
        }

        // Checked before adding, so a huge input stops after max_tokens + 1 tokens.
        if (tokens.size() >= options.max_tokens)
            return too_many_tokens(options.max_tokens);
        Token token;
        token.text = std::string(text.substr(unit.begin, end - unit.begin));
        token.byte_begin = unit.begin;
        token.byte_end = end;
        token.kind = kind;
        tokens.push_back(std::move(token));
    }

    if (!reader.status().ok())
        return reader.status();
    if (tokens.empty())
        return Status::Error("The text is empty. Type a sentence.");
    return tokens;
}

std::vector<std::string> unknown_words(const std::vector<Token>& tokens) {
    std::vector<std::string> out;
    for (const Token& t : tokens)
        if (t.unknown) out.push_back(t.text);
    return out;
}

const char* token_kind_name(TokenKind kind) {
    switch (kind) {
    case TokenKind::Word: return "word";
    case TokenKind::Number: return "number";
    case TokenKind::Punctuation: return "punctuation";
    case TokenKind::Symbol: return "symbol";
    case TokenKind::Special: return "special";
    case TokenKind::Patch: return "patch";
    case TokenKind::Frame: return "frame";
    }
    assert(false && "unknown TokenKind");
    return "unknown";
}

}  // namespace attn
