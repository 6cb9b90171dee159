// transcribe_command.h — `attnlab transcribe`: what a speech model (Whisper) hears in a recording,
// written as JSON (the contract: docs/speech.md).
//
//   {format "attnlab-transcript/1", model {…}, audio {source, format, seconds, sample_rate, cut},
//    language, language_detected, language_probabilities {code: p} (detected only),
//    prompt [ids], tokens [{id, token, probability}], text, finished,
//    words [{text, start, end, tokens [i …]}] (--word-timestamps), alignment_heads, untimed,
//    ablation {spec, mode, heads [{section, layer, head}], …} (--ablate: the knocked-out model heard it)}
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace attn::cli {

struct TranscribeOptions {
    std::string model_path;
    std::string audio;
    std::string output;
    std::string language;  // "" = detected
    bool translate = false;
    int tokens = 0;        // 0 = as many as the model allows
    bool word_timestamps = false;
    bool compact = false;
    std::string ablate;             // "cross.1.2,enc.3.attn" (1-based, by section); empty = none
    std::string ablation = "zero";  // zero | mean
};

void add_transcribe_options(CLI::App& cmd, TranscribeOptions& o);
// The exit code (cli_messages.h): 0 ok, 1 a refused value, model or recording, 3 the output unwritable.
int run_transcribe(const TranscribeOptions& o);

}  // namespace attn::cli
