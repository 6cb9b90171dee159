// whisper_listen.h — the whisper family's own steps between a recording and its transcript (the
// contract is in speech.h and docs/speech.md): the encoder's input, the prompt, language detection,
// greedy writing, and word times from the alignment heads. Used by whisper_family.cpp only.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/attention/engine.h"
#include "core/audio/audio.h"
#include "core/audio/log_mel.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"

namespace attn::pretrained {

// A recording as the encoder hears it.
struct WhisperAudio {
    audio::Sound sound;
    audio::LogMel mel;   // features (n_mels, 2 · max_positions)
    int frames = 0;      // F: encoder frames holding the recording, samples / (2 · hop), 1 … max_positions
};

// What listening works in before anything is kept (check_run_memory): the chunk's spectrogram and
// one encoder layer over every frame of the chunk. Every speech run (dump, transcribe, the app)
// passes it in whisper_audio; dump adds the traces it keeps.
RunMemory listening_memory(const PretrainedModel& model);
inline constexpr const char* kListeningAdvice =
    "The model listens to too much at once: its chunk is too long for its heads.";

// The log-mel of `sound` (mono at the model's rate) checked against the encoder. Errors: a run
// over the memory budget (listening_memory), a rate other than the model's, a recording shorter
// than one encoder frame, a preprocessor whose chunk does not fit the encoder's positions.
Expected<WhisperAudio> whisper_audio(const PretrainedModel& model, audio::Sound sound);

// <|startoftranscript|> [language] [task] <|notimestamps|> (an English-only model: no language or
// task token). `language` is a lang_to_id id or -1.
std::vector<int> whisper_prompt(const SpeechConfig& speech, int language, bool translate);

// The languages the decoder rates after <|startoftranscript|> alone (a session holding the
// encoder's memory and no token), most likely first, as probabilities among the languages.
std::vector<std::pair<int, float>> detect_language(const PretrainedModel& model, const Seq2SeqSession& empty);

// The language token for `opt` ("" = detected): an error names an unknown language and lists the
// model's. Fills the transcript's language fields. `empty` as for detect_language.
Expected<int> choose_language(const PretrainedModel& model, const SpeechOptions& opt, const Seq2SeqSession& empty,
                              Transcript& out);

// The scores of the next token after `length` tokens of which `prompt` were the prompt: log-softmax
// of the logits with suppress_tokens (and, first, begin_suppress_tokens) at −∞.
RowVec whisper_next_scores(const SpeechConfig& speech, const RowVec& logits, bool first);

// Greedy writing from a session that has read the prompt: ids, probabilities and finished into
// `out`, at most max_new tokens, never past the decoder's limit.
void whisper_greedy(const PretrainedModel& model, Seq2SeqSession& s, int max_new, Transcript& out);

// The decoder's limit, the prompt included: generation's max_length, at most the decoder's positions.
int whisper_limit(const PretrainedConfig& config);

// The words of `text_ids` (openai's split_tokens_on_unicode, then split_tokens_on_spaces): a
// new word where a piece starts with a space, is punctuation or is a special token; token
// indices count from text_ids[0]. Times are left 0.
std::vector<TimedWord> whisper_words(const PretrainedModel& model, const std::vector<int>& text_ids);

// The heads that time the words: generation_config's alignment_heads within `cross` (without the
// list, every head of the decoder's second half, as openai does), and a caption naming them
// ("layer 2 head 1, layer 2 head 3", counted from 1).
std::vector<std::pair<int, int>> alignment_heads(const PretrainedModel& model, const std::vector<LayerTrace>& cross,
                                                 std::string& caption);

// Word times (find_alignment): `cross` the decoder's cross-attention layers over the input prompt +
// text + <|endoftext|>, with the keys already cut to the recording's F frames; their raw scores ×
// each layer's factor are the alignment heads' scaled scores. Fills words[i].start / end (seconds)
// and `heads` (a caption). Words are left untimed when the transcript has fewer than two pieces.
void time_words(const PretrainedModel& model, const std::vector<LayerTrace>& cross, int prompt_length,
                int text_length, double seconds_per_frame, std::vector<TimedWord>& words, std::string& heads);

}  // namespace attn::pretrained
