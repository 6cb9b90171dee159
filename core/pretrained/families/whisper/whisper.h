// whisper.h — Whisper (WhisperForConditionalGeneration), the speech recogniser: an encoder that
// listens to 30 s of log-mel spectrogram and a decoder that writes the transcript, joined by
// cross-attention.
//
//   encoder:  a = GELU(conv1(mel))          kernel 3, padding 1      (n_mels, 2S) -> (2S, d)
//             x = GELU(conv2(a)) + P_enc     kernel 3, stride 2       (2S, d) -> (S, d)   S = 1500
//             per block (pre-LN):  x = x + SelfAttention(LN_1(x))     every frame
//                                  x = x + W_2 GELU(W_1 LN_2(x))
//             x = LN_enc(x)
//   decoder:  y = E[tgt] + P_dec[0 … T−1]                             (T, d)
//             per block (pre-LN):  y = y + SelfAttention(LN_1(y))     causal
//                                  y = y + CrossAttention(Q = LN_2(y), K = V = x)   (T, S) weights
//                                  y = y + W_2 GELU(W_1 LN_3(y))
//   logits = LN_dec(y) · Eᵀ                                           (T, V) proj_out tied to E
//
// Attention divides by √d_k; k_proj has no bias. P_enc is stored (sinusoids: [sin | cos] with
// timescales 10000^(i / (d/2 − 1))) and computed when a file lacks it; P_dec is learned. Hugging
// Face names: model.encoder.conv{1,2}, model.{encoder,decoder}.embed_positions.weight,
// model.decoder.embed_tokens.weight, model.{encoder,decoder}.layers.{i}.{self_attn,encoder_attn}
// .{q,k,v,out}_proj, *_layer_norm, fc1, fc2, model.{encoder,decoder}.layer_norm, proj_out.weight
// when untied.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"

namespace attn::pretrained {

// A speech model's generation settings (Whisper's generation_config.json): the prompt's special
// tokens, what is never written, and which heads time the words. Ids come from the folder.
struct SpeechConfig {
    int start_id = -1;              // <|startoftranscript|> (decoder_start_token_id)
    int no_timestamps_id = -1;      // <|notimestamps|>
    int transcribe_id = -1, translate_id = -1;  // task_to_id
    std::vector<std::pair<std::string, int>> languages;  // lang_to_id: ("en", id), … in id order
    std::vector<int> suppress;        // suppress_tokens: never written
    std::vector<int> begin_suppress;  // begin_suppress_tokens: never the first token after the prompt
    std::vector<std::pair<int, int>> alignment_heads;  // (decoder layer, head) that time the words
    bool multilingual = false;        // is_multilingual (else an English-only ".en" model: no language token)
};

// Whisper's own settings: the encoder reads n_mels log-mel bins through two convolutions, not ids
// (max_positions is then the encoder's frames after them, 1500), the decoder has its own position
// table, and the prompt's settings.
struct WhisperSettings : Seq2SeqSettings {
    int n_mels = 0;                 // num_mel_bins
    int decoder_max_positions = 0;  // max_target_positions (448)
    SpeechConfig speech;
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<WhisperSettings>(*this); }
};
inline const WhisperSettings& whisper_settings(const PretrainedConfig& c) { return settings_as<WhisperSettings>(c); }

struct WhisperWeights : FamilyWeights {
    Mat conv1_w;                 // (3 · n_mels, d): tap k's (n_mels, d) block at rows k · n_mels
    RowVec conv1_b;              // (d)
    Mat conv2_w;                 // (3 · d, d)
    RowVec conv2_b;              // (d)
    Mat encoder_positions;       // (S, d)
    Mat embed;                   // (V, d) the decoder's tokens, and the output
    Mat lm_head;                 // (V, d) only when stored untied; empty = embed
    Mat decoder_positions;       // (T_max, d)
    std::vector<Seq2SeqBlock> encoder, decoder;  // pre-LN: each norm before its sublayer; b_k = 0
    RowVec ln_enc_gamma, ln_enc_beta, ln_dec_gamma, ln_dec_beta;  // (d) each stack's last norm

    std::size_t bytes() const override;
};

// config.json of a WhisperForConditionalGeneration into `config` (the whisper family's fields).
Status parse_whisper_config(const ConfigJson& root, PretrainedConfig& config);

// generation_config.json's fields on top of config.json's: decoder_start_token_id, eos / pad,
// max_length, no_timestamps_token_id, lang_to_id, task_to_id, suppress_tokens,
// begin_suppress_tokens, alignment_heads, is_multilingual (absent: whether languages are listed).
// Every id is checked against the vocabulary; errors name the field.
Status apply_whisper_generation_config(std::string_view text, PretrainedConfig& config);

Expected<WhisperWeights> load_whisper_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                              const LayerLoaded& on_layer = {});

// openai/whisper's encoder position table (rows, d): [sin(p τ_i) | cos(p τ_i)], τ_i = 10000^(−i / (d/2 − 1)).
Mat whisper_sinusoids(int rows, int d);

// A kernel-3, padding-1 convolution over time: x (T_in, C_in) -> (T_out, C_out), T_out =
// (T_in − 1) / stride + 1; w packed as (3 · C_in, C_out) (tap k's block at rows k · C_in).
Mat conv1d_k3(const Mat& x, const Mat& w, const RowVec& b, int stride);

// The encoder over features (n_mels, 2 · max_positions) (asserted: callers check): the
// convolutions' output (S, d) in `conv_out` when not null; hidden_states: n_layers + 1, each
// block's input (the first: the convolutions plus the positions), then the output after LN_enc.
// keep_frames ≥ 0: each layer's trace cut to its first keep_frames queries and keys as soon as it
// is computed (trim_layer_trace; the hidden states stay whole), so a long chunk's 1500 × 1500
// heads are held one layer at a time. `opt`'s encoder knock-outs apply inside (pre_ln_stacks.h).
ForwardPass whisper_encode(const WhisperWeights& w, const PretrainedConfig& config, const Mat& features,
                           const ForwardOptions& opt, Mat* conv_out = nullptr, int keep_frames = -1);

// The decoder over `input` (T ≤ the decoder's positions, ids < vocab; asserted) reading the
// encoder's output `memory` (S, d): its self-attention pass, each layer's cross-attention and the
// logits (T, V), as in whisper_forward; `opt`'s decoder and cross-attention knock-outs inside.
void whisper_decode(const WhisperWeights& w, const PretrainedConfig& config, const Mat& memory,
                    const std::vector<int>& input, const ForwardOptions& opt, Seq2SeqPass& out);

// The teacher-forced pass: the encoder over `features`, the decoder over `decoder_input` (T ≤ the
// decoder's positions, ids < vocab; asserted). As Hugging Face's output_hidden_states, each stack's
// hidden_states are its blocks' inputs, then its output after the final norm (L + 1 in all).
Seq2SeqPass whisper_forward(const WhisperWeights& w, const PretrainedConfig& config, const Mat& features,
                            const std::vector<int>& decoder_input, const ForwardOptions& opt);

// logits = h · Eᵀ   h (T, d) after LN_dec -> (T, V)
Mat whisper_logits(const WhisperWeights& w, const Mat& h);

// The cached step (whisper_step.cpp, seq2seq_session.h). whisper_start: the encoder over checked
// features and every decoder layer's cross-attention keys and values, once; the session is then
// empty (no token yet; `model` kept). whisper_append: one token's row through every decoder layer
// (the prompt's tokens first: <|startoftranscript|>, language, task, …), its logits in s.logits.
// Equal to the teacher-forced pass over the same tokens (tested).
void whisper_start(const WhisperWeights& w, const PretrainedConfig& config, const Mat& features, Seq2SeqSession& s);
// The same from the encoder's output `memory` (S, d) already computed; `ablation`'s decoder and
// cross-attention knock-outs then apply at every step (set_step_ablation; the encoder's are the
// caller's, in `memory`).
void whisper_start_from_memory(const WhisperWeights& w, const PretrainedConfig& config, const Mat& memory,
                               Seq2SeqSession& s, const Ablation& ablation = {});
void whisper_append(const WhisperWeights& w, const PretrainedConfig& config, Seq2SeqSession& s, int id);

}  // namespace attn::pretrained
