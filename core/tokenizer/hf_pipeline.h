// hf_pipeline.h — the general tokenizer.json pipeline (Hugging Face tokenizers) for BPE models
// other than plain GPT-2: Llama 3 and Qwen (NFC, a Split pre-tokenizer with the file's regex,
// byte-level BPE with ignore_merges), Mistral / Llama 2 (Prepend + Replace "▁" normalizers,
// character BPE with byte_fallback to <0xNN>, TemplateProcessing adding <s>). Internal: loaded
// through subword_tokenizer.h (make_tokenizer_from_json); the pieces are exposed for tests.
//
//   text --split on added tokens (leftmost-longest; lstrip / rstrip swallow white space)--> segments
//        --normalizers (NFC/NFD/NFKC/NFKD, Lowercase, Prepend, Replace), in order--> NormalizedText
//        --pre-tokenizers (Split, ByteLevel, Metaspace), in order--> pieces
//        --BPE (byte symbols or characters; ignore_merges; byte_fallback; unk, fuse_unk)--> tokens
//        --post-processor (TemplateProcessing's "single"; ByteLevel adds nothing)--> + special tokens
//   ids --decoders (ByteLevel, Metaspace, ByteFallback, Fuse, Strip, Replace)--> text
//
// Every normalized byte remembers the original bytes it came from, so a token's span covers the
// original text it stands for (a prepended "▁" covers nothing: begin == end).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/regex_pattern.h"
#include "core/tokenizer/subword_tokenizer.h"
#include "core/base/status.h"

namespace attn::pretrained {

// Text with, for every byte, the original byte range it came from.
struct NormalizedText {
    std::string text;
    std::vector<std::uint32_t> from, to;  // [text.size()] original [from, to) of each byte
};
NormalizedText normalized_identity(std::string_view text, std::size_t origin);
NormalizedText normalized_slice(const NormalizedText& t, std::size_t begin, std::size_t end);

enum class NormalizerKind { Nfc, Nfd, Nfkc, Nfkd, Lowercase, Prepend, Replace };
struct NormalizerStep {
    NormalizerKind kind = NormalizerKind::Nfc;
    std::string content;                           // Prepend: what; Replace: the replacement
    std::shared_ptr<const RegexPattern> pattern;  // Replace: what is replaced
    std::string where;                             // "tokenizer.json normalizer.normalizers[2]"
};

enum class SplitBehavior { Isolated, Removed, MergedWithPrevious, MergedWithNext };
enum class PrependScheme { Always, First, Never };
enum class PreTokenizerKind { Split, ByteLevel, Metaspace };
struct PreTokenizerStep {
    PreTokenizerKind kind = PreTokenizerKind::Split;
    std::shared_ptr<const RegexPattern> pattern;  // Split
    SplitBehavior behavior = SplitBehavior::Isolated;
    bool add_prefix_space = false;                // ByteLevel
    bool use_regex = true;                        // ByteLevel: GPT-2's pattern (gpt2_pretokenize)
    std::string replacement = "\xE2\x96\x81";     // Metaspace: "▁"
    PrependScheme prepend = PrependScheme::Always;
    bool split = true;                            // Metaspace: a piece per word
    std::string where;                            // "tokenizer.json pre_tokenizer.pretokenizers[0]"
};

enum class DecoderKind { ByteLevel, Metaspace, ByteFallback, Fuse, Strip, Replace };
struct DecoderStep {
    DecoderKind kind = DecoderKind::ByteLevel;
    std::string pattern, content;   // Replace (literal pattern); Strip: content (one character)
    int start = 0, stop = 0;        // Strip: at most this many at each end
    std::string replacement = "\xE2\x96\x81";  // Metaspace
    bool strip_first_space = true;             // Metaspace: prepend_scheme != never
};

struct BpeModelOptions {
    bool byte_level = false;     // a ByteLevel pre-tokenizer: the model sees GPT-2 byte symbols
    bool ignore_merges = false;  // a piece that is itself in the vocabulary is one token
    bool byte_fallback = false;  // a character not in the vocabulary becomes <0xNN> tokens
    bool fuse_unk = false;       // consecutive unknown characters become one unk token
    std::string unk_token;       // "" if none: unknown characters are dropped, as Hugging Face does
};

struct AddedTokenFlags {
    AddedToken token;
    bool special = false, lstrip = false, rstrip = false;
};

struct HfPipeline {
    std::vector<NormalizerStep> normalizers;
    std::vector<PreTokenizerStep> pre_tokenizers;
    BpeModelOptions model;
    std::vector<int> prefix_ids, suffix_ids;  // the post-processor around a single text
    std::vector<DecoderStep> decoders;
    std::vector<AddedTokenFlags> added;
};

// The most bytes the normalizers (or a Metaspace pre-tokenizer) may make of a text of
// `original_bytes` (limits::kMaxNormalizedGrowth, kMaxNormalizedBytes).
std::size_t max_normalized_bytes(std::size_t original_bytes);

// Normalizes `t` in place; every regex search of the text shares `budget`. Errors: a Replace
// pattern passed its limits; a normalizer would make more than max_normalized_bytes of `t`
// (checked before the longer text is built).
Status apply_normalizers(const std::vector<NormalizerStep>& steps, NormalizedText& t, const PatternBudget& budget);
// Cuts one normalized segment into the pieces the model sees. `first_segment`: the segment
// starts the text (Metaspace's prepend_scheme "first"). Errors: a Split pattern passed its
// limits; Metaspace would make more than max_normalized_bytes of the segment.
Status apply_pre_tokenizers(const std::vector<PreTokenizerStep>& steps, NormalizedText segment,
                            bool first_segment, std::vector<NormalizedText>& pieces, const PatternBudget& budget);

// The text of tokens, as the decoders give it (invalid UTF-8 becomes U+FFFD), and the label of
// one token (SubwordToken::display: the per-token decoders ByteLevel, ByteFallback, Replace and
// Metaspace, then gpt2_display, so a piece that is part of a character shows its bytes "<EA>").
std::string decode_pieces(const std::vector<DecoderStep>& steps, const std::vector<std::string>& pieces);
std::string display_piece(const std::vector<DecoderStep>& steps, std::string_view piece);

// The tokenizer from a checked vocabulary (added tokens included) and merges (check_merge'd).
Expected<std::unique_ptr<SubwordTokenizer>> build_hf_bpe_tokenizer(VocabTable vocab,
                                                                   std::vector<BpeMerge> merges,
                                                                   HfPipeline pipeline);

}  // namespace attn::pretrained
