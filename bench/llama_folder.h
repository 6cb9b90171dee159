// llama_folder.h — reads a rotary decoder folder (config.json + model.safetensors, as
// bench/make_llama_folder.py writes them) for the benchmarks; exits with the message on an error.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::bench {

struct LlamaFolder {
    pretrained::PretrainedConfig config;
    pretrained::RotaryWeights weights;
};

// compact: keep BF16 matrices 16-bit (the app's way); false: widen everything to float32.
inline LlamaFolder load_llama_folder(const std::string& dir, bool compact) {
    auto fail = [&](const std::string& why) {
        std::fprintf(stderr, "%s: %s\n", dir.c_str(), why.c_str());
        std::exit(1);
    };
    std::ifstream in(dir + "/config.json");
    if (!in) fail("no config.json (make one with bench/make_llama_folder.py)");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto config = pretrained::parse_model_config(text);
    if (!config) fail(config.status().message());
    auto file = pretrained::SafeTensorsFile::open(dir + "/model.safetensors");
    if (!file) fail(file.status().message());
    auto w = pretrained::load_rotary_weights(*file, *config, {}, compact);
    if (!w) fail(w.status().message());
    return {*config, std::move(*w)};
}

// The folder's weights as a model its family runs (lm::start_session takes one); it borrows
// f.weights, which must outlive it.
inline std::shared_ptr<const pretrained::PretrainedModel> model_of(const LlamaFolder& f) {
    const std::shared_ptr<const pretrained::FamilyWeights> borrowed(std::shared_ptr<void>(), &f.weights);
    return pretrained::in_memory_model(f.config, borrowed, "bench");
}

}  // namespace attn::bench
