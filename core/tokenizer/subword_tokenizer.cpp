// subword_tokenizer.cpp — what every subword tokenizer shares (subword_tokenizer.h): the vocab
// table's lookup, added tokens found in a text before the model's own pieces, the token limit's
// message. Reading the files: subword_load.cpp (entry points) and subword_files.cpp (helpers).
#include "core/tokenizer/subword_tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/tokenizer/regex_pattern.h"

namespace attn::pretrained {

int VocabTable::find(std::string_view piece) const {
    const auto it = ids.find(std::string(piece));
    return it == ids.end() ? -1 : it->second;
}


namespace {

// Whether the code point starting at byte `at` (ends_at: the one ending there) is a word character,
// \w as PCRE2 sees it in UCP mode (letters, digits, underscore). False at the text's ends and for
// bytes that are not valid UTF-8.
bool word_char_at(std::string_view text, std::size_t at, bool ends_at) {
    static const auto word = RegexPattern::compile("\\w", false, "single_word");
    if (!word || (ends_at ? at == 0 : at >= text.size()))
        return false;
    std::size_t begin = at;
    if (ends_at) {
        begin = at - 1;
        while (begin > 0 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80)
            --begin;
    }
    std::size_t end = begin;
    char32_t cp = 0;
    if (!decode_utf8(text, end, cp))
        return false;
    std::vector<PatternMatch> found;
    return (*word)->find_all(text.substr(begin, end - begin), found).ok() && !found.empty();
}

}  // namespace

SubwordToken added_token(const TextSegment& segment, std::string piece) {
    SubwordToken t;
    t.id = segment.added_id;
    t.piece = std::move(piece);
    t.display = t.piece;
    t.byte_begin = segment.begin;
    t.byte_end = segment.end;
    return t;
}

std::vector<TextSegment> split_on_added_tokens(std::string_view text,
                                               const std::vector<AddedToken>& added) {
    std::vector<TextSegment> out;
    bool starts[256] = {};  // bytes that begin some added token: most positions skip the list
    for (const AddedToken& a : added)
        if (!a.content.empty())
            starts[static_cast<unsigned char>(a.content[0])] = true;
    std::size_t plain_begin = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (!starts[static_cast<unsigned char>(text[pos])]) {
            ++pos;
            continue;
        }
        // Leftmost match first (the scan), then the longest token matching there.
        const AddedToken* best = nullptr;
        for (const AddedToken& a : added) {
            if (!a.content.empty() && text.compare(pos, a.content.size(), a.content) == 0 &&
                (!best || a.content.size() > best->content.size()))
                best = &a;
        }
        if (!best) {
            ++pos;
            continue;
        }
        const std::size_t end = pos + best->content.size();
        if (best->single_word && (word_char_at(text, pos, true) || word_char_at(text, end, false))) {
            pos = end;  // inside a word: ordinary text, as Hugging Face skips such a match
            continue;
        }
        if (plain_begin < pos)
            out.push_back({plain_begin, pos, -1});
        out.push_back({pos, pos + best->content.size(), best->id});
        pos += best->content.size();
        plain_begin = pos;
    }
    if (plain_begin < text.size())
        out.push_back({plain_begin, text.size(), -1});
    return out;
}

Status too_many_subword_tokens(std::size_t limit) {
    return Status::Error("The text has more than " + std::to_string(limit) +
                         " tokens (the model's limit). Shorten it.");
}


}  // namespace attn::pretrained
