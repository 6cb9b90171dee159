// trace.h — everything one run computed, for the views to read (they never recompute).
//
// A trace holds the tokens, the settings that produced it, and one LayerTrace per attention layer.
// The built-in model has one layer; pretrained models fill many layers with the same types, so
// every view works on either. A run of an encoder–decoder is several traces, one per section.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/attention/attention.h"
#include "core/attention/builtin_model.h"
#include "core/attention/mask.h"
#include "core/attention/word_tokenizer.h"

namespace attn {

struct RunConfig {
    std::string text;        // the sentence: queries (and keys/values for self-attention)
    std::string cross_text;  // keys/values from another sentence (cross-attention); empty = self
    std::string image_path;  // vision models: the image (PNG/JPEG) to look at; text is then unused
    // Speech models (Whisper): the recording (WAV, FLAC, Ogg, MP3) to listen to; cross_text is then
    // a typed transcript the decoder reads after its prompt (empty: the model writes its own).
    std::string audio_path;
    std::string language;    // speech: the language spoken ("en", "ko", …; "" = detected from the sound)
    bool translate = false;  // speech: write English (Whisper's translate task) instead of transcribing
    // speech: keep every encoder frame of the chunk (Hugging Face's output_attentions: 1,500 × 1,500
    // for a 30 s chunk) instead of only the frames that hold sound; word times still use those.
    bool all_frames = false;
    AttentionOptions attention;
    MaskConfig mask;
    TokenizerOptions tokenizer;

    bool is_cross() const { return !cross_text.empty(); }
};
// Every field equal: what decides whether a run would give the same trace (the app runs a request
// only when it differs from the last one).
bool operator==(const RunConfig& a, const RunConfig& b);
inline bool operator!=(const RunConfig& a, const RunConfig& b) { return !(a == b); }

// The picture behind an image run (Vision Transformers): what the model saw and how its patches
// lie on it. Token i ≥ prefix_tokens is the patch at (row, col) = divmod(i − prefix_tokens, grid_cols),
// covering pixels [col·P, (col+1)·P) × [row·P, (row+1)·P) of `rgb`.
struct TraceImage {
    std::string source;                  // the image file's name, for captions
    int source_width = 0, source_height = 0;  // the file's size before resizing and cropping
    int width = 0, height = 0;           // the model's input
    std::vector<std::uint8_t> rgb;       // (height, width, 3) 8-bit, what the model saw
    int patch_size = 0;
    int grid_rows = 0, grid_cols = 0;
    int prefix_tokens = 1;               // [CLS] (and DeiT's [DIST]) before the patches
    int checkpoint_grid = 0;             // the grid the model's position embeddings were trained on
    bool positions_interpolated = false; // the grid differs from it: positions resized (bicubic)
    std::vector<float> logits;           // class scores (classifiers), else empty
    std::vector<std::string> labels;     // class names, id order (classifiers)
};

// One word of a speech model's transcript and when it was heard (word_timing.h).
struct TimedWord {
    std::string text;        // as the tokenizer decodes its tokens (a leading space kept)
    int first_token = 0;     // its tokens: rows [first_token, end_token) of the decoder section
    int end_token = 0;
    double start = 0, end = 0;  // seconds from the recording's start
};

// The recording behind a speech run (Whisper): what the encoder heard. Encoder frame i covers
// [i, i + 1) · seconds_per_frame; the encoder and cross sections keep only the frames that hold
// sound (their softmax still ran over every frame of the chunk, padding included, as the model's).
struct TraceAudio {
    std::string source;                // the file's name, for captions
    std::string format;                // "WAV, 16-bit PCM", … with the file's rate and channels
    double source_seconds = 0;         // the recording's length (it may be longer than the chunk)
    int sample_rate = 16000;
    std::vector<float> samples;        // (N) mono at sample_rate, at most one chunk: what was heard
    Mat log_mel;                       // (n_mels, mel frames) the encoder's input, padding included
    float log_mel_floor = 0;           // the value silence gets in log_mel
    int hop_length = 160;              // samples per mel frame
    int frames = 0;                    // the encoder's frames in a chunk (1500)
    int sound_frames = 0;              // the frames that hold the recording (≤ frames): trimmed to these
    double seconds_per_frame = 0.02;
    bool cut = false;                  // the recording was longer than the chunk: only its start was heard
    std::string language;              // the language the prompt named ("en", "ko", …)
    bool language_detected = false;    // … detected from the sound (else chosen)
    std::string transcript;            // the text the decoder read after its prompt
    bool transcript_generated = false; // written by the model (else typed)
    int prompt_tokens = 0;             // decoder rows before the transcript (<|startoftranscript|> …)
    std::vector<TimedWord> words;      // the transcript's words with their times; empty when unknown
    std::string alignment_heads;       // which heads timed the words, for captions ("layer 3 head 1, …")
    std::vector<std::pair<int, int>> alignment_head_list;  // the same (layer, head) pairs, 0-based
    std::string untimed;               // why the words have no times ("" = timed)
};

struct Trace {
    std::string model_name;        // "built-in", or a pretrained model's folder name ("gpt2", ...)
    // Which part of a run this is: "" for a model with one stack (the built-in model, GPT-2, BERT,
    // ViT, the rotary decoders); an encoder–decoder's run yields "encoder" (source × source),
    // "decoder" (target × target, causal) and "cross" (target queries × source keys).
    std::string section;
    std::string model_family;      // "" for the built-in model; "GPT-2", "BERT", "DistilBERT"
    // The model as trained divides its scores by √d_k (false: T5, whose training folded the factor
    // into W_Q); run.attention.scale says what this run did.
    bool trained_scaled = true;
    ModelConfig model;
    RunConfig run;

    std::vector<Token> q_tokens;   // (T_q) includes [PAD] tokens when padding
    std::vector<Token> k_tokens;   // (T_k) equals q_tokens for self-attention
    std::vector<std::uint8_t> key_is_pad;  // (T_k) 1 = padding key
    Mat q_embeddings;  // (T_q, d_model) token embeddings
    Mat q_positions;   // (T_q, d_model) positional encoding added (zeros when off)
    Mat k_embeddings;  // (T_k, d_model)
    Mat k_positions;   // (T_k, d_model)

    std::vector<LayerTrace> layers;

    std::shared_ptr<const TraceImage> image;  // image runs only (ViT), else null
    std::shared_ptr<const TraceAudio> audio;  // speech runs only (Whisper; every section), else null

    int t_q() const { return int(q_tokens.size()); }
    int t_k() const { return int(k_tokens.size()); }
    bool is_pretrained() const { return !model_family.empty(); }
    bool is_image() const { return image != nullptr; }
    bool is_audio() const { return audio != nullptr; }
};

}  // namespace attn
