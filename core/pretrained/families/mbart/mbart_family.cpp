// mbart_family.cpp — mBART-50 behind the family interface (family.h; the model is in mbart.h): its
// config, its tokenizer with the language codes, framing by language, and BART's shared passes in
// their pre-LN form (fairseq_seq2seq.h).
//
// A typed target's labels are [target code] text </s>, so the decoder input built from them
// (shifted right, </s> first) is </s> [target code] text, as Hugging Face builds it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/families/mbart/mbart.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"

namespace attn::pretrained {

Expected<MBartTokenizerConfig> mbart_tokenizer_config(std::string_view text) {
    if (Status st = check_json_depth(text, limits::kMaxJsonDepth, "tokenizer_config.json"); !st) return st;
    const nlohmann::json root = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object()) return Status::Error("tokenizer_config.json is not a JSON object.");
    MBartTokenizerConfig out;
    auto text_of = [&](const char* key) -> Expected<std::string> {
        auto it = root.find(key);
        if (it == root.end() || it->is_null()) return std::string();
        if (!it->is_string())
            return Status::Error(std::string("tokenizer_config.json: \"") + key + "\" is " +
                                 config_fields::printable(it->dump()) + "; expected a text.");
        return it->get<std::string>();
    };
    for (auto [key, slot] : {std::pair{"tokenizer_class", &out.tokenizer_class}, std::pair{"src_lang", &out.src_lang},
                             std::pair{"tgt_lang", &out.tgt_lang}}) {
        auto v = text_of(key);
        if (!v) return v.status();
        *slot = std::move(*v);
    }
    auto codes = root.find("additional_special_tokens");
    if (codes != root.end() && codes->is_array()) {
        for (const nlohmann::json& c : *codes) {
            const nlohmann::json* content = &c;
            if (c.is_object()) {
                auto it = c.find("content");
                content = it == c.end() ? nullptr : &*it;
            }
            if (!content || !content->is_string() || content->get<std::string>().empty() ||
                content->get<std::string>().size() > 64)
                return Status::Error("tokenizer_config.json: \"additional_special_tokens\" holds " +
                                     config_fields::printable(c.dump()) + ", which is not a language code.");
            out.codes.push_back(content->get<std::string>());
        }
    }
    if (out.codes.empty())
        return Status::Error("tokenizer_config.json lists no language codes (\"additional_special_tokens\": "
                             "\"en_XX\", \"ko_KR\", …), which an mBART-50 tokenizer numbers after its pieces.");
    if (out.codes.size() > 4096)
        return Status::Error("tokenizer_config.json lists " + std::to_string(out.codes.size()) +
                             " language codes; at most 4096 are read.");
    for (const std::string* lang : {&out.src_lang, &out.tgt_lang}) {
        if (lang->empty()) continue;
        bool known = false;
        for (const std::string& c : out.codes) known = known || c == *lang;
        if (!known)
            return Status::Error("tokenizer_config.json: the language \"" + config_fields::printable(*lang) +
                                 "\" is not among its \"additional_special_tokens\".");
    }
    return out;
}

namespace {

// tokenizer_config.json's languages (read again in finish_loading, once the ids are known).
Expected<MBartTokenizerConfig> read_languages(const PretrainedModel& model, const ModelFolder& files) {
    if (files.tokenizer_config.empty())
        return Status::Error(model.folder + ": an mBART folder needs tokenizer_config.json (its language codes). "
                             "Download it from the model's Hub page.");
    auto text = read_config_file(files.tokenizer_config);
    if (!text) return text.status();
    return mbart_tokenizer_config(*text);
}

class MBartFamily final : public FairseqFamily {
public:
    MBartFamily() : FairseqFamily("mBART", /*pre_ln=*/true) {}
    const char* id() const override { return "mbart"; }
    std::vector<std::string_view> model_types() const override { return {"mbart"}; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"MBart", "mbart"}};
    }
    std::vector<std::string> supported() const override { return {"mbart (mBART-50)"}; }

    // BART's fields (FairseqFamily's) into mBART's settings, which gain the languages once loaded.
    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        c.settings = std::make_shared<MBartSettings>();
        return FairseqFamily::parse_config(json, c);
    }

    // sentencepiece.bpe.model under fairseq's numbering, then the language codes and <mask>.
    Status load_tokenizer(PretrainedModel& model, const ModelFolder& files) const override {
        if (files.sentencepiece_bpe.empty())
            return Status::Error(model.folder + ": an mBART folder needs sentencepiece.bpe.model (its SentencePiece "
                                 "model). Download it from the model's Hub page.");
        auto langs = read_languages(model, files);
        if (!langs) return langs.status();
        if (langs->tokenizer_class.rfind("MBartTokenizer", 0) == 0)
            return Status::Error(model.folder + ": its tokenizer is MBartTokenizer (mBART-25, which writes the "
                                 "language code after </s>). AttnLab reads mBART-50 folders (MBart50Tokenizer).");
        std::vector<std::string> appended = langs->codes;
        appended.push_back("<mask>");
        auto tok = load_fairseq_spm_tokenizer(files.sentencepiece_bpe, std::move(appended));
        if (!tok) return tok.status();
        if ((*tok)->vocab_size() > model.config.vocab_size)
            return Status::Error(model.folder + ": sentencepiece.bpe.model and its " + std::to_string(langs->codes.size()) +
                                 " language codes make " + std::to_string((*tok)->vocab_size()) +
                                 " tokens, but config.json gives the model " + std::to_string(model.config.vocab_size) +
                                 ". The folder mixes two models.");
        model.tokenizer = std::move(*tok);
        return Status::Ok();
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::SentencePiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    // The special ids and generation_config.json (FairseqFamily's), then the languages' ids and
    // tokenizer_config.json's direction (else English into the first other code); the target's
    // code is the first token written.
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override {
        if (Status st = FairseqFamily::finish_loading(model, files); !st) return st;
        MBartSettings& s = edit_settings<MBartSettings>(model.config);
        const SubwordTokenizer& tok = *model.tokenizer;
        auto langs = read_languages(model, files);
        if (!langs) return langs.status();
        s.languages.clear();
        for (const std::string& code : langs->codes) s.languages.emplace_back(code, tok.token_id(code));
        std::string source = langs->src_lang, target = langs->tgt_lang;
        if (source.empty()) source = tok.token_id("en_XX") >= 0 ? "en_XX" : langs->codes.front();
        if (target.empty())
            for (const std::string& code : langs->codes)
                if (target.empty() && code != source) target = code;
        if (target.empty()) target = source;
        s.source_lang_id = tok.token_id(source);
        s.target_lang_id = tok.token_id(target);
        s.forced_bos_id = s.target_lang_id;
        return Status::Ok();
    }

    // The source as the encoder reads it: its language's code, its pieces, </s>; a typed target
    // after </s> and the target's code.
    int source_start(const PretrainedModel& model) const override { return mbart_settings(model.config).source_lang_id; }
    int target_bos(const PretrainedModel& model) const override { return mbart_settings(model.config).target_lang_id; }

    LanguageFacts translation_languages(const PretrainedModel& model) const override {
        const MBartSettings& s = mbart_settings(model.config);
        LanguageFacts f;
        for (const auto& [code, id] : s.languages) {
            f.codes.push_back(code);
            if (id == s.source_lang_id) f.source = code;
            if (id == s.target_lang_id) f.target = code;
        }
        return f;
    }

    void set_translation_languages(PretrainedModel& model, const std::string& source,
                                   const std::string& target) const override {
        MBartSettings& s = edit_settings<MBartSettings>(model.config);
        auto id_of = [&](const std::string& code) {
            for (const auto& [name, id] : s.languages)
                if (name == code) return id;
            return -1;
        };
        if (!source.empty()) s.source_lang_id = id_of(source);
        if (!target.empty()) s.target_lang_id = s.forced_bos_id = id_of(target);
    }
};

}  // namespace

const ModelFamily& mbart_family() {
    static const MBartFamily family;
    return family;
}

}  // namespace attn::pretrained
