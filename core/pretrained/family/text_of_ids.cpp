// text_of_ids.cpp — ids back to text (ModelFamily::decode, token_label): what the tokenizer kind
// says by default, the file's own decoders where a family asks for them.
#include <array>
#include <unordered_map>

#include "core/base/utf8.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/tokenizer/bpe_tokenizer.h"

namespace attn::pretrained {

namespace {

// GPT-2's character -> byte table, the inverse of gpt2_byte_to_unicode().
const std::unordered_map<char32_t, unsigned char>& gpt2_unicode_to_byte() {
    static const std::unordered_map<char32_t, unsigned char> table = [] {
        std::unordered_map<char32_t, unsigned char> t;
        const std::array<char32_t, 256>& fwd = gpt2_byte_to_unicode();
        for (int b = 0; b < 256; ++b) t[fwd[b]] = static_cast<unsigned char>(b);
        return t;
    }();
    return table;
}

// The bytes a GPT-2 piece stands for; a piece with characters outside the table (an added token
// such as "<|endoftext|>") is its own text.
std::string gpt2_piece_bytes(const std::string& piece) {
    const auto& table = gpt2_unicode_to_byte();
    std::string out;
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < piece.size()) {
        if (!decode_utf8(piece, pos, cp)) return piece;
        auto it = table.find(cp);
        if (it == table.end()) return piece;
        out.push_back(char(it->second));
    }
    return out;
}

// Valid UTF-8: every ill-formed sequence becomes U+FFFD.
std::string replace_invalid_utf8(const std::string& bytes) {
    std::string out;
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < bytes.size()) {
        if (decode_utf8(bytes, pos, cp)) {
            append_utf8(out, cp);
        } else {
            append_utf8(out, 0xFFFD);
            ++pos;
        }
    }
    return out;
}

}  // namespace

std::string decode_with_file_decoders(const SubwordTokenizer& tok, const std::vector<int>& ids) {
    std::vector<int> known;
    for (int id : ids)
        if (!tok.piece(id).empty()) known.push_back(id);
    return replace_invalid_utf8(tok.decode(known));
}

std::string label_with_file_decoders(const SubwordTokenizer& tok, int id) {
    const std::string piece = tok.piece(id);
    if (tok.kind() == SubwordKind::ByteLevelBpe) return gpt2_display(gpt2_piece_bytes(piece));
    if (piece.size() == 6 && piece.compare(0, 3, "<0x") == 0) return piece;  // a byte-fallback token
    return gpt2_display(tok.decode({id}));
}

// Byte-level pieces back to their bytes (a piece that is part of a UTF-8 character joins its
// neighbours); WordPiece pieces joined with spaces, "##" pieces glued to the previous one.
std::string ModelFamily::decode(const PretrainedModel& model, const std::vector<int>& ids) const {
    const SubwordTokenizer& tok = *model.tokenizer;
    const bool bytes = tok.kind() != SubwordKind::WordPiece;
    std::string out;
    for (int id : ids) {
        const std::string piece = tok.piece(id);
        if (piece.empty()) continue;
        if (bytes) {
            out += gpt2_piece_bytes(piece);
        } else if (piece.size() > 2 && piece.compare(0, 2, "##") == 0) {
            out += piece.substr(2);
        } else {
            if (!out.empty()) out += ' ';
            out += piece;
        }
    }
    return replace_invalid_utf8(out);
}

std::string ModelFamily::token_label(const PretrainedModel& model, int id) const {
    const std::string piece = model.tokenizer->piece(id);
    if (model.tokenizer->kind() == SubwordKind::WordPiece) return piece;
    return gpt2_display(gpt2_piece_bytes(piece));
}

}  // namespace attn::pretrained
