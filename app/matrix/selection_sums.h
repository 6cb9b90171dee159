// selection_sums.h — attention summed over a shift-clicked selection of the heatmap (GL-free):
// where a group of queries looks, and how much each query gives a group of keys.
//
//   from rows R:   s_j = Σ_{i∈R} A[i, j]          (T_k)  — attention_from_rows
//   to columns C:  t_i = Σ_{j∈C} A[i, j]          (T_q)  — attention_to_columns
// The summary keeps the largest few, as "label 0.83" items for one line of text.
#pragma once

#include <string>
#include <vector>

#include "core/base/matrix.h"

namespace attn::app {

// Adds `index` to a sorted selection, or removes it when present.
void toggle_selected(std::vector<int>& selection, int index);
// Drops indices at or beyond `size` (the sentence got shorter).
void prune_selection(std::vector<int>& selection, int size);

struct SumItem {
    int index = 0;
    float value = 0.0f;
};
struct SelectionSums {
    std::vector<SumItem> from_rows;   // the keys the selected rows look at most, largest first
    std::vector<SumItem> to_columns;  // the queries that give the selected keys most, largest first
    float rows_total = 0.0f;          // Σ of from_rows over every key (= number of unmasked rows)
};

// a (T_q, T_k) the shown matrix; `top` items of each, zeros left out.
SelectionSums selection_sums(const Mat& a, const std::vector<int>& rows, const std::vector<int>& cols, int top = 5);

}  // namespace attn::app
