// test_selection_sums.cpp — the heatmap's Shift+click selection (GL-free): toggling and pruning the
// selected rows / columns, and their sums against core/attention's attention_from_rows / _to_columns.
#include <doctest/doctest.h>

#include <string>

#include "app/matrix/selection_sums.h"
#include "app/i18n/ui_text.h"
#include "core/attention/attention_flow.h"

using namespace attn;
using namespace attn::app;

TEST_CASE("selection: toggle keeps it sorted, prune drops what no longer exists") {
    std::vector<int> sel;
    toggle_selected(sel, 3);
    toggle_selected(sel, 1);
    toggle_selected(sel, 5);
    CHECK(sel == std::vector<int>{1, 3, 5});
    toggle_selected(sel, 3);
    CHECK(sel == std::vector<int>{1, 5});
    prune_selection(sel, 4);
    CHECK(sel == std::vector<int>{1});
}

TEST_CASE("selection sums: where the selected rows look, who looks at the selected columns") {
    Mat a(3, 4);  // (T_q, T_k)
    a << 0.7f, 0.3f, 0.0f, 0.0f,  //
        0.1f, 0.2f, 0.6f, 0.1f,   //
        0.25f, 0.25f, 0.25f, 0.25f;
    const SelectionSums s = selection_sums(a, {0, 1}, {2}, 3);
    const RowVec from = attention_from_rows(a, {0, 1});
    REQUIRE(s.from_rows.size() == 3);
    CHECK(s.from_rows[0].index == 0);  // 0.8
    CHECK(s.from_rows[0].value == doctest::Approx(from[0]));
    CHECK(s.from_rows[1].index == 2);  // 0.6
    CHECK(s.from_rows[2].index == 1);  // 0.5
    CHECK(s.rows_total == doctest::Approx(2.0f));
    REQUIRE(s.to_columns.size() == 2);  // query 0 gives column 2 nothing: left out
    CHECK(s.to_columns[0].index == 1);
    CHECK(s.to_columns[0].value == doctest::Approx(0.6f));
    CHECK(s.to_columns[1].index == 2);
    // Indices beyond the matrix (a shorter sentence) are ignored.
    const SelectionSums t = selection_sums(a, {7}, {9}, 3);
    CHECK(t.from_rows.empty());
    CHECK(t.to_columns.empty());
}

TEST_CASE("issue 14's UI strings sit at their ids") {
    CHECK(std::string(tr(Lang::En, Txt::ViewPredict)) == "Predict (next token)");
    CHECK(std::string(tr(Lang::En, Txt::RolesCell)) == "strongest: %s (%.2f)");
    CHECK(std::string(tr(Lang::En, Txt::QtyRollout)) == "Attention rollout");
    CHECK(std::string(tr(Lang::En, Txt::RolloutUnavailable)).rfind("Rollout needs", 0) == 0);
    CHECK(std::string(tr(Lang::En, Txt::SelRowsSum)).find("row") != std::string::npos);
    CHECK(std::string(tr(Lang::Ko, Txt::SelColsSum)).find("열") != std::string::npos);
    CHECK(std::string(tr(Lang::En, Txt::SelClear)) == "Clear selection");
}
