// subword_files.h — helpers shared by the tokenizer file readers (internal to subword_tokenizer.cpp,
// subword_legacy.cpp and subword_tokenizer_json.cpp; the API is subword_tokenizer.h)
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/hf_pipeline.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained::subword_files {

using json = nlohmann::json;

// --- subword_tokenizer.cpp: shared helpers -----------------------------------------------------

// Shortened, printable form of a (possibly huge or binary) entry for messages.
std::string quote(std::string_view s);
// Checks every entry against the limits; a repeated piece is an error unless later_duplicates_win.
Expected<VocabTable> make_table(std::vector<std::pair<std::string, int>> entries,
                                const std::string& source, bool later_duplicates_win);
// A file's lines without their "\n" / "\r\n"; a final newline does not start an extra line.
std::vector<std::string_view> split_lines(std::string_view text);
// A tokenizer file's bytes, refused over kMaxTokenizerFileBytes; errors name `name` and the path.
Expected<std::string> read_file(const std::string& path, const char* name);
// Depth-checked parse; errors name `source`.
Expected<json> parse_json(std::string_view text, const std::string& source);
// An integer that fits an int, or nothing (nlohmann's value access throws on a wrong type).
std::optional<int> as_int(const json& v);
// {"piece": id, ...} -> entries.
Expected<std::vector<std::pair<std::string, int>>> vocab_entries(const json& object,
                                                                 const std::string& source);
// The checks every merge needs: size, and that both sides and the result are pieces.
Status check_merge(const BpeMerge& m, const VocabTable& vocab, const std::string& where);

// --- subword_legacy.cpp ---------------------------------------------------------------------

Expected<std::unique_ptr<SubwordTokenizer>> bpe_from_legacy(std::string_view vocab_json,
                                                            std::string_view merges_txt);
Expected<std::unique_ptr<SubwordTokenizer>> wordpiece_from_legacy(std::string_view vocab_txt,
                                                                  const WordPieceOptions& options);
// tokenizer_config.json: do_lower_case, strip_accents (null = follow lowercase),
// tokenize_chinese_chars. Absent keys keep BertTokenizer's defaults.
Expected<WordPieceOptions> parse_tokenizer_config(std::string_view text);

// --- subword_tokenizer_json.cpp -------------------------------------------------------------

Expected<std::unique_ptr<SubwordTokenizer>> from_tokenizer_json(std::string_view text);

// --- hf_json.cpp ----------------------------------------------------------------------------

// The general pipeline's parts of a BPE tokenizer.json (hf_pipeline.h); `vocab` resolves the
// post-processor's special tokens. Unsupported parts are refused by name.
Expected<HfPipeline> parse_hf_pipeline(const json& root, const json& model, const VocabTable& vocab);

}  // namespace attn::pretrained::subword_files
