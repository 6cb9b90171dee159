// Mask construction: each switch alone, combinations, and errors.
#include <doctest/doctest.h>

#include "core/attention/mask.h"

using namespace attn;

static BoolMat mask_of(const MaskConfig& c, int tq, int tk, std::vector<std::uint8_t> pad = {}) {
    auto m = build_mask(c, tq, tk, pad);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

TEST_CASE("no switches: nothing blocked") {
    CHECK(mask_of({}, 4, 4).cast<int>().sum() == 0);
}

TEST_CASE("causal blocks exactly the strict upper triangle") {
    MaskConfig c;
    c.causal = true;
    const BoolMat m = mask_of(c, 5, 5);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) CHECK(m(i, j) == (j > i ? 1 : 0));
}

TEST_CASE("causal with more keys than queries is aligned top-left") {
    MaskConfig c;
    c.causal = true;
    const BoolMat m = mask_of(c, 2, 4);
    BoolMat expect(2, 4);
    expect << 0, 1, 1, 1,
              0, 0, 1, 1;
    CHECK(m == expect);
}

TEST_CASE("window ±1 with a global token") {
    MaskConfig c;
    c.window = 1;
    c.global_tokens = {0};
    const BoolMat m = mask_of(c, 5, 5);
    BoolMat expect(5, 5);
    expect << 0, 0, 0, 0, 0,   // global row 0 sees all
              0, 0, 0, 1, 1,
              0, 0, 0, 0, 1,   // column 0 is global: always visible
              0, 1, 0, 0, 0,
              0, 1, 1, 0, 0;
    CHECK(m == expect);
}

TEST_CASE("global tokens do not override causality or padding") {
    MaskConfig c;
    c.window = 0;
    c.causal = true;
    c.global_tokens = {0, 3};
    c.pad_to = 4;
    const BoolMat m = mask_of(c, 4, 4, {0, 0, 0, 1});
    BoolMat expect(4, 4);
    expect << 0, 1, 1, 1,
              0, 0, 1, 1,
              0, 1, 0, 1,
              0, 0, 0, 1;  // row 3 is global but key 3 is padding
    CHECK(m == expect);
}

TEST_CASE("key padding hides pad columns for every query") {
    MaskConfig c;
    c.pad_to = 5;
    const BoolMat m = mask_of(c, 5, 5, {0, 0, 0, 1, 1});
    for (int i = 0; i < 5; ++i) {
        CHECK(m(i, 3) == 1);
        CHECK(m(i, 4) == 1);
        CHECK(m.row(i).head(3).cast<int>().sum() == 0);
    }
}

TEST_CASE("custom matrix and clicked cells add to the other switches") {
    MaskConfig c;
    c.causal = true;
    c.custom_blocked = BoolMat::Zero(3, 3);
    c.custom_blocked(2, 0) = 1;
    c.blocked_cells = {{1, 0}};
    const BoolMat m = mask_of(c, 3, 3);
    BoolMat expect(3, 3);
    expect << 0, 1, 1,
              1, 0, 1,
              1, 0, 0;
    CHECK(m == expect);
    CHECK(describe_mask(c) == "causal + custom (1 cells) + 1 cells by hand");
}

TEST_CASE("fully masked rows are reported") {
    MaskConfig c;
    c.blocked_cells = {{1, 0}, {1, 1}};
    const BoolMat m = mask_of(c, 2, 2);
    const auto rows = fully_masked_rows(m);
    CHECK(rows[0] == 0);
    CHECK(rows[1] == 1);
}

TEST_CASE("bad masks are errors with messages") {
    MaskConfig c;
    c.custom_blocked = BoolMat::Zero(2, 3);
    auto r = build_mask(c, 3, 3, {});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("2 x 3") != std::string::npos);

    MaskConfig g;
    g.window = 1;
    g.global_tokens = {7};
    r = build_mask(g, 3, 3, {});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("7") != std::string::npos);

    MaskConfig cell;
    cell.blocked_cells = {{0, 9}};
    r = build_mask(cell, 3, 3, {});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("(0, 9)") != std::string::npos);
}

TEST_CASE("describe_mask") {
    MaskConfig c;
    CHECK(describe_mask(c) == "none");
    c.causal = true;
    c.window = 2;
    c.global_tokens = {0, 4};
    CHECK(describe_mask(c) == "causal + window ±2 + global {0,4}");
}

TEST_CASE("drop_cells_outside: cells outside the matrix are left out, not refused") {
    MaskConfig c;
    c.blocked_cells = {{0, 1}, {3, 3}, {2, 5}, {-1, 0}};
    CHECK_FALSE(build_mask(c, 4, 4, {}).ok());
    CHECK(mask_for_matrix(c, 4, 4).blocked_cells == c.blocked_cells);  // without the flag: unchanged
    c.drop_cells_outside = true;
    auto m = build_mask(c, 4, 4, {});
    REQUIRE(m.ok());
    CHECK(m->cast<int>().sum() == 2);
    CHECK((*m)(0, 1) == 1);
    CHECK((*m)(3, 3) == 1);
    CHECK(mask_for_matrix(c, 4, 4).blocked_cells == std::vector<std::pair<int, int>>{{0, 1}, {3, 3}});
    CHECK(mask_for_matrix(c, 2, 2).blocked_cells == std::vector<std::pair<int, int>>{{0, 1}});
}
