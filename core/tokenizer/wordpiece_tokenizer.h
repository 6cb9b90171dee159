// wordpiece_tokenizer.h — BERT WordPiece. Internal: models load it through subword_tokenizer.h
// (load_subword_tokenizer / make_wordpiece_tokenizer); the pieces below are exposed for tests.
//
//   text --split on added tokens ("[MASK]")--> segments
//        --BERT's BasicTokenizer, one original character at a time:
//            drop NUL, U+FFFD and other/control characters (Cc Cf Cn Co Cs, except \t \n \r);
//            white space -> space; a space either side of each CJK ideograph (split_cjk);
//            lowercase (simple case mapping, utf8proc_tolower) when `lowercase`;
//            canonical decomposition with nonspacing marks (Mn) dropped when `strip_accents`
//        --split at white space and around punctuation (Unicode P* and ASCII symbols)--> words
//        --greedy longest-match-first WordPiece, "##" for continuations, [UNK] for a word with
//          no full match or longer than max_chars_per_word characters--> tokens
//
// Spans: every normalized character remembers the original character it came from, so a token's
// span runs from the first byte of its first character's origin to the last byte of its last
// one. That is exact except when one original character became several (accent stripping turns
// a Hangul syllable into 2-3 jamo, as multilingual-uncased BERT does): pieces cut inside such a
// character all get the whole character, so spans never split a character and may overlap.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/tokenizer/subword_tokenizer.h"
#include "core/base/status.h"

namespace attn::pretrained {

// BERT's character classes (code points).
bool bert_is_punctuation(char32_t cp);  // P* categories, and ASCII 33-47 58-64 91-96 123-126
bool bert_is_cjk(char32_t cp);          // CJK Unified Ideographs blocks (not Hangul, not kana)

// The tokenizer from a checked vocabulary. Errors: the unk_token is not in the vocabulary.
// `source` names the file(s) in messages.
Expected<std::unique_ptr<SubwordTokenizer>> build_wordpiece_tokenizer(VocabTable vocab,
                                                                      std::vector<AddedToken> added,
                                                                      const WordPieceOptions& options,
                                                                      const std::string& source);

}  // namespace attn::pretrained
