// fuzz_generation_config.cpp — a generation_config.json applied over the tiny Marian fixture's
// config (a translation model's fields, core/pretrained/families/marian) and over the tiny Whisper
// fixture's (a speech model's: languages, tasks, suppressed tokens, alignment heads,
// core/pretrained/families/whisper): ids checked against the vocabulary, heads against the decoder.
// The same bytes as a T5 folder's tokenizer_config.json (its sentinel count, families/t5) and as an
// mBART-50 folder's (its language codes and direction, families/mbart).
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/pretrained/families/mbart/mbart.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

attn::pretrained::PretrainedConfig tiny_config(const char* folder) {
    std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/pretrained/models/" + folder + "/config.json", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto c = attn::pretrained::parse_model_config(ss.str());
    return c ? *c : attn::pretrained::PretrainedConfig{};
}

}  // namespace

ATTNLAB_FUZZ_TARGET(generation_config) {
    static const attn::pretrained::PretrainedConfig marian = tiny_config("tiny-marian");
    static const attn::pretrained::PretrainedConfig whisper = tiny_config("tiny-whisper");
    attn::pretrained::PretrainedConfig c = marian;
    (void)attn::pretrained::apply_generation_config(attn::fuzz::as_text(data, size), c);
    c = whisper;
    if (attn::pretrained::apply_whisper_generation_config(attn::fuzz::as_text(data, size), c)) {
        // An accepted list leaves the first step a token to write (speech_next_scores asserts it).
        std::vector<char> forbidden(std::size_t(c.vocab_size), 0);
        for (int id : attn::pretrained::whisper_settings(c).speech.suppress) forbidden[std::size_t(id)] = 1;
        for (int id : attn::pretrained::whisper_settings(c).speech.begin_suppress) forbidden[std::size_t(id)] = 1;
        if (std::count(forbidden.begin(), forbidden.end(), 1) == c.vocab_size) __builtin_trap();
    }
    (void)attn::pretrained::t5_extra_ids(attn::fuzz::as_text(data, size));
    (void)attn::pretrained::mbart_tokenizer_config(attn::fuzz::as_text(data, size));
    return 0;
}
