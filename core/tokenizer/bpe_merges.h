// bpe_merges.h — the merge step both BPE tokenizers share: GPT-2's vocab.json + merges.txt
// (bpe_tokenizer.cpp) and tokenizer.json's BPE model (hf_bpe.cpp, Llama 3, Qwen, Mistral).
//
// Merging works on vocabulary ids, not strings: a piece starts as the ids of its first symbols
// (bytes, or characters), and the table maps an (left id, right id) pair to (rank, merged id). A
// heap of candidate pairs ordered by (rank, position) makes a piece of n symbols cost O(n log n),
// so a pasted megabyte without spaces stays fast; stale candidates (one side merged since) are
// skipped, as Hugging Face's tokenizers do. For a merges list learned by BPE this gives the same
// result as GPT-2's encoder.py loop (lowest rank first, all its occurrences left to right).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

struct BpeMerge {
    std::string left, right;  // vocabulary pieces; the merges list order is the rank
};

struct BpeSymbol {
    int id = 0;
    std::size_t begin = 0, end = 0;  // the bytes of the text it covers
    int prev = -1, next = -1;        // neighbours still alive; -1 at the ends (set by apply)
    bool alive = true;               // false once merged into its left neighbour
};

class BpeMergeTable {
public:
    // Ranks in list order; a pair listed twice keeps its first (best) rank, as a rank lookup table
    // would. Every side and concatenation must be in `vocab` (the loaders check; asserted here,
    // skipped in release builds).
    void build(const std::vector<BpeMerge>& merges, const VocabTable& vocab);

    // Merges `symbols` in place, best rank first: the survivors, linked by next from the first,
    // hold the piece's tokens; merged-away symbols have alive == false.
    void apply(std::vector<BpeSymbol>& symbols) const;

private:
    struct Merge {
        int rank = 0;
        int merged = 0;
    };
    static std::uint64_t pair_key(int left, int right) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) | static_cast<std::uint32_t>(right);
    }
    std::unordered_map<std::uint64_t, Merge> merges_;
};

}  // namespace attn::pretrained
