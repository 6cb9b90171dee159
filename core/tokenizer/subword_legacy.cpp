// subword_legacy.cpp — the legacy tokenizer files: vocab.json + merges.txt (GPT-2 BPE), vocab.txt
// and tokenizer_config.json (BERT WordPiece). Entry points in subword_tokenizer.cpp.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/subword_files.h"
#include "core/tokenizer/wordpiece_tokenizer.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

using namespace subword_files;  // quote, split_lines, parse_json, check_merge, ... (subword_files.h)

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

// BERT's special tokens, matched literally in the text when the vocabulary has them.
std::vector<AddedToken> bert_specials(const VocabTable& vocab) {
    std::vector<AddedToken> added;
    for (const char* name : {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}) {
        if (const int id = vocab.find(name); id >= 0)
            added.push_back({name, id});
    }
    return added;
}

}  // namespace

namespace subword_files {

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

}  // namespace subword_files

}  // namespace attn::pretrained
