// hf_json.cpp — reads the general pipeline's parts from tokenizer.json (hf_pipeline.h): normalizer,
// pre_tokenizer, the BPE model's options, post_processor, decoder, added tokens' flags. A part
// the file uses that AttnLab does not reproduce is refused by name, never silently skipped.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tokenizer/hf_pipeline.h"
#include "core/tokenizer/subword_files.h"

namespace attn::pretrained::subword_files {

namespace {

std::string type_of(const json& node) {
    if (!node.is_object())
        return "";
    const auto it = node.find("type");
    return it != node.end() && it->is_string() ? it->get<std::string>() : "";
}

Status unsupported(const std::string& where, const std::string& what, const char* supported) {
    return Status::Error("tokenizer.json: " + where + " \"" + what + "\" is not supported; AttnLab reads " +
                         supported + ".");
}

Status bad_field(const std::string& where, const char* expectation) {
    return Status::Error("tokenizer.json: " + where + " must be " + expectation + ".");
}

// A text field (absent or null: `fallback`).
Expected<std::string> text_of(const json& node, const char* key, const std::string& where,
                              const std::string& fallback) {
    const auto it = node.find(key);
    if (it == node.end() || it->is_null())
        return fallback;
    if (!it->is_string() || it->get_ref<const std::string&>().size() > kMaxVocabEntryBytes)
        return bad_field(where + "." + key, "a short text");
    return it->get<std::string>();
}

Expected<bool> flag_of(const json& node, const char* key, const std::string& where, bool fallback) {
    const auto it = node.find(key);
    if (it == node.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        return bad_field(where + "." + key, "true or false");
    return it->get<bool>();
}

// {"Regex": "..."} or {"String": "..."}.
Expected<std::shared_ptr<const RegexPattern>> pattern_of(const json& node, const std::string& where) {
    const auto it = node.find("pattern");
    if (it == node.end() || !it->is_object() || it->size() != 1)
        return bad_field(where + ".pattern", "{\"Regex\": text} or {\"String\": text}");
    const bool literal = it->contains("String");
    const json& value = literal ? (*it)["String"] : it->contains("Regex") ? (*it)["Regex"] : json();
    if (!value.is_string())
        return bad_field(where + ".pattern", "{\"Regex\": text} or {\"String\": text}");
    return RegexPattern::compile(value.get_ref<const std::string&>(), literal, "tokenizer.json " + where + ".pattern");
}

Status read_normalizer(const json& node, const std::string& where, std::vector<NormalizerStep>& out) {
    if (node.is_null())
        return Status::Ok();
    const std::string type = type_of(node);
    NormalizerStep step;
    step.where = "tokenizer.json " + where;
    if (type == "Sequence") {
        const auto it = node.find("normalizers");
        if (it == node.end() || !it->is_array())
            return bad_field(where + ".normalizers", "a list");
        for (std::size_t i = 0; i < it->size(); ++i)
            if (Status s = read_normalizer((*it)[i], where + ".normalizers[" + std::to_string(i) + "]", out); !s.ok())
                return s;
        return Status::Ok();
    }
    if (type == "NFC" || type == "NFD" || type == "NFKC" || type == "NFKD") {
        step.kind = type == "NFC" ? NormalizerKind::Nfc : type == "NFD" ? NormalizerKind::Nfd
                  : type == "NFKC" ? NormalizerKind::Nfkc : NormalizerKind::Nfkd;
    } else if (type == "Lowercase") {
        step.kind = NormalizerKind::Lowercase;
    } else if (type == "Prepend") {
        step.kind = NormalizerKind::Prepend;
        auto content = text_of(node, "prepend", where, "");
        if (!content)
            return content.status();
        step.content = *content;
    } else if (type == "Replace") {
        step.kind = NormalizerKind::Replace;
        auto pattern = pattern_of(node, where);
        if (!pattern)
            return pattern.status();
        auto content = text_of(node, "content", where, "");
        if (!content)
            return content.status();
        step.pattern = *pattern;
        step.content = *content;
    } else {
        return unsupported(where, type, "NFC, NFD, NFKC, NFKD, Lowercase, Prepend, Replace and Sequence");
    }
    out.push_back(std::move(step));
    return Status::Ok();
}

Status read_pre_tokenizer(const json& node, const std::string& where, std::vector<PreTokenizerStep>& out,
                          bool& byte_level) {
    if (node.is_null())
        return Status::Ok();
    const std::string type = type_of(node);
    PreTokenizerStep step;
    step.where = "tokenizer.json " + where;
    if (type == "Sequence") {
        const auto it = node.find("pretokenizers");
        if (it == node.end() || !it->is_array())
            return bad_field(where + ".pretokenizers", "a list");
        for (std::size_t i = 0; i < it->size(); ++i)
            if (Status s = read_pre_tokenizer((*it)[i], where + ".pretokenizers[" + std::to_string(i) + "]", out,
                                              byte_level); !s.ok())
                return s;
        return Status::Ok();
    }
    if (type == "Split") {
        step.kind = PreTokenizerKind::Split;
        auto pattern = pattern_of(node, where);
        if (!pattern)
            return pattern.status();
        step.pattern = *pattern;
        auto invert = flag_of(node, "invert", where, false);
        if (!invert)
            return invert.status();
        if (*invert)
            return unsupported(where + ".invert", "true", "false");
        auto behavior = text_of(node, "behavior", where, "Isolated");
        if (!behavior)
            return behavior.status();
        if (*behavior == "Isolated") step.behavior = SplitBehavior::Isolated;
        else if (*behavior == "Removed") step.behavior = SplitBehavior::Removed;
        else if (*behavior == "MergedWithPrevious") step.behavior = SplitBehavior::MergedWithPrevious;
        else if (*behavior == "MergedWithNext") step.behavior = SplitBehavior::MergedWithNext;
        else return unsupported(where + ".behavior", *behavior, "Isolated, Removed, MergedWithPrevious and MergedWithNext");
    } else if (type == "Digits") {
        // Hugging Face splits at char::is_numeric (the N categories): each one alone, or runs.
        auto individual = flag_of(node, "individual_digits", where, false);
        if (!individual)
            return individual.status();
        auto pattern = RegexPattern::compile(*individual ? "\\p{N}" : "\\p{N}+", false, "tokenizer.json " + where);
        if (!pattern)
            return pattern.status();
        step.kind = PreTokenizerKind::Split;
        step.pattern = *pattern;
        step.behavior = SplitBehavior::Isolated;
    } else if (type == "ByteLevel") {
        step.kind = PreTokenizerKind::ByteLevel;
        auto prefix = flag_of(node, "add_prefix_space", where, true);
        auto regex = flag_of(node, "use_regex", where, true);
        if (!prefix) return prefix.status();
        if (!regex) return regex.status();
        step.add_prefix_space = *prefix;
        step.use_regex = *regex;
        byte_level = true;
    } else if (type == "Metaspace") {
        step.kind = PreTokenizerKind::Metaspace;
        auto replacement = text_of(node, "replacement", where, "\xE2\x96\x81");
        if (!replacement) return replacement.status();
        if (replacement->empty()) return bad_field(where + ".replacement", "one character");
        step.replacement = *replacement;
        auto split_flag = flag_of(node, "split", where, true);
        if (!split_flag) return split_flag.status();
        step.split = *split_flag;
        auto legacy_prefix = flag_of(node, "add_prefix_space", where, true);  // older files
        if (!legacy_prefix) return legacy_prefix.status();
        auto scheme = text_of(node, "prepend_scheme", where, *legacy_prefix ? "always" : "never");
        if (!scheme) return scheme.status();
        if (*scheme == "always") step.prepend = PrependScheme::Always;
        else if (*scheme == "first") step.prepend = PrependScheme::First;
        else if (*scheme == "never") step.prepend = PrependScheme::Never;
        else return unsupported(where + ".prepend_scheme", *scheme, "always, first and never");
    } else {
        return unsupported(where, type, "Split, Digits, ByteLevel, Metaspace and Sequence for BPE models");
    }
    out.push_back(std::move(step));
    return Status::Ok();
}

Status read_decoder(const json& node, const std::string& where, std::vector<DecoderStep>& out) {
    if (node.is_null())
        return Status::Ok();
    const std::string type = type_of(node);
    DecoderStep step;
    if (type == "Sequence") {
        const auto it = node.find("decoders");
        if (it == node.end() || !it->is_array())
            return bad_field(where + ".decoders", "a list");
        for (std::size_t i = 0; i < it->size(); ++i)
            if (Status s = read_decoder((*it)[i], where + ".decoders[" + std::to_string(i) + "]", out); !s.ok())
                return s;
        return Status::Ok();
    }
    if (type == "ByteLevel") {
        step.kind = DecoderKind::ByteLevel;
    } else if (type == "ByteFallback") {
        step.kind = DecoderKind::ByteFallback;
    } else if (type == "Fuse") {
        step.kind = DecoderKind::Fuse;
    } else if (type == "Strip") {
        step.kind = DecoderKind::Strip;
        auto content = text_of(node, "content", where, " ");
        if (!content) return content.status();
        step.content = *content;
        for (const char* key : {"start", "stop"}) {
            const auto it = node.find(key);
            const std::optional<int> n = it == node.end() ? std::optional<int>(0) : as_int(*it);
            if (!n || *n < 0 || *n > 1000)
                return bad_field(where + "." + key, "a small non-negative integer");
            (key[2] == 'a' ? step.start : step.stop) = *n;
        }
    } else if (type == "Replace") {
        step.kind = DecoderKind::Replace;
        const auto it = node.find("pattern");
        if (it == node.end() || !it->is_object() || !it->contains("String") || !(*it)["String"].is_string())
            return unsupported(where + ".pattern", it == node.end() ? "" : it->dump().substr(0, 40),
                               "{\"String\": text} patterns in decoders");
        step.pattern = (*it)["String"].get<std::string>();
        auto content = text_of(node, "content", where, "");
        if (!content) return content.status();
        step.content = *content;
    } else if (type == "Metaspace") {
        step.kind = DecoderKind::Metaspace;
        auto replacement = text_of(node, "replacement", where, "\xE2\x96\x81");
        if (!replacement) return replacement.status();
        step.replacement = *replacement;
        auto scheme = text_of(node, "prepend_scheme", where, "always");
        if (!scheme) return scheme.status();
        auto legacy_prefix = flag_of(node, "add_prefix_space", where, true);
        if (!legacy_prefix) return legacy_prefix.status();
        step.strip_first_space = *scheme != "never" && *legacy_prefix;
    } else {
        return unsupported(where, type, "ByteLevel, Metaspace, ByteFallback, Fuse, Strip, Replace and Sequence");
    }
    out.push_back(std::move(step));
    return Status::Ok();
}

// TemplateProcessing's "single": [{"SpecialToken": {"id": "<s>"}}, {"Sequence": {"id": "A"}}].
Status read_template(const json& node, const std::string& where, const VocabTable& vocab, HfPipeline& p) {
    const auto single = node.find("single");
    if (single == node.end() || !single->is_array())
        return bad_field(where + ".single", "a list");
    const json specials = node.value("special_tokens", json::object());
    bool seen_text = false;
    for (const json& item : *single) {
        if (item.is_object() && item.contains("Sequence")) {
            if (seen_text || !item["Sequence"].is_object() || item["Sequence"].value("id", json()) != "A")
                return bad_field(where + ".single", "special tokens around one Sequence \"A\"");
            seen_text = true;
            continue;
        }
        if (!item.is_object() || !item.contains("SpecialToken") || !item["SpecialToken"].is_object() ||
            !item["SpecialToken"].contains("id") || !item["SpecialToken"]["id"].is_string())
            return bad_field(where + ".single", "a list of {\"SpecialToken\": {\"id\": text}} and {\"Sequence\": ...}");
        const std::string name = item["SpecialToken"]["id"].get<std::string>();
        std::vector<int> ids;
        const auto entry = specials.is_object() ? specials.find(name) : specials.end();
        if (entry != specials.end() && entry->is_object() && entry->contains("ids") && (*entry)["ids"].is_array()) {
            for (const json& id : (*entry)["ids"]) {
                const std::optional<int> n = as_int(id);
                if (!n || *n < 0 || *n >= static_cast<int>(vocab.pieces.size()))
                    return bad_field(where + ".special_tokens[\"" + name.substr(0, 40) + "\"].ids", "ids in the vocabulary");
                ids.push_back(*n);
            }
        } else if (const int id = vocab.find(name); id >= 0) {
            ids.push_back(id);
        } else {
            return bad_field(where + ".special_tokens[\"" + name.substr(0, 40) + "\"]", "a token of the vocabulary");
        }
        auto& side = seen_text ? p.suffix_ids : p.prefix_ids;
        side.insert(side.end(), ids.begin(), ids.end());
        if (side.size() > 64)
            return bad_field(where + ".single", "at most 64 special tokens");
    }
    return Status::Ok();
}

// RobertaProcessing (BART, RoBERTa): "cls": ["<s>", 0] before the text, "sep": ["</s>", 2] after it.
Status read_roberta(const json& node, const std::string& where, const VocabTable& vocab, HfPipeline& p) {
    for (auto [key, side] : {std::pair<const char*, std::vector<int>*>{"cls", &p.prefix_ids}, {"sep", &p.suffix_ids}}) {
        const auto it = node.find(key);
        if (it == node.end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_string())
            return bad_field(where + "." + key, "[token, id]");
        const std::optional<int> id = as_int((*it)[1]);
        if (!id || *id < 0 || *id >= static_cast<int>(vocab.pieces.size()) ||
            vocab.find((*it)[0].get<std::string>()) != *id)
            return bad_field(where + "." + key, "a token of the vocabulary and its id");
        side->push_back(*id);
    }
    return Status::Ok();
}

Status read_post_processor(const json& node, const std::string& where, const VocabTable& vocab, HfPipeline& p) {
    if (node.is_null())
        return Status::Ok();
    const std::string type = type_of(node);
    if (type == "ByteLevel")
        return Status::Ok();  // offsets only: nothing added
    if (type == "TemplateProcessing")
        return read_template(node, where, vocab, p);
    if (type == "RobertaProcessing")
        return read_roberta(node, where, vocab, p);
    if (type == "Sequence") {
        const auto it = node.find("processors");
        if (it == node.end() || !it->is_array())
            return bad_field(where + ".processors", "a list");
        for (std::size_t i = 0; i < it->size(); ++i)
            if (Status s = read_post_processor((*it)[i], where + ".processors[" + std::to_string(i) + "]", vocab, p);
                !s.ok())
                return s;
        return Status::Ok();
    }
    return unsupported(where, type, "TemplateProcessing, RobertaProcessing, ByteLevel and Sequence for BPE models");
}

}  // namespace

Expected<HfPipeline> parse_hf_pipeline(const json& root, const json& model, const VocabTable& vocab) {
    HfPipeline p;
    if (Status s = read_normalizer(root.value("normalizer", json()), "normalizer", p.normalizers); !s.ok())
        return s;
    if (Status s = read_pre_tokenizer(root.value("pre_tokenizer", json()), "pre_tokenizer", p.pre_tokenizers,
                                      p.model.byte_level); !s.ok())
        return s;
    if (Status s = read_post_processor(root.value("post_processor", json()), "post_processor", vocab, p); !s.ok())
        return s;
    if (Status s = read_decoder(root.value("decoder", json()), "decoder", p.decoders); !s.ok())
        return s;

    if (const auto it = model.find("dropout"); it != model.end() && !it->is_null() &&
                                               !(it->is_number() && it->get<double>() == 0.0))
        return unsupported("model.dropout", it->dump().substr(0, 20), "null or 0 (the same tokens every time)");
    auto ignore = flag_of(model, "ignore_merges", "model", false);
    auto fallback = flag_of(model, "byte_fallback", "model", false);
    auto fuse = flag_of(model, "fuse_unk", "model", false);
    auto unk = text_of(model, "unk_token", "model", "");
    if (!ignore) return ignore.status();
    if (!fallback) return fallback.status();
    if (!fuse) return fuse.status();
    if (!unk) return unk.status();
    p.model.ignore_merges = *ignore;
    p.model.byte_fallback = *fallback;
    p.model.fuse_unk = *fuse;
    p.model.unk_token = *unk;

    // Added tokens' flags (their ids and contents were checked by parse_added_tokens).
    if (const auto it = root.find("added_tokens"); it != root.end() && it->is_array()) {
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json& entry = (*it)[i];
            const std::string where = "added_tokens[" + std::to_string(i) + "]";
            AddedTokenFlags a;
            a.token = {entry["content"].get<std::string>(), *as_int(entry["id"])};
            auto special = flag_of(entry, "special", where, false);
            auto lstrip = flag_of(entry, "lstrip", where, false);
            auto rstrip = flag_of(entry, "rstrip", where, false);
            auto single_word = flag_of(entry, "single_word", where, false);
            if (!special) return special.status();
            if (!lstrip) return lstrip.status();
            if (!rstrip) return rstrip.status();
            if (!single_word) return single_word.status();
            a.token.single_word = *single_word;
            a.special = *special;
            a.lstrip = *lstrip;
            a.rstrip = *rstrip;
            p.added.push_back(std::move(a));
        }
    }
    return p;
}

}  // namespace attn::pretrained::subword_files
