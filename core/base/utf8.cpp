// utf8.cpp — see utf8.h. Follows the well-formed byte sequence table of the Unicode standard
// (chapter 3, table 3-7): the allowed range of the second byte depends on the first byte,
// which is what rules out overlongs, surrogates and code points above U+10FFFF.
#include "core/base/utf8.h"

#include <cassert>
#include <cstdio>

namespace attn {

bool decode_utf8(std::string_view text, size_t& pos, char32_t& cp) {
    if (pos >= text.size())
        return false;
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char b0 = byte(pos);
    if (b0 < 0x80) {
        cp = b0;
        ++pos;
        return true;
    }

    size_t length = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    char32_t value = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
        value = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        value = b0 & 0x0F;
        if (b0 == 0xE0) lo = 0xA0;  // below is overlong
        if (b0 == 0xED) hi = 0x9F;  // above is a surrogate
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        value = b0 & 0x07;
        if (b0 == 0xF0) lo = 0x90;  // below is overlong
        if (b0 == 0xF4) hi = 0x8F;  // above is > U+10FFFF
    } else {
        return false;  // continuation byte, C0/C1 (always overlong) or F5..FF
    }

    if (text.size() - pos < length)
        return false;  // truncated
    for (size_t i = 1; i < length; ++i) {
        const unsigned char b = byte(pos + i);
        const unsigned char min = (i == 1) ? lo : 0x80;
        const unsigned char max = (i == 1) ? hi : 0xBF;
        if (b < min || b > max)
            return false;
        value = (value << 6) | (b & 0x3F);
    }
    cp = value;
    pos += length;
    return true;
}

Status invalid_utf8_error(std::string_view text, size_t offset) {
    assert(offset < text.size());
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "Invalid UTF-8 at byte %zu (0x%02X). Paste the text again or save it as UTF-8.",
                  offset, static_cast<unsigned>(static_cast<unsigned char>(text[offset])));
    return Status::Error(buf);
}

Status validate_utf8(std::string_view text) {
    size_t pos = 0;
    char32_t cp = 0;
    while (pos < text.size()) {
        // ASCII fast path: validation runs over whole pasted documents.
        if (static_cast<unsigned char>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        if (!decode_utf8(text, pos, cp))
            return invalid_utf8_error(text, pos);
    }
    return Status::Ok();
}

void append_utf8(std::string& out, char32_t cp) {
    const bool valid = cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    assert(valid && "append_utf8 needs a Unicode scalar value");
    if (!valid)
        cp = 0xFFFD;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

size_t count_code_points(std::string_view valid_utf8) {
    // Every code point has exactly one byte that is not a continuation byte (10xxxxxx).
    size_t count = 0;
    for (char c : valid_utf8)
        count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

std::string printable_input(std::string_view text, size_t max_chars) {
    static const char* const kHex = "0123456789abcdef";
    std::string out;
    size_t pos = 0, chars = 0;
    while (pos < text.size()) {
        if (chars >= max_chars) {
            out += "...";
            break;
        }
        const size_t start = pos;
        char32_t cp = 0;
        if (decode_utf8(text, pos, cp) && cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp < 0xa0)) {
            out.append(text.substr(start, pos - start));
        } else {
            // One escaped byte; an invalid or control sequence is shown byte by byte.
            const auto b = static_cast<unsigned char>(text[start]);
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 15];
            pos = start + 1;
        }
        ++chars;
    }
    return out;
}

}  // namespace attn
