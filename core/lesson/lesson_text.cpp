// lesson_text.cpp — the lesson's rich text (paragraphs, list items, bold/italic/code spans) as
// plain text and as Pango markup (the handout; any Pango renderer). The app walks RichText itself.
#include "core/lesson/lesson.h"

namespace attn::lesson {

namespace {

std::string escape_markup(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string item_prefix(const TextBlock& b) {
    std::string indent(size_t(b.depth) * 4, ' ');
    if (b.kind == TextBlock::Kind::Bullet) return indent + "• ";
    if (b.kind == TextBlock::Kind::Numbered) return indent + std::to_string(b.number) + ". ";
    return indent;
}

}  // namespace

std::string to_plain_text(const RichText& text) {
    std::string out;
    for (const TextBlock& b : text.blocks) {
        if (!out.empty()) out += "\n";
        out += item_prefix(b);
        for (const Span& s : b.spans) out += s.text;
    }
    return out;
}

std::string to_pango_markup(const RichText& text) {
    std::string out;
    for (size_t k = 0; k < text.blocks.size(); ++k) {
        const TextBlock& b = text.blocks[k];
        if (k > 0) {
            // A blank line between paragraphs; list items follow each other directly.
            const bool list_run = b.kind != TextBlock::Kind::Paragraph &&
                                  text.blocks[k - 1].kind != TextBlock::Kind::Paragraph;
            out += list_run ? "\n" : "\n\n";
        }
        out += escape_markup(item_prefix(b));
        for (const Span& s : b.spans) {
            std::string t = escape_markup(s.text);
            if (s.code) t = "<tt>" + t + "</tt>";
            if (s.italic) t = "<i>" + t + "</i>";
            if (s.bold) t = "<b>" + t + "</b>";
            out += t;
        }
    }
    return out;
}

}  // namespace attn::lesson
