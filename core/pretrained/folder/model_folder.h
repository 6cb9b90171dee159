// model_folder.h — what a local Hugging Face model folder holds, checked before anything loads.
#pragma once

#include <string>

#include "core/base/status.h"

namespace attn::pretrained {

struct ModelFolder {
    std::string dir;               // as given (a file inside the folder is accepted: its parent)
    std::string config_path;       // config.json
    std::string weights_path;      // model.safetensors
    std::string tokenizer_json;    // tokenizer.json, or empty
    std::string vocab_json;        // vocab.json (GPT-2), or empty
    std::string merges_txt;        // merges.txt (GPT-2), or empty
    std::string vocab_txt;         // vocab.txt (BERT), or empty
    std::string tokenizer_config;  // tokenizer_config.json (do_lower_case ...), or empty
    std::string preprocessor_config;  // preprocessor_config.json (vision models), or empty
    std::string source_spm, target_spm;  // SentencePiece models (Marian's source.spm / target.spm), or empty
    std::string spiece_model;      // spiece.model (T5's SentencePiece model, its own ids), or empty
    std::string sentencepiece_bpe;  // sentencepiece.bpe.model (mBART's, fairseq's ids), or empty
    std::string generation_config;  // generation_config.json, or empty
    std::string tokenizer_error;   // why no tokenizer was found ("" = found); vision models need none
};

// Errors, each saying what to do: not a folder; no config.json; only pytorch_model.bin /
// *.pt / *.ckpt (pickle can run code when loaded: refused, with the one-line conversion hint);
// sharded weights (model.safetensors.index.json) not supported; no tokenizer files.
// `need_tokenizer` false (for a caller that reads config.json first, as the loader does): a
// folder without tokenizer files is accepted and tokenizer_error says what is missing.
Expected<ModelFolder> inspect_model_folder(const std::string& path, bool need_tokenizer = true);

// A small text file of the folder (config.json, tokenizer_config.json, preprocessor_config.json):
// refused over 1 MiB (a real one is a few KiB), with a message naming the file.
Expected<std::string> read_config_file(const std::string& path);

}  // namespace attn::pretrained
