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

}  // namespace

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
