// bpe_tokenizer.cpp — see bpe_tokenizer.h.
//
// A pre-token starts as the ids of its bytes' symbols and is merged by the table both BPE
// tokenizers share (bpe_merges.h: best rank first, O(n log n)). For a merges list learned by BPE
// this gives the same result as GPT-2's encoder.py loop; the orders differ only for lists where a
// merge outranks the merges that build its own parts.
#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/bpe_merges.h"

#include <cassert>
#include <cstdint>
#include <cstdio>
#include <unordered_map>

#include <utf8proc.h>

#include "core/base/utf8.h"

namespace attn::pretrained {
namespace {

bool in(char32_t cp, char32_t lo, char32_t hi) { return cp >= lo && cp <= hi; }

// The Unicode White_Space property (what \s means in Unicode regular expressions).
bool is_white_space(char32_t cp) {
    return in(cp, 0x09, 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           in(cp, 0x2000, 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

utf8proc_category_t category(char32_t cp) {
    return utf8proc_category(static_cast<utf8proc_int32_t>(cp));
}

bool is_letter(char32_t cp) {
    switch (category(cp)) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
        return true;
    default:
        return false;
    }
}

bool is_number(char32_t cp) {
    const utf8proc_category_t cat = category(cp);
    return cat == UTF8PROC_CATEGORY_ND || cat == UTF8PROC_CATEGORY_NL || cat == UTF8PROC_CATEGORY_NO;
}

bool is_other(char32_t cp) { return !is_white_space(cp) && !is_letter(cp) && !is_number(cp); }

void append_hex_byte(std::string& out, unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "<%02X>", static_cast<unsigned>(b));
    out += buf;
}

class BpeTokenizer final : public SubwordTokenizer {
public:
    BpeTokenizer(VocabTable vocab, std::vector<AddedToken> added)
        : vocab_(std::move(vocab)), added_(std::move(added)) {}

    Status init(const std::vector<BpeMerge>& merges, const std::string& source) {
        const auto& table = gpt2_byte_to_unicode();
        for (int b = 0; b < 256; ++b) {
            std::string symbol;
            append_utf8(symbol, table[b]);
            byte_ids_[b] = vocab_.find(symbol);
            if (byte_ids_[b] < 0) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(b));
                return Status::Error(source + ": the vocabulary lacks \"" + symbol + "\", the symbol of byte " + hex +
                                     "; this is not a GPT-2 style byte-level BPE vocabulary.");
            }
        }
        merges_.build(merges, vocab_);
        eos_id = vocab_.find("<|endoftext|>");
        return Status::Ok();
    }

    SubwordKind kind() const override { return SubwordKind::ByteLevelBpe; }
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
        for (const TextSegment& segment : split_on_added_tokens(text, added_)) {
            if (segment.added_id >= 0) {
                if (tokens.size() >= max_tokens)
                    return too_many_subword_tokens(max_tokens);
                tokens.push_back(added_token(segment, piece(segment.added_id)));
                continue;
            }
            const std::string_view part = text.substr(segment.begin, segment.end - segment.begin);
            for (const auto& [begin, end] : gpt2_pretokenize(part)) {
                if (!encode_pretoken(text, segment.begin + begin, segment.begin + end, max_tokens,
                                     tokens))
                    return too_many_subword_tokens(max_tokens);
            }
        }
        return tokens;
    }

private:
    // Appends the tokens of text[begin, end); false if that would pass max_tokens.
    bool encode_pretoken(std::string_view text, std::size_t begin, std::size_t end,
                         std::size_t max_tokens, std::vector<SubwordToken>& tokens) const {
        std::vector<BpeSymbol> symbols;  // [end - begin]: one per byte, then merged
        symbols.reserve(end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            BpeSymbol s;
            s.id = byte_ids_[static_cast<unsigned char>(text[i])];
            s.begin = i;
            s.end = i + 1;
            symbols.push_back(s);
        }
        merges_.apply(symbols);

        for (int i = symbols.empty() ? -1 : 0; i >= 0; i = symbols[i].next) {
            if (tokens.size() >= max_tokens)
                return false;
            const BpeSymbol& s = symbols[i];
            SubwordToken t;
            t.id = s.id;
            t.piece = vocab_.pieces[static_cast<std::size_t>(s.id)];
            t.display = gpt2_display(text.substr(s.begin, s.end - s.begin));
            t.byte_begin = s.begin;
            t.byte_end = s.end;
            tokens.push_back(std::move(t));
        }
        return true;
    }

    VocabTable vocab_;
    std::vector<AddedToken> added_;
    std::array<int, 256> byte_ids_{};
    BpeMergeTable merges_;
};

}  // namespace

const std::array<char32_t, 256>& gpt2_byte_to_unicode() {
    static const std::array<char32_t, 256> table = [] {
        std::array<char32_t, 256> t{};
        char32_t next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = in(b, '!', '~') || in(b, 0xA1, 0xAC) || in(b, 0xAE, 0xFF);
            t[b] = printable ? static_cast<char32_t>(b) : next++;
        }
        return t;
    }();
    return table;
}

std::vector<std::pair<std::size_t, std::size_t>> gpt2_pretokenize(std::string_view text) {
    std::vector<char32_t> cps;    // [n] code points
    std::vector<std::size_t> at;  // [n + 1] byte offset of each code point, then text.size()
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t cp = 0;
        at.push_back(pos);
        const bool decoded = decode_utf8(text, pos, cp);
        assert(decoded && "gpt2_pretokenize needs valid UTF-8");
        if (!decoded)
            ++pos;  // release builds: a byte of its own rather than a loop without end
        cps.push_back(decoded ? cp : 0xFFFD);
    }
    at.push_back(text.size());
    const std::size_t n = cps.size();

    std::vector<std::pair<std::size_t, std::size_t>> out;
    const auto run_of = [&](std::size_t from, bool (*pred)(char32_t)) {
        while (from < n && pred(cps[from]))
            ++from;
        return from;
    };
    std::size_t i = 0;
    while (i < n) {
        std::size_t end = i;  // code points [i, end) form the next pre-token
        const char32_t c = cps[i];
        const char32_t c1 = i + 1 < n ? cps[i + 1] : 0;
        const char32_t c2 = i + 2 < n ? cps[i + 2] : 0;
        const std::size_t body = c == U' ' ? i + 1 : i;  // after the optional leading space
        const char32_t b = body < n ? cps[body] : 0;

        if (c == U'\'' && (c1 == U's' || c1 == U't' || c1 == U'm' || c1 == U'd')) {
            end = i + 2;
        } else if (c == U'\'' && ((c1 == U'r' && c2 == U'e') || (c1 == U'v' && c2 == U'e') ||
                                  (c1 == U'l' && c2 == U'l'))) {
            end = i + 3;
        } else if (body < n && is_letter(b)) {
            end = run_of(body, is_letter);
        } else if (body < n && is_number(b)) {
            end = run_of(body, is_number);
        } else if (body < n && is_other(b)) {
            end = run_of(body, is_other);
        } else {
            // White space: \s+(?!\S) keeps the last space for the word that follows, unless the
            // run is a single character (then \s+ takes it) or reaches the end of the text.
            assert(is_white_space(c));
            const std::size_t run_end = run_of(i, is_white_space);
            end = (run_end == n || run_end - i == 1) ? run_end : run_end - 1;
        }
        out.emplace_back(at[i], at[end]);
        i = end;
    }
    return out;
}

std::string gpt2_display(std::string_view bytes) {
    // Decode once: code points with their bytes, or -1 for a byte that starts no valid sequence.
    struct Piece {
        char32_t cp;
        bool valid;
        std::size_t begin, end;
    };
    std::vector<Piece> pieces;
    for (std::size_t pos = 0; pos < bytes.size();) {
        const std::size_t begin = pos;
        char32_t cp = 0;
        if (decode_utf8(bytes, pos, cp)) {
            pieces.push_back({cp, true, begin, pos});
        } else {
            pieces.push_back({0, false, begin, begin + 1});
            pos = begin + 1;
        }
    }
    bool all_space = !pieces.empty();
    for (const Piece& p : pieces)
        all_space = all_space && p.valid && is_white_space(p.cp);

    std::string out;
    if (all_space) {
        for (const Piece& p : pieces) {
            if (p.cp == U'\n') {
                out += "\\n";
            } else if (p.cp == U'\t') {
                out += "\\t";
            } else if (p.cp == U'\r') {
                out += "\\r";
            } else if (category(p.cp) == UTF8PROC_CATEGORY_ZS) {
                out += "\u00B7";  // · (in the bundled font, unlike ␣)
            } else {
                char buf[16];
                std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(p.cp));
                out += buf;
            }
        }
        return out;
    }
    const std::size_t first = (pieces.size() > 1 && pieces[0].valid && pieces[0].cp == U' ') ? 1 : 0;
    for (std::size_t i = first; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        if (!p.valid || p.cp < 0x20 || p.cp == 0x7F) {
            append_hex_byte(out, static_cast<unsigned char>(bytes[p.begin]));
        } else {
            out.append(bytes.substr(p.begin, p.end - p.begin));
        }
    }
    return out;
}

Expected<std::unique_ptr<SubwordTokenizer>> build_bpe_tokenizer(VocabTable vocab,
                                                                std::vector<BpeMerge> merges,
                                                                std::vector<AddedToken> added,
                                                                const std::string& source) {
    auto tokenizer = std::make_unique<BpeTokenizer>(std::move(vocab), std::move(added));
    if (Status s = tokenizer->init(merges, source); !s.ok())
        return s;
    return std::unique_ptr<SubwordTokenizer>(std::move(tokenizer));
}

}  // namespace attn::pretrained
