// lesson_session.h — a guided lesson running in the app (GL-free): open, step, question, leave.
//
//   open_lesson_file(session, state, path)   load + parse; on error: session.message, state untouched
//   go_to_step / step_next / step_back       state_at_step → the same AppState fields the controls
//                                            edit (no second copy of the settings); the user's own
//                                            edits last until the next move re-applies a step
//   note_click(session, state)               each frame: a new selected cell is the student's click
//   check_answer / show_answer(…, trace)     evaluate_answer on the live trace → verdict, why(lang)
//   close_lesson(session, state)             the AppState saved at opening comes back
//
// The lesson panel (app/panels/panel_lesson.cpp) draws this; views read only AppState::highlights.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "core/lesson/lesson.h"

namespace attn::app {

struct QuestionState {
    int chosen = 0;                    // multiple choice: the student's choice, 1-based; 0 = none
    int click_row = -1, click_col = -1;  // click questions: the cell the student clicked
    bool checked = false;              // "Check" pressed: the verdict shows
    bool revealed = false;             // the answer shows ("Check" or "Show me")
    std::optional<lesson::AnswerResult> result;  // computed at the reveal
    std::string error;                 // evaluate_answer's message (English; localized when shown)
};

enum class Verdict { None, Right, Wrong };

struct LessonSession {
    std::optional<lesson::Lesson> lesson;  // none: no lesson open
    std::string path;                      // the file it came from ("" for parsed text)
    int step = 0;                          // index into lesson->steps
    lesson::LessonState step_state;        // state_at_step(step), as applied
    QuestionState question;
    AppState saved;                        // the user's state before the lesson opened
    std::string message;                   // the last problem (English; localize_lesson_message)
    int seen_query = -1, seen_key = -1;    // the selection after the step applied
    bool model_open = false;               // a pretrained model is open (steps with `when`)
};

inline bool lesson_open(const LessonSession& s) { return s.lesson.has_value(); }

// The app's language as the lesson API's.
lesson::Lang lesson_lang(Lang lang);

// Copies a step's state into AppState: model, run, view, layer, head, selected cell, highlights.
// Also turns mask editing off (a click must answer, not hide a cell).
void apply_lesson_state(const lesson::LessonState& st, AppState& state);

// Opens `lesson` at its first visible step at or after `first_step` (0-based; past the last
// visible step: that one), saving `state`
// first (unless a lesson is already open: the saved state stays the one from before the first).
// False (session.message set, state and session unchanged) when the step cannot be set up.
bool open_lesson(LessonSession& session, AppState& state, lesson::Lesson lesson, const std::string& path,
                 int first_step = 0);
// load_lesson_file + open_lesson; adds `path` to state.recent_lessons when it opened.
bool open_lesson_file(LessonSession& session, AppState& state, const std::string& path, int first_step = 0);

// Moves to step `index` (re-applies its state even when it is the current one). False on error
// (message set, state unchanged) or an index out of range.
bool go_to_step(LessonSession& session, AppState& state, int index);
// The next (dir = +1) or previous (dir = −1) visible step from `from`, or −1.
int neighbour_step(const LessonSession& session, int from, int dir);
bool step_next(LessonSession& session, AppState& state);
bool step_back(LessonSession& session, AppState& state);
// Visible steps: how many, and the 1-based number of step `index` among them (for "3 / 9").
int visible_step_count(const LessonSession& session);
int visible_step_number(const LessonSession& session, int index);

// Leaves the lesson: every setting comes back as it was when the lesson opened. App-wide choices
// made meanwhile stay: language, UI scale, presentation, the controls' visibility, the recent
// lists and the pretrained model in use.
void close_lesson(LessonSession& session, AppState& state);

// Each frame: a selected cell that differs from the one the step set is the student's click.
void note_click(LessonSession& session, const AppState& state);

// The current step's question, if any.
const lesson::Question* current_question(const LessonSession& session);
// Computes the answer from `trace` (the live trace, with the user's edits) and reveals it;
// check_answer also shows the verdict. False when the answer cannot be computed (question.error).
bool check_answer(LessonSession& session, AppState& state, const Trace& trace);
bool show_answer(LessonSession& session, AppState& state, const Trace& trace);
Verdict verdict(const LessonSession& session);
// Whether "Check" has something to check (a choice picked or a cell clicked).
bool can_check(const LessonSession& session);

// Puts `path` first, drops an earlier copy, keeps at most kMaxRecentLessons.
void add_recent_lesson(std::vector<std::string>& recent, const std::string& path);
// Removes the lesson files (*.md) from `dropped` and returns them (the rest stay for the model
// panel, which opens dropped folders).
std::vector<std::string> take_dropped_lessons(std::vector<std::string>& dropped);

// The text of every lesson file (*.md) in `dir`, its en/ and ko/ subfolders, and `extra_files`,
// at most `max_bytes` in all: the font atlas adds their characters (√, ᵀ, →, Hangul, …).
std::string lesson_glyph_text(const std::string& dir, const std::vector<std::string>& extra_files,
                              size_t max_bytes = 4u << 20);

// A lesson problem in the UI language, on one line: the first of the core's messages (each is
// "file:line: what; what is allowed"), then "(+N more)" when there are several.
std::string localize_lesson_message(const std::string& english, Lang lang);

}  // namespace attn::app
