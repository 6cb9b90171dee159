#include <doctest/doctest.h>

#include "app/matrix/mask_edit.h"

using namespace attn::app;

TEST_CASE("toggle_cell adds then removes, without duplicates") {
    CellList cells;
    toggle_cell(cells, 1, 2);
    CHECK(has_cell(cells, 1, 2));
    CHECK(cells.size() == 1);
    CHECK(!set_cell(cells, 1, 2, true));  // already hidden: no change
    CHECK(cells.size() == 1);
    toggle_cell(cells, 1, 2);
    CHECK(cells.empty());
    CHECK(!set_cell(cells, 0, 0, false));
}

TEST_CASE("click toggles one cell; release ends the drag") {
    MaskEditState edit;
    CellList cells;
    CHECK(apply_mask_edit(edit, cells, {0, 1}, /*pressed=*/true, /*down=*/true));
    CHECK(has_cell(cells, 0, 1));
    CHECK(!apply_mask_edit(edit, cells, {0, 1}, false, true));  // held on the same cell
    CHECK(!apply_mask_edit(edit, cells, {0, 1}, false, false)); // released
    CHECK(!edit.dragging);
    CHECK(apply_mask_edit(edit, cells, {0, 1}, true, true));    // second click shows it again
    CHECK(cells.empty());
}

TEST_CASE("drag paints the action of the first cell") {
    MaskEditState edit;
    CellList cells = {{2, 2}};
    // Start on a visible cell: the drag hides.
    apply_mask_edit(edit, cells, {0, 0}, true, true);
    apply_mask_edit(edit, cells, {0, 1}, false, true);
    apply_mask_edit(edit, cells, {}, false, true);      // pointer leaves the grid: nothing
    apply_mask_edit(edit, cells, {2, 2}, false, true);  // already hidden: stays hidden
    apply_mask_edit(edit, cells, {0, 2}, false, false); // released before entering
    CHECK(cells.size() == 3);
    CHECK(has_cell(cells, 0, 0));
    CHECK(has_cell(cells, 0, 1));
    CHECK(has_cell(cells, 2, 2));
    CHECK(!has_cell(cells, 0, 2));
    // Start on a hidden cell: the drag shows.
    apply_mask_edit(edit, cells, {0, 0}, true, true);
    apply_mask_edit(edit, cells, {0, 1}, false, true);
    CHECK(cells.size() == 1);
    CHECK(has_cell(cells, 2, 2));
}

TEST_CASE("a press outside the grid does nothing") {
    MaskEditState edit;
    CellList cells;
    CHECK(!apply_mask_edit(edit, cells, {}, true, true));
    CHECK(!apply_mask_edit(edit, cells, {1, 1}, false, true));  // dragging in from outside
    CHECK(cells.empty());
}
