// mask_edit.cpp — hiding single query→key cells by clicking or dragging on the heatmap (GL-free)
// (implementation; the interface and its contract are in mask_edit.h)
#include "app/matrix/mask_edit.h"

#include <algorithm>

namespace attn::app {

bool has_cell(const CellList& cells, int i, int j) {
    return std::find(cells.begin(), cells.end(), std::make_pair(i, j)) != cells.end();
}

bool set_cell(CellList& cells, int i, int j, bool hidden) {
    const auto it = std::find(cells.begin(), cells.end(), std::make_pair(i, j));
    if (hidden && it == cells.end()) {
        cells.emplace_back(i, j);
        return true;
    }
    if (!hidden && it != cells.end()) {
        cells.erase(it);
        return true;
    }
    return false;
}

void toggle_cell(CellList& cells, int i, int j) { set_cell(cells, i, j, !has_cell(cells, i, j)); }

bool apply_mask_edit(MaskEditState& edit, CellList& cells, CellIndex hovered, bool pressed,
                     bool down) {
    if (pressed && hovered.valid()) {
        edit.dragging = true;
        edit.hiding = !has_cell(cells, hovered.i, hovered.j);
        edit.last = hovered;
        return set_cell(cells, hovered.i, hovered.j, edit.hiding);
    }
    if (!down) {
        edit.dragging = false;
        edit.last = {};
        return false;
    }
    if (!edit.dragging || !hovered.valid()) return false;
    if (hovered.i == edit.last.i && hovered.j == edit.last.j) return false;
    edit.last = hovered;
    return set_cell(cells, hovered.i, hovered.j, edit.hiding);
}

}  // namespace attn::app
