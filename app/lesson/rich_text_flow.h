// rich_text_flow.h — lays a lesson's RichText out in lines of styled words (GL-free).
//
// ImGui 1.86 has no rich text: the lesson panel draws each placed run with the draw list. The
// layout only needs a text width function, so tests measure with a fake (1 px per byte).
//
//   paragraph, bullet ("• "), numbered ("3. ") blocks; depth indents by `indent` px per level
//   spans: bold / italic / code kept per run; "\n" in a span = a hard line break
//   words wrap at spaces; a word wider than the line is cut between UTF-8 characters (Hangul,
//   long formulas), never inside one
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.h"

namespace attn::app {

struct FlowRun {
    std::string text;  // UTF-8, no markup; no leading space at the start of a line
    float x = 0.0f;    // from the left edge of the text area, px
    int line = 0;      // 0-based line of the whole text
    bool bold = false, italic = false, code = false;
    bool marker = false;  // a list item's "•" / "3."
};

struct Flow {
    std::vector<FlowRun> runs;
    int lines = 0;                // lines used (blank lines between blocks included)
    std::vector<int> block_line;  // the first line of each block
};

using MeasureFn = std::function<float(std::string_view)>;

// `width` ≥ 1 px; `indent`: px per list level (and the room for the marker).
Flow flow_rich_text(const lesson::RichText& text, float width, float indent, const MeasureFn& measure);

// `text` with the characters the font lacks (has_glyph(codepoint) false) replaced by a readable
// ASCII stand-in where one is known (ᵀ → ^T, − → -, ▸ → >, Ġ → G, subscript/superscript digits →
// _0 / ^0 …); other missing characters are kept (the font shows its fallback box).
std::string replace_missing_glyphs(std::string_view text, const std::function<bool(unsigned)>& has_glyph);
// The same over every span of `text`.
lesson::RichText replace_missing_glyphs(const lesson::RichText& text, const std::function<bool(unsigned)>& has_glyph);

}  // namespace attn::app
