// generate_options.h — `attnlab generate`'s options: read by generate_command.cpp, and by
// translate_command.cpp when the model is a translator.
#pragma once

#include <string>

namespace attn::cli {

struct GenerateOptions {
    std::string model_path;
    std::string text;
    std::string output;
    int tokens = 10;
    float temperature = 1.0f;
    int top_k = 0;
    float top_p = 1.0f;
    unsigned long long seed = 0;
    int report_top = 5;
    bool no_attention = false;
    bool compact = false;
    bool sample = false;  // set after parsing: --temperature, --top-k or --top-p was given
    bool chat = false;    // wrap --text as one user turn in the model's chat format
    int beams = 0;        // translation models: beam search width (0: the folder's num_beams)
    bool tokens_given = false;  // set after parsing: --tokens was given (translation: else the folder's limit)
    bool beams_given = false;   // set after parsing: --beams was given
    std::string ablate;             // translation models: "cross.1.2,enc.3.attn" (1-based); empty = none
    std::string ablation = "zero";  // zero | mean
    std::string language, target_language;  // mBART-50: the source's and the target's codes ("" = the folder's)
};

}  // namespace attn::cli
