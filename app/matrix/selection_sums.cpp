// selection_sums.cpp — attention summed over a heatmap selection (GL-free)
// (implementation; the interface and its contract are in selection_sums.h)
#include "app/matrix/selection_sums.h"

#include <algorithm>

#include "core/attention/attention_flow.h"

namespace attn::app {

void toggle_selected(std::vector<int>& selection, int index) {
    auto it = std::lower_bound(selection.begin(), selection.end(), index);
    if (it != selection.end() && *it == index) selection.erase(it);
    else selection.insert(it, index);
}

void prune_selection(std::vector<int>& selection, int size) {
    selection.erase(std::remove_if(selection.begin(), selection.end(), [size](int i) { return i < 0 || i >= size; }),
                    selection.end());
}

namespace {
template <typename V>
std::vector<SumItem> largest(const V& v, int top) {
    std::vector<SumItem> items;
    for (int k = 0; k < int(v.size()); ++k)
        if (v[k] > 0.0f) items.push_back({k, float(v[k])});
    std::stable_sort(items.begin(), items.end(), [](const SumItem& a, const SumItem& b) { return a.value > b.value; });
    if (int(items.size()) > top) items.resize(size_t(top));
    return items;
}
}  // namespace

SelectionSums selection_sums(const Mat& a, const std::vector<int>& rows, const std::vector<int>& cols, int top) {
    SelectionSums out;
    std::vector<int> r = rows, c = cols;
    prune_selection(r, int(a.rows()));
    prune_selection(c, int(a.cols()));
    if (!r.empty()) {
        const RowVec s = attention_from_rows(a, r);  // (T_k)
        out.from_rows = largest(s, top);
        out.rows_total = s.sum();
    }
    if (!c.empty()) out.to_columns = largest(attention_to_columns(a, c), top);  // (T_q)
    return out;
}

}  // namespace attn::app
