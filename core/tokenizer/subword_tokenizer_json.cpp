// subword_tokenizer_json.cpp — tokenizer.json (Hugging Face tokenizers): byte-level BPE (GPT-2) or
// WordPiece (BERT) with its normalizer, added tokens and vocabulary. Entry points in subword_tokenizer.cpp.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/subword_files.h"
#include "core/tokenizer/wordpiece_tokenizer.h"
#include "core/base/limits.h"

namespace attn::pretrained::subword_files {

namespace {

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

// An added token that takes the white space beside it ("lstrip" / "rstrip": BART's and RoBERTa's
// <mask>), which only the general pipeline honours.
bool strips_white_space(const json& root) {
    const auto it = root.find("added_tokens");
    if (it == root.end() || !it->is_array()) return false;
    for (const json& a : *it)
        if (a.is_object() && (a.value("lstrip", json()) == json(true) || a.value("rstrip", json()) == json(true)))
            return true;
    return false;
}

// GPT-2's own pipeline: the ByteLevel pre-tokenizer alone, no normalizer, added tokens matched
// as they are. Such files keep the GPT-2 tokenizer (bpe_tokenizer.h); every other BPE file goes
// through the general pipeline.
bool is_gpt2_pipeline(const json& root) {
    return root.value("normalizer", json()).is_null() && type_of(root.value("pre_tokenizer", json())) == "ByteLevel" &&
           !strips_white_space(root);
}

Expected<std::unique_ptr<SubwordTokenizer>> bpe_from_tokenizer_json(const json& root,
                                                                    const json& model,
                                                                    std::vector<AddedToken> added) {
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
    if (is_gpt2_pipeline(root))
        return build_bpe_tokenizer(std::move(*vocab), std::move(merges), std::move(added), kTj);
    auto pipeline = parse_hf_pipeline(root, model, *vocab);
    if (!pipeline)
        return pipeline.status();
    return build_hf_bpe_tokenizer(std::move(*vocab), std::move(merges), std::move(*pipeline));
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

}  // namespace

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
    if (const auto it = model.find("type"); it != model.end() && !it->is_null() && !it->is_string())
        return Status::Error("tokenizer.json: model.type is " + it->dump().substr(0, 40) +
                             "; expected a name: \"BPE\" or \"WordPiece\".");
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

}  // namespace attn::pretrained::subword_files
