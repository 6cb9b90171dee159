// seq2seq_generation.h — the generation settings an encoder–decoder folder gives (Marian, BART):
// config.json's generation fields and generation_config.json over them, into Seq2SeqSettings.
// Special-token ids always come from the folder; every id is checked against the vocabulary.
#pragma once

#include <string_view>

#include "core/base/status.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"

namespace attn::pretrained {

// config.json's generation fields where present (decoder start, end, pad, forced start and end,
// max_length, num_beams, min_length, no_repeat_ngram_size; bad_words_ids), over what `s` holds. Errors stay in `f` (bad_words_ids:
// returned).
Status read_seq2seq_generation(config_fields::Fields& f, const nlohmann::json& root, Seq2SeqSettings& s);

// Every special id the settings name is a row of the vocabulary; `file` names the source.
Status check_seq2seq_ids(const Seq2SeqSettings& s, int vocab_size, const char* file);

// What every encoder–decoder config is checked for last: the Fields' first error, every special id
// a row of the vocabulary, `bad_words` (read_seq2seq_generation's result), the decoder's heads
// splitting d_model, the activation and the encoder's heads (check_activation_and_heads).
Status check_seq2seq_config(const config_fields::Fields& f, const Status& bad_words, PretrainedConfig& c);

// An encoder–decoder's DecoderFacts (family.h) from its config and generation settings (the seq2seq
// families' answer), writing at most `limit` decoder inputs.
DecoderFacts seq2seq_decoder_facts(const PretrainedConfig& config, int limit);

// generation_config.json's text over config's generation fields (decoder start, end, pad, forced
// start and end, bad words, max_length, num_beams, min_length, no_repeat_ngram_size, length_penalty,
// early_stopping). Errors name the
// file and the field; nothing changes then.
Status apply_generation_config(std::string_view text, PretrainedConfig& config);

}  // namespace attn::pretrained
