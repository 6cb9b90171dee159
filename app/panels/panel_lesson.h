// panel_lesson.h — guided lessons in the app: the lesson column (title, step text, progress and
// jump, Back / Next, the question with Check / Show me, the handout export), the File menu's
// lesson items (open…, built-in lessons, recent lessons), the open dialog and dropped .md files.
//
// The logic is GL-free in app/lesson/lesson_session.h (tested in tests/app); this file draws it.
// Steps edit AppState directly (the same fields the controls edit) and fill AppState::highlights,
// which the heatmap view and the controls panel read: no view includes this panel.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/jobs/compute_worker.h"
#include "app/jobs/handout_job.h"
#include "app/lesson/lesson_session.h"
#include "app/state/app_state.h"

namespace attn::app {

struct LessonPanel {
    LessonSession session;
    std::string lesson_dir;                        // assets/lessons
    std::vector<lesson::LessonEntry> builtin;      // list_lessons, for builtin_lang
    Lang builtin_lang = Lang::En;
    bool builtin_listed = false;

    bool dialog_open = false, dialog_just_opened = false;
    std::string path_field;  // the open dialog's path
    std::string open_error;  // the last failed open (English; localized when drawn)

    bool reveal_when_ready = false;  // --lesson-reveal: "Show me" once the step's trace is in

    std::unique_ptr<HandoutJob> handout;  // created on the first export
    std::vector<std::string> font_files;  // for the PDF (the bundled NanumGothic)
    std::string handout_path;             // where the PDF goes (default: ~/<lesson>-handout.pdf)
    std::string handout_message;          // outcome of the last export (English core message or path)
    bool handout_ok = false;
    bool handout_running = false;
};

// Where the built-in lessons are and the font the handout embeds.
void lesson_panel_init(LessonPanel& panel, const std::filesystem::path& asset_dir, const std::string& font_file);

// Opens a lesson file (command line, dialog, menu, drop); false: panel.open_error says why.
bool open_lesson_path(LessonPanel& panel, AppState& state, const std::string& path, int first_step = 0);

// Once per frame before the panels: the student's clicks, the handout job, --lesson-reveal.
void lesson_panel_update(LessonPanel& panel, AppState& state, const ComputeView& view, bool model_open);

// Keys while a lesson is open: → / PageDown next, ← / PageUp back (no text field active), Esc
// leaves. Returns true when it used PageUp / PageDown (the layer keys otherwise).
bool handle_lesson_keys(LessonPanel& panel, AppState& state);

// The lesson column's width (0 without a lesson) for a window `display_w` wide.
float lesson_panel_width(const LessonPanel& panel, const AppState& state, float display_w);
// The column's contents (call inside its window).
void draw_lesson_panel(LessonPanel& panel, AppState& state, const ComputeView& view,
                       std::shared_ptr<const pretrained::PretrainedModel> model);

// File menu items (between BeginMenu/EndMenu of File).
void draw_lesson_menu_items(LessonPanel& panel, AppState& state);
// The open dialog (a modal; nothing while closed) and dropped lesson files: once per frame.
// `dropped` holds the window's dropped paths: the .md files are taken out, the rest left.
void draw_lesson_dialog(LessonPanel& panel, AppState& state, std::vector<std::string>& dropped);

// True when the current step runs the built-in model (the app then ignores an opened folder).
bool lesson_wants_builtin(const LessonPanel& panel);

}  // namespace attn::app
