// bpe_tokenizer.h — GPT-2 byte-level BPE. Internal: models load it through subword_tokenizer.h
// (load_subword_tokenizer / make_bpe_tokenizer); the pieces below are exposed for tests.
//
//   text --split on added tokens ("<|endoftext|>")--> segments
//        --GPT-2 pre-tokenization (the regex below, by hand)--> pre-tokens [begin, end) bytes
//        --bytes -> vocab ids of the 256 byte symbols--> merges by rank--> tokens
//
// Every token covers exact input bytes, so spans are exact and consecutive; a token can end in
// the middle of a UTF-8 character (Korean text often does), which only its display shows.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tokenizer/subword_tokenizer.h"
#include "core/base/status.h"
#include "core/tokenizer/bpe_merges.h"

namespace attn::pretrained {

// GPT-2's reversible byte -> character table, [256] code points: the printable bytes '!'..'~',
// U+00A1..U+00AC and U+00AE..U+00FF stand for themselves, the other 68 bytes (controls, space,
// U+00AD...) get U+0100, U+0101, ... in byte order. Vocabulary pieces are strings of these
// characters: byte 0x20 (space) is "Ġ" (U+0120), so " flies" is stored as "Ġflies".
const std::array<char32_t, 256>& gpt2_byte_to_unicode();

// The GPT-2 pre-tokenization pattern
//     's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// with the first alternative that matches winning at each position. \p{L} / \p{N} are the
// Unicode letter / number categories (utf8proc); \s is the Unicode White_Space property.
// Returns [begin, end) byte ranges covering valid_utf8 in order, without gaps.
std::vector<std::pair<std::size_t, std::size_t>> gpt2_pretokenize(std::string_view valid_utf8);

// The label for a token covering `bytes` of the input (see SubwordToken::display):
//   - one leading space is dropped when something else follows: " flies" -> "flies";
//   - a token of white space only is spelled out: ' ' and other space separators "·" (middle dot: the bundled font has it, not ␣),
//     "\n" "\t" "\r" as backslash escapes, any other white space as <U+XXXX>;
//   - bytes that are not a whole UTF-8 character, and C0/DEL controls, show as hex: "<EA><B0>".
// The result is always valid UTF-8.
std::string gpt2_display(std::string_view bytes);


// merges.txt: an optional "#version" first line, then one "left right" pair per line, in rank
// order; each merge is checked against `vocab` (check_merge), the first bad line named.
Expected<std::vector<BpeMerge>> parse_merges_txt(std::string_view text, const VocabTable& vocab);

// The tokenizer from checked parts. Every merge's two sides and their concatenation must be in
// the vocabulary (the loaders check, naming the merges line), and so must the 256 byte symbols
// (checked here). `source` names the file(s) in messages.
Expected<std::unique_ptr<SubwordTokenizer>> build_bpe_tokenizer(VocabTable vocab,
                                                                std::vector<BpeMerge> merges,
                                                                std::vector<AddedToken> added,
                                                                const std::string& source);

}  // namespace attn::pretrained
