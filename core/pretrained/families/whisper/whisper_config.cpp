// whisper_config.cpp — config.json of a WhisperForConditionalGeneration (the fields whisper.h's
// model needs; generation's special tokens come with the family's tokenizer and generation_config).
#include "core/base/limits.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/model_config_fields.h"

namespace attn::pretrained {

Status parse_whisper_config(const ConfigJson& json, PretrainedConfig& c) {
    config_fields::Fields f(json.root, "Whisper");
    Seq2SeqConfig& s = c.seq2seq;
    c.d_model = f.integer("d_model", 4, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    s.n_mels = f.integer("num_mel_bins", 1, 512);
    c.max_positions = f.integer("max_source_positions", 1, limits::kMaxPositions);
    s.decoder_max_positions = f.integer("max_target_positions", 1, limits::kMaxPositions);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.layer_norm_eps = 1e-5f;  // fixed in Whisper, not in its config
    c.activation = f.text("activation_function", "gelu");
    s.scale_embedding = f.boolean("scale_embedding", false);
    s.pad_id = f.integer_or("pad_token_id", 0, limits::kMaxVocabSize, &s.pad_id);
    s.eos_id = f.integer_or("eos_token_id", 0, limits::kMaxVocabSize, &s.eos_id);
    s.decoder_start_id = f.integer("decoder_start_token_id", 0, limits::kMaxVocabSize);
    s.max_length = f.integer_or("max_length", 1, 1 << 20, &s.max_length);
    if (!f.ok()) return Status::Error(f.error());
    if (s.scale_embedding)
        return Status::Error("config.json sets \"scale_embedding\" for a Whisper model; Whisper's embeddings are "
                             "never scaled, and AttnLab reads them as Whisper does.");
    for (int id : {s.pad_id, s.eos_id, s.decoder_start_id})
        if (id >= c.vocab_size)
            return Status::Error("config.json names token id " + std::to_string(id) + ", but the vocabulary has " +
                                 std::to_string(c.vocab_size) + " entries.");
    if (c.d_model % 2 != 0 || c.d_model % s.decoder_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) +
                             " is odd or not divisible by the " + std::to_string(s.decoder_heads) +
                             " decoder heads, so the heads cannot split it evenly.");
    return config_fields::check_activation_and_heads(c);
}

}  // namespace attn::pretrained
