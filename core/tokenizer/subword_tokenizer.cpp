// subword_tokenizer.cpp — the tokenizer files' shared helpers and entry points: tokenizer.json,
// vocab.json + merges.txt, vocab.txt (+ tokenizer_config.json). The formats are read in
// subword_legacy.cpp and subword_tokenizer_json.cpp; the algorithms live in bpe_tokenizer.cpp and
// wordpiece_tokenizer.cpp.
//
// [SECTION] Shared helpers (vocab table, added tokens, limits; subword_files.h)
// [SECTION] Entry points
//
// Every parse is checked: nlohmann exceptions are caught and turned into messages naming the
// file, and every entry is checked against the limits in subword_tokenizer.h before it is kept.
// Merges that name a piece missing from the vocabulary are an error naming the line (Hugging
// Face refuses such files too), so a loaded tokenizer can always resolve every merge.
#include "core/tokenizer/subword_tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/tokenizer/regex_pattern.h"
#include "core/tokenizer/subword_files.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

using namespace subword_files;  // the helpers shared with the format readers (subword_files.h)

// =============================================================================================
// [SECTION] Shared helpers
// =============================================================================================

int VocabTable::find(std::string_view piece) const {
    const auto it = ids.find(std::string(piece));
    return it == ids.end() ? -1 : it->second;
}

namespace subword_files {

// Shortened, printable form of a (possibly huge or binary) entry for messages.
std::string quote(std::string_view s) {
    std::string out = "\"";
    std::size_t shown = 0;
    for (unsigned char c : s) {
        if (shown++ >= 40) {
            out += "...";
            break;
        }
        if (c < 0x20 || c == 0x7F) {
            out += '?';
        } else {
            out += static_cast<char>(c);
        }
    }
    out += '"';
    // Cutting at 40 bytes may split a UTF-8 character; messages must stay valid UTF-8.
    if (!validate_utf8(out).ok()) {
        std::string ascii;
        for (unsigned char c : out)
            ascii += c < 0x80 ? static_cast<char>(c) : '?';
        return ascii;
    }
    return out;
}

Expected<VocabTable> make_table(std::vector<std::pair<std::string, int>> entries,
                                const std::string& source, bool later_duplicates_win) {
    if (entries.empty())
        return Status::Error(source + ": the vocabulary is empty.");
    if (entries.size() > kMaxVocabEntries)
        return Status::Error(source + ": " + std::to_string(entries.size()) +
                             " vocabulary entries; more than the limit of " +
                             std::to_string(kMaxVocabEntries) + ".");
    const std::size_t id_limit = 2 * entries.size() + 256;
    VocabTable table;
    int max_id = -1;
    for (const auto& [piece, id] : entries) {
        if (piece.size() > kMaxVocabEntryBytes)
            return Status::Error(source + ": the vocabulary entry " + quote(piece) + " is " +
                                 std::to_string(piece.size()) + " bytes long; entries are at most " +
                                 std::to_string(kMaxVocabEntryBytes) + " bytes.");
        if (id < 0 || static_cast<std::size_t>(id) >= id_limit)
            return Status::Error(source + ": the vocabulary entry " + quote(piece) + " has id " +
                                 std::to_string(id) + "; ids must be in 0.." +
                                 std::to_string(id_limit - 1) + " for " +
                                 std::to_string(entries.size()) + " entries.");
        max_id = std::max(max_id, id);
    }
    table.pieces.assign(static_cast<std::size_t>(max_id) + 1, std::string());
    std::vector<bool> used(table.pieces.size(), false);
    table.ids.reserve(entries.size());
    for (auto& [piece, id] : entries) {
        const auto slot = static_cast<std::size_t>(id);
        if (used[slot] && table.pieces[slot] != piece)
            return Status::Error(source + ": id " + std::to_string(id) + " is given to both " +
                                 quote(table.pieces[slot]) + " and " + quote(piece) + ".");
        const auto [it, inserted] = table.ids.emplace(piece, id);
        if (!inserted && it->second != id) {
            if (!later_duplicates_win)
                return Status::Error(source + ": the piece " + quote(piece) +
                                     " has two ids, " + std::to_string(it->second) + " and " +
                                     std::to_string(id) + ".");
            it->second = id;
        }
        used[slot] = true;
        table.pieces[slot] = std::move(piece);
    }
    return table;
}

Expected<std::string> read_file(const std::string& path, const char* name) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        return Status::Error(std::string("Cannot open ") + name + " (" + path + ").");
    const std::streamoff size = in.tellg();
    if (size < 0)
        return Status::Error(std::string("Cannot read ") + name + " (" + path + ").");
    if (static_cast<std::uint64_t>(size) > kMaxTokenizerFileBytes)
        return Status::Error(std::string(name) + " (" + path + ") is " + std::to_string(size) +
                             " bytes; tokenizer files are at most " +
                             std::to_string(kMaxTokenizerFileBytes >> 20) + " MiB.");
    std::string data(static_cast<std::size_t>(size), '\0');
    in.seekg(0);
    if (!in.read(data.data(), size))
        return Status::Error(std::string("Cannot read ") + name + " (" + path + ").");
    return data;
}


}  // namespace subword_files

Expected<VocabTable> make_vocab_table(std::vector<std::pair<std::string, int>> entries,
                                      const std::string& source) {
    return make_table(std::move(entries), source, false);
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

namespace subword_files {

// A file's lines without their "\n" / "\r\n"; a final newline does not start an extra line.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(begin, end - begin);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back(line);
        begin = end + 1;
    }
    return lines;
}

Expected<json> parse_json(std::string_view text, const std::string& source) {
    if (Status s = check_json_depth(text, limits::kMaxJsonDepth, source); !s)
        return s;
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {
        std::string_view what(e.what());
        if (const auto tag_end = what.find("] "); tag_end != std::string_view::npos)
            what.remove_prefix(tag_end + 2);
        return Status::Error(source + " is not valid JSON: " + printable_input(what, 200));
    }
}

// nlohmann's value access throws on a wrong type; these return a message instead.
std::optional<int> as_int(const json& v) {
    if (!v.is_number_integer())
        return std::nullopt;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        return u <= 0x7FFFFFFF ? std::optional<int>(static_cast<int>(u)) : std::nullopt;
    }
    const auto s = v.get<std::int64_t>();
    return s >= -0x7FFFFFFF && s <= 0x7FFFFFFF ? std::optional<int>(static_cast<int>(s)) : std::nullopt;
}

// {"piece": id, ...} -> entries.
Expected<std::vector<std::pair<std::string, int>>> vocab_entries(const json& object,
                                                                 const std::string& source) {
    if (!object.is_object())
        return Status::Error(source + ": the vocabulary must be a JSON object {\"piece\": id, ...}.");
    if (object.size() > kMaxVocabEntries)
        return Status::Error(source + ": " + std::to_string(object.size()) +
                             " vocabulary entries; more than the limit of " +
                             std::to_string(kMaxVocabEntries) + ".");
    std::vector<std::pair<std::string, int>> entries;
    entries.reserve(object.size());
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::optional<int> id = as_int(it.value());
        if (!id)
            return Status::Error(source + ": the vocabulary entry " + quote(it.key()) +
                                 " has no integer id.");
        entries.emplace_back(it.key(), *id);
    }
    return entries;
}

// The checks every merge needs: size, and that both sides and the result are pieces.
Status check_merge(const BpeMerge& m, const VocabTable& vocab, const std::string& where) {
    for (const std::string* side : {&m.left, &m.right}) {
        if (side->empty())
            return Status::Error(where + ": a merge needs two pieces separated by one space.");
        if (vocab.find(*side) < 0)
            return Status::Error(where + ": the merge " + quote(m.left + " " + m.right) +
                                 " names " + quote(*side) + ", which is not in the vocabulary.");
    }
    if (vocab.find(m.left + m.right) < 0)
        return Status::Error(where + ": the merge " + quote(m.left + " " + m.right) +
                             " makes " + quote(m.left + m.right) +
                             ", which is not in the vocabulary.");
    return Status::Ok();
}

}  // namespace subword_files

// =============================================================================================
// [SECTION] Entry points
// =============================================================================================


Expected<std::unique_ptr<SubwordTokenizer>> make_bpe_tokenizer(std::string_view vocab_json,
                                                               std::string_view merges_txt) {
    try {
        return bpe_from_legacy(vocab_json, merges_txt);
    } catch (const json::exception& e) {
        return Status::Error(std::string("vocab.json: unexpected content: ") + e.what());
    }
}

Expected<std::unique_ptr<SubwordTokenizer>> make_wordpiece_tokenizer(std::string_view vocab_txt,
                                                                     const WordPieceOptions& options) {
    return wordpiece_from_legacy(vocab_txt, options);  // no JSON involved
}

Expected<std::unique_ptr<SubwordTokenizer>> make_tokenizer_from_json(std::string_view tokenizer_json) {
    try {
        return from_tokenizer_json(tokenizer_json);
    } catch (const json::exception& e) {  // a shape we did not check; never escapes the API
        return Status::Error(std::string("tokenizer.json: unexpected content: ") + e.what());
    }
}

Expected<std::unique_ptr<SubwordTokenizer>> load_subword_tokenizer(const TokenizerFiles& files) {
    if (!files.tokenizer_json.empty()) {
        auto text = read_file(files.tokenizer_json, "tokenizer.json");
        if (!text)
            return text.status();
        return make_tokenizer_from_json(*text);
    }
    if (!files.vocab_json.empty() || !files.merges_txt.empty()) {
        if (files.vocab_json.empty() || files.merges_txt.empty())
            return Status::Error("GPT-2 style tokenizers need both vocab.json and merges.txt "
                                 "(or tokenizer.json).");
        auto vocab = read_file(files.vocab_json, "vocab.json");
        if (!vocab)
            return vocab.status();
        auto merges = read_file(files.merges_txt, "merges.txt");
        if (!merges)
            return merges.status();
        return make_bpe_tokenizer(*vocab, *merges);
    }
    if (!files.vocab_txt.empty()) {
        WordPieceOptions options;
        if (!files.tokenizer_config.empty()) {
            auto config = read_file(files.tokenizer_config, "tokenizer_config.json");
            if (!config)
                return config.status();
            auto parsed = parse_tokenizer_config(*config);
            if (!parsed)
                return parsed.status();
            options = *parsed;
        }
        auto vocab = read_file(files.vocab_txt, "vocab.txt");
        if (!vocab)
            return vocab.status();
        return make_wordpiece_tokenizer(*vocab, options);
    }
    return Status::Error("No tokenizer files: expected tokenizer.json, vocab.json + merges.txt "
                         "(GPT-2) or vocab.txt (BERT).");
}

}  // namespace attn::pretrained
