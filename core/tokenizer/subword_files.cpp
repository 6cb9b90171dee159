// subword_files.cpp — the helpers the tokenizer file readers share (subword_files.h): the vocab
// table and its limits, the file and JSON readers, merge checks. Every parse is checked: nlohmann
// exceptions are caught and turned into messages naming the file, and every entry is checked
// against the limits in subword_tokenizer.h before it is kept.
#include "core/tokenizer/subword_files.h"

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

}  // namespace attn::pretrained
