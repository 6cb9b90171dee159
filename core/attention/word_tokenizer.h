// word_tokenizer.h — splits a sentence into the word-level tokens the attention views show.
//
// This is a teaching tokenizer, not a subword (BPE) one: students should recognise every token
// as a word, number or mark they typed, in English or Korean.
//
// Rules (the tests in tests/test_tokenizer.cpp pin each one down):
//  - Whitespace (Zs, Zl, Zp, tab, newline...), other control characters (Cc) and format
//    characters (Cf, e.g. ZWSP, BOM, soft hyphen) separate tokens and are dropped. A format
//    character that grapheme clustering glues to the previous character (ZWJ, ZWNJ, emoji tag
//    characters) stays inside that token instead.
//  - Word: a maximal run of letters (L*, Nl), with their combining marks, of one script class:
//    Hangul, Han, Kana or Other (Latin, Greek, Cyrillic, ...). A script change splits:
//    "AI모델" -> "AI" "모델". Korean particles stay attached: "집에" is one word.
//  - Other-class words also take digits: "GPT2", "3D", "mp3", "5GHz" are one Word. Hangul,
//    Han and Kana words do not: "3개" -> "3" "개", "GPT-2를" -> "GPT" "-" "2" "를".
//  - Inside Other-class words, ' (U+0027), ’ (U+2019) and - (U+002D) join two letters:
//    "don't", "O'Neil", "state-of-the-art". Both neighbours must be letters, not digits:
//    "GPT-2" -> "GPT" "-" "2", "COVID-19" -> "COVID" "-" "19".
//  - Number: decimal digits (Nd), with '.' or ',' allowed between two digits: "3.14", "1,000",
//    "1.000.000". A number without '.'/',' that runs straight into an Other-class letter becomes
//    a Word ("3D"); one with a separator ends there ("3.5GHz" -> "3.5" "GHz").
//  - Punctuation (P*): one token per character, except that a run of the same character is one
//    token: "...", "!!", "--", "?!" -> "?" "!".
//  - Symbol: S*, No (², ½, ①), private use and unassigned code points, and every emoji: one
//    token per extended grapheme cluster, so 👍🏽, 👨‍👩‍👧, 🇰🇷 stay whole. A cluster with an emoji
//    presentation selector (U+FE0F) or keycap (U+20E3) is a Symbol whatever its base is:
//    "1️⃣", "#️⃣", "ℹ️".
//  - Combining marks stay with the character before them. A mark with nothing to attach to
//    (at the start of the text or right after a separator) becomes a Symbol token.
//
// Errors are returned, never thrown. When the text has several problems, the first one met
// reading left to right is reported; reading stops there, so a 100 MB paste fails after
// max_tokens + 1 tokens instead of building millions of them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace attn {

// Symbol = emoji, math, currency...; Special = e.g. "[PAD]" added by the engine; Patch = one P×P
// square of an image (Vision Transformers), at patch_row, patch_col of its grid.
// Frame: a speech model's encoder frame (0.02 s of sound for Whisper); its text is its start time.
enum class TokenKind { Word, Number, Punctuation, Symbol, Special, Patch, Frame };

struct Token {
    std::string text;        // UTF-8, exactly text.substr(byte_begin, byte_end - byte_begin) for tokens from the input
    size_t byte_begin = 0;   // span in the original text (Special tokens not from the text: begin == end == text size)
    size_t byte_end = 0;
    TokenKind kind = TokenKind::Word;
    int id = -1;             // vocabulary id (pretrained models' subword tokens); -1 = none
    std::string piece{};     // the vocabulary's spelling of `id` ("Ġflies", "##ing", "▁집"); "" = none
    int patch_row = -1;      // Patch tokens: row and column in the image's patch grid (0-based)
    int patch_col = -1;
    // Not in the model's vocabulary: its tokenizer gave its unknown piece (<unk>, [UNK]), so the
    // model cannot tell this text from any other it does not know.
    bool unknown = false;
};

struct TokenizerOptions {
    size_t max_tokens = 512;  // more tokens than this is an error (attention cost grows as n^2)
};
inline bool operator==(const TokenizerOptions& a, const TokenizerOptions& b) { return a.max_tokens == b.max_tokens; }
inline bool operator!=(const TokenizerOptions& a, const TokenizerOptions& b) { return !(a == b); }

// Splits text into words, numbers, punctuation and symbols. Errors:
//  - empty, whitespace-only (or control-only) text: "The text is empty. Type a sentence."
//  - invalid UTF-8: the validate_utf8 message, with the byte offset
//  - more than max_tokens tokens: "The text has more than 512 tokens (the limit). Shorten it, or
//    raise the limit with the command line's --max-tokens (at most 2048)." (at limits::kMaxTokens:
//    "The text has more than 2048 tokens, the most AttnLab shows. Shorten it.")
Expected<std::vector<Token>> tokenize(std::string_view text, const TokenizerOptions& options = {});

// The refusal above for more than `limit` tokens (a pretrained model's run says it too when the
// run's max_tokens, not the model, is what stopped the text).
Status too_many_tokens(size_t limit);

// The texts of the tokens marked unknown, in order (one entry per token).
std::vector<std::string> unknown_words(const std::vector<Token>& tokens);

// "word", "number", "punctuation", "symbol", "special", "patch" (for logs, golden files, the UI legend).
const char* token_kind_name(TokenKind kind);

}  // namespace attn
