// hf_decode.cpp — the tokenizer.json decoders (hf_pipeline.h): tokens back to text, and the label
// of one token for the app.
#include <cstdio>
#include <unordered_map>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/hf_pipeline.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

namespace {

// GPT-2 byte symbol (code point) -> byte, or -1.
int byte_of_symbol(char32_t cp) {
    static const std::unordered_map<char32_t, int> table = [] {
        std::unordered_map<char32_t, int> t;
        const auto& forward = gpt2_byte_to_unicode();
        for (int b = 0; b < 256; ++b)
            t.emplace(forward[static_cast<std::size_t>(b)], b);
        return t;
    }();
    const auto it = table.find(cp);
    return it == table.end() ? -1 : it->second;
}

// Byte-level symbols -> the bytes they stand for; other characters are kept as UTF-8.
std::string byte_level_bytes(std::string_view piece) {
    std::string out;
    for (std::size_t pos = 0; pos < piece.size();) {
        const std::size_t begin = pos;
        char32_t cp = 0;
        if (!decode_utf8(piece, pos, cp)) {
            out += piece[begin];
            pos = begin + 1;
            continue;
        }
        const int b = byte_of_symbol(cp);
        if (b >= 0)
            out += static_cast<char>(b);
        else
            out.append(piece.substr(begin, pos - begin));
    }
    return out;
}

// "<0xEA>" -> 0xEA, or -1.
int fallback_byte(std::string_view piece) {
    if (piece.size() != 6 || piece.substr(0, 3) != "<0x" || piece[5] != '>')
        return -1;
    int value = 0;
    for (std::size_t i = 3; i < 5; ++i) {
        const char c = piece[i];
        const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    return value;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
    if (from.empty())
        return;
    std::string out;
    std::size_t at = 0;
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, at)) {
        out.append(s, at, pos - at);
        out.append(to);
        at = pos + from.size();
    }
    out.append(s, at, std::string::npos);
    s = std::move(out);
}

// Invalid UTF-8 -> U+FFFD per bad byte (Rust's from_utf8_lossy differs only in how many).
std::string lossy_utf8(std::string_view bytes) {
    std::string out;
    for (std::size_t pos = 0; pos < bytes.size();) {
        const std::size_t begin = pos;
        char32_t cp = 0;
        if (decode_utf8(bytes, pos, cp)) {
            out.append(bytes.substr(begin, pos - begin));
        } else {
            out += "\xEF\xBF\xBD";
            pos = begin + 1;
        }
    }
    return out;
}

}  // namespace

std::string decode_pieces(const std::vector<DecoderStep>& steps, const std::vector<std::string>& pieces) {
    std::vector<std::string> tokens = pieces;
    for (const DecoderStep& step : steps) {
        switch (step.kind) {
        case DecoderKind::Replace:
            for (std::string& t : tokens)
                replace_all(t, step.pattern, step.content);
            break;
        case DecoderKind::ByteFallback: {
            std::vector<std::string> out;
            std::string bytes;
            bool in_bytes = false;
            for (const std::string& t : tokens) {
                const int b = fallback_byte(t);
                if (b >= 0) {
                    bytes += static_cast<char>(b);
                    in_bytes = true;
                    continue;
                }
                if (in_bytes)
                    out.push_back(lossy_utf8(bytes));
                bytes.clear();
                in_bytes = false;
                out.push_back(t);
            }
            if (in_bytes)
                out.push_back(lossy_utf8(bytes));
            tokens = std::move(out);
            break;
        }
        case DecoderKind::Fuse: {
            std::string all;
            for (const std::string& t : tokens)
                all += t;
            tokens.assign(1, all);
            break;
        }
        case DecoderKind::Strip:
            for (std::string& t : tokens) {
                for (int i = 0; i < step.start && !step.content.empty() &&
                                t.compare(0, step.content.size(), step.content) == 0; ++i)
                    t.erase(0, step.content.size());
                for (int i = 0; i < step.stop && !step.content.empty() && t.size() >= step.content.size() &&
                                t.compare(t.size() - step.content.size(), step.content.size(), step.content) == 0; ++i)
                    t.resize(t.size() - step.content.size());
            }
            break;
        case DecoderKind::ByteLevel: {
            std::string all;
            for (const std::string& t : tokens)
                all += byte_level_bytes(t);
            tokens.assign(1, lossy_utf8(all));
            break;
        }
        case DecoderKind::Metaspace:
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                replace_all(tokens[i], step.replacement, " ");
                if (i == 0 && step.strip_first_space && !tokens[i].empty() && tokens[i][0] == ' ')
                    tokens[i].erase(0, 1);
            }
            break;
        }
    }
    std::string text;
    for (const std::string& t : tokens)
        text += t;
    return lossy_utf8(text);
}

std::string display_piece(const std::vector<DecoderStep>& steps, std::string_view piece) {
    std::string bytes(piece);
    for (const DecoderStep& step : steps) {
        switch (step.kind) {
        case DecoderKind::ByteLevel: bytes = byte_level_bytes(bytes); break;
        case DecoderKind::ByteFallback:
            if (const int b = fallback_byte(bytes); b >= 0)
                bytes.assign(1, static_cast<char>(b));
            break;
        case DecoderKind::Replace: replace_all(bytes, step.pattern, step.content); break;
        case DecoderKind::Metaspace: replace_all(bytes, step.replacement, " "); break;
        case DecoderKind::Fuse:
        case DecoderKind::Strip: break;  // they join or trim a whole text, not one token's label
        }
    }
    return gpt2_display(bytes);
}

}  // namespace attn::pretrained
