// fuzz_tokenizer_json.cpp — a Hugging Face tokenizer.json (BPE or WordPiece model, added tokens).
#include "core/tokenizer/subword_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(tokenizer_json) {
    auto tok = attn::pretrained::make_tokenizer_from_json(attn::fuzz::as_text(data, size));
    if (tok) (void)(*tok)->encode("Time flies, 그는 집에 갔다. <|endoftext|> [SEP] 123", 256);
    return 0;
}
