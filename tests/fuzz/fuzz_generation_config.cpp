// fuzz_generation_config.cpp — a translation model's generation_config.json applied over the tiny
// Marian fixture's config (core/pretrained/families/marian): ids checked against its vocabulary.
#include <fstream>
#include <sstream>
#include <string>

#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/model_config.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

attn::pretrained::PretrainedConfig tiny_marian_config() {
    std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/pretrained/models/tiny-marian/config.json", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto c = attn::pretrained::parse_model_config(ss.str());
    return c ? *c : attn::pretrained::PretrainedConfig{};
}

}  // namespace

ATTNLAB_FUZZ_TARGET(generation_config) {
    static const attn::pretrained::PretrainedConfig base = tiny_marian_config();
    attn::pretrained::PretrainedConfig c = base;
    (void)attn::pretrained::apply_generation_config(attn::fuzz::as_text(data, size), c);
    return 0;
}
