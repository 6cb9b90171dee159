// subword_tokenizer.h — the tokenizers real models were trained with: GPT-2 byte-level BPE and
// BERT WordPiece, loaded from tokenizer.json or the older vocab.json + merges.txt / vocab.txt, and
// the general tokenizer.json pipeline of Llama 3, Qwen and Mistral / Llama 2 (hf_pipeline.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/base/limits.h"
#include "core/base/status.h"

namespace attn::pretrained {

struct SubwordToken {
    int id = 0;
    std::string piece;     // the vocabulary entry as stored: "Ġflies", "##ing", "[CLS]"
    std::string display;   // valid UTF-8 for labels: " flies" -> "flies", "##ing" kept; a GPT-2 piece
                           // that is only part of a UTF-8 character shows its bytes: "<EA><B0>"
    std::size_t byte_begin = 0, byte_end = 0;  // span in the input text (special: begin == end)
    bool special = false;  // [CLS], [SEP], <|endoftext|> ... added by the tokenizer, not in the text
};

// ByteLevelBpe: GPT-2, Llama 3, Qwen; WordPiece: BERT; CharBpe: BPE over characters with
// byte_fallback (SentencePiece-style: Mistral, Llama 2); SentencePiece: a SentencePiece model file
// run by libsentencepiece (Marian, T5, mBART).
enum class SubwordKind { ByteLevelBpe, WordPiece, CharBpe, SentencePiece };

struct WordPieceOptions {
    bool lowercase = true;            // bert-base-uncased: true; -cased models: false
    bool strip_accents = true;        // follows lowercase unless set explicitly in the files
    bool split_cjk = true;            // a space around every CJK ideograph (not Hangul)
    int max_chars_per_word = 100;     // longer words become [UNK]
    std::string unk_token = "[UNK]";          // tokenizer.json model.unk_token
    std::string continuing_prefix = "##";     // tokenizer.json model.continuing_subword_prefix
};

class SubwordTokenizer {
public:
    virtual ~SubwordTokenizer() = default;
    virtual SubwordKind kind() const = 0;
    // Text -> tokens, without special tokens. Errors: invalid UTF-8 (byte offset), more than
    // max_tokens tokens. Empty text gives no tokens. Added tokens typed in the text ("[MASK]",
    // "<|endoftext|>") are those tokens, as in Hugging Face (special stays false: they are text).
    // Spans and displays: see bpe_tokenizer.h and wordpiece_tokenizer.h.
    virtual Expected<std::vector<SubwordToken>> encode(std::string_view text,
                                                       std::size_t max_tokens) const = 0;
    virtual int vocab_size() const = 0;
    virtual int token_id(std::string_view piece) const = 0;  // -1 if absent
    virtual std::string piece(int id) const = 0;             // "" if out of range
    // The post-processor's special tokens around one encoded text (special = true, empty spans at
    // 0 or text_bytes): Llama 2's <s>, a newer Llama 3 file's <|begin_of_text|>. GPT-2 and BERT
    // add none here (their models add [CLS] / [SEP] themselves, from the ids below).
    virtual std::vector<SubwordToken> with_special_tokens(std::vector<SubwordToken> tokens,
                                                          std::size_t text_bytes) const {
        (void)text_bytes;
        return tokens;
    }
    // Ids -> text through the file's decoders (the tokenizer.json pipeline); the other
    // tokenizers join their pieces as stored.
    virtual std::string decode(const std::vector<int>& ids) const {
        std::string out;
        for (int id : ids)
            out += piece(id);
        return out;
    }
    // A control token rather than text: the ids below; tokenizer.json files also their added tokens
    // marked "special" and what the post-processor adds (<|begin_of_text|>, <|im_end|>, <s> …).
    // Decoding generated text leaves these out.
    virtual bool is_special(int id) const {
        return id >= 0 && (id == cls_id || id == sep_id || id == pad_id || id == eos_id);
    }
    // The piece for text the vocabulary lacks (<unk>, [UNK]); never true for a tokenizer without one
    // (GPT-2's bytes cover every text).
    bool is_unknown(int id) const { return unk_id >= 0 && id == unk_id; }
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
// tokenizer.json contents (model.type BPE or WordPiece). A BPE file whose pipeline is GPT-2's
// (ByteLevel pre-tokenizer alone, no normalizer) loads as GPT-2; any other BPE file through the
// general pipeline (hf_pipeline.h). Parts a file uses that AttnLab lacks are refused by name.
Expected<std::unique_ptr<SubwordTokenizer>> make_tokenizer_from_json(std::string_view tokenizer_json);

// A SentencePiece model file (spm_tokenizer.cpp): its bytes, and `vocab_json` (a Marian folder's
// vocab.json, whose ids are not the spm's: a piece it lacks becomes its "<unk>") or "" for the
// spm's own ids. `source` names the file in messages. Special tokens: </s> (eos), <unk>, <pad>.
// `extra_ids` (own ids only): T5's sentinels after the spm's N pieces, <extra_id_k> = N + extra − 1 − k,
// special tokens that a text may type.
Expected<std::unique_ptr<SubwordTokenizer>> make_spm_tokenizer(std::string_view model_bytes,
                                                               std::string_view vocab_json,
                                                               const std::string& source, int extra_ids = 0);
// The same from paths (vocab_json_path "" = the spm's own ids); files over the size limit refused.
Expected<std::unique_ptr<SubwordTokenizer>> load_spm_tokenizer(const std::string& spm_path,
                                                               const std::string& vocab_json_path, int extra_ids = 0);
// A Unigram tokenizer.json (T5's, for a folder without spiece.model) as the SentencePiece model it
// was converted from (unigram_json.h), run by libsentencepiece with the spm's own ids; its T5
// sentinels (the vocab's closing <extra_id_N> … <extra_id_0>) counted into `extra_ids`.
Expected<std::unique_ptr<SubwordTokenizer>> load_unigram_json_tokenizer(const std::string& path, int* extra_ids);

// mBART's sentencepiece.bpe.model under fairseq's numbering: <s> 0, <pad> 1, </s> 2, <unk> 3, the
// spm's piece i (i ≥ 3) at i + 1 (a piece it does not know is <unk> 3), then `appended` (the
// language codes in order, then <mask>) at P + 1 + k, P the spm's piece count. The specials and the
// appended tokens typed in the text are those tokens. Errors as make_spm_tokenizer's, and an spm
// whose first pieces are not <unk> <s> </s>.
Expected<std::unique_ptr<SubwordTokenizer>> make_fairseq_spm_tokenizer(std::string_view model_bytes,
                                                                       const std::string& source,
                                                                       std::vector<std::string> appended);
Expected<std::unique_ptr<SubwordTokenizer>> load_fairseq_spm_tokenizer(const std::string& spm_path,
                                                                       std::vector<std::string> appended);

// ---------------------------------------------------------------------------------------------
// Shared by the loaders (subword_tokenizer.cpp) and the two algorithms (bpe_tokenizer.cpp,
// wordpiece_tokenizer.cpp). Limits that keep hostile files from exhausting memory; a real
// GPT-2 / BERT / multilingual BERT vocabulary is far below each of them.
inline constexpr std::size_t kMaxVocabEntryBytes = limits::kMaxVocabEntryBytes;      // one piece, one merges line
inline constexpr std::size_t kMaxVocabEntries = limits::kMaxVocabEntries;            // pieces (or merges)
inline constexpr std::size_t kMaxTokenizerFileBytes = limits::kMaxTokenizerFileBytes;  // per file

// A checked vocabulary: one piece per id, one id per piece (vocab.txt only: a repeated line
// gives the piece its later id, as BERT's loader does), ids < 2 * count + 256 (real
// vocabularies are dense; the bound keeps the id table small).
struct VocabTable {
    std::vector<std::string> pieces;             // [max id + 1]; "" where no piece has the id
    std::unordered_map<std::string, int> ids;    // piece -> id
    int find(std::string_view piece) const;      // -1 if absent
};
// Builds the table; `source` names the file in messages ("vocab.json").
Expected<VocabTable> make_vocab_table(std::vector<std::pair<std::string, int>> entries,
                                      const std::string& source);

// Added tokens ("[MASK]", "<|endoftext|>") are matched literally in the text before the model's
// own splitting, as Hugging Face does: a typed "[MASK]" is the mask token, not "[", "mask", "]".
// `single_word` (tokenizer.json): the token matches only as a whole word — not when the character
// just before or just after it is a word character (Unicode \w: letters, digits, _); such a match
// stays ordinary text and the search goes on after it.
struct AddedToken {
    std::string content;
    int id = -1;
    bool single_word = false;
};
struct TextSegment {
    std::size_t begin = 0, end = 0;
    int added_id = -1;  // >= 0: the segment is this added token; else ordinary text
};
// Cuts text into ordinary segments and added-token matches (leftmost, then longest, match).
std::vector<TextSegment> split_on_added_tokens(std::string_view text,
                                               const std::vector<AddedToken>& added);
// The token of an added-token segment (added_id >= 0): its id, its piece shown as it is.
SubwordToken added_token(const TextSegment& segment, std::string piece);

// The error encode() returns when the text needs more than `limit` tokens.
Status too_many_subword_tokens(std::size_t limit);

}  // namespace attn::pretrained
