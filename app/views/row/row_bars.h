// row_bars.h — the Row view's numbers (GL-free): one query's attention weights over the keys as
// bars, in sentence order or sorted, with the strongest key and the row's entropy — the seeds'
// favourite picture ("sat" → The 0.1, cat 0.4, …).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/trace.h"

namespace attn::app {

struct RowBars {
    int row = 0;                      // the query shown (0-based)
    std::string query;                // its token text
    std::vector<int> keys;            // key index of each bar, in display order
    std::vector<std::string> labels;  // the keys' token texts, in display order
    std::vector<float> weights;       // in display order; 0 for masked keys
    std::vector<std::uint8_t> masked; // in display order
    int argmax = -1;                  // key index of the largest weight (-1: the row is fully masked)
    float entropy = 0.0f;             // −Σ a log a of the row, nats
    float sum = 0.0f;                 // Σ a (1, or 0 for a fully masked row)
};

// The row of (layer, head); row < 0 or beyond the queries means the last query. `sorted` orders
// the bars by weight, largest first (ties in sentence order). layer and head must be valid.
RowBars make_row_bars(const Trace& trace, int layer, int head, int row, bool sorted);

// The query the Row view shows for a selection (sel_query < 0: the last query).
int row_for_selection(const Trace& trace, int sel_query);

}  // namespace attn::app
