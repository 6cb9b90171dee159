// fuzz_vocab_txt.cpp — a WordPiece vocab.txt (with the options from the input's first byte).
#include "core/tokenizer/subword_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(vocab_txt) {
    attn::pretrained::WordPieceOptions options;
    if (size > 0) {
        options.lowercase = (data[0] & 1) != 0;
        options.split_cjk = (data[0] & 2) != 0;
        options.strip_accents = (data[0] & 4) != 0;
    }
    auto tok = attn::pretrained::make_wordpiece_tokenizer(attn::fuzz::as_text(data, size), options);
    if (tok) (void)(*tok)->encode("Time flies, 그는 집에 갔다. [CLS] unaffable 東京 123", 256);
    return 0;
}
