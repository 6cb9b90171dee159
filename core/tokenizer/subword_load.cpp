// subword_load.cpp — the tokenizer files' entry points (subword_tokenizer.h): tokenizer.json,
// vocab.json + merges.txt, vocab.txt (+ tokenizer_config.json). The formats are read in
// subword_legacy.cpp and subword_tokenizer_json.cpp with the helpers of subword_files.h; the
// algorithms live in bpe_tokenizer.cpp and wordpiece_tokenizer.cpp. Merges that name a piece
// missing from the vocabulary are an error naming the line (Hugging Face refuses such files too),
// so a loaded tokenizer can always resolve every merge.
#include <memory>
#include <string>
#include <string_view>

#include "core/tokenizer/subword_files.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

using namespace subword_files;  // the helpers shared with the format readers (subword_files.h)

Expected<VocabTable> make_vocab_table(std::vector<std::pair<std::string, int>> entries,
                                      const std::string& source) {
    return make_table(std::move(entries), source, false);
}




Expected<std::unique_ptr<SubwordTokenizer>> make_bpe_tokenizer(std::string_view vocab_json,
                                                               std::string_view merges_txt) {
    try {
        return bpe_from_legacy(vocab_json, merges_txt);
    } catch (const json::exception& e) {
        return Status::Error(std::string("vocab.json: unexpected content: ") + e.what());
    }
}

Expected<std::unique_ptr<SubwordTokenizer>> make_wordpiece_tokenizer(std::string_view vocab_txt,
                                                                     const WordPieceOptions& options) {
    return wordpiece_from_legacy(vocab_txt, options);  // no JSON involved
}

Expected<std::unique_ptr<SubwordTokenizer>> make_tokenizer_from_json(std::string_view tokenizer_json) {
    try {
        return from_tokenizer_json(tokenizer_json);
    } catch (const json::exception& e) {  // a shape we did not check; never escapes the API
        return Status::Error(std::string("tokenizer.json: unexpected content: ") + e.what());
    }
}

Expected<std::unique_ptr<SubwordTokenizer>> load_subword_tokenizer(const TokenizerFiles& files) {
    if (!files.tokenizer_json.empty()) {
        auto text = read_file(files.tokenizer_json, "tokenizer.json");
        if (!text)
            return text.status();
        return make_tokenizer_from_json(*text);
    }
    if (!files.vocab_json.empty() || !files.merges_txt.empty()) {
        if (files.vocab_json.empty() || files.merges_txt.empty())
            return Status::Error("GPT-2 style tokenizers need both vocab.json and merges.txt "
                                 "(or tokenizer.json).");
        auto vocab = read_file(files.vocab_json, "vocab.json");
        if (!vocab)
            return vocab.status();
        auto merges = read_file(files.merges_txt, "merges.txt");
        if (!merges)
            return merges.status();
        return make_bpe_tokenizer(*vocab, *merges);
    }
    if (!files.vocab_txt.empty()) {
        WordPieceOptions options;
        if (!files.tokenizer_config.empty()) {
            auto config = read_file(files.tokenizer_config, "tokenizer_config.json");
            if (!config)
                return config.status();
            auto parsed = parse_tokenizer_config(*config);
            if (!parsed)
                return parsed.status();
            options = *parsed;
        }
        auto vocab = read_file(files.vocab_txt, "vocab.txt");
        if (!vocab)
            return vocab.status();
        return make_wordpiece_tokenizer(*vocab, options);
    }
    return Status::Error("No tokenizer files: expected tokenizer.json, vocab.json + merges.txt "
                         "(GPT-2) or vocab.txt (BERT).");
}


}  // namespace attn::pretrained
