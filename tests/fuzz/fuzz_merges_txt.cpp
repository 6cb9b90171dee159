// fuzz_merges_txt.cpp — merges.txt against the fixture's vocab.json.
#include <fstream>
#include <sstream>
#include <string>

#include "core/pretrained/subword_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(merges_txt) {
    static const std::string vocab = [] {
        std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/pretrained/tokenizers/bpe/vocab.json");
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }();
    auto tok = attn::pretrained::make_bpe_tokenizer(vocab, attn::fuzz::as_text(data, size));
    if (tok) (void)(*tok)->encode("Time flies like an arrow, lower newer wider", 256);
    return 0;
}
