// highlights.h — what a lesson step points at (cells, rows, columns, tokens, controls), GL-free.
//
// The lesson panel fills AppState::highlights when a step is entered; the heatmap view and the
// controls panel only read it (they never include the lesson panel). Positions count from 0, as
// in the trace; controls are named by the lesson's setting keys ("scale", "causal", "window", …).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::app {

struct Highlights {
    std::vector<std::pair<int, int>> cells;  // (query, key)
    std::vector<int> rows, columns, tokens;  // tokens: query positions (row and column labels)
    std::vector<std::string> controls;       // setting keys
    // A revealed click answer: the right cell (query, key); (-1, -1) = none.
    int answer_row = -1, answer_col = -1;

    bool empty() const {
        return cells.empty() && rows.empty() && columns.empty() && tokens.empty() && controls.empty() &&
               answer_row < 0;
    }
};

bool highlights_control(const Highlights& h, std::string_view key);
bool highlights_row(const Highlights& h, int row);
bool highlights_column(const Highlights& h, int column);
bool highlights_token(const Highlights& h, int token);

}  // namespace attn::app
