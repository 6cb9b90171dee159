// mask_edit.h — hiding single query→key cells by clicking or dragging on the heatmap (GL-free).
//
// A press on a cell toggles it; dragging on from there applies the same action (hide or show)
// to every cell the pointer enters, like painting, until the button is released.
#pragma once

#include <utility>
#include <vector>

#include "app/matrix/heatmap_layout.h"

namespace attn::app {

using CellList = std::vector<std::pair<int, int>>;  // (query, key), no duplicates

bool has_cell(const CellList& cells, int i, int j);
// Adds or removes (i, j); returns true when the list changed.
bool set_cell(CellList& cells, int i, int j, bool hidden);
void toggle_cell(CellList& cells, int i, int j);

struct MaskEditState {
    bool dragging = false;
    bool hiding = true;  // what the drag does to each cell it enters
    CellIndex last;      // last cell painted in this drag
};

// One frame of pointer input. `hovered` may be invalid (pointer outside the grid); `pressed` is
// true on the frame the button went down, `down` while it is held. Returns true when `cells`
// changed.
bool apply_mask_edit(MaskEditState& edit, CellList& cells, CellIndex hovered, bool pressed,
                     bool down);

}  // namespace attn::app
