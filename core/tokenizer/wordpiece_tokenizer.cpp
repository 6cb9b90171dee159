// wordpiece_tokenizer.cpp — see wordpiece_tokenizer.h for the steps and the span rule.
#include "core/tokenizer/wordpiece_tokenizer.h"

#include <algorithm>
#include <cassert>

#include <utf8proc.h>

#include "core/base/utf8.h"

namespace attn::pretrained {
namespace {

bool in(char32_t cp, char32_t lo, char32_t hi) { return cp >= lo && cp <= hi; }

utf8proc_category_t category(char32_t cp) {
    return utf8proc_category(static_cast<utf8proc_int32_t>(cp));
}

// Split points: the Unicode White_Space property (also U+2028 / U+2029, which cleaning keeps).
bool is_white_space(char32_t cp) {
    return in(cp, 0x09, 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           in(cp, 0x2000, 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

// What cleaning turns into a plain space: BERT's _is_whitespace.
bool becomes_space(char32_t cp) {
    return cp == U' ' || cp == U'\t' || cp == U'\n' || cp == U'\r' ||
           category(cp) == UTF8PROC_CATEGORY_ZS;
}

// What cleaning drops: BERT's _is_control (every C* category but \t \n \r), NUL and U+FFFD.
bool is_dropped(char32_t cp) {
    if (cp == 0 || cp == 0xFFFD)
        return true;
    if (cp == U'\t' || cp == U'\n' || cp == U'\r')
        return false;
    switch (category(cp)) {
    case UTF8PROC_CATEGORY_CC:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO:
    case UTF8PROC_CATEGORY_CN:
        return true;
    default:
        return false;
    }
}

// One character after normalization, and the bytes of the original character it came from.
struct NormChar {
    char32_t cp = 0;
    std::size_t begin = 0, end = 0;
};

class WordPieceTokenizer final : public SubwordTokenizer {
public:
    WordPieceTokenizer(VocabTable vocab, std::vector<AddedToken> added, WordPieceOptions options)
        : vocab_(std::move(vocab)), added_(std::move(added)), options_(std::move(options)) {}

    Status init(const std::string& source) {
        unk_id = vocab_.find(options_.unk_token);
        if (unk_id < 0)
            return Status::Error(source + ": the unknown-word token \"" + options_.unk_token +
                                 "\" is not in the vocabulary.");
        cls_id = vocab_.find("[CLS]");
        sep_id = vocab_.find("[SEP]");
        pad_id = vocab_.find("[PAD]");
        for (const std::string& p : vocab_.pieces)
            max_piece_bytes_ = std::max(max_piece_bytes_, p.size());
        return Status::Ok();
    }

    SubwordKind kind() const override { return SubwordKind::WordPiece; }
    int vocab_size() const override { return static_cast<int>(vocab_.pieces.size()); }
    int token_id(std::string_view piece) const override { return vocab_.find(piece); }
    std::string piece(int id) const override {
        return id >= 0 && id < vocab_size() ? vocab_.pieces[static_cast<std::size_t>(id)] : "";
    }

    Expected<std::vector<SubwordToken>> encode(std::string_view text,
                                               std::size_t max_tokens) const override {
        if (Status s = validate_utf8(text); !s.ok())
            return s;
        std::vector<SubwordToken> tokens;
        std::vector<NormChar> chars;
        for (const TextSegment& segment : split_on_added_tokens(text, added_)) {
            if (segment.added_id >= 0) {
                if (tokens.size() >= max_tokens)
                    return too_many_subword_tokens(max_tokens);
                push(tokens, segment.added_id, segment.begin, segment.end);
                continue;
            }
            chars.clear();
            normalize(text, segment.begin, segment.end, chars);
            // Words: runs of characters between white space, each punctuation mark on its own.
            std::size_t word_begin = 0;
            for (std::size_t i = 0; i <= chars.size(); ++i) {
                const bool at_end = i == chars.size();
                const bool space = !at_end && is_white_space(chars[i].cp);
                const bool punct = !at_end && bert_is_punctuation(chars[i].cp);
                if (!at_end && !space && !punct)
                    continue;
                if (word_begin < i && !encode_word(chars, word_begin, i, max_tokens, tokens))
                    return too_many_subword_tokens(max_tokens);
                if (punct && !encode_word(chars, i, i + 1, max_tokens, tokens))
                    return too_many_subword_tokens(max_tokens);
                word_begin = i + 1;
            }
        }
        return tokens;
    }

private:
    void push(std::vector<SubwordToken>& tokens, int id, std::size_t begin, std::size_t end) const {
        SubwordToken t;
        t.id = id;
        t.piece = piece(id);
        t.display = t.piece;
        t.byte_begin = begin;
        t.byte_end = end;
        tokens.push_back(std::move(t));
    }

    // text[begin, end) (valid UTF-8) -> cleaned, spaced, lowercased, accent-stripped characters.
    void normalize(std::string_view text, std::size_t begin, std::size_t end,
                   std::vector<NormChar>& out) const {
        utf8proc_int32_t parts[32];
        for (std::size_t pos = begin; pos < end;) {
            const std::size_t char_begin = pos;
            char32_t cp = 0;
            const bool decoded = decode_utf8(text, pos, cp);
            assert(decoded && "encode() validated the text");
            if (!decoded)
                return;
            const auto emit = [&](char32_t c) { out.push_back(NormChar{c, char_begin, pos}); };
            if (is_dropped(cp))
                continue;
            if (becomes_space(cp)) {
                emit(U' ');
                continue;
            }
            if (options_.split_cjk && bert_is_cjk(cp)) {
                emit(U' ');
                emit(cp);
                emit(U' ');
                continue;
            }
            if (options_.lowercase)
                cp = static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp)));
            if (!options_.strip_accents) {
                emit(cp);
                continue;
            }
            // Canonical decomposition of one character is already in canonical order; at most
            // 4 code points in current Unicode, so the buffer never overflows (checked anyway).
            int boundclass = 0;
            const utf8proc_ssize_t n =
                utf8proc_decompose_char(static_cast<utf8proc_int32_t>(cp), parts, 32,
                                        UTF8PROC_DECOMPOSE, &boundclass);
            if (n <= 0 || n > 32) {
                emit(cp);
                continue;
            }
            for (utf8proc_ssize_t k = 0; k < n; ++k) {
                if (utf8proc_category(parts[k]) != UTF8PROC_CATEGORY_MN)
                    emit(static_cast<char32_t>(parts[k]));
            }
        }
    }

    // Greedy longest-match-first over chars[begin, end); false if that would pass max_tokens.
    bool encode_word(const std::vector<NormChar>& chars, std::size_t begin, std::size_t end,
                     std::size_t max_tokens, std::vector<SubwordToken>& tokens) const {
        const std::size_t n = end - begin;
        const auto span_of = [&](std::size_t a, std::size_t b) {  // word chars [a, b)
            return std::make_pair(chars[begin + a].begin, chars[begin + b - 1].end);
        };
        const auto push_unk = [&] {
            if (tokens.size() >= max_tokens)
                return false;
            const auto [b, e] = span_of(0, n);
            push(tokens, unk_id, b, e);
            return true;
        };
        if (n > static_cast<std::size_t>(std::max(options_.max_chars_per_word, 0)))
            return push_unk();

        std::string word;                // the normalized word, UTF-8
        std::vector<std::size_t> offset;  // [n + 1] byte offset of each character in `word`
        for (std::size_t k = begin; k < end; ++k) {
            offset.push_back(word.size());
            append_utf8(word, chars[k].cp);
        }
        offset.push_back(word.size());

        struct Match {
            int id;
            std::size_t a, b;
        };
        std::vector<Match> matches;
        std::string candidate;
        for (std::size_t start = 0; start < n;) {
            const std::string_view prefix =
                start > 0 ? std::string_view(options_.continuing_prefix) : std::string_view();
            int found = -1;
            std::size_t stop = n;
            for (; stop > start; --stop) {
                const std::size_t bytes = prefix.size() + offset[stop] - offset[start];
                if (bytes > max_piece_bytes_)
                    continue;  // longer than every piece: cannot match
                candidate.assign(prefix);
                candidate.append(word, offset[start], offset[stop] - offset[start]);
                found = vocab_.find(candidate);
                if (found >= 0)
                    break;
            }
            if (found < 0)
                return push_unk();
            matches.push_back({found, start, stop});
            start = stop;
        }
        for (const Match& m : matches) {
            if (tokens.size() >= max_tokens)
                return false;
            const auto [b, e] = span_of(m.a, m.b);
            push(tokens, m.id, b, e);
        }
        return true;
    }

    VocabTable vocab_;
    std::vector<AddedToken> added_;
    WordPieceOptions options_;
    std::size_t max_piece_bytes_ = 0;
};

}  // namespace

bool bert_is_punctuation(char32_t cp) {
    if (in(cp, 33, 47) || in(cp, 58, 64) || in(cp, 91, 96) || in(cp, 123, 126))
        return true;
    switch (category(cp)) {
    case UTF8PROC_CATEGORY_PC:
    case UTF8PROC_CATEGORY_PD:
    case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE:
    case UTF8PROC_CATEGORY_PI:
    case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO:
        return true;
    default:
        return false;
    }
}

bool bert_is_cjk(char32_t cp) {
    return in(cp, 0x4E00, 0x9FFF) || in(cp, 0x3400, 0x4DBF) || in(cp, 0x20000, 0x2A6DF) ||
           in(cp, 0x2A700, 0x2B73F) || in(cp, 0x2B740, 0x2B81F) || in(cp, 0x2B820, 0x2CEAF) ||
           in(cp, 0xF900, 0xFAFF) || in(cp, 0x2F800, 0x2FA1F);
}

Expected<std::unique_ptr<SubwordTokenizer>> build_wordpiece_tokenizer(VocabTable vocab,
                                                                      std::vector<AddedToken> added,
                                                                      const WordPieceOptions& options,
                                                                      const std::string& source) {
    auto tokenizer =
        std::make_unique<WordPieceTokenizer>(std::move(vocab), std::move(added), options);
    if (Status s = tokenizer->init(source); !s.ok())
        return s;
    return std::unique_ptr<SubwordTokenizer>(std::move(tokenizer));
}

}  // namespace attn::pretrained
