// speech.h — what a speech model (capabilities().inputs.audio) writes from a recording: the
// transcript, the language it heard and when each word was spoken (ModelFamily::transcribe).
//
//   recording ──log-mel──▶ encoder (once) ──▶ decoder: the prompt, then one token at a time
//   prompt  = <|startoftranscript|> [language] [task] <|notimestamps|>   (generation_config.json)
//   language: chosen, or the language token the decoder rates highest after <|startoftranscript|>
//   each step: the most likely token, never one of suppress_tokens, nor one of
//              begin_suppress_tokens first; stops after <|endoftext|> (not kept) or at the limit
//   word times: the alignment heads' cross-attention over the recording's frames, DTW (word_timing.h)
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/matrix.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

struct PretrainedModel;  // pretrained_model.h

struct SpeechOptions {
    std::string language;    // "ko", "en", … ("" = detected from the sound); a multilingual model's
    bool translate = false;  // write English (the translate task) instead of the spoken language
    int max_tokens = 0;      // at most this many tokens after the prompt (0: as many as the model allows)
    bool word_times = true;  // time the words (one more decoder pass)
    // Heads and sublayers knocked out (sections: enc / dec / cross; checked by the caller against
    // the model's sizes): the knocked-out model listens, detects the language and writes.
    Ablation ablation;
};

struct Transcript {
    std::string language;            // the language the prompt named ("" for an English-only model)
    bool language_detected = false;  // … detected (else chosen)
    // The detection's candidates, most likely first: (language, probability among the languages).
    std::vector<std::pair<std::string, float>> language_scores;
    std::vector<int> prompt;         // the decoder's forced start: <|startoftranscript|> …
    std::vector<int> ids;            // the written tokens after the prompt, <|endoftext|> not included
    std::vector<float> probabilities;  // (ids) each token's probability when it was chosen
    bool finished = false;           // ended with <|endoftext|> (else cut at the limit)
    std::string text;                // ids decoded
    std::vector<TimedWord> words;    // token indices count from the first written token (ids[0])
    std::string alignment_heads;     // which heads timed the words ("layer 2 head 1, …")
    std::string untimed;             // why the words have no times ("" = timed, or no words)
    double seconds = 0;              // the recording's length that was heard (at most a chunk)
    bool cut = false;                // the recording was longer than a chunk
    int frames = 0;                  // the encoder frames that hold the recording
    double seconds_per_frame = 0;    // one encoder frame's length
    std::vector<std::pair<int, int>> alignment_head_list;  // (decoder layer, head), 0-based
};

// The scores of a speech model's next token, as its family rates them (ModelFamily::listening_scores:
// Whisper's log-softmax with its suppressed tokens at −∞). The decoder's length limit, the prompt
// included, is its DecoderFacts::limit.
RowVec speech_next_scores(const PretrainedModel& model, const RowVec& logits, bool first);

}  // namespace attn::pretrained
