// highlights.cpp — what a lesson step points at (implementation; see highlights.h)
#include "app/state/highlights.h"

#include <algorithm>

namespace attn::app {

bool highlights_control(const Highlights& h, std::string_view key) {
    return std::find(h.controls.begin(), h.controls.end(), key) != h.controls.end();
}

bool highlights_row(const Highlights& h, int row) {
    return std::find(h.rows.begin(), h.rows.end(), row) != h.rows.end();
}

bool highlights_column(const Highlights& h, int column) {
    return std::find(h.columns.begin(), h.columns.end(), column) != h.columns.end();
}

bool highlights_token(const Highlights& h, int token) {
    return std::find(h.tokens.begin(), h.tokens.end(), token) != h.tokens.end();
}

}  // namespace attn::app
