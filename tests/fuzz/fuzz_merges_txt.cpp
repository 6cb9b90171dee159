// fuzz_merges_txt.cpp — merges.txt against the fixture's vocab.json, then the tokenizer built
// from both encodes a short text. The vocabulary is parsed once (vocab_json has its own
// harness): each input costs its own parse, not 8 KB of someone else's JSON.
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/tokenizer/bpe_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

const attn::pretrained::VocabTable& fixture_vocab() {
    static const attn::pretrained::VocabTable vocab = [] {
        std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/pretrained/tokenizers/bpe/vocab.json");
        std::stringstream ss;
        ss << in.rdbuf();
        std::vector<std::pair<std::string, int>> entries;
        const nlohmann::json json = nlohmann::json::parse(ss.str());
        for (const auto& [piece, id] : json.items()) entries.emplace_back(piece, int(id));
        auto table = attn::pretrained::make_vocab_table(std::move(entries), "vocab.json");
        if (!table) __builtin_trap();
        return std::move(*table);
    }();
    return vocab;
}

}  // namespace

ATTNLAB_FUZZ_TARGET(merges_txt) {
    using namespace attn::pretrained;
    const VocabTable& vocab = fixture_vocab();
    auto merges = parse_merges_txt(attn::fuzz::as_text(data, size), vocab);
    if (!merges) {
        if (merges.status().message().empty()) __builtin_trap();  // every refusal says why
        return 0;
    }
    std::vector<AddedToken> added{{"<|endoftext|>", vocab.find("<|endoftext|>")}};
    if (added[0].id < 0) added.clear();
    auto tok = build_bpe_tokenizer(vocab, std::move(*merges), std::move(added), "vocab.json");
    if (tok) (void)(*tok)->encode("Time flies like an arrow, lower newer wider <|endoftext|>", 256);
    return 0;
}
