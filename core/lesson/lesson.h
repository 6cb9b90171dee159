// lesson.h — guided lessons: a Markdown file (CommonMark, parsed with libcmark) turned into steps
// that set the same engine settings the CLI and the app use, and questions answered from a trace.
//
// File format (docs/lessons.md has every key and a complete example):
//   # Lesson title           ```attnlab block under it: lang = en|ko, model = builtin|required,
//                            and any setting key (the state the lesson starts from)
//   ## Step title            one step; its prose is kept as RichText; ```attnlab blocks in it hold
//                            `key = value` actions (settings, highlight) and the question keys.
//
// ---- How the app drives a lesson (the API for a lesson panel) ---------------------------------
//   lesson list:    list_lessons(asset_dir + "/lessons", ui_lang)   // UI language first
//   auto lesson = load_lesson_file(path);              // or parse_lesson(bytes, name)
//   visible steps:  step_visible(lesson->steps[i], model_open)
//   enter step n:   auto st = state_at_step(*lesson, n);      // cumulative from the lesson start
//                   copy st->model, st->run into AppState (d_model, n_heads, seed, positional,
//                   text, cross/cross_text, scale, temperature, causal, window_on/window,
//                   global_tokens (format_index_list), pad_to, blocked_cells) and st->view
//                   (parse_view), st->layer, st->head, st->cell_query/cell_key (sel_query/sel_key);
//                   draw st->highlights over the heatmap / tokens / controls.
//                   Back/Next call state_at_step again: the user's own edits are dropped.
//                   st->model_use == ModelUse::Required: run the opened pretrained model (st->model
//                   is then ignored); with none open, show the text and a "needs a model" note.
//   render text:    walk Step::text (RichText: blocks of spans, bold/italic/code flags), or use
//                   to_pango_markup / to_plain_text.
//   question:       Step::question (ask, choices, explain). When the live trace for the step has
//                   arrived: auto r = evaluate_answer(*step.question, trace, *st);
//                   (the trace is the live one, with the user's edits; `st` only supplies the
//                   default layer and head of the answer expression)
//                   multiple choice: r->choice (1-based); click: click_is_correct(*r, row, col) or
//                   token_is_correct(*r, token); then show r->why(lang) and step.question->explain.
//   leaving:        restore the AppState saved when the lesson was opened.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/attention/builtin_model.h"
#include "core/attention/trace.h"
#include "core/base/status.h"
#include "core/i18n/texts.h"

namespace attn::lesson {

// Files larger than this are refused before parsing (the bundled lessons are 2–4 KiB each). The
// whole file is parsed on the UI thread when a lesson opens: 256 KiB of dense Markdown takes < 0.1 s.
constexpr size_t kMaxLessonBytes = 256u << 10;  // 256 KiB
// The text of one step (prose, question, choices, explanation), and of the intro: the lesson panel
// lays it out every frame, so a page-long step must stay cheap (bundled steps: < 1 KiB).
constexpr size_t kMaxStepTextBytes = 16u << 10;  // 16 KiB

// Numbered as the process's languages (core/i18n: 0 English, 1 Korean).
enum class Lang { En, Ko };

// ---- rich text ---------------------------------------------------------------------------------

struct Span {
    std::string text;  // UTF-8, no markup
    bool bold = false;
    bool italic = false;
    bool code = false;  // inline `code`: monospace
};

struct TextBlock {
    enum class Kind { Paragraph, Bullet, Numbered };
    Kind kind = Kind::Paragraph;
    int number = 0;  // Numbered: the item's number
    int depth = 0;   // list nesting (0 = top level)
    std::vector<Span> spans;  // "\n" inside a span text = a hard line break
};

struct RichText {
    std::vector<TextBlock> blocks;
    bool empty() const { return blocks.empty(); }
};

std::string to_plain_text(const RichText& text);   // blocks separated by "\n", "• " / "1. " items
std::string to_pango_markup(const RichText& text); // <b>, <i>, <tt>; escaped

// ---- state -------------------------------------------------------------------------------------

struct Highlight {
    enum class Kind { Cell, Row, Column, Token, Control };
    Kind kind = Kind::Cell;
    int a = -1, b = -1;   // Cell: query a, key b; Row: a; Column: b; Token: a (query position)
    std::string control;  // Control: a setting key name ("scale", "causal", "window", ...)
};

enum class ModelUse { Builtin, Required };  // `model =`: the built-in model, or an opened folder

// Everything a step sets. The engine parts are the engine's own structs (no second copy of the
// settings); the rest are the app's selections as plain values.
struct LessonState {
    ModelConfig model;  // built-in model: d_model, n_heads, seed, positional
    RunConfig run;      // text, cross_text, attention (scale, temperature), mask
    ModelUse model_use = ModelUse::Builtin;
    std::string view = "heatmap";  // an app view name: heatmap, explain, heads, scaling, pipeline,
                                   // lines, positional, variants, cost, model, row, qk, predict, lens,
                                   // audio, alignment, train
    int layer = 0;                 // 0-based (the file says `layer = 1` for the first)
    int head = 0;                  // 0-based (the file says `head = 1` for the first)
    std::string section;           // a translation model's section: encoder, decoder, cross ("" = the first)
    // Whether the start or a step so far said `scale =`. When none did, a step on an opened model
    // keeps that model's own setting (T5 trains without ÷√d_k) instead of run.attention.scale's default.
    bool scale_set = false;
    int cell_query = -1, cell_key = -1;  // selected cell (explainer); -1 = none
    std::vector<Highlight> highlights;   // this step's only (not carried to the next step)
};

// ---- questions ---------------------------------------------------------------------------------

// The `answer =` value, parsed. Grammar (docs/lessons.md):
//   answer := N | (argmax|argmin) (row I|column J) [head H] [layer L] | if COND then ANS else ANS
//   COND   := QTY (<|>|<=|>=|=|!=) QTY
//   QTY    := NUMBER | weight I:J | (max|min|entropy|count|sum|argmax|argmin) (row I|column J)
//             [flipped] [head H] [layer L]
// I, J: 0-based positions, or @word (the first token with that text). `flipped` = the same head
// with √d_k scaling switched the other way (recomputed from the trace's raw scores).
struct Quantity {
    enum class Kind { Number, Weight, Max, Min, Entropy, Count, Sum, Argmax, Argmin };
    Kind kind = Kind::Number;
    double number = 0;      // Number
    bool column = false;    // over a column instead of a row
    int index = -1;         // row or column position (-1 when `word` is used)
    int index2 = -1;        // Weight: key position
    std::string word, word2;  // @word references, resolved against the trace
    bool flipped = false;
    int head = -1, layer = -1;  // 0-based; -1 = the state's head / layer
};

struct AnswerExpr {
    enum class Kind { Choice, Click, If };
    Kind kind = Kind::Choice;
    int choice = 0;             // Choice: 1-based
    Quantity click;             // Click: Argmax/Argmin over a row or column
    Quantity lhs, rhs;          // If: lhs OP rhs
    std::string op;             // "<", ">", "<=", ">=", "=", "!="
    std::vector<AnswerExpr> branches;  // If: then, else
};

struct Question {
    RichText ask;
    std::vector<RichText> choices;  // multiple choice (empty for click questions)
    AnswerExpr answer;
    RichText explain;               // shown after the reveal (optional)
    int line = 0;                   // of `ask`
    bool is_click() const { return answer.kind == AnswerExpr::Kind::Click; }
};

struct AnswerResult {
    int choice = 0;              // multiple choice: the right choice, 1-based
    bool click = false;
    bool column = false;         // click over a column: the answer is a query token
    int row = -1, col = -1;      // click: the right cell (row = query, col = key)
    std::string token;           // click: the answer token's text
    i18n::Texts why_text;        // the numbers that justify the answer, in every language (po/)
    const std::string& why(Lang lang) const { return why_text.in(int(lang)); }
};

// ---- lesson ------------------------------------------------------------------------------------

struct Action {
    std::string key, value;
    int line = 0;
};

struct Step {
    std::string title;
    int line = 0;                  // of the `##` heading
    RichText text;
    std::vector<Action> actions;   // in file order
    std::optional<Question> question;
    enum class When { Always, Model, NoModel };
    When when = When::Always;      // `when = model|no_model`: shown only with / without a model
};

struct Lesson {
    std::string file;   // as given (for messages)
    std::string title;
    Lang lang = Lang::En;
    RichText intro;             // prose between the title and the first step
    std::vector<Action> start;  // the title block's setting actions (the starting state)
    std::vector<Step> steps;
};

// Errors name "file:line: what is wrong; what is allowed". Refuses files above kMaxLessonBytes,
// invalid UTF-8 and binary data (NUL bytes).
Expected<Lesson> parse_lesson(const std::string& bytes, const std::string& file_name);
Expected<Lesson> load_lesson_file(const std::string& path);

// The state of step `index` (0-based): the lesson start, then every step's actions up to it.
Expected<LessonState> state_at_step(const Lesson& lesson, int index);
// Applies one action (a setting key) to `state`; errors say what values are allowed.
Status apply_action(LessonState& state, const Action& action);

bool step_visible(const Step& step, bool model_open);

// The answer and its justification, computed from `trace` (the run of `state`). Errors: a row,
// column, head or layer out of range, an @word not in the sentence.
Expected<AnswerResult> evaluate_answer(const Question& question, const Trace& trace, const LessonState& state);
bool click_is_correct(const AnswerResult& result, int row, int col);
bool token_is_correct(const AnswerResult& result, int token);  // for click-a-token questions

// The lessons in `dir`, its en/ and ko/ subfolders (*.md that parse), the UI language first, then
// by the file's leading number (01-...). Broken files are left out (opening one shows its errors).
struct LessonEntry {
    std::string path;
    std::string title;
    Lang lang = Lang::En;
    int number = 0;  // from "NN-slug.md"; 0 = none
    int steps = 0;
};
std::vector<LessonEntry> list_lessons(const std::string& dir, Lang ui_lang);

// "0, 3" for the app's global-token field.
std::string format_index_list(const std::vector<int>& values);
// The settings as a one-line summary ("d_model 64 · 4 heads · √d_k on · causal …").
std::string describe_state(const LessonState& state, Lang lang);
// Every key a step may use, for messages and docs.
const char* step_keys();

}  // namespace attn::lesson
