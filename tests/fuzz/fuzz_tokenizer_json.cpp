// fuzz_tokenizer_json.cpp — a Hugging Face tokenizer.json: BPE (GPT-2, or the general pipeline with
// its normalizers, PCRE2 patterns from the file, pre-tokenizers, post-processor and decoders),
// WordPiece, added tokens. The fixed text reaches every pipeline stage: added tokens, "▁", Hangul,
// a decomposed accent (NFC), an emoji (byte_fallback), digits, white space runs, and a run of
// "a"s that a backtracking pattern from the file would choke on (the match limit must stop it).
// The same bytes as a T5 folder's Unigram tokenizer.json (unigram_json.h): turned into a
// SentencePiece model that libsentencepiece loads (after check_spm_model) and runs on the text.
#include <string>
#include <vector>

#include "core/tokenizer/subword_tokenizer.h"
#include "core/tokenizer/unigram_json.h"
#include "core/base/utf8.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

// The Unigram reading: every refusal says why; an accepted file gives a tokenizer whose ids are ids.
void unigram(std::string_view bytes, const std::string& text) {
    auto spm = attn::pretrained::unigram_json_to_spm(bytes);
    if (!spm) {
        if (spm.status().message().empty()) __builtin_trap();
        return;
    }
    auto tok = attn::pretrained::make_spm_tokenizer(spm->spm_bytes, "", "tokenizer.json", spm->extra_ids);
    if (!tok) {
        if (tok.status().message().empty()) __builtin_trap();
        return;
    }
    auto tokens = (*tok)->encode(text, 256);
    if (!tokens) return;
    std::vector<int> ids;
    for (const auto& t : *tokens) {
        if (t.id < 0 || t.id >= (*tok)->vocab_size()) __builtin_trap();
        ids.push_back(t.id);
    }
    (void)(*tok)->decode(ids);
}

}  // namespace

ATTNLAB_FUZZ_TARGET(tokenizer_json) {
    static const std::string text =
        "Time flies, 그는 집에 갔다. <|endoftext|> [SEP] <s>x</s> <think> 123456 Cafe\xCC\x81 \xE2\x96\x81x\t\n   "
        "\xF0\x9F\xA6\xA9 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
    unigram(attn::fuzz::as_text(data, size), text);
    auto tok = attn::pretrained::make_tokenizer_from_json(attn::fuzz::as_text(data, size));
    if (!tok) {
        if (tok.status().message().empty())
            __builtin_trap();  // every refusal says why
        return 0;
    }
    auto tokens = (*tok)->encode(text, 256);
    if (!tokens) {
        if (tokens.status().message().empty())
            __builtin_trap();
        return 0;
    }
    const auto with = (*tok)->with_special_tokens(*tokens, text.size());
    std::vector<int> ids;
    for (const auto& t : with) {
        if (t.byte_begin > t.byte_end || t.byte_end > text.size() || !attn::validate_utf8(t.display).ok())
            __builtin_trap();  // spans inside the text, labels valid UTF-8
        if (t.id < 0 || t.id >= (*tok)->vocab_size())
            __builtin_trap();
        ids.push_back(t.id);
    }
    if (!attn::validate_utf8((*tok)->decode(ids)).ok())
        __builtin_trap();
    return 0;
}
