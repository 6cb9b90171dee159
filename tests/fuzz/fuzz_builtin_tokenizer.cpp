// fuzz_builtin_tokenizer.cpp — the built-in word tokenizer on arbitrary bytes (text the user types).
#include "core/attention/word_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(builtin_tokenizer) {
    attn::TokenizerOptions options;
    options.max_tokens = 64 + size % 512;
    auto tokens = attn::tokenize(std::string(attn::fuzz::as_text(data, size)), options);
    if (tokens) {
        for (const attn::Token& t : *tokens)
            if (t.byte_begin > t.byte_end || t.byte_end > size) __builtin_trap();  // spans inside the text
    }
    return 0;
}
