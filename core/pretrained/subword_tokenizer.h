// subword_tokenizer.h — the tokenizers real models were trained with: GPT-2 byte-level BPE and
// BERT WordPiece, loaded from tokenizer.json or the older vocab.json + merges.txt / vocab.txt.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace attn::pretrained {

struct SubwordToken {
    int id = 0;
    std::string piece;     // the vocabulary entry as stored: "Ġflies", "##ing", "[CLS]"
    std::string display;   // valid UTF-8 for labels: " flies" -> "flies", "##ing" kept; a GPT-2 piece
                           // that is only part of a UTF-8 character shows its bytes: "<EA><B0>"
    std::size_t byte_begin = 0, byte_end = 0;  // span in the input text (special: begin == end)
    bool special = false;  // [CLS], [SEP], <|endoftext|> ... added by the tokenizer, not in the text
};

enum class SubwordKind { ByteLevelBpe, WordPiece };

struct WordPieceOptions {
    bool lowercase = true;            // bert-base-uncased: true; -cased models: false
    bool strip_accents = true;        // follows lowercase unless set explicitly in the files
    bool split_cjk = true;            // a space around every CJK ideograph (not Hangul)
    int max_chars_per_word = 100;     // longer words become [UNK]
};

class SubwordTokenizer {
public:
    virtual ~SubwordTokenizer() = default;
    virtual SubwordKind kind() const = 0;
    // Text -> tokens, without special tokens. Errors: invalid UTF-8 (byte offset), more than
    // max_tokens tokens.
    virtual Expected<std::vector<SubwordToken>> encode(std::string_view text,
                                                       std::size_t max_tokens) const = 0;
    virtual int vocab_size() const = 0;
    virtual int token_id(std::string_view piece) const = 0;  // -1 if absent
    virtual std::string piece(int id) const = 0;             // "" if out of range
    // Special tokens: -1 if the vocabulary has none. BERT: [CLS] [SEP] [PAD] [UNK]; GPT-2: <|endoftext|>.
    int cls_id = -1, sep_id = -1, pad_id = -1, unk_id = -1, eos_id = -1;
};

// A tokenizer for the files in a model folder (paths empty when absent): tokenizer.json if
// given (its "model.type" BPE or WordPiece, normalizer / pre_tokenizer settings), else
// vocab.json + merges.txt (BPE) or vocab.txt (+ tokenizer_config.json do_lower_case) (WordPiece).
// Errors name the file and what is wrong (malformed JSON, bad merges line N, huge entry...).
struct TokenizerFiles {
    std::string tokenizer_json, vocab_json, merges_txt, vocab_txt, tokenizer_config;
};
Expected<std::unique_ptr<SubwordTokenizer>> load_subword_tokenizer(const TokenizerFiles& files);

// Direct constructors (tests, tools): from file contents, not paths.
Expected<std::unique_ptr<SubwordTokenizer>> make_bpe_tokenizer(std::string_view vocab_json,
                                                               std::string_view merges_txt);
Expected<std::unique_ptr<SubwordTokenizer>> make_wordpiece_tokenizer(std::string_view vocab_txt,
                                                                     const WordPieceOptions& options);

}  // namespace attn::pretrained
