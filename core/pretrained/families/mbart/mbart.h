// mbart.h — mBART-50 (MBartForConditionalGeneration with MBart50Tokenizer: facebook/
// mbart-large-50-many-to-many-mmt, -one-to-many-mmt, -many-to-one-mmt and their fine-tunes): one
// model for fifty languages, BART's layout with pre-LN blocks and a closing norm on each stack
// (fairseq_seq2seq.h). The language is a token: the source is read as [source code] text </s>, and
// the decoder, started with </s>, writes the target's code first (forced_bos_token_id), then the
// translation.
//
// Tokenizer: sentencepiece.bpe.model under fairseq's numbering (<s> 0, <pad> 1, </s> 2, <unk> 3, piece
// i at i + 1), then the language codes tokenizer_config.json lists (additional_special_tokens, in
// order), then <mask>. The direction is tokenizer_config.json's src_lang / tgt_lang (with_languages
// picks another).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"

namespace attn::pretrained {

// What an mBART folder's tokenizer_config.json says about languages.
struct MBartTokenizerConfig {
    std::string tokenizer_class;     // "MBart50Tokenizer" (or its Fast twin), "" when absent
    std::vector<std::string> codes;  // additional_special_tokens: the language codes, in id order
    std::string src_lang, tgt_lang;  // "" when absent
};

// Parses tokenizer_config.json's text. Errors: not a JSON object; a code that is not a string (or
// an object with a string "content"); no codes; a src_lang / tgt_lang that is not one of them.
Expected<MBartTokenizerConfig> mbart_tokenizer_config(std::string_view text);

// mBART-50's own settings: every language code the tokenizer knows, (code, id) in id order, and
// the two a run uses: the source is framed with source_lang_id, and the decoder writes
// target_lang_id first (forced_bos_id).
struct MBartSettings : Seq2SeqSettings {
    std::vector<std::pair<std::string, int>> languages;
    int source_lang_id = -1, target_lang_id = -1;
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<MBartSettings>(*this); }
};
inline const MBartSettings& mbart_settings(const PretrainedConfig& c) { return settings_as<MBartSettings>(c); }

// The mBART family (family.h): model_type mbart.
const ModelFamily& mbart_family();

}  // namespace attn::pretrained
