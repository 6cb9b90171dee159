// seq2seq_settings.h — what every encoder–decoder family (Marian, BART, mBART, T5, Whisper) sets
// for generation: the special tokens a text is framed and written with, and generation_config.json's
// search settings. A family's own settings derive from it (families/mbart: its languages;
// families/whisper: the listening prompt), so the shared encoder–decoder code (translate,
// seq2seq_run, text_seq2seq_family) reads this part alone. Token ids always come from the folder's
// config, never a family's usual numbers.
#pragma once

#include <memory>
#include <vector>

#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

struct Seq2SeqSettings : FamilySettings {
    int decoder_start_id = -1;      // decoder_start_token_id (Marian: the pad token)
    int eos_id = -1, pad_id = -1;   // eos_token_id, pad_token_id
    int bos_id = -1;                // bos_token_id where the tokenizer starts every text with it (BART's <s>)
    int forced_bos_id = -1;         // forced_bos_token_id: the first generated token (BART: <s>)
    int forced_eos_id = -1;         // forced_eos_token_id: the last step a length limit allows
    bool scale_embedding = false;   // embeddings × √d_model
    std::vector<std::vector<int>> bad_words;  // bad_words_ids: never generated (single ids only)
    int min_length = 0;             // min_length: no end token before the decoder input is this long
    int no_repeat_ngram = 0;        // no_repeat_ngram_size: no n-gram written twice (0 = off)
    int max_length = 0;             // generation's limit, the start token included (0: max_positions)
    int num_beams = 1;
    float length_penalty = 1.0f;    // a finished beam's score: Σ log p / length^length_penalty
    bool early_stopping = false;    // stop once num_beams beams have finished
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<Seq2SeqSettings>(*this); }
};
inline const Seq2SeqSettings& seq2seq_settings(const PretrainedConfig& c) { return settings_as<Seq2SeqSettings>(c); }

}  // namespace attn::pretrained
