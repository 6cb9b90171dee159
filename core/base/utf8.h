// utf8.h — strict UTF-8 decoding, validation and encoding.
//
// Strict means what the Unicode standard calls well-formed: no overlong forms, no surrogates
// (U+D800..U+DFFF), nothing above U+10FFFF, no truncated sequences. We are strict because every
// byte span we show a student must point at a real character; a lenient decoder would silently
// turn bad bytes into U+FFFD and the spans would no longer match what they typed.
//
// Byte offsets in messages are 0-based, the same numbering as Token::byte_begin.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/base/status.h"

namespace attn {

// Decodes one code point at text[pos]; on success advances pos and returns true.
// Returns false (pos unchanged) at the end of text or at an ill-formed sequence; the caller
// tells them apart with pos < text.size().
bool decode_utf8(std::string_view text, size_t& pos, char32_t& cp);

// Ok, or an error naming the byte offset and byte value of the first invalid sequence, e.g.
// "Invalid UTF-8 at byte 7 (0xFF). Paste the text again or save it as UTF-8."
Status validate_utf8(std::string_view text);

// The error validate_utf8 reports for an invalid sequence starting at text[offset].
// Exposed so that code decoding on the fly reports the exact same message.
Status invalid_utf8_error(std::string_view text, size_t offset);

// Appends cp encoded as UTF-8. cp must be a Unicode scalar value (asserted); in release builds
// an invalid cp is written as U+FFFD so the output stays valid UTF-8.
void append_utf8(std::string& out, char32_t cp);

// Number of code points in text that is already known to be valid UTF-8.
size_t count_code_points(std::string_view valid_utf8);

// User input quoted back in a message: valid UTF-8 is kept, every invalid byte and control
// character is written escaped (\xff, \x1b), and more than max_chars characters end in "...",
// so a message stays one readable line whatever the input was.
std::string printable_input(std::string_view text, size_t max_chars = 60);

}  // namespace attn
