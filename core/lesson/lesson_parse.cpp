// lesson_parse.cpp — Markdown lesson files → Lesson: libcmark builds the CommonMark tree, we walk
// it for the title, the steps, their rich text and their ```attnlab key = value blocks.
#include <cmark.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "core/lesson/lesson.h"
#include "core/lesson/lesson_internal.h"
#include "core/base/utf8.h"

namespace attn::lesson {

namespace {

struct NodeDeleter {
    void operator()(cmark_node* n) const { cmark_node_free(n); }
};
using NodePtr = std::unique_ptr<cmark_node, NodeDeleter>;

// ---- rich text from cmark inlines ----------------------------------------------------------------

void add_span(TextBlock& block, const std::string& text, bool bold, bool italic, bool code) {
    if (text.empty()) return;
    if (!block.spans.empty()) {
        Span& last = block.spans.back();
        if (last.bold == bold && last.italic == italic && last.code == code) {
            last.text += text;
            return;
        }
    }
    block.spans.push_back(Span{text, bold, italic, code});
}

void collect_inlines(cmark_node* parent, TextBlock& block, bool bold, bool italic) {
    for (cmark_node* n = cmark_node_first_child(parent); n; n = cmark_node_next(n)) {
        const char* lit = cmark_node_get_literal(n);
        switch (cmark_node_get_type(n)) {
            case CMARK_NODE_TEXT: add_span(block, lit ? lit : "", bold, italic, false); break;
            case CMARK_NODE_CODE: add_span(block, lit ? lit : "", bold, italic, true); break;
            case CMARK_NODE_SOFTBREAK: add_span(block, " ", bold, italic, false); break;
            case CMARK_NODE_LINEBREAK: add_span(block, "\n", bold, italic, false); break;
            case CMARK_NODE_EMPH: collect_inlines(n, block, bold, true); break;
            case CMARK_NODE_STRONG: collect_inlines(n, block, true, italic); break;
            case CMARK_NODE_LINK:
            case CMARK_NODE_IMAGE: collect_inlines(n, block, bold, italic); break;
            default: break;  // inline HTML: not shown
        }
    }
}

std::string plain_inlines(cmark_node* parent) {
    TextBlock b;
    collect_inlines(parent, b, false, false);
    std::string out;
    for (const Span& s : b.spans) out += s.text;
    return trim_copy(out);
}

// Appends the blocks of one cmark block node (paragraph, list, quote, code, sub-heading).
void collect_block(cmark_node* n, RichText& out, int depth) {
    switch (cmark_node_get_type(n)) {
        case CMARK_NODE_PARAGRAPH: {
            TextBlock b;
            collect_inlines(n, b, false, false);
            if (!b.spans.empty()) out.blocks.push_back(std::move(b));
            break;
        }
        case CMARK_NODE_HEADING: {
            TextBlock b;
            collect_inlines(n, b, true, false);
            if (!b.spans.empty()) out.blocks.push_back(std::move(b));
            break;
        }
        case CMARK_NODE_CODE_BLOCK: {
            TextBlock b;
            std::string lit = cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "";
            while (!lit.empty() && lit.back() == '\n') lit.pop_back();
            add_span(b, lit, false, false, true);
            if (!b.spans.empty()) out.blocks.push_back(std::move(b));
            break;
        }
        case CMARK_NODE_BLOCK_QUOTE:
            for (cmark_node* c = cmark_node_first_child(n); c; c = cmark_node_next(c)) collect_block(c, out, depth);
            break;
        case CMARK_NODE_LIST: {
            const bool ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
            int number = cmark_node_get_list_start(n);
            for (cmark_node* item = cmark_node_first_child(n); item; item = cmark_node_next(item), ++number) {
                bool first = true;
                for (cmark_node* c = cmark_node_first_child(item); c; c = cmark_node_next(c)) {
                    if (cmark_node_get_type(c) == CMARK_NODE_LIST) {
                        collect_block(c, out, depth + 1);
                        continue;
                    }
                    const size_t before = out.blocks.size();
                    collect_block(c, out, depth);
                    for (size_t k = before; k < out.blocks.size(); ++k) {
                        TextBlock& b = out.blocks[k];
                        b.depth = depth;
                        if (first) {
                            b.kind = ordered ? TextBlock::Kind::Numbered : TextBlock::Kind::Bullet;
                            b.number = number;
                            first = false;
                        }
                    }
                }
            }
            break;
        }
        default: break;  // HTML blocks, thematic breaks: not shown
    }
}

// ---- the walk ------------------------------------------------------------------------------------

struct Parser {
    std::string file;
    std::vector<std::string> errors;
    Lesson lesson;
    bool have_title = false;

    void error(int line, const std::string& what) {
        if (errors.size() < 30) errors.push_back(file + ":" + std::to_string(line) + ": " + what);
    }

    // `key = value` lines of one ```attnlab block; first_line = the line of the first content line.
    std::vector<Action> read_block(const std::string& literal, int first_line) {
        std::vector<Action> out;
        std::istringstream in(literal);
        std::string line;
        for (int ln = first_line; std::getline(in, line); ++ln) {
            std::string t = trim_copy(line);
            if (t.empty() || t[0] == '#') continue;  // blank lines and # comments
            const size_t eq = t.find('=');
            if (eq == std::string::npos) {
                error(ln, "'" + shorten(t) + "' is not a 'key = value' line. Keys: " + step_keys() + ".");
                continue;
            }
            Action a{trim_copy(t.substr(0, eq)), unquote(trim_copy(t.substr(eq + 1))), ln};
            if (a.key.empty()) {
                error(ln, "a line starts with '=': write 'key = value'.");
                continue;
            }
            out.push_back(std::move(a));
        }
        return out;
    }

    void title_block(const std::vector<Action>& actions) {
        std::set<std::string> seen;
        for (const Action& a : actions) {
            if (!seen.insert(a.key).second) {
                error(a.line, "'" + a.key + "' is given twice in the lesson's settings; give it once.");
                continue;
            }
            if (a.key == "lang") {
                if (a.value == "en") lesson.lang = Lang::En;
                else if (a.value == "ko") lesson.lang = Lang::Ko;
                else error(a.line, "lang = '" + shorten(a.value) + "': allowed are en and ko.");
            } else if (is_setting_key(a.key) && a.key != "highlight" && a.key != "reset") {
                lesson.start.push_back(a);
            } else if (is_question_key(a.key) || a.key == "when" || a.key == "highlight" || a.key == "reset") {
                error(a.line, "'" + a.key + "' belongs to a step: start one with a '## Step title' heading first.");
            } else {
                error(a.line, "unknown key '" + shorten(a.key) + "'. The title block allows lang, model and the "
                              "settings keys: " + setting_keys() + ".");
            }
        }
    }

    void step_block(Step& step, const std::vector<Action>& actions) {
        for (const Action& a : actions) {
            if (is_setting_key(a.key)) {
                step.actions.push_back(a);
            } else if (is_question_key(a.key) || a.key == "when") {
                pending_question.push_back(a);
            } else if (a.key == "lang") {
                error(a.line, "'lang' belongs in the block under the '# Title', not in a step.");
            } else {
                error(a.line, "unknown key '" + shorten(a.key) + "'. Allowed: " + step_keys() + ".");
            }
        }
    }
    std::vector<Action> pending_question;  // question keys and `when` of the current step

    void finish_step(Step& step) {
        // Single keys at most once per step (across all its attnlab blocks).
        std::set<std::string> seen;
        for (const Action& a : step.actions) {
            if (a.key == "highlight") continue;
            if (!seen.insert(a.key).second)
                error(a.line, "'" + a.key + "' is set twice in step '" + shorten(step.title) + "'; set it once.");
        }
        std::optional<Question> q;
        Question question;
        bool have_ask = false, have_answer = false, have_explain = false, have_when = false;
        int answer_line = 0;
        std::string answer_text;
        for (const Action& a : pending_question) {
            auto twice = [&](bool& flag) {
                if (flag) error(a.line, "'" + a.key + "' is given twice in step '" + shorten(step.title) + "'; give it once.");
                flag = true;
            };
            if (a.key == "when") {
                twice(have_when);
                if (a.value == "always") step.when = Step::When::Always;
                else if (a.value == "model") step.when = Step::When::Model;
                else if (a.value == "no_model") step.when = Step::When::NoModel;
                else error(a.line, "when = '" + shorten(a.value) + "': allowed are always, model and no_model.");
            } else if (a.key == "ask") {
                twice(have_ask);
                question.ask = inline_markdown(a.value);
                question.line = a.line;
                if (a.value.empty()) error(a.line, "ask is empty: write the question after 'ask ='.");
            } else if (a.key == "choice") {
                if (a.value.empty()) error(a.line, "choice is empty: write the choice's text after 'choice ='.");
                question.choices.push_back(inline_markdown(a.value));
            } else if (a.key == "answer") {
                twice(have_answer);
                answer_line = a.line;
                answer_text = a.value;
            } else if (a.key == "explain") {
                twice(have_explain);
                question.explain = inline_markdown(a.value);
            }
        }
        const bool any = have_ask || have_answer || have_explain || !question.choices.empty();
        if (any) {
            const int line = question.line ? question.line : (answer_line ? answer_line : step.line);
            if (!have_ask) error(line, "step '" + shorten(step.title) + "' has choice/answer/explain but no 'ask ='.");
            if (!have_answer) error(line, "the question of step '" + shorten(step.title) + "' has no 'answer ='.");
            if (have_answer) {
                auto expr = parse_answer(answer_text);
                if (!expr) {
                    error(answer_line, expr.error());
                } else {
                    question.answer = *expr;
                    if (Status s = check_answer_shape(question); !s) error(answer_line, s.message());
                }
            }
            q = std::move(question);
        }
        step.question = std::move(q);
        pending_question.clear();
    }

    void walk(cmark_node* doc) {
        Step* step = nullptr;
        for (cmark_node* n = cmark_node_first_child(doc); n; n = cmark_node_next(n)) {
            const int line = cmark_node_get_start_line(n);
            const cmark_node_type type = cmark_node_get_type(n);
            if (type == CMARK_NODE_HEADING && cmark_node_get_heading_level(n) <= 2) {
                const std::string text = plain_inlines(n);
                if (cmark_node_get_heading_level(n) == 1) {
                    if (have_title) {
                        error(line, "a second '# ' title; a lesson has one '# Title' and '## ' steps.");
                        continue;
                    }
                    if (step) {
                        error(line, "the '# ' title must come before the first '## ' step.");
                        continue;
                    }
                    if (text.empty()) error(line, "the '# ' title is empty.");
                    lesson.title = text;
                    have_title = true;
                    continue;
                }
                if (!have_title) error(line, "a '## ' step before the '# Title': start the file with '# Lesson title'.");
                if (step) finish_step(*step);
                lesson.steps.push_back(Step{});
                step = &lesson.steps.back();
                step->title = text;
                step->line = line;
                if (text.empty()) error(line, "a step heading '## ' without a title.");
                continue;
            }
            if (type == CMARK_NODE_CODE_BLOCK) {  // indented code blocks have no info string
                const char* info = cmark_node_get_fence_info(n);
                std::string word = trim_copy(info ? info : "");
                word = word.substr(0, word.find(' '));
                if (word == "attnlab") {
                    const char* lit = cmark_node_get_literal(n);
                    auto actions = read_block(lit ? lit : "", line + 1);
                    if (!have_title) {
                        error(line, "an attnlab block before the '# Title': start the file with '# Lesson title'.");
                    } else if (step) {
                        step_block(*step, actions);
                    } else {
                        title_block(actions);
                    }
                    continue;
                }
            }
            if (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK) continue;
            if (!have_title) {
                error(line, "text before the '# Title': a lesson file starts with '# Lesson title'.");
                have_title = true;  // report once
                continue;
            }
            collect_block(n, step ? step->text : lesson.intro, 0);
        }
        if (step) finish_step(*step);
    }
};

// Line (1-based) of byte offset `pos`.
int line_of(const std::string& bytes, size_t pos) {
    return 1 + int(std::count(bytes.begin(), bytes.begin() + std::ptrdiff_t(std::min(pos, bytes.size())), '\n'));
}

}  // namespace

RichText inline_markdown(const std::string& text) {
    RichText out;
    NodePtr doc(cmark_parse_document(text.data(), text.size(), CMARK_OPT_DEFAULT));
    if (!doc) return out;
    for (cmark_node* n = cmark_node_first_child(doc.get()); n; n = cmark_node_next(n)) collect_block(n, out, 0);
    return out;
}

Expected<Lesson> parse_lesson(const std::string& bytes, const std::string& file_name) {
    if (bytes.size() > kMaxLessonBytes) {
        return Status::Error(file_name + ": the file is " + std::to_string(bytes.size() / 1024) +
                             " KiB; lessons are limited to " + std::to_string(kMaxLessonBytes / 1024) +
                             " KiB. Is this really a lesson?");
    }
    if (const size_t nul = bytes.find('\0'); nul != std::string::npos) {
        return Status::Error(file_name + ":" + std::to_string(line_of(bytes, nul)) +
                             ": binary data (a NUL byte). A lesson is a UTF-8 Markdown text file.");
    }
    for (size_t pos = 0; pos < bytes.size();) {
        char32_t cp = 0;
        if (!decode_utf8(bytes, pos, cp)) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", unsigned(static_cast<unsigned char>(bytes[pos])));
            return Status::Error(file_name + ":" + std::to_string(line_of(bytes, pos)) + ": invalid UTF-8 (byte " +
                                 hex + " at offset " + std::to_string(pos) +
                                 "). Save the lesson as UTF-8 text.");
        }
    }
    NodePtr doc(cmark_parse_document(bytes.data(), bytes.size(), CMARK_OPT_DEFAULT));
    if (!doc) return Status::Error(file_name + ": the Markdown parser ran out of memory.");

    Parser p;
    p.file = file_name;
    p.lesson.file = file_name;
    p.walk(doc.get());
    if (!p.have_title) p.error(1, "no '# Title': a lesson file starts with '# Lesson title'.");
    else if (p.lesson.steps.empty()) p.error(line_of(bytes, bytes.size()), "no steps: each '## Step title' starts one.");

    // The panel lays a step's text out every frame: a step is a few paragraphs, not a book.
    auto text_kib = [](size_t bytes) { return std::to_string((bytes + 1023) / 1024); };
    if (const size_t intro = to_plain_text(p.lesson.intro).size(); p.errors.empty() && intro > kMaxStepTextBytes)
        p.error(1, "the introduction has " + text_kib(intro) +
                       " KiB of text; it holds at most " + text_kib(kMaxStepTextBytes) +
                       " KiB. Move some of it into steps.");
    for (size_t i = 0; i < p.lesson.steps.size() && p.errors.empty(); ++i) {
        const Step& step = p.lesson.steps[i];
        size_t bytes = to_plain_text(step.text).size();
        if (step.question) {
            bytes += to_plain_text(step.question->ask).size() + to_plain_text(step.question->explain).size();
            for (const RichText& c : step.question->choices) bytes += to_plain_text(c).size();
        }
        if (bytes > kMaxStepTextBytes)
            p.error(step.line, "step " + std::to_string(i + 1) + " '" + shorten(step.title) + "' has " +
                                   text_kib(bytes) + " KiB of text; a step holds at most " +
                                   text_kib(kMaxStepTextBytes) + " KiB. Split it into several steps.");
    }

    // Every step's settings must apply (cumulatively, as the app applies them).
    if (p.errors.empty()) {
        LessonState state;
        if (Status s = apply_start(p.lesson, state); !s) p.errors.push_back(s.message());
        for (const Step& step : p.lesson.steps) {
            if (!p.errors.empty()) break;
            if (Status s = apply_step(p.lesson, step, state); !s) p.errors.push_back(s.message());
        }
    }
    if (!p.errors.empty()) {
        std::string msg;
        for (const std::string& e : p.errors) msg += (msg.empty() ? "" : "\n") + e;
        return Status::Error(msg);
    }
    return std::move(p.lesson);
}

Expected<Lesson> load_lesson_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::Error("Cannot open the lesson file '" + path + "'.");
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) return Status::Error("Cannot read the lesson file '" + path + "' (is it a folder?).");
    if (size_t(size) > kMaxLessonBytes) {
        return Status::Error(path + ": the file is " + std::to_string(size_t(size) / 1024) +
                             " KiB; lessons are limited to " + std::to_string(kMaxLessonBytes / 1024) +
                             " KiB. Is this really a lesson?");
    }
    in.seekg(0);
    std::string bytes(size_t(size), '\0');
    if (size > 0 && !in.read(bytes.data(), size)) return Status::Error("Cannot read the lesson file '" + path + "'.");
    return parse_lesson(bytes, path);
}

}  // namespace attn::lesson
