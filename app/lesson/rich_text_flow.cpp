// rich_text_flow.cpp — lays a lesson's RichText out in lines of styled words (implementation;
// see rich_text_flow.h)
#include "app/lesson/rich_text_flow.h"

#include <algorithm>

namespace attn::app {

namespace {

using lesson::Span;
using lesson::TextBlock;

size_t utf8_len(unsigned char c) { return c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1; }

struct Writer {
    Flow& flow;
    float width;
    const MeasureFn& measure;
    int line = 0;
    float x = 0.0f, left = 0.0f;
    bool space = false;  // a space is due before the next word on this line
    float last_end = -1.0f;  // where the last run ends (x), to merge a run that continues it

    void newline() {
        ++line;
        x = left;
        space = false;
    }

    // Adds `text` at (x, line) with the span's style, merged into the previous run when it continues it.
    void put(std::string text, const Span& s, float w) {
        if (!flow.runs.empty()) {
            FlowRun& last = flow.runs.back();
            if (last.line == line && !last.marker && last.bold == s.bold && last.italic == s.italic &&
                last.code == s.code && last_end >= x - 0.5f) {
                last.text += text;
                x += w;
                last_end = x;
                return;
            }
        }
        flow.runs.push_back(FlowRun{std::move(text), x, line, s.bold, s.italic, s.code, false});
        x += w;
        last_end = x;
    }

    void word(std::string_view w, const Span& s) {
        const float space_w = space && x > left ? measure(" ") : 0.0f;
        float ww = measure(w);
        if (x > left && x + space_w + ww > width) newline();
        else if (space_w > 0.0f) {
            put(" ", s, space_w);
        }
        space = false;
        // Too wide for a whole line: cut between characters.
        while (ww > width - left && w.size() > 1) {
            size_t cut = 0;
            float cut_w = 0.0f;
            for (size_t k = 0; k < w.size();) {
                const size_t n = std::min(utf8_len(static_cast<unsigned char>(w[k])), w.size() - k);
                const float next = measure(w.substr(0, k + n));
                if (cut > 0 && x + next > width) break;
                cut = k + n;
                cut_w = next;
                k += n;
            }
            if (cut >= w.size()) break;
            put(std::string(w.substr(0, cut)), s, cut_w);
            newline();
            w.remove_prefix(cut);
            ww = measure(w);
        }
        put(std::string(w), s, ww);
    }

    void span(const Span& s) {
        const std::string& t = s.text;
        size_t k = 0;
        while (k < t.size()) {
            const char c = t[k];
            if (c == '\n') {
                newline();
                ++k;
            } else if (c == ' ' || c == '\t') {
                space = true;
                ++k;
            } else {
                size_t end = k;
                while (end < t.size() && t[end] != ' ' && t[end] != '\t' && t[end] != '\n') ++end;
                word(std::string_view(t).substr(k, end - k), s);
                k = end;
            }
        }
    }
};

struct StandIn {
    unsigned cp;
    const char* ascii;
};
constexpr StandIn kStandIns[] = {
    {0x1D40, "^T"}, {0x2212, "-"},  {0x25B8, ">"},  {0x0120, "G"},  {0x2581, "_"},  {0x1D48, "^d"},
    {0x2096, "_k"}, {0x2080, "_0"}, {0x2081, "_1"}, {0x2082, "_2"}, {0x2083, "_3"}, {0x2084, "_4"},
    {0x2070, "^0"}, {0x00B9, "^1"}, {0x00B2, "^2"}, {0x00B3, "^3"}, {0x2074, "^4"}, {0x207B, "^-"},
    {0x2248, "~"},  {0x2264, "<="}, {0x2265, ">="}, {0x2260, "!="}, {0x2192, "->"}, {0x2190, "<-"},
};

// The code point at `s[k]` and its length in bytes (invalid bytes: themselves, length 1).
unsigned decode(std::string_view s, size_t k, size_t* len) {
    const unsigned char c = static_cast<unsigned char>(s[k]);
    size_t n = utf8_len(c);
    if (k + n > s.size()) n = 1;
    if (n == 1) {
        *len = 1;
        return c;
    }
    unsigned cp = c & (0x7Fu >> n);
    for (size_t i = 1; i < n; ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[k + i]) & 0x3Fu);
    *len = n;
    return cp;
}

}  // namespace

std::string replace_missing_glyphs(std::string_view text, const std::function<bool(unsigned)>& has_glyph) {
    std::string out;
    out.reserve(text.size());
    for (size_t k = 0; k < text.size();) {
        size_t n = 1;
        const unsigned cp = decode(text, k, &n);
        const char* ascii = nullptr;
        if (cp >= 0x80 && !has_glyph(cp)) {
            for (const StandIn& s : kStandIns)
                if (s.cp == cp) ascii = s.ascii;
        }
        if (ascii != nullptr) out += ascii;
        else out.append(text.substr(k, n));
        k += n;
    }
    return out;
}

lesson::RichText replace_missing_glyphs(const lesson::RichText& text, const std::function<bool(unsigned)>& has_glyph) {
    lesson::RichText out = text;
    for (TextBlock& b : out.blocks)
        for (Span& s : b.spans) s.text = replace_missing_glyphs(s.text, has_glyph);
    return out;
}

Flow flow_rich_text(const lesson::RichText& text, float width, float indent, const MeasureFn& measure) {
    Flow flow;
    Writer w{flow, std::max(width, 1.0f), measure};
    bool first = true;
    TextBlock::Kind prev = TextBlock::Kind::Paragraph;
    for (const TextBlock& b : text.blocks) {
        const bool list = b.kind != TextBlock::Kind::Paragraph;
        if (!first) {
            w.line += 1;  // the next line
            const bool prev_list = prev != TextBlock::Kind::Paragraph;
            if (!(list && prev_list)) w.line += 1;  // a blank line, except between list items
        }
        first = false;
        prev = b.kind;
        const float base = float(std::max(b.depth, 0)) * indent;
        w.left = list ? base + indent : base;
        w.x = w.left;
        w.space = false;
        flow.block_line.push_back(w.line);
        if (list) {
            std::string marker = b.kind == TextBlock::Kind::Bullet ? "•" : std::to_string(b.number) + ".";
            flow.runs.push_back(FlowRun{std::move(marker), base, w.line, false, false, false, true});
        }
        for (const Span& s : b.spans) w.span(s);
    }
    flow.lines = text.blocks.empty() ? 0 : w.line + 1;
    return flow;
}

}  // namespace attn::app
