// subword_tokenizer.cpp — the file formats: tokenizer.json, vocab.json + merges.txt, vocab.txt
// (+ tokenizer_config.json). The algorithms live in bpe_tokenizer.cpp and wordpiece_tokenizer.cpp.
//
// [SECTION] Shared helpers (vocab table, added tokens, limits)
// [SECTION] Legacy files (vocab.json, merges.txt, vocab.txt, tokenizer_config.json)
// [SECTION] tokenizer.json
// [SECTION] Entry points
//
// Every parse is checked: nlohmann exceptions are caught and turned into messages naming the
// file, and every entry is checked against the limits in subword_tokenizer.h before it is kept.
// Merges that name a piece missing from the vocabulary are an error naming the line (Hugging
// Face refuses such files too), so a loaded tokenizer can always resolve every merge.
#include "core/pretrained/subword_tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/pretrained/bpe_tokenizer.h"
#include "core/pretrained/wordpiece_tokenizer.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

using json = nlohmann::json;

// =============================================================================================
// [SECTION] Shared helpers
// =============================================================================================

int VocabTable::find(std::string_view piece) const {
    const auto it = ids.find(std::string(piece));
    return it == ids.end() ? -1 : it->second;
}

namespace {

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

}  // namespace

Expected<VocabTable> make_vocab_table(std::vector<std::pair<std::string, int>> entries,
                                      const std::string& source) {
    return make_table(std::move(entries), source, false);
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

namespace {

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

// =============================================================================================
// [SECTION] Legacy files
// =============================================================================================

}  // namespace

Expected<std::vector<BpeMerge>> parse_merges_txt(std::string_view text, const VocabTable& vocab) {
    const std::vector<std::string_view> lines = split_lines(text);
    if (lines.size() > kMaxVocabEntries + 1)
        return Status::Error("merges.txt: " + std::to_string(lines.size()) +
                             " lines; more than the limit of " + std::to_string(kMaxVocabEntries) +
                             " merges.");
    std::vector<BpeMerge> merges;
    merges.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const std::string where = "merges.txt line " + std::to_string(i + 1);
        if (i == 0 && line.substr(0, 8) == "#version")
            continue;
        if (line.empty())
            continue;
        if (line.size() > kMaxVocabEntryBytes)
            return Status::Error(where + " is " + std::to_string(line.size()) +
                                 " bytes long; lines are at most " +
                                 std::to_string(kMaxVocabEntryBytes) + " bytes.");
        const std::size_t space = line.find(' ');
        if (space == std::string_view::npos || line.find(' ', space + 1) != std::string_view::npos)
            return Status::Error(where + ": " + quote(line) +
                                 " is not two pieces separated by one space.");
        BpeMerge m{std::string(line.substr(0, space)), std::string(line.substr(space + 1))};
        if (Status s = check_merge(m, vocab, where); !s.ok())
            return s;
        merges.push_back(std::move(m));
    }
    return merges;
}

namespace {

Expected<std::unique_ptr<SubwordTokenizer>> bpe_from_legacy(std::string_view vocab_json,
                                                            std::string_view merges_txt) {
    auto parsed = parse_json(vocab_json, "vocab.json");
    if (!parsed)
        return parsed.status();
    auto entries = vocab_entries(*parsed, "vocab.json");
    if (!entries)
        return entries.status();
    auto vocab = make_vocab_table(std::move(*entries), "vocab.json");
    if (!vocab)
        return vocab.status();
    auto merges = parse_merges_txt(merges_txt, *vocab);
    if (!merges)
        return merges.status();
    std::vector<AddedToken> added;
    if (const int eos = vocab->find("<|endoftext|>"); eos >= 0)
        added.push_back({"<|endoftext|>", eos});
    return build_bpe_tokenizer(std::move(*vocab), std::move(*merges), std::move(added),
                               "vocab.json");
}

// BERT's special tokens, matched literally in the text when the vocabulary has them.
std::vector<AddedToken> bert_specials(const VocabTable& vocab) {
    std::vector<AddedToken> added;
    for (const char* name : {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}) {
        if (const int id = vocab.find(name); id >= 0)
            added.push_back({name, id});
    }
    return added;
}

Expected<std::unique_ptr<SubwordTokenizer>> wordpiece_from_legacy(std::string_view vocab_txt,
                                                                  const WordPieceOptions& options) {
    const std::vector<std::string_view> lines = split_lines(vocab_txt);
    if (lines.size() > kMaxVocabEntries)
        return Status::Error("vocab.txt: " + std::to_string(lines.size()) +
                             " lines; more than the limit of " + std::to_string(kMaxVocabEntries) +
                             " entries.");
    std::vector<std::pair<std::string, int>> entries;
    entries.reserve(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = "vocab.txt line " + std::to_string(i + 1);
        if (lines[i].size() > kMaxVocabEntryBytes)
            return Status::Error(where + " is " + std::to_string(lines[i].size()) +
                                 " bytes long; entries are at most " +
                                 std::to_string(kMaxVocabEntryBytes) + " bytes.");
        if (Status s = validate_utf8(lines[i]); !s.ok())
            return Status::Error(where + ": " + s.message());
        if (!lines[i].empty())  // an empty line still takes its id
            entries.emplace_back(std::string(lines[i]), static_cast<int>(i));
    }
    // The id is the line number; a repeated line gives the piece its later id, as BERT's
    // load_vocab does.
    auto vocab = make_table(std::move(entries), "vocab.txt", true);
    if (!vocab)
        return vocab.status();
    std::vector<AddedToken> added = bert_specials(*vocab);
    return build_wordpiece_tokenizer(std::move(*vocab), std::move(added), options, "vocab.txt");
}

// tokenizer_config.json: do_lower_case, strip_accents (null = follow lowercase),
// tokenize_chinese_chars. Absent keys keep BertTokenizer's defaults.
Expected<WordPieceOptions> parse_tokenizer_config(std::string_view text) {
    WordPieceOptions options;
    auto parsed = parse_json(text, "tokenizer_config.json");
    if (!parsed)
        return parsed.status();
    const json& root = *parsed;
    if (!root.is_object())
        return Status::Error("tokenizer_config.json: expected a JSON object.");
    const auto flag = [&](const char* key, bool& out) -> Status {
        const auto it = root.find(key);
        if (it == root.end() || it->is_null())
            return Status::Ok();
        if (!it->is_boolean())
            return Status::Error(std::string("tokenizer_config.json: \"") + key +
                                 "\" must be true or false.");
        out = it->get<bool>();
        return Status::Ok();
    };
    if (Status s = flag("do_lower_case", options.lowercase); !s.ok())
        return s;
    options.strip_accents = options.lowercase;
    if (Status s = flag("strip_accents", options.strip_accents); !s.ok())
        return s;
    if (Status s = flag("tokenize_chinese_chars", options.split_cjk); !s.ok())
        return s;
    return options;
}

// =============================================================================================
// [SECTION] tokenizer.json
// =============================================================================================

const char* kTj = "tokenizer.json";

std::string type_of(const json& node) {
    if (!node.is_object())
        return "";
    const auto it = node.find("type");
    return it != node.end() && it->is_string() ? it->get<std::string>() : "";
}

// "added_tokens": [{"id": 50256, "content": "<|endoftext|>", ...}, ...]
Expected<std::vector<AddedToken>> parse_added_tokens(const json& root) {
    std::vector<AddedToken> added;
    const auto it = root.find("added_tokens");
    if (it == root.end() || it->is_null())
        return added;
    if (!it->is_array())
        return Status::Error("tokenizer.json: \"added_tokens\" must be a list.");
    if (it->size() > limits::kMaxAddedTokens)
        return Status::Error("tokenizer.json: " + std::to_string(it->size()) + " added tokens; more than the limit of " +
                             std::to_string(limits::kMaxAddedTokens) + ".");
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& entry = (*it)[i];
        const std::string where = "tokenizer.json added_tokens[" + std::to_string(i) + "]";
        if (!entry.is_object() || !entry.contains("content") || !entry["content"].is_string() ||
            !entry.contains("id"))
            return Status::Error(where + ": expected {\"id\": number, \"content\": text}.");
        const std::optional<int> id = as_int(entry["id"]);
        if (!id || *id < 0)
            return Status::Error(where + ": \"id\" must be a non-negative integer.");
        added.push_back({entry["content"].get<std::string>(), *id});
        if (added.back().content.empty() || added.back().content.size() > kMaxVocabEntryBytes)
            return Status::Error(where + ": the content must be 1.." +
                                 std::to_string(kMaxVocabEntryBytes) + " bytes.");
    }
    return added;
}

// model.vocab plus the added tokens (which may extend it) as one checked table.
Expected<VocabTable> model_vocab(const json& model, const std::vector<AddedToken>& added) {
    const auto it = model.find("vocab");
    if (it == model.end())
        return Status::Error("tokenizer.json: \"model\" has no \"vocab\".");
    auto entries = vocab_entries(*it, "tokenizer.json model.vocab");
    if (!entries)
        return entries.status();
    for (const AddedToken& a : added)
        entries->emplace_back(a.content, a.id);
    return make_vocab_table(std::move(*entries), kTj);
}

bool has_byte_level(const json& pre_tokenizer) {
    const std::string type = type_of(pre_tokenizer);
    if (type == "ByteLevel")
        return true;
    if (type == "Sequence" && pre_tokenizer.contains("pretokenizers") &&
        pre_tokenizer["pretokenizers"].is_array()) {
        for (const json& p : pre_tokenizer["pretokenizers"])
            if (type_of(p) == "ByteLevel")
                return true;
    }
    return false;
}

Expected<std::unique_ptr<SubwordTokenizer>> bpe_from_tokenizer_json(const json& root,
                                                                    const json& model,
                                                                    std::vector<AddedToken> added) {
    const json pre_tokenizer = root.value("pre_tokenizer", json());
    if (!has_byte_level(pre_tokenizer))
        return Status::Error(
            "tokenizer.json: a BPE model without the ByteLevel pre-tokenizer (found \"" +
            type_of(pre_tokenizer) +
            "\"); AttnLab supports GPT-2 style byte-level BPE only.");
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        const auto it = model.find(key);
        if (it != model.end() && !it->is_null() && !(it->is_string() && it->get<std::string>().empty()))
            return Status::Error(std::string("tokenizer.json: model.") + key +
                                 " is set; GPT-2 style BPE has none.");
    }
    auto vocab = model_vocab(model, added);
    if (!vocab)
        return vocab.status();

    const auto it = model.find("merges");
    if (it == model.end() || !it->is_array())
        return Status::Error("tokenizer.json: model.merges must be a list.");
    if (it->size() > kMaxVocabEntries)
        return Status::Error("tokenizer.json: " + std::to_string(it->size()) +
                             " merges; more than the limit of " + std::to_string(kMaxVocabEntries) +
                             ".");
    std::vector<BpeMerge> merges;
    merges.reserve(it->size());
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& entry = (*it)[i];
        const std::string where = "tokenizer.json model.merges[" + std::to_string(i) + "]";
        BpeMerge m;
        if (entry.is_string()) {  // "Ġ t"
            const std::string& s = entry.get_ref<const std::string&>();
            if (s.size() > kMaxVocabEntryBytes)
                return Status::Error(where + " is " + std::to_string(s.size()) +
                                     " bytes long; merges are at most " +
                                     std::to_string(kMaxVocabEntryBytes) + " bytes.");
            const std::size_t space = s.find(' ');
            if (space == std::string::npos || s.find(' ', space + 1) != std::string::npos)
                return Status::Error(where + ": " + quote(s) +
                                     " is not two pieces separated by one space.");
            m = {s.substr(0, space), s.substr(space + 1)};
        } else if (entry.is_array() && entry.size() == 2 && entry[0].is_string() &&
                   entry[1].is_string()) {  // ["Ġ", "t"]
            m = {entry[0].get<std::string>(), entry[1].get<std::string>()};
            if (m.left.size() + m.right.size() > kMaxVocabEntryBytes)
                return Status::Error(where + " is longer than " +
                                     std::to_string(kMaxVocabEntryBytes) + " bytes.");
        } else {
            return Status::Error(where + ": expected \"left right\" or [\"left\", \"right\"].");
        }
        if (Status s = check_merge(m, *vocab, where); !s.ok())
            return s;
        merges.push_back(std::move(m));
    }
    return build_bpe_tokenizer(std::move(*vocab), std::move(merges), std::move(added), kTj);
}

// Reads BertNormalizer settings, also from a Sequence of normalizers (Lowercase, StripAccents,
// NFD, BertNormalizer). Other normalizers would change text in ways we do not reproduce.
Status apply_normalizer(const json& node, WordPieceOptions& options) {
    if (node.is_null())
        return Status::Ok();
    const std::string type = type_of(node);
    if (type == "BertNormalizer") {
        const auto flag = [&](const char* key, bool fallback) {
            const auto it = node.find(key);
            return it != node.end() && it->is_boolean() ? it->get<bool>() : fallback;
        };
        options.lowercase = flag("lowercase", true);
        options.strip_accents = flag("strip_accents", options.lowercase);
        options.split_cjk = flag("handle_chinese_chars", true);
        return Status::Ok();
    }
    if (type == "Lowercase") {
        options.lowercase = true;
        return Status::Ok();
    }
    if (type == "StripAccents") {
        options.strip_accents = true;
        return Status::Ok();
    }
    if (type == "NFD")
        return Status::Ok();  // only matters together with StripAccents, which decomposes
    if (type == "Sequence" && node.contains("normalizers") && node["normalizers"].is_array()) {
        for (const json& n : node["normalizers"])
            if (Status s = apply_normalizer(n, options); !s.ok())
                return s;
        return Status::Ok();
    }
    return Status::Error("tokenizer.json: the normalizer \"" + type +
                         "\" is not supported for WordPiece (BertNormalizer is).");
}

Expected<std::unique_ptr<SubwordTokenizer>> wordpiece_from_tokenizer_json(
    const json& root, const json& model, std::vector<AddedToken> added) {
    WordPieceOptions options;
    // Without a normalizer the text is used as is.
    options.lowercase = options.strip_accents = options.split_cjk = false;
    if (Status s = apply_normalizer(root.value("normalizer", json()), options); !s.ok())
        return s;
    const auto text_field = [&](const char* key, std::string& out) -> Status {
        const auto it = model.find(key);
        if (it == model.end() || it->is_null())
            return Status::Ok();
        if (!it->is_string() || it->get_ref<const std::string&>().size() > kMaxVocabEntryBytes)
            return Status::Error(std::string("tokenizer.json: model.") + key +
                                 " must be a short text.");
        out = it->get<std::string>();
        return Status::Ok();
    };
    if (Status s = text_field("unk_token", options.unk_token); !s.ok())
        return s;
    if (Status s = text_field("continuing_subword_prefix", options.continuing_prefix); !s.ok())
        return s;
    if (const auto it = model.find("max_input_chars_per_word"); it != model.end() && !it->is_null()) {
        const std::optional<int> n = as_int(*it);
        if (!n || *n < 1)
            return Status::Error("tokenizer.json: model.max_input_chars_per_word must be a positive integer.");
        options.max_chars_per_word = *n;
    }
    auto vocab = model_vocab(model, added);
    if (!vocab)
        return vocab.status();
    return build_wordpiece_tokenizer(std::move(*vocab), std::move(added), options, kTj);
}

Expected<std::unique_ptr<SubwordTokenizer>> from_tokenizer_json(std::string_view text) {
    auto parsed = parse_json(text, kTj);
    if (!parsed)
        return parsed.status();
    const json& root = *parsed;
    if (!root.is_object() || !root.contains("model") || !root["model"].is_object())
        return Status::Error("tokenizer.json: expected an object with a \"model\" object.");
    const json& model = root["model"];
    auto added = parse_added_tokens(root);
    if (!added)
        return added.status();
    // Older files leave out model.type; the merges list tells BPE apart.
    std::string type = type_of(model);
    if (type.empty())
        type = model.contains("merges") ? "BPE" : "WordPiece";
    if (type == "BPE")
        return bpe_from_tokenizer_json(root, model, std::move(*added));
    if (type == "WordPiece")
        return wordpiece_from_tokenizer_json(root, model, std::move(*added));
    return Status::Error("tokenizer.json: model.type \"" + type +
                         "\" is not supported (BPE for GPT-2, WordPiece for BERT).");
}

// =============================================================================================
// [SECTION] Entry points
// =============================================================================================

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

}  // namespace

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
