// fuzz_vocab_json.cpp — a GPT-2 vocab.json against the fixture's merges.txt, then used to
// encode a short mixed text (each tokenizer file has its own harness: merges_txt, vocab_txt,
// tokenizer_json).
#include <fstream>
#include <sstream>
#include <string>

#include "core/tokenizer/subword_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

std::string fixture(const char* relative) {
    std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/" + relative, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void use(const attn::Expected<std::unique_ptr<attn::pretrained::SubwordTokenizer>>& tok) {
    if (!tok) return;
    auto ids = (*tok)->encode("Time flies, 그는 집에 갔다. <|endoftext|> [CLS] x\xc3\xa9 123", 256);
    (void)ids;
}

}  // namespace

ATTNLAB_FUZZ_TARGET(vocab_json) {
    static const std::string merges = fixture("pretrained/tokenizers/bpe/merges.txt");
    use(attn::pretrained::make_bpe_tokenizer(attn::fuzz::as_text(data, size), merges));
    return 0;
}
