// bpe_merges.cpp — the merge step both BPE tokenizers share (see bpe_merges.h).
#include "core/tokenizer/bpe_merges.h"

#include <cassert>
#include <functional>
#include <queue>

namespace attn::pretrained {

void BpeMergeTable::build(const std::vector<BpeMerge>& merges, const VocabTable& vocab) {
    merges_.clear();
    merges_.reserve(merges.size());
    for (std::size_t rank = 0; rank < merges.size(); ++rank) {
        const BpeMerge& m = merges[rank];
        const int left = vocab.find(m.left), right = vocab.find(m.right);
        const int merged = vocab.find(m.left + m.right);
        assert(left >= 0 && right >= 0 && merged >= 0 && "the loader checks merges");
        if (left >= 0 && right >= 0 && merged >= 0)
            merges_.emplace(pair_key(left, right), Merge{static_cast<int>(rank), merged});
    }
}

void BpeMergeTable::apply(std::vector<BpeSymbol>& symbols) const {
    struct Candidate {
        int rank = 0;
        int left = 0;                   // index of the left symbol
        int left_id = 0, right_id = 0;  // ids when pushed: stale if either has changed since
        bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
    };
    const int n = static_cast<int>(symbols.size());
    for (int i = 0; i < n; ++i) {
        symbols[static_cast<std::size_t>(i)].prev = i - 1;
        symbols[static_cast<std::size_t>(i)].next = i + 1 < n ? i + 1 : -1;
    }
    auto at = [&](int i) -> BpeSymbol& { return symbols[static_cast<std::size_t>(i)]; };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<Candidate>> heap;
    const auto push_pair = [&](int left) {
        if (left < 0 || at(left).next < 0) return;
        const BpeSymbol& l = at(left);
        const BpeSymbol& r = at(l.next);
        const auto it = merges_.find(pair_key(l.id, r.id));
        if (it != merges_.end()) heap.push(Candidate{it->second.rank, left, l.id, r.id});
    };
    for (int i = 0; i + 1 < n; ++i) push_pair(i);
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        BpeSymbol& l = at(c.left);
        if (!l.alive || l.next < 0 || l.id != c.left_id || at(l.next).id != c.right_id)
            continue;  // stale: one side has merged since
        BpeSymbol& r = at(l.next);
        l.id = merges_.at(pair_key(c.left_id, c.right_id)).merged;
        l.end = r.end;
        l.next = r.next;
        r.alive = false;
        if (l.next >= 0) at(l.next).prev = c.left;
        push_pair(l.prev);
        push_pair(c.left);
    }
}

}  // namespace attn::pretrained
