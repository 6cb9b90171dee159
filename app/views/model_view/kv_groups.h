// kv_groups.h — grouped-query attention in the Model view, GL-free: the runs of neighbouring query
// heads that read the same K/V head (Llama 3: 32 query heads in 8 groups of 4; MQA: one group).
#pragma once

#include <vector>

#include "core/attention/attention.h"

namespace attn::app {

struct KvGroup {
    int kv = 0;                  // the K/V head, 0 … kv_heads − 1
    int first = 0, last = 0;     // query heads first … last (inclusive) read it
};

// One entry per run of neighbouring heads with the same K/V head, in head order; empty for a
// multi-head layer (every head its own K and V, nothing to group).
std::vector<KvGroup> kv_groups(const LayerTrace& layer);

}  // namespace attn::app
